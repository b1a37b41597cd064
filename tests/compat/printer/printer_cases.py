"""Functions and modules whose printed code (PyTorch 1.13's `.code` and archive `code/` files) the
printer's differential test compares against; gen_code.py scripts them. The corpus programs under
tests/compat/programs/corpus are used too; these add what the corpus lacks: modules, Final
constants, parameters and buffers, submodule calls, long lines and names that collide."""
import enum
from typing import Dict, List, NamedTuple, Optional, Tuple

import torch
from torch import Tensor
from torch.jit import Final

FUNCTIONS = []


def case(fn):
    FUNCTIONS.append(fn)
    return fn


@case
def long_chain(x: Tensor, y: Tensor) -> Tensor:
    return torch.relu(torch.relu(torch.relu(x + y * 2 - 1) + 1111111111) * 3) + torch.sigmoid(y)


@case
def names_collide(x: Tensor, x0: int, _0: int) -> Tensor:
    x = x + x0
    x = x * _0
    for _ in range(x0):
        x = x - 1
    return x


@case
def reserved_names(inf: float, ops: int, nan: float) -> float:
    fork = inf + ops
    return fork * nan


@case
def keyword_args(x: Tensor) -> Tensor:
    a = torch.add(x, x, alpha=2)
    b = torch.sum(x, dim=[0], keepdim=True)
    c = torch.zeros([2, 3], dtype=torch.float64)
    d = torch.full([2], 1.5)
    e = x.to(torch.float32)
    return a + b.sum() + c.sum() + d.sum() + e.sum()


@case
def mutation_order(x: Tensor, y: Tensor) -> Tensor:
    z = torch.cat([x.add_(1), y * 2 + 3 * y - x * y / 4 + x * x * x], 0)
    return z


@case
def optional_flow(x: Optional[Tensor], n: int) -> Tensor:
    if x is None:
        x = torch.zeros([n])
    y: Optional[int] = None
    for i in range(n):
        if i > 2:
            y = i
    if y is not None:
        return x + y
    return x


@case
def while_break(n: int) -> int:
    s = 0
    while True:
        n -= 1
        if n < 0:
            break
        if n % 2 == 0:
            continue
        s += n
    return s


@case
def containers(xs: List[int], d: Dict[str, Tensor]) -> Tuple[List[int], Dict[str, Tensor], int]:
    ys: List[int] = []
    for x in xs:
        ys.append(x * 2)
    e: Dict[str, Tensor] = {}
    for k, v in d.items():
        e[k + "!"] = v
    ls: List[Optional[int]] = [1, None]
    t = (1, "a", 2.5)
    a, b, c = t
    return ys[1:], e, len(ls) + a


@case
def strings_and_floats(s: str) -> str:
    t = "tab\there \"q\" 'single' back\\slash\n"
    u = s.replace("a", "b") + t + str(1e-5) + str(3.14159) + str(1e300)
    return u.format(1, 2.0)


@case
def tuple_unpack_single(t: Tuple[int]) -> int:
    a, = t
    return a


@case
def raise_and_assert(x: int) -> int:
    assert x > 0
    if x > 10:
        raise ValueError("too big: " + str(x))
    return x


@case
def tensor_constant_and_device(x: Tensor) -> Tensor:
    y = x.to(device=torch.device("cpu"))
    return y + torch.tensor([1, 2, 3]).sum()


class Point(NamedTuple):
    x: int
    y: List[float]


@case
def named_tuple(n: int) -> Point:
    p = Point(n, [1.0])
    return Point(p.x + 1, p.y)


class Counter:
    def __init__(self, start: int):
        self.value = start

    def bump(self, by: int) -> int:
        self.value += by
        return self.value


@case
def use_class(n: int) -> int:
    c = Counter(n)
    return c.bump(2)


class Color(enum.Enum):
    RED = 1
    GREEN = 2


class Ratio(enum.Enum):
    HALF = 0.5
    WHOLE = 1.0


class Label(enum.Enum):
    A = "a"
    B = "b c"


# ---- modules ----

MODULES = []


def module_case(cls):
    MODULES.append(cls)
    return cls


class Leaf(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.ones(2))
        self.register_buffer("buf", torch.zeros(2))

    def forward(self, x: Tensor) -> Tensor:
        return x * self.w + self.buf


@module_case
class Simple(torch.nn.Module):
    def forward(self, x: Tensor) -> Tensor:
        return torch.relu(x)


@module_case
class WithParams(torch.nn.Module):
    scale: Final[int] = 3
    names: Final[Tuple[str, str]] = ("a", "b")
    ratio: Final[float] = 0.25

    def __init__(self):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.ones(2))
        self.leaf = Leaf()
        self.count = 0
        self.f = 1.5
        self.flag: Optional[int] = None

    def forward(self, x: Tensor) -> Tensor:
        self.count += 1
        y = self.leaf(x) + self.weight * self.scale * self.ratio
        if self.flag is not None:
            y = y + self.flag
        return y + self.helper(y, 4)

    @torch.jit.export
    def helper(self, x: Tensor, k: int = 2) -> int:
        return k + self.count + len(self.names)


@module_case
class Containers(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.ModuleList([Leaf(), Leaf()])
        self.seq = torch.nn.Sequential(torch.nn.ReLU(), torch.nn.Sigmoid())
        self.table = {"a": 1, "b": 2}

    def forward(self, x: Tensor) -> Tensor:
        for layer in self.layers:
            x = layer(x)
        x = self.seq(x)
        return x * self.table["a"]


@module_case
class Linear(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 2)
        self.conv = torch.nn.Conv2d(1, 2, 3)

    def forward(self, x: Tensor, img: Tensor) -> Tuple[Tensor, Tensor]:
        return self.lin(x), self.conv(img)


@module_case
class UsesEnumsAndTuples(torch.nn.Module):
    def forward(self, n: int) -> Point:
        c = Color.RED
        if c == Color.GREEN:
            n += 1
        r = Ratio.HALF
        return Point(n + len(Label.B.value), [r.value])
