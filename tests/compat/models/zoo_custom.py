"""Custom modules for the zoo: control flow, every attribute type, script classes, NamedTuples,
enums, interfaces, __getstate__/__setstate__, containers, exported methods, and the archive
variants (traced, frozen, optimized for inference, lite)."""
from enum import Enum
from typing import Dict, List, NamedTuple, Optional, Tuple

import torch
import torch.nn as nn


class Color(Enum):
    RED = 1
    GREEN = 2


class Point(NamedTuple):
    x: torch.Tensor
    n: int


@torch.jit.script
class Counter:
    def __init__(self, start: int):
        self.count = start

    def bump(self, by: int) -> int:
        self.count += by
        return self.count


@torch.jit.interface
class Scaler(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        pass


class Doubler(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x * 2


class ControlFlow(nn.Module):
    def forward(self, x: torch.Tensor, n: int) -> torch.Tensor:
        acc = torch.zeros_like(x)
        i = 0
        while i < n:
            if i % 3 == 0:
                acc = acc + x * i
            elif i % 3 == 1:
                acc = acc - x
            else:
                continue_ = i > 4
                if continue_:
                    break
            i += 1
        for k in range(2):
            acc = acc * 0.5 + k
        return acc


class Attrs(nn.Module):
    """One attribute of each TorchScript type, all read in forward."""
    __constants__ = ["scale"]
    point: Point

    def __init__(self):
        super().__init__()
        self.scale = 3
        self.f = 0.25
        self.s = "text"
        self.b = True
        self.li = [1, 2, 3]
        self.lf = [0.5, 1.5]
        self.ls = ["a", "b"]
        self.lt = [torch.ones(2), torch.zeros(2)]
        self.d = {"a": 1, "b": 2}
        self.dt = {"w": torch.arange(2.0)}
        self.t = (1, "two", 3.0)
        self.o: Optional[int] = None
        self.color = Color.GREEN
        self.point = Point(torch.ones(2), 4)
        self.counter = Counter(10)
        self.dev = torch.device("cpu")
        self.register_buffer("buf", torch.arange(4.0))
        self.w = nn.Parameter(torch.randn(4))

    def forward(self, x: torch.Tensor) -> Tuple[torch.Tensor, int, str, List[str], Dict[str, int], float]:
        y = x * self.scale + self.f + self.buf + self.w
        if self.b and self.o is None:
            y = y + sum(self.li)
        for t in self.lt:
            y = y + t.sum()
        y = y + self.dt["w"].sum() + self.point.x.sum() * self.point.n
        if self.color == Color.GREEN:
            y = y + 1
        n = self.counter.bump(2) + self.d["b"] + self.t[0]
        return y, n, self.s + self.t[1], self.ls + [self.dev.type], self.d, self.lf[1] + self.t[2]


class WithState(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.randn(3)
        self.n = 2
        self.scale = 0.0

    @torch.jit.export
    def __getstate__(self) -> Tuple[torch.Tensor, int, bool]:
        return self.w, self.n, self.training

    @torch.jit.export
    def __setstate__(self, state: Tuple[torch.Tensor, int, bool]):
        self.w = state[0]
        self.n = state[1]
        self.training = state[2]
        self.scale = float(state[1]) * 1.5  # not in the state: only __setstate__ makes it

    def forward(self, x):
        return x * self.w + self.n * self.scale


class Containers(nn.Module):
    def __init__(self):
        super().__init__()
        self.seq = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3))
        self.blocks = nn.ModuleList([nn.Linear(3, 3) for _ in range(3)])
        self.heads = nn.ModuleDict({"a": nn.Linear(3, 2), "b": nn.Linear(3, 2)})
        self.iface: Scaler = Doubler()

    def forward(self, x):
        y = self.seq(x)
        for b in self.blocks:
            y = torch.tanh(b(y))
        y = self.iface.forward(y)
        return self.heads["a"](y) + self.heads["b"](y)


class Exported(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)

    @torch.jit.export
    def scaled(self, x: torch.Tensor, k: float = 2.0) -> torch.Tensor:
        return self.lin(x) * k

    def forward(self, x):
        return self.scaled(x, 3.0)


class ScriptClassUser(nn.Module):
    def forward(self, x: torch.Tensor) -> Point:
        c = Counter(1)
        c.bump(5)
        return Point(x + c.count, c.bump(1))


class Strings(nn.Module):
    def forward(self, words: List[str]) -> Tuple[str, Dict[str, int], List[str]]:
        counts: Dict[str, int] = {}
        for w in words:
            counts[w.lower()] = counts.get(w.lower(), 0) + 1
        joined = "-".join([w.upper() for w in words])
        return joined, counts, sorted(counts.keys())


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(8, 16)
        self.fc2 = nn.Linear(16, 4)

    def forward(self, x):
        return torch.softmax(self.fc2(torch.relu(self.fc1(x))), dim=-1)


def cases(zoo):
    x4 = torch.randn(2, 4)
    zoo.add("custom_control_flow", torch.jit.script(ControlFlow()), (torch.randn(3), 7))
    zoo.add("custom_attrs", torch.jit.script(Attrs()), (torch.randn(4),))
    zoo.add("custom_getstate", torch.jit.script(WithState()), (torch.randn(3),))
    zoo.add("custom_containers", torch.jit.script(Containers()), (x4,))
    zoo.add("custom_exported", torch.jit.script(Exported()), (torch.randn(2, 3), 0.5), method="scaled")
    zoo.add("custom_exported_forward", torch.jit.script(Exported()), (torch.randn(2, 3),))
    zoo.add("custom_script_class", torch.jit.script(ScriptClassUser()), (torch.randn(2),))
    zoo.add("custom_strings", torch.jit.script(Strings()), (["Ab", "c", "AB", "de"],))
    zoo.add("custom_mlp_traced", torch.jit.trace(MLP().eval(), torch.randn(3, 8)), (torch.randn(5, 8),))
    zoo.add("custom_mlp_frozen", torch.jit.freeze(torch.jit.script(MLP().eval())), (torch.randn(5, 8),))
    zoo.add("custom_mlp_optimized", torch.jit.optimize_for_inference(torch.jit.script(MLP().eval())),
            (torch.randn(5, 8),))
    zoo.add("custom_mlp_lite", torch.jit.script(MLP()), (torch.randn(5, 8),), lite=True)
    zoo.add("custom_containers_traced", torch.jit.trace(Containers().eval(), x4), (torch.randn(3, 4),))
