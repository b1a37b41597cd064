class ControlFlow(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  _is_full_backward_hook : NoneType
  table : Dict[str, int]
  leaf : __torch__.Leaf
  seq : __torch__.torch.nn.modules.container.Sequential
  items : __torch__.torch.nn.modules.container.ModuleList
  sub : __torch__.Leaf
  limit : Final[int] = 4
  def forward(self: __torch__.ControlFlow,
    x: Tensor,
    mask: Optional[Tensor]=None,
    n: int=2) -> Tensor:
    _0 = "empty input: tab\there \"quoted\" \001"
    counter = __torch__.Counter.__new__(__torch__.Counter)
    _1 = (counter).__init__(0, )
    leaf = self.leaf
    y = (leaf).forward(x, )
    items = self.items
    _00 = getattr(items, "0")
    _10 = getattr(items, "1")
    y0 = (_00).forward(y, )
    y1 = (_10).forward(y0, )
    seq = self.seq
    _2 = (seq).forward(y1, )
    sub = self.sub
    y2 = torch.add(_2, (sub).forward(y1, ))
    if torch.__isnot__(mask, None):
      mask0 = unchecked_cast(Tensor, mask)
      y4 = torch.masked_fill(y2, mask0, -1000000000.)
      y3 = y4
    else:
      y3 = y2
    if torch.gt(torch.dim(y3), 0):
      pass
    else:
      ops.prim.RaiseException("AssertionError: need at least 1-d")
    if torch.eq(torch.size(y3, 0), 0):
      ops.prim.RaiseException(_0, "builtins.ValueError")
    else:
      pass
    _3 = __torch__.torch.autograd.grad_mode.no_grad.__new__(__torch__.torch.autograd.grad_mode.no_grad)
    _4 = (_3).__init__()
    with _3:
      if torch.gt(torch.dim(y3), 1):
        _5 = torch.unsqueeze(torch.slice(y3, 0, 1), -1)
        z = _5
      else:
        _6 = torch.slice(y3, 0, None, None, 2)
        z = _6
    def __forked_function():
      return torch.relu(y3)
    fut = fork(__forked_function)
    r = torch.wait(fut)
    _7 = (self).helper([1, 2, 3], __torch__.Point(1, 2.), __torch__.Color.GREEN, )
    t, u, = _7
    for _8 in range(n):
      _9 = (counter).inc(t, )
    _11 = torch.add(r, torch.mul(torch.sum(z), u))
    count = counter.count
    _12 = torch.add(torch.add(_11, count), inf)
    _13 = torch.add(torch.add(torch.sub(_12, 0.5), 1), 1)
    return _13
  def helper(self: __torch__.ControlFlow,
    xs: List[int],
    p: __torch__.Point,
    c: __torch__.Color) -> Tuple[int, float]:
    _13 = [9223372036854775807, torch.len(xs)]
    _14 = ops.prim.min(_13)
    total = 0
    _15 = 0
    _16 = torch.gt(_14, 0)
    while _16:
      v = xs[_15]
      _17 = torch.eq(torch.remainder(v, 2), 0)
      if _17:
        _18 = torch.lt(_15, 4)
      else:
        _18 = False
      if _18:
        _19, _20 = True, torch.add(total, v)
      else:
        if torch.gt(v, 10):
          _21 = False
        else:
          _21 = True
        _19, _20 = _21, total
      _22 = torch.add(_15, 1)
      _23 = torch.__and__(torch.lt(_22, _14), _19)
      _16, total, _15 = _23, _20, _22
    total0 = total
    _24 = torch.gt(total, 100)
    while _24:
      total1 = torch.floordiv(total0, 2)
      _24, total0 = torch.gt(total1, 100), total1
    d = annotate(Dict[str, int], {})
    table = self.table
    _25 = torch.items(table)
    for _26 in range(torch.len(_25)):
      k, v0, = _25[_26]
      torch._set_item(d, k, torch.mul(v0, 2))
    squares = annotate(List[int], [])
    for _27 in range(torch.len(xs)):
      x = xs[_27]
      _28 = torch.append(squares, torch.mul(x, x))
    if torch.eq(c, __torch__.Color.RED):
      total2 = torch.sub(total0, 1)
    else:
      total2 = total0
    _29 = torch.add(total2, torch.len(squares))
    _30 = (torch.add(_29, torch.len(d)), torch.mul((p)[1], 2.))
    return _30
class Leaf(Module):
  __parameters__ = ["scale", ]
  __buffers__ = ["running", ]
  scale : Tensor
  running : Tensor
  training : bool
  _is_full_backward_hook : Optional[bool]
  def forward(self: __torch__.Leaf,
    x: Tensor) -> Tensor:
    scale = self.scale
    _31 = torch.mul(x, scale)
    running = self.running
    return torch.add(_31, running)
class Point(NamedTuple):
  x : int
  y : float
class Color(Enum):
  RED = 1
  GREEN = 2
class Counter:
  count : int
  history : List[int]
  def __init__(self: __torch__.Counter,
    start: int) -> NoneType:
    self.count = start
    self.history = annotate(List[int], [])
    return None
  def inc(self: __torch__.Counter,
    by: int=1) -> int:
    count = self.count
    self.count = torch.add(count, by)
    history = self.history
    count0 = self.count
    _32 = torch.append(history, count0)
    return self.count
