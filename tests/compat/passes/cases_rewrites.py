"""Cases for the local rewrites: fuse_addmm, remove_expands, inline_fork_wait."""

CASES = [
    ("addmm_unknown_rank", "fuse_addmm", """
graph(%a : Tensor, %b : Tensor, %c : Tensor):
  %one : int = prim::Constant[value=1]()
  %m : Tensor = aten::mm(%a, %b)
  %r : Tensor = aten::add(%m, %c, %one)
  return (%r)
"""),
    ("addmm_bias_right", "fuse_addmm", """
graph(%a : Float(2, 3), %b : Float(3, 4), %c : Float(4)):
  %one : int = prim::Constant[value=1]()
  %m : Tensor = aten::mm(%a, %b)
  %r : Tensor = aten::add(%m, %c, %one)
  return (%r)
"""),
    ("addmm_bias_left", "fuse_addmm", """
graph(%a : Float(2, 3), %b : Float(3, 4), %c : Float(4)):
  %one : int = prim::Constant[value=1]()
  %m : Tensor = aten::mm(%a, %b)
  %r : Tensor = aten::add(%c, %m, %one)
  return (%r)
"""),
    ("addmm_other_dtype", "fuse_addmm", """
graph(%a : Float(2, 3), %b : Float(3, 4), %c : Double(4)):
  %one : int = prim::Constant[value=1]()
  %m : Tensor = aten::mm(%a, %b)
  %r : Tensor = aten::add(%m, %c, %one)
  return (%r)
"""),
    ("addmm_alpha_two", "fuse_addmm", """
graph(%a : Float(2, 3), %b : Float(3, 4), %c : Float(4)):
  %two : int = prim::Constant[value=2]()
  %m : Tensor = aten::mm(%a, %b)
  %r : Tensor = aten::add(%m, %c, %two)
  return (%r)
"""),
    ("addmm_then_dce", "fuse_addmm,dce", """
graph(%a : Float(2, 3), %b : Float(3, 4), %c : Float(2, 4)):
  %one : int = prim::Constant[value=1]()
  %m : Tensor = aten::mm(%a, %b)
  %r : Tensor = aten::add(%m, %c, %one)
  %r2 : Tensor = aten::add(%c, %m, %one)
  %s : Tensor = aten::mul(%r, %r2)
  return (%s)
"""),
    ("expands", "remove_expands", """
graph(%a : Tensor, %c : bool):
  %s : int[] = prim::Constant[value=[2, 3]]()
  %t : bool = prim::Constant[value=1]()
  %f : bool = prim::Constant[value=0]()
  %m : Tensor = aten::expand(%a, %s, %t)
  %n : Tensor = aten::expand(%a, %s, %f)
  %o : Tensor = aten::expand(%a, %s, %c)
  %r : Tensor = aten::add(%m, %n, %t)
  %q : Tensor = aten::add(%r, %o, %t)
  return (%q)
"""),
    ("expands_nested", "remove_expands", """
graph(%a : Tensor, %c : bool):
  %s : int[] = prim::Constant[value=[2, 3]]()
  %t : bool = prim::Constant[value=1]()
  %r : Tensor = prim::If(%c)
    block0():
      %m : Tensor = aten::expand(%a, %s, %t)
      -> (%m)
    block1():
      -> (%a)
  return (%r)
"""),
    ("fork_wait", "inline_fork_wait", """
def fn(x):
    fut = torch.jit.fork(torch.neg, x)
    y = x + 1
    return torch.jit.wait(fut) + y
"""),
    ("fork_wait_two", "inline_fork_wait", """
def fn(x):
    f1 = torch.jit.fork(torch.mul, x, 2)
    f2 = torch.jit.fork(torch.add, x, x)
    return torch.jit.wait(f2) - torch.jit.wait(f1)
"""),
    ("fork_wait_nested_wait", "inline_fork_wait", """
def fn(x, c: bool):
    fut = torch.jit.fork(torch.neg, x)
    if c:
        y = torch.jit.wait(fut)
    else:
        y = x
    return y
"""),
]

KNOWN_DIFFERENCES = {
    "addmm_other_dtype": "PyTorch fuses a Double bias with Float matrices into addmm, which then fails at run "
                         "time (self and mat2 must have the same dtype) where add promoted; ember keeps the add",
    "fork_wait_nested_wait": "PyTorch 1.13 leaves the nested aten::wait reading the inlined Tensor (an "
                             "ill-typed graph that fails lint); ember replaces nested waits too",
}
