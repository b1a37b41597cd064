#!/usr/bin/python3
"""Regenerates emitter_cases.txt: TorchScript programs and the graphs PyTorch 1.13 prints for them
right after compiling (torch.jit.CompilationUnit(src).<fn>.graph), and programs PyTorch rejects
with the first line of its error message.

Run: /usr/bin/python3 gen_emitter_cases.py > emitter_cases.txt
Format: "#### GRAPH <name> <function>", "#### SOURCE", source, "#### EXPECTED", graph, "#### END";
errors: "#### ERROR <name>", "#### SOURCE", source, "#### EXPECTED", message lines, "#### END".
"""
import torch

GRAPHS = [
    ("add", "f", """
def f(x, y):
    return x + y
"""),
    ("scalar_arith", "f", """
def f(x: int, y: float):
    a, b = x, y
    c = (x, y)
    p, q = c
    return a + b, p < q, x / 2, x // 2, -x, not (x > 1)
"""),
    ("while_for_if", "g", """
def g(n: int) -> int:
    s = 0
    i = 0
    while i < n:
        s += i
        i += 1
    for j in range(n):
        if j % 2 == 0:
            s = s + j
        else:
            s -= 1
    return s
"""),
    ("enumerate_list", "h", """
def h(xs: List[int]):
    t = 0
    for i, v in enumerate(xs):
        t += i * v
    return t
"""),
    ("optional_refine", "k", """
def k(a: Optional[int]) -> int:
    if a is None:
        return 0
    return a + 1
"""),
    ("assert_msg", "f", """
def f(x: int):
    assert x > 0, "too small"
    assert x < 100
    return x
"""),
    ("raise_value_error", "f", """
def f(x: int):
    if x < 0:
        raise ValueError("bad " + str(x))
    return x
"""),
    ("call_function", "f", """
def g(x: int) -> int:
    return x * 2

def f(x: int):
    return g(x) + 1
"""),
    ("tensor_aug_and_index", "f", """
def f(x):
    x += 1
    x %= 2
    x *= 2
    x[0] = 1.0
    x[1:2] = x[0]
    y = x[0, 1:3]
    return y
"""),
    ("list_dict_ops", "f", """
def f(xs: List[int]):
    xs += [1]
    xs[0] = 3
    xs[1] += 2
    ys = [x * 2 for x in xs]
    d = {"a": 1}
    d["b"] = 2
    return ys, d, xs[1:], len(xs)
"""),
    ("tensor_methods", "f", """
def f(x):
    return x.int(), x.size(0), x.float().sum(), x.dim()
"""),
    ("break_continue", "f", """
def f(n: int):
    s = 0
    for i in range(n):
        if i == 3:
            continue
        if i > 7:
            break
        s += i
    return s
"""),
    ("return_in_loop", "f", """
def f(xs: List[int], t: int) -> int:
    for x in xs:
        if x == t:
            return 1
    return 0
"""),
    ("ternary_and_or", "f", """
def f(a: int, b: int):
    c = a if a > b else b
    d = a > 0 and b > 0
    e = a > 0 or b > 0
    return c, d, e
"""),
    ("and_refinement", "f", """
def f(a: Optional[int], b: int):
    if a is not None and a > b:
        return a
    return b
"""),
    ("isinstance_union", "f", """
def f(x: Union[int, str]):
    if isinstance(x, int):
        return x + 1
    return len(x)
"""),
    ("tuple_index_unrolled", "f", """
def f(t: Tuple[int, float, int]):
    s = 0.0
    for v in t:
        s += v
    return s + t[0] + t[-1]
"""),
    ("zip_loop", "f", """
def f(a: List[int], b: List[float]):
    s = 0.0
    for x, y in zip(a, b):
        s += x * y
    return s
"""),
    ("dict_iteration", "f", """
def f(d: Dict[str, int]):
    s = 0
    for k in d:
        s += d[k]
    for k, v in d.items():
        s += v
    return s
"""),
    ("string_ops", "f", """
def f(s: str):
    t = s.upper() + s[1:3]
    for c in s:
        t += c
    return t.split(","), s.startswith("a"), len(t)
"""),
    ("builtins_misc", "f", """
def f(a: int, b: float, xs: List[int]):
    return min(a, 3), max(xs), abs(b), round(b), divmod(a, 3), float(a), int(b), bool(a), str(a), ord("a"), chr(a)
"""),
    ("annotated_empty", "f", """
def f(n: int):
    xs: List[int] = []
    d: Dict[str, float] = {}
    y = torch.jit.annotate(List[str], [])
    for i in range(n):
        xs.append(i)
    return xs, d, y
"""),
    ("tensor_indexing", "f", """
def f(x, i: int):
    return x[i], x[:, 1], x[None, ..., 0], x[x > 0], x[1:-1:2]
"""),
    ("torch_functions", "f", """
def f(x):
    y = torch.zeros(2, 3)
    z = torch.cat([x, y], dim=0)
    return torch.relu(z).sum(1, keepdim=True), z.shape, z.dtype
"""),
    ("starred_unpack", "f", """
def f(t: Tuple[int, int, int]):
    a, *b = t
    return a, b
"""),
    ("list_comp_range", "f", """
def f(n: int):
    return [i * i for i in range(n)], {i: str(i) for i in range(n)}
"""),
    ("print_and_none", "f", """
def f(x: int) -> None:
    print("x is", x)
"""),
    ("nested_loops_vars", "f", """
def f(n: int):
    total = 0
    i = 0
    while i < n:
        j = 0
        while j < i:
            total += j
            j += 1
        i += 1
    return total
"""),
    ("is_scripting", "f", """
def f(x: int):
    if torch.jit.is_scripting():
        return x + 1
    else:
        return x - 1
"""),
]

ERRORS = [
    ("undefined", """
def f(x: int):
    return y
"""),
    ("not_defined_false_branch", """
def f(c: bool):
    if c:
        y = 1
    return y
"""),
    ("type_mismatch_branch", """
def f(c: bool):
    x = 1
    if c:
        x = "a"
    return x
"""),
    ("return_type_mismatch", """
def f(x: int) -> str:
    return x
"""),
    ("inconsistent_return", """
def f(x: int):
    if x > 0:
        return 1
    return "a"
"""),
    ("no_overload", """
def f(x: int, s: str):
    return x + s
"""),
    ("wrong_arg_count", """
def g(a: int) -> int:
    return a

def f(x: int):
    return g(x, x)
"""),
    ("optional_unrefined", """
def f(x: Optional[int]):
    return x + 1
"""),
    ("break_outside", """
def f(x: int):
    break
    return x
"""),
    ("missing_return", """
def f(x: int) -> int:
    if x > 0:
        return 1
"""),
    ("empty_list_default", """
def f(x: int):
    xs = []
    xs.append(x)
    return xs
"""),
    ("unknown_attribute", """
def f(x: List[int]):
    return x.foo()
"""),
    ("recursive", """
def f(x: int) -> int:
    return f(x - 1)
"""),
    ("too_many_values", """
def f(t: Tuple[int, int, int]):
    a, b = t
    return a
"""),
]


def emit(kind, name, extra, source, expected):
    print(f"#### {kind} {name}{(' ' + extra) if extra else ''}")
    print("#### SOURCE")
    print(source.rstrip("\n"))
    print("#### EXPECTED")
    print(expected.rstrip("\n"))
    print("#### END")


for name, fn, src in GRAPHS:
    cu = torch.jit.CompilationUnit(src)
    emit("GRAPH", name, fn, src, str(getattr(cu, fn).graph))

for name, src in ERRORS:
    try:
        torch.jit.CompilationUnit(src)
        raise SystemExit(f"{name}: PyTorch accepted the program")
    except RuntimeError as e:
        emit("ERROR", name, "", src, str(e))
