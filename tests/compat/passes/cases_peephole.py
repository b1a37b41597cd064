"""Cases for peephole (PyTorch's PeepholeOptimize): int arithmetic identities, tensor idioms on
typed graphs, conversions, optionals, ifs, list idioms, and compiled programs."""

_TYPED = "Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)"


def _tuple_of(types, values):
    return f"  %r : ({', '.join(types)}) = prim::TupleConstruct({', '.join(values)})\n  return (%r)\n"


CASES = [
    ("int_identities", "peephole", """
graph(%x : int, %y : float):
  %z : int = prim::Constant[value=0]()
  %o : int = prim::Constant[value=1]()
  %a : int = aten::add(%x, %z)
  %b : int = aten::add(%z, %x)
  %c : int = aten::sub(%x, %z)
  %d : int = aten::mul(%x, %o)
  %e : int = aten::mul(%o, %x)
  %f : int = aten::floordiv(%x, %o)
  %h : int = aten::mul(%x, %z)
  %i : float = aten::mul(%y, %o)
  %j : float = aten::add(%y, %z)
  %k : int = aten::sub(%z, %x)
""" + _tuple_of(["int"] * 7 + ["float", "float", "int"], ["%a", "%b", "%c", "%d", "%e", "%f", "%h", "%i", "%j", "%k"])),
    ("int_offset_chains", "peephole", """
graph(%x : int, %y : int):
  %a : int = prim::Constant[value=3]()
  %b : int = prim::Constant[value=5]()
  %p1 : int = aten::add(%x, %a)
  %q1 : int = aten::add(%p1, %b)
  %q2 : int = aten::sub(%p1, %b)
  %p2 : int = aten::sub(%x, %a)
  %q3 : int = aten::add(%p2, %b)
  %q4 : int = aten::sub(%p2, %b)
  %p3 : int = aten::add(%a, %x)
  %q5 : int = aten::add(%b, %p3)
  %q6 : int = aten::add(%p1, %y)
  %q7 : int = aten::sub(%p1, %a)
  %p4 : int = aten::mul(%x, %a)
  %q8 : int = aten::mul(%p4, %b)
  %p5 : int = aten::sub(%a, %x)
  %q9 : int = aten::add(%p5, %b)
""" + _tuple_of(["int"] * 9, ["%q1", "%q2", "%q3", "%q4", "%q5", "%q6", "%q7", "%q8", "%q9"])),
    ("int_offset_chain_long", "peephole", """
graph(%x : int):
  %one : int = prim::Constant[value=1]()
  %a : int = aten::add(%x, %one)
  %b : int = aten::add(%a, %one)
  %c : int = aten::sub(%b, %one)
  %d : int = aten::add(%c, %one)
  %e : int = aten::mul(%d, %b)
  return (%e)
"""),
    ("int_div_by_one", "peephole", """
graph(%x : int):
  %o : int = prim::Constant[value=1]()
  %g : float = aten::div(%x, %o)
  return (%g)
"""),
    ("tensor_properties", "peephole", f"""
graph(%t : {_TYPED}, %u : Tensor, %r2 : Float(*, *)):
  %s : int[] = aten::size(%t)
  %dm : int = aten::dim(%t)
  %dt : int = prim::dtype(%t)
  %dv : Device = prim::device(%t)
  %ic : bool = prim::is_cuda(%t)
  %dm2 : int = aten::dim(%u)
  %dm3 : int = aten::dim(%r2)
  %s2 : int[] = aten::size(%r2)
  %dt2 : int = prim::dtype(%r2)
""" + _tuple_of(["int[]", "int", "int", "Device", "bool", "int", "int", "int[]", "int"],
                ["%s", "%dm", "%dt", "%dv", "%ic", "%dm2", "%dm3", "%s2", "%dt2"])),
    ("tensor_idioms", "peephole", f"""
graph(%t : {_TYPED}, %u : Tensor, %d : Double(2, 3, strides=[3, 1], requires_grad=0, device=cpu)):
  %tt : Tensor = aten::t(%u)
  %tt2 : Tensor = aten::t(%tt)
  %l : int[] = prim::Constant[value=[2, 3]]()
  %l2 : int[] = prim::Constant[value=[4, 2, 3]]()
  %f0 : bool = prim::Constant[value=0]()
  %ex : Tensor = aten::expand(%t, %l, %f0)
  %ex2 : Tensor = aten::expand(%t, %l2, %f0)
  %ex3 : Tensor = aten::expand(%u, %l, %f0)
  %ta : Tensor = aten::type_as(%t, %t)
  %ta2 : Tensor = aten::type_as(%u, %t)
  %ta3 : Tensor = aten::type_as(%t, %d)
""" + _tuple_of(["Tensor"] * 7, ["%tt2", "%ex", "%ex2", "%ex3", "%ta", "%ta2", "%ta3"])),
    ("conversions", "peephole", """
graph(%x : int, %y : float, %t : Tensor):
  %n2t : Tensor = prim::NumToTensor(%x)
  %bk : int = aten::Int(%n2t)
  %ii : int = aten::Int(%x)
  %n2f : Tensor = prim::NumToTensor(%y)
  %bf : float = aten::Float(%n2f)
  %ti : int = aten::Int(%t)
""" + _tuple_of(["int", "int", "float", "int"], ["%bk", "%ii", "%bf", "%ti"])),
    ("int_of_float_tensor", "peephole", """
graph(%y : float):
  %n2f : Tensor = prim::NumToTensor(%y)
  %bi : int = aten::Int(%n2f)
  return (%bi)
"""),
    ("none_checks", "peephole", """
graph(%x : int, %o : int?, %t : Tensor):
  %none : NoneType = prim::Constant()
  %a : bool = aten::__is__(%x, %none)
  %b : bool = aten::__isnot__(%t, %none)
  %c : bool = aten::__is__(%o, %none)
  %d : bool = aten::__isnot__(%none, %x)
  %u : int = prim::unchecked_unwrap_optional(%x)
  %e : int = aten::add(%u, %x)
""" + _tuple_of(["bool", "bool", "bool", "bool", "int"], ["%a", "%b", "%c", "%d", "%e"])),
    ("if_condition_output", "peephole", """
graph(%c : bool, %x : int):
  %t : bool = prim::Constant[value=1]()
  %f : bool = prim::Constant[value=0]()
  %r : bool, %s : bool = prim::If(%c)
    block0():
      -> (%t, %f)
    block1():
      -> (%f, %t)
  %q : (bool, bool) = prim::TupleConstruct(%r, %s)
  return (%q)
"""),
    ("if_optional_refined", "peephole", """
graph(%c : bool, %x : int):
  %one : int = prim::Constant[value=1]()
  %r : int? = prim::If(%c)
    block0():
      -> (%x)
    block1():
      -> (%one)
  return (%r)
"""),
    ("self_compare", "peephole", """
graph(%x : int, %y : float, %l : int[], %s : str, %fl : float[]):
  %a : bool = aten::eq(%x, %x)
  %b : bool = aten::ne(%y, %y)
  %c : bool = aten::eq(%l, %l)
  %g : bool = aten::eq(%s, %s)
  %h : bool = aten::ne(%fl, %fl)
""" + _tuple_of(["bool"] * 5, ["%a", "%b", "%c", "%g", "%h"])),
    ("list_idioms", "peephole", """
graph(%x : int, %y : int):
  %one : int = prim::Constant[value=1]()
  %m : int = prim::Constant[value=-2]()
  %big : int = prim::Constant[value=5]()
  %l : int[] = prim::ListConstruct(%x, %y)
  %n : int = aten::len(%l)
  %a : int = aten::__getitem__(%l, %one)
  %b : int = aten::__getitem__(%l, %m)
  %c : int = aten::__getitem__(%l, %big)
""" + _tuple_of(["int"] * 4, ["%n", "%a", "%b", "%c"])),
    ("nested_blocks", "peephole", """
graph(%c : bool, %x : int):
  %z : int = prim::Constant[value=0]()
  %r : int = prim::If(%c)
    block0():
      %a : int = aten::add(%x, %z)
      -> (%a)
    block1():
      %b : int = aten::sub(%x, %z)
      -> (%b)
  return (%r)
"""),
    ("program_shapes", "peephole", """
def fn(x, n: int):
    s = 0
    for i in range(n):
        s = s * 1 + 0
    if x.dim() == 2:
        s = s + x.size(0)
    return s
"""),
    ("program_optional", "peephole", """
def fn(x: Optional[int], y: int):
    if y is None:
        return 0
    if x is not None:
        return x + y
    return y
"""),
]

KNOWN_DIFFERENCES = {
    "none_checks": "PyTorch 1.13 also folds `%o is None` for the Optional input %o here (to False), though "
                   "it keeps the same comparison in smaller graphs; ember folds only when one side must be "
                   "None and the other cannot be",
    "program_optional": "PyTorch 1.13 folds `x is not None` for the Optional[int] argument to True, which "
                        "is wrong for fn(None, 1); ember keeps the check",
    "int_of_float_tensor": "PyTorch replaces int(NumToTensor(float)) by the float itself (a float where "
                           "an int is expected); ember only drops the round trip when the types agree",
    "int_div_by_one": "PyTorch replaces the float result of aten::div(int, 1) by the int itself (an int "
                      "where a float is expected); ember keeps the division",
}
