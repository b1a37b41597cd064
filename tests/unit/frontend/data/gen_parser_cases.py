#!/usr/bin/python3
"""Regenerates parser_cases.txt: each TorchScript snippet with the tree (or error) that
PyTorch 1.13's own C++ parser produces for it (torch._C._parse_source_def), and, for cases
where that parser departs from Python (and from torch.jit.script, which builds trees from
Python's ast in torch/jit/frontend.py), the tree torch.jit.frontend builds (PYFRONTEND).

Run: /usr/bin/python3 gen_parser_cases.py > parser_cases.txt
"""
import importlib.util
import os
import tempfile

import torch

# Cases whose expected tree is torch.jit.script's (Python semantics), not torch._C's parser's.
PYTHON_SEMANTICS = {
    "precedence", "if_oneline", "semicolons", "compare_chain", "hex_escape", "raw_string",
    "underscore_number", "not_in_space", "no_trailing_newline", "comp_if",
    "matmul_eq", "floordiv_eq",
}

CASES = [
    ("simple", "def f(x: int, y=3) -> int:\n    z = x + y * 2\n    return -x**2\n"),
    ("assignments", "def f(x):\n  x += 1\n  a = b = 3\n  a, b = 1, 2\n  x: List[int] = []\n"
     "  x[1:2, ::3, None, ...] = 4\n  x.y = 5\n  *a, b = c\n  k, v, = d\n  return\n"),
    ("aug_assign", "def f(x):\n  x += 1\n  x -= 1\n  x *= 1\n  x /= 1\n  x %= 1\n  x **= 1\n"
     "  x &= 1\n  x |= 1\n  x ^= 1\n  x <<= 1\n  x >>= 1\n  x[0] += 1\n  x.a -= 2\n"),
    ("statements", "def f(x, *, y: int = 3, z) -> Tuple[int, str]:\n  \"\"\"doc\"\"\"\n"
     "  s = \"a\" \"b\" 'c'\n  for i, j in zip(a, b):\n    continue\n  while x:\n    break\n"
     "  if a:\n    pass\n  elif b:\n    pass\n  else:\n    pass\n  raise ValueError(\"x\")\n"
     "  assert x, \"m\"\n  assert x\n  del x, y[1]\n  with a as b, c:\n    pass\n"),
    ("bare_raise", "def f(x):\n  raise\n"),
    ("elif_chain", "def f(x):\n  if a:\n    return 1\n  elif b:\n    return 2\n  elif c:\n    return 3\n  return 4\n"),
    ("collections", "def f(x):\n  return [i for i in x], {k: v for k in d}, {1: 2, 3: 4}, (1,), (), [], {}, [1, 2,], (a, b)\n"),
    ("operators1", "def f(x):\n  return a if b else c, not a, a and b or c, a is not b, a not in b, a in b, a is b\n"),
    ("operators2", "def f(x):\n  return ~a, -a, a ** b ** c, a // b, a @ b, a << b >> c, a & b | c ^ d\n"),
    ("operators3", "def f(x):\n  return a != b, a == b, a <= b, a >= b, a % b, a / b, a - b, a < b, a > b\n"),
    ("precedence", "def f(x):\n  return -a ** -b, a + b * c - d / e, (a + b) * c, not a == b, a or b and not c, a | b ^ c & d << e + f\n"),
    ("ternary_nested", "def f(x):\n  return a if b else c if d else e\n"),
    ("calls", "def f(x):\n  return f(a, b=1), x.y.z(1)[2], g(), h(*a), (x).m(1, ), torch.add(a, b, alpha=2)\n"),
    ("numbers", "def f(x):\n  return 1.5, 1e3, 2.5e-3, 1., 0, 123456789012, 3j, 1.5j\n"),
    ("strings", "def f(x):\n  return \"a\\nb\\tc\\\\d\\'e\\\"f\", 'single', \"\"\"tri\nple\"\"\", '''t2''', \"oct\\001\"\n"),
    ("string_concat", "def f(x):\n  return \"a\" 'b' \"\"\"c\"\"\"\n"),
    ("subscripts", "def f(x):\n  return x[0], x[1:], x[:2], x[::2], x[1:2:3], x[None, ..., 0], x[:, -1], x[a][b]\n"),
    ("tuple_index", "def f(x):\n  return x[(1, 2)], x[1, 2]\n"),
    ("starred", "def f(x):\n  a, *b = x\n  return g(*b)\n"),
    ("brackets_span", "def f(x,\n      y):\n  z = (x +\n       y)\n  w = [1,\n   2]\n  return x + \\\n    y\n"),
    ("comments", "def f(x):  # comment\n  # whole-line comment\n\n  y = x  # trailing\n      # odd comment\n  return y\n"),
    ("type_comment", "def f(x, y):\n  # type: (int, int) -> int\n  return x\n"),
    ("assign_type_comment", "def f(x):\n  a = []  # type: List[int]\n  return a\n"),
    ("nested_def", "def f(x):\n  def g(y: int) -> int:\n    return y\n  return g(x)\n"),
    ("for_tuple", "def f(x):\n  for (a, b) in x:\n    pass\n  for a in range(10):\n    pass\n  return x\n"),
    ("with_multi", "def f(x):\n  with torch.no_grad():\n    pass\n  with a as b, c as d:\n    pass\n  return x\n"),
    ("if_oneline", "def f(x):\n  if x: return 1\n  return 2\n"),
    ("semicolons", "def f(x):\n  a = 1; b = 2\n  return a\n"),
    ("dots_const", "def f(x: Tuple[int, ...]) -> None:\n  return ...\n"),
    ("keywords_values", "def f(x):\n  return True, False, None\n"),
    ("ellipsis_kw", "def f(x):\n  return Ellipsis, NoneType\n"),
    ("param_defaults", "def f(self, x: Tensor, n: int=3, s: str=\"a\", t: Optional[Tensor]=None, l: List[int]=[1, 2]):\n  return x\n"),
    ("kwonly", "def f(a, *, b, c=1):\n  return a\n"),
    ("unary_chain", "def f(x):\n  return not not x, - - x, ~ - x\n"),
    ("compare_chain", "def f(x):\n  return a < b < c\n"),
    ("is_not_in", "def f(x):\n  return x is not None and y not in z\n"),
    ("global_stmt", "def f(x):\n  global a\n  return x\n"),
    ("dict_nested", "def f(x):\n  return {\"a\": [1, 2], \"b\": {\"c\": (3,)}}\n"),
    ("empty_ret_annot", "def f() -> None:\n  pass\n"),
    ("attr_call_chain", "def f(x):\n  return a.b.c.d(e)(f)[g].h\n"),
    ("pow_unary", "def f(x):\n  return 2 ** -1, -2 ** 2, (-2) ** 2\n"),
    ("slice_neg", "def f(x):\n  return x[-1:-2:-1], x[::], x[:]\n"),
    ("assign_subscript_tuple", "def f(x):\n  x[0], x[1] = 1, 2\n  return x\n"),
    ("paren_tuple_target", "def f(x):\n  (a, b) = x\n  [c, d] = x\n  return a\n"),
    ("lambda_err", "def f(x):\n  return lambda y: y\n"),
    ("walrus_err", "def f(x):\n  return x := 3\n"),
    ("missing_paren", "def f(x):\n    y = (1, 2\n    return y\n"),
    ("trailing_op", "def f(x, y):\n    a = 1\n    b = 2\n    c = 3\n    return x + \n"),
    ("bad_dedent", "def f(x):\n    y = 1\n  return y\n"),
    ("empty_body", "def f(x):\nreturn 1\n"),
    ("unterminated_string", "def f(x):\n  return \"abc\n"),
    ("bad_char", "def f(x):\n  return x $ 1\n"),
    ("hex_escape", "def f(x):\n  return \"\\x41\"\n"),
    ("comp_if", "def f(x):\n  return [i for i in x if i]\n"),
    ("missing_colon", "def f(x)\n  return x\n"),
    ("else_without_if", "def f(x):\n  else:\n    pass\n"),
    ("unary_plus", "def f(x):\n  return +x\n"),
    ("raw_string", "def f(x):\n  return r\"a\\n\"\n"),
    ("hex_number", "def f(x):\n  return 0x10\n"),
    ("underscore_number", "def f(x):\n  return 1_000\n"),
    ("star_expr_err", "def f(x):\n    return x +* 2\n"),
    ("matmul_eq", "def f(x):\n  x @= 3\n  return x\n"),
    ("floordiv_eq", "def f(x):\n  x //= 3\n  return x\n"),
    ("unclosed_bracket_eof", "def f(x):\n  return [1, 2\n"),
    ("close_without_open", "def f(x):\n  return x)\n"),
    ("decorator", "def f(x):\n  @torch.jit.export\n  def g(y):\n    return y\n  return x\n"),
    ("class_in_def", "def f(x):\n  class A:\n    pass\n  return x\n"),
    ("import_err", "def f(x):\n  import torch\n  return x\n"),
    ("mixed_tabs", "def f(x):\n\tif x:\n\t\treturn 1\n\treturn 2\n"),
    ("deep_brackets", "def f(x):\n  return ((((((((((((((((((((x))))))))))))))))))))\n"),
    ("call_kw_then_pos", "def f(x):\n  return g(a=1, 2)\n"),
    ("assign_to_call", "def f(x):\n  g(x) = 1\n  return x\n"),
    ("multiline_string_arg", "def f(x):\n  return g(\"\"\"a\nb\"\"\",\n    3)\n"),
    ("not_in_space", "def f(x):\n  return a not  in b\n"),
    ("blank_lines_ws", "def f(x):\n    \n\n  \n  return x\n   \n"),
    ("no_trailing_newline", "def f(x):\n  return x"),
    ("continuation_in_stmt", "def f(x):\n  y = 1 + \\\n2\n  return y\n"),
]

def python_frontend_tree(src):
    """The Def that torch.jit.script's Python frontend builds for `f` defined by src."""
    d = tempfile.mkdtemp()
    path = os.path.join(d, "case_module.py")
    with open(path, "w") as f:
        f.write(src)
    spec = importlib.util.spec_from_file_location("case_module", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return str(torch.jit.frontend.get_jit_def(module.f, "f")).rstrip("\n")


def main():
    for name, src in CASES:
        try:
            out = str(torch._C._parse_source_def(src)).rstrip("\n")
            kind = "TREE"
        except Exception as e:  # the parser's message, highlight included
            out = str(e)
            kind = "ERROR"
        print("#### CASE " + name)
        print(src, end="" if src.endswith("\n") else "\n")
        if not src.endswith("\n"):
            print("#### NO_TRAILING_NEWLINE")
        print("#### " + kind)
        print(out, end="" if out.endswith("\n") else "\n")
        if name in PYTHON_SEMANTICS:
            print("#### PYFRONTEND")
            try:
                print(python_frontend_tree(src))
            except Exception as e:  # only the message's first line: the rest names a temp file
                print("ERROR " + str(e).splitlines()[0])
        print("#### END")

if __name__ == "__main__":
    main()
