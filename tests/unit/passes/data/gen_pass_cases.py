"""Writes pass_cases.txt: IR graphs before and after PyTorch 1.13's own passes.

Run with /usr/bin/python3 (it has torch). Each case is parsed with torch._C.parse_ir, the pass
runs, and the graph PyTorch prints is the expectation; tests/unit/passes/pass_cases_test.cpp runs
ember's pass on the same input and compares the two graphs with value names normalised.
Inputs name values with letters only: PyTorch renumbers numeric names when it parses.
"""
import os
import sys

import torch

PASSES = {
    "dce": torch._C._jit_pass_dce,
    "constant_pooling": torch._C._jit_pass_constant_pooling,
    "constant_propagation": torch._C._jit_pass_constant_propagation,
    "constant_propagation_immutable": torch._C._jit_pass_constant_propagation_immutable_types,
    "lower_tuples": torch._C._jit_pass_lower_all_tuples,
}

CASES = []


def case(name, pass_name, ir):
    CASES.append((name, pass_name, ir.strip("\n") + "\n"))


# ---- dead code elimination ----
case("unused_add", "dce", """
graph(%x : int):
  %one : int = prim::Constant[value=1]()
  %y : int = aten::add(%x, %one)
  %z : int = aten::mul(%y, %y)
  return (%x)
""")
case("keeps_print_and_raise", "dce", """
graph(%x : int, %c : bool):
  %msg : str = prim::Constant[value="boom"]()
  %none : NoneType = prim::Constant()
  %unused : int = aten::neg(%x)
  prim::Print(%x)
  prim::If(%c)
    block0():
      prim::RaiseException(%msg, %none)
      -> ()
    block1():
      -> ()
  return (%x)
""")
case("dead_if_outputs", "dce", """
graph(%x : int, %c : bool):
  %one : int = prim::Constant[value=1]()
  %a : int, %b : int = prim::If(%c)
    block0():
      %p : int = aten::add(%x, %one)
      %q : int = aten::mul(%x, %one)
      -> (%p, %q)
    block1():
      %r : int = aten::sub(%x, %one)
      -> (%r, %x)
  return (%b)
""")
case("whole_if_dead", "dce", """
graph(%x : int, %c : bool):
  %one : int = prim::Constant[value=1]()
  %a : int = prim::If(%c)
    block0():
      %p : int = aten::add(%x, %one)
      -> (%p)
    block1():
      -> (%x)
  return (%x)
""")
case("if_kept_for_print", "dce", """
graph(%x : int, %c : bool):
  %one : int = prim::Constant[value=1]()
  %a : int = prim::If(%c)
    block0():
      %p : int = aten::add(%x, %one)
      prim::Print(%p)
      -> (%p)
    block1():
      -> (%x)
  return (%x)
""")
case("loop_carried_unused", "dce", """
graph(%x : int, %n : int):
  %true : bool = prim::Constant[value=1]()
  %one : int = prim::Constant[value=1]()
  %a : int, %b : int = prim::Loop(%n, %true, %x, %x)
    block0(%i : int, %ca : int, %cb : int):
      %na : int = aten::add(%ca, %one)
      %nb : int = aten::mul(%x, %i)
      -> (%true, %na, %nb)
  return (%x)
""")
case("loop_carried_partly_used", "dce", """
graph(%x : int, %n : int):
  %true : bool = prim::Constant[value=1]()
  %one : int = prim::Constant[value=1]()
  %a : int, %b : int, %c : int = prim::Loop(%n, %true, %x, %x, %x)
    block0(%i : int, %ca : int, %cb : int, %cc : int):
      %na : int = aten::add(%ca, %one)
      %nb : int = aten::mul(%x, %i)
      %nc : int = aten::add(%cc, %na)
      -> (%true, %na, %nb, %nc)
  return (%c)
""")
case("loop_with_print_kept", "dce", """
graph(%x : int, %n : int):
  %true : bool = prim::Constant[value=1]()
  %one : int = prim::Constant[value=1]()
  %a : int = prim::Loop(%n, %true, %x)
    block0(%i : int, %ca : int):
      %na : int = aten::add(%ca, %one)
      prim::Print(%i)
      -> (%true, %na)
  return (%x)
""")
case("while_condition_live", "dce", """
graph(%x : int):
  %max : int = prim::Constant[value=9223372036854775807]()
  %one : int = prim::Constant[value=1]()
  %ten : int = prim::Constant[value=10]()
  %c0 : bool = aten::lt(%x, %ten)
  %r : int = prim::Loop(%max, %c0, %x)
    block0(%i : int, %cx : int):
      %nx : int = aten::add(%cx, %one)
      %dead : int = aten::mul(%nx, %nx)
      %c : bool = aten::lt(%nx, %ten)
      -> (%c, %nx)
  return (%r)
""")
case("nested_if_in_loop", "dce", """
graph(%x : int, %n : int, %c : bool):
  %true : bool = prim::Constant[value=1]()
  %one : int = prim::Constant[value=1]()
  %r : int, %s : int = prim::Loop(%n, %true, %x, %x)
    block0(%i : int, %cx : int, %cs : int):
      %u : int, %v : int = prim::If(%c)
        block0():
          %p : int = aten::add(%cx, %one)
          -> (%p, %cs)
        block1():
          %q : int = aten::sub(%cx, %one)
          -> (%q, %i)
      -> (%true, %u, %v)
  return (%r)
""")
for i, body in enumerate(["      -> (%t, %cx)",
                          "      %y : int = aten::add(%x, %x)\n      -> (%t, %y)",
                          "      %y : int = aten::add(%cx, %x)\n      -> (%t, %cx)"]):
    case("loop_without_live_body_%d" % i, "dce", """
graph(%x : int):
  %u : int = prim::Uninitialized()
  %max : int = prim::Constant[value=9223372036854775807]()
  %t : bool = prim::Constant[value=1]()
  %r : int = prim::Loop(%max, %t, %x)
    block0(%i : int, %cx : int):
""" + body + """
  return (%x)
""")
case("list_construct_dead", "dce", """
graph(%x : int):
  %l : int[] = prim::ListConstruct(%x, %x)
  %t : (int, int) = prim::TupleConstruct(%x, %x)
  %u : int, %w : int = prim::TupleUnpack(%t)
  return (%u)
""")

# ---- constant pooling ----
case("pool_and_hoist", "constant_pooling", """
graph(%x : int, %c : bool):
  %a : int = prim::Constant[value=1]()
  %y : int = aten::add(%x, %a)
  %z : int = prim::If(%c)
    block0():
      %b : int = prim::Constant[value=2]()
      %q : int = prim::Constant[value=3]()
      %r : int = aten::add(%b, %q)
      -> (%r)
    block1():
      %e : int = prim::Constant[value=1]()
      %f : int = prim::Constant[value=4]()
      %s : int = aten::mul(%e, %f)
      -> (%s)
  %t : bool = prim::Constant[value=1]()
  %u : int = prim::Constant[value=5]()
  %w : int = aten::add(%z, %u)
  %w2 : int = aten::add(%w, %y)
  return (%w2, %t)
""")
case("pool_kinds", "constant_pooling", """
graph(%x : float):
  %a : float = prim::Constant[value=1.5]()
  %b : float = prim::Constant[value=1.5]()
  %c : float = prim::Constant[value=2.]()
  %d : float = prim::Constant[value=2.]()
  %s1 : str = prim::Constant[value="hi"]()
  %s2 : str = prim::Constant[value="hi"]()
  %s3 : str = prim::Constant[value="ho"]()
  %n1 : NoneType = prim::Constant()
  %n2 : NoneType = prim::Constant()
  %l1 : int[] = prim::Constant[value=[1, 2]]()
  %l2 : int[] = prim::Constant[value=[1, 2]]()
  %dev1 : Device = prim::Constant[value="cpu"]()
  %dev2 : Device = prim::Constant[value="cpu"]()
  %r : (float, float, float, float, str, str, str, NoneType, NoneType, int[], int[], Device, Device) = prim::TupleConstruct(%a, %b, %c, %d, %s1, %s2, %s3, %n1, %n2, %l1, %l2, %dev1, %dev2)
  return (%r)
""")

# ---- constant propagation ----
case("fold_arith", "constant_propagation", """
graph(%x : int):
  %a : int = prim::Constant[value=2]()
  %b : int = prim::Constant[value=3]()
  %c : int = aten::add(%a, %b)
  %d : int = aten::mul(%c, %x)
  %e : int = aten::mul(%c, %c)
  %f : int = aten::add(%d, %e)
  return (%f)
""")
case("fold_if_true", "constant_propagation", """
graph(%x : int):
  %t : bool = prim::Constant[value=1]()
  %one : int = prim::Constant[value=1]()
  %r : int = prim::If(%t)
    block0():
      %p : int = aten::add(%x, %one)
      -> (%p)
    block1():
      %q : int = aten::sub(%x, %one)
      -> (%q)
  return (%r)
""")
case("fold_if_computed_cond", "constant_propagation", """
graph(%x : int):
  %a : int = prim::Constant[value=2]()
  %b : int = prim::Constant[value=3]()
  %one : int = prim::Constant[value=1]()
  %c : bool = aten::lt(%b, %a)
  %r : int = prim::If(%c)
    block0():
      %p : int = aten::add(%x, %one)
      -> (%p)
    block1():
      %q : int = aten::sub(%x, %one)
      -> (%q)
  return (%r)
""")
case("if_outputs_constant_in_both", "constant_propagation", """
graph(%x : int, %c : bool):
  %one : int = prim::Constant[value=1]()
  %two : int = prim::Constant[value=2]()
  %r : int, %s : int = prim::If(%c)
    block0():
      -> (%one, %x)
    block1():
      -> (%one, %two)
  %z : int = aten::add(%r, %s)
  return (%z)
""")
case("no_fold_print_and_list", "constant_propagation_immutable", """
graph(%x : int):
  %a : int = prim::Constant[value=2]()
  %b : int = prim::Constant[value=3]()
  %c : int = aten::add(%a, %b)
  prim::Print(%c)
  %l : int[] = prim::ListConstruct(%a, %b)
  %n : int = aten::len(%l)
  %t : (int, int) = prim::TupleConstruct(%a, %b)
  %u : int, %w : int = prim::TupleUnpack(%t)
  %s : str = prim::Constant[value="abc"]()
  %sl : int = aten::len(%s)
  %f : float = prim::Constant[value=2.5]()
  %fi : int = aten::Int(%f)
  %y : int = aten::add(%n, %u)
  %y2 : int = aten::add(%y, %sl)
  %y3 : int = aten::add(%y2, %fi)
  return (%y3)
""")
case("fold_float_math_and_compare", "constant_propagation_immutable", """
graph(%x : float):
  %a : float = prim::Constant[value=2.5]()
  %b : int = prim::Constant[value=4]()
  %c : float = aten::mul(%a, %b)
  %d : bool = aten::gt(%c, %a)
  %e : bool = aten::__not__(%d)
  %f : int = aten::floordiv(%b, %b)
  %g : float = aten::div(%b, %b)
  %t : (float, bool, bool, int, float) = prim::TupleConstruct(%c, %d, %e, %f, %g)
  return (%t)
""")
case("fold_loop_free_nodes_inside_blocks", "constant_propagation", """
graph(%x : int, %n : int):
  %true : bool = prim::Constant[value=1]()
  %two : int = prim::Constant[value=2]()
  %r : int = prim::Loop(%n, %true, %x)
    block0(%i : int, %cx : int):
      %k : int = aten::mul(%two, %two)
      %nx : int = aten::add(%cx, %k)
      -> (%true, %nx)
  return (%r)
""")
case("division_by_zero_not_folded", "constant_propagation", """
graph(%x : int):
  %a : int = prim::Constant[value=2]()
  %z : int = prim::Constant[value=0]()
  %c : int = aten::floordiv(%a, %z)
  %d : int = aten::add(%c, %x)
  return (%d)
""")

# ---- tuples ----
case("tuple_unpack_of_construct", "lower_tuples", """
graph(%x : int, %y : float):
  %t : (int, float) = prim::TupleConstruct(%x, %y)
  %a : int, %b : float = prim::TupleUnpack(%t)
  %idx : int = prim::Constant[value=1]()
  %c : float = prim::TupleIndex(%t, %idx)
  %r : float = aten::add(%b, %c)
  return (%a, %r)
""")


def main():
    out_path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "pass_cases.txt")
    lines = ["# Generated by gen_pass_cases.py from PyTorch %s; do not edit.\n" % torch.__version__]
    for name, pass_name, ir in CASES:
        g = torch._C.parse_ir(ir)
        PASSES[pass_name](g)
        lines.append("#### CASE %s %s\n" % (name, pass_name))
        lines.append(ir)
        lines.append("#### EXPECTED\n")
        lines.append(str(g))
        lines.append("#### END\n")
    with open(out_path, "w") as f:
        f.write("".join(lines))


if __name__ == "__main__":
    main()
