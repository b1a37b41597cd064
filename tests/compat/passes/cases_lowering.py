"""Cases for the lowering passes: erase_number_types and decompose_ops."""

CASES = [
    ("erase_numbers", "erase_number_types", """
graph(%x : int, %t : Tensor, %b : bool, %f : float):
  %one : int = prim::Constant[value=1]()
  %h : float = prim::Constant[value=2.5]()
  %tr : bool = prim::Constant[value=1]()
  %a : int = aten::add(%x, %one)
  %n : Tensor = prim::NumToTensor(%a)
  %s : Tensor = aten::add(%t, %n, %one)
  %i : int = aten::Int(%s)
  %c : bool = aten::__and__(%b, %tr)
  %q : float = aten::mul(%f, %h)
  %r : (int, bool, float) = prim::TupleConstruct(%i, %c, %q)
  return (%r)
"""),
    ("erase_numbers_blocks", "erase_number_types", """
graph(%x : int, %c : bool):
  %one : int = prim::Constant[value=1]()
  %r : int = prim::If(%c)
    block0():
      %a : int = aten::add(%x, %one)
      -> (%a)
    block1():
      %b : int = aten::sub(%x, %one)
      -> (%b)
  return (%r)
"""),
    ("erase_numbers_program", "erase_number_types", """
def fn(x, y: float):
    z = x * y
    k = int(z.sum())
    return z + float(k)
"""),
    ("erase_numbers_none_and_str", "erase_number_types", """
graph(%x : int):
  %none : NoneType = prim::Constant()
  %s : str = prim::Constant[value="hi"]()
  %l : int[] = prim::Constant[value=[1, 2]]()
  %r : (NoneType, str, int[], int) = prim::TupleConstruct(%none, %s, %l, %x)
  return (%r)
"""),
    ("decompose_addmm", "decompose_ops", """
graph(%a : Tensor, %b : Tensor, %c : Tensor):
  %one : int = prim::Constant[value=1]()
  %x : Tensor = aten::addmm(%c, %a, %b, %one, %one)
  return (%x)
"""),
    ("decompose_addmm_float_one", "decompose_ops", """
graph(%a : Tensor, %b : Tensor, %c : Tensor):
  %one : float = prim::Constant[value=1.]()
  %x : Tensor = aten::addmm(%c, %a, %b, %one, %one)
  return (%x)
"""),
    ("decompose_addmm_beta_two", "decompose_ops", """
graph(%a : Tensor, %b : Tensor, %c : Tensor):
  %one : int = prim::Constant[value=1]()
  %two : int = prim::Constant[value=2]()
  %x : Tensor = aten::addmm(%c, %a, %b, %two, %one)
  return (%x)
"""),
    ("decompose_cpu_norms_stay", "decompose_ops", """
graph(%a : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu), %w : Tensor, %bb : Tensor, %rm : Tensor, %rv : Tensor):
  %f : bool = prim::Constant[value=0]()
  %t : bool = prim::Constant[value=1]()
  %eps : float = prim::Constant[value=1.0000000000000001e-05]()
  %mom : float = prim::Constant[value=0.10000000000000001]()
  %y : Tensor = aten::batch_norm(%a, %w, %bb, %rm, %rv, %f, %mom, %eps, %t)
  %s : int[] = prim::Constant[value=[3]]()
  %z : Tensor = aten::layer_norm(%a, %s, %w, %bb, %eps, %t)
  %r : (Tensor, Tensor) = prim::TupleConstruct(%y, %z)
  return (%r)
"""),
    ("decompose_in_program", "decompose_ops", """
def fn(x, w, b):
    return torch.addmm(b, x, w) * 2.0
"""),
    ("decompose_typed_addmm", "decompose_ops", """
graph(%a : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu), %b : Float(3, 4, strides=[4, 1], requires_grad=0, device=cpu), %c : Float(4, strides=[1], requires_grad=0, device=cpu)):
  %one : int = prim::Constant[value=1]()
  %x : Tensor = aten::addmm(%c, %a, %b, %one, %one)
  return (%x)
"""),
]

KNOWN_DIFFERENCES = {}
