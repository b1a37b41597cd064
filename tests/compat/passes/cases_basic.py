"""Cases for the passes ember had before the registry: inline, dce, constant propagation and
pooling, peephole, lower_all_tuples, canonicalize, and pipelines of them."""

_ARITH = """
def fn(x: int, y: int):
    a = 2 * 3 + x
    b = a * 1
    unused = y - 4
    if 3 > 2:
        c = b + 1
    else:
        c = b - 1
    return c + (5 // 2)
"""

_HELPERS = """
def helper(x, y: int):
    return x * y + 1

def other(x):
    return helper(x, 2) - helper(x, 3)

def fn(x):
    return other(x) + helper(x, 4)
"""

_LOOP_CONST = """
def fn(x: int):
    total = 0
    for i in range(4):
        total += i * 2
    flag = True
    while flag:
        flag = False
        total += x
    return total
"""

_TUPLES = """
def pair(x: int, y: int):
    return (x + 1, y * 2)

def fn(x: int, y: int):
    a, b = pair(x, y)
    t = (a, b, x)
    return t[0] + t[2]
"""

_SELF_COMPARE = """
def fn(x: int, y: float, l: List[int], s: str):
    a = x == x
    b = y != y
    c = l == l
    d = s == s
    return a, b, c, d
"""

_IFS = """
def fn(x: int, c: bool):
    if c:
        a = 1
        b = x + 1
    else:
        a = 1
        b = x - 1
    if c:
        d = x
    else:
        d = x
    return a + b + d
"""

_TENSORS = """
def fn(x, y):
    a = torch.relu(x + y)
    b = a * 2.0
    z = torch.zeros([2, 3])
    return b.sum() + z.sum()
"""

_NESTED = """
def fn(x: int, n: int):
    acc = x
    for i in range(n):
        if i % 2 == 0:
            acc = acc + i
        else:
            for j in range(3):
                acc = acc * 2 - j
    return acc
"""

KNOWN_DIFFERENCES = {
    "tensors_propagation": "PyTorch's full constant propagation also folds tensor values alias analysis "
                           "proves unwritten (torch.zeros(...).sum()); ember's folds unwritten scalar lists "
                           "but no tensors",
}

CASES = [
    ("arith_constant_propagation", "constant_propagation", _ARITH),
    ("arith_immutable", "constant_propagation_immutable_types", _ARITH),
    ("arith_dce", "dce", _ARITH),
    ("arith_pipeline", "constant_propagation,constant_pooling,dce", _ARITH),
    ("helpers_dce", "dce", _HELPERS),
    ("helpers_pooling", "constant_pooling", _HELPERS),
    ("helpers_propagation", "constant_propagation", _HELPERS),
    ("loop_const_propagation", "constant_propagation", _LOOP_CONST),
    ("loop_const_pooling", "constant_pooling", _LOOP_CONST),
    ("tuples_lower", "lower_all_tuples", _TUPLES),
    ("tuples_lower_dce", "lower_all_tuples,dce", _TUPLES),
    ("self_compare_peephole", "peephole", _SELF_COMPARE),
    ("ifs_propagation", "constant_propagation", _IFS),
    ("ifs_pooling", "constant_pooling", _IFS),
    ("tensors_propagation", "constant_propagation", _TENSORS),
    ("tensors_pooling", "constant_pooling", _TENSORS),
    ("nested_propagation", "constant_propagation", _NESTED),
    ("nested_pooling_dce", "constant_pooling,dce", _NESTED),
    ("canonicalize_arith", "canonicalize", _ARITH),
    ("canonicalize_nested", "canonicalize", _NESTED),
    ("canonicalize_ir", "canonicalize", """
graph(%x : Tensor, %n : int):
  %9 : int = prim::Constant[value=1]()
  %3 : Tensor = aten::add(%x, %x, %9)
  %y : Tensor = aten::mul(%3, %3)
  %7 : Tensor = aten::add(%y, %3, %9)
  return (%7)
"""),
    ("lint_nested", "lint", _NESTED),
    ("dce_unused_loop_outputs", "dce", """
graph(%x : int, %n : int):
  %true : bool = prim::Constant[value=1]()
  %one : int = prim::Constant[value=1]()
  %a : int, %b : int = prim::Loop(%n, %true, %x, %x)
    block0(%i : int, %p : int, %q : int):
      %p2 : int = aten::add(%p, %one)
      %q2 : int = aten::mul(%q, %i)
      -> (%true, %p2, %q2)
  return (%a)
"""),
]
