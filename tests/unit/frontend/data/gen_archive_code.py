#!/usr/bin/python3
"""Regenerates archive_code/<model>/...: the code/*.py files that torch.jit.save writes for a few
scripted modules (PyTorch 1.13), so the parser is tested on real archive source.

Run: /usr/bin/python3 gen_archive_code.py
"""
import os
import shutil
import tempfile
import zipfile
from enum import Enum
from typing import Dict, List, NamedTuple, Optional, Tuple

import torch
import torch.nn as nn

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "archive_code")


class Point(NamedTuple):
    x: int
    y: float


class Color(Enum):
    RED = 1
    GREEN = 2


@torch.jit.script
class Counter:
    def __init__(self, start: int):
        self.count = start
        self.history: List[int] = []

    def inc(self, by: int = 1) -> int:
        self.count += by
        self.history.append(self.count)
        return self.count


@torch.jit.interface
class OneInterface(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        pass


class Leaf(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(3))
        self.register_buffer("running", torch.zeros(3))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x * self.scale + self.running


class ControlFlow(nn.Module):
    limit: torch.jit.Final[int]

    def __init__(self):
        super().__init__()
        self.limit = 4
        self.leaf = Leaf()
        self.seq = nn.Sequential(nn.Linear(3, 3), nn.ReLU())
        self.items = nn.ModuleList([nn.Linear(3, 3), nn.Tanh()])
        self.table: Dict[str, int] = {"a": 1, "odd-name": 2}
        self.sub: OneInterface = Leaf()

    @torch.jit.export
    def helper(self, xs: List[int], p: Point, c: Color) -> Tuple[int, float]:
        total = 0
        for i, v in enumerate(xs):
            if v % 2 == 0 and i < self.limit:
                total += v
            elif v > 10:
                break
            else:
                continue
        while total > 100:
            total = total // 2
        d = {k: v * 2 for k, v in self.table.items()}
        squares = [x * x for x in xs]
        if c == Color.RED:
            total -= 1
        return total + len(squares) + len(d), p.y * 2.0

    def forward(self, x: torch.Tensor, mask: Optional[torch.Tensor] = None, n: int = 2) -> torch.Tensor:
        counter = Counter(0)
        y = self.leaf(x)
        for m in self.items:
            y = m(y)
        y = self.seq(y) + self.sub(y)
        if mask is not None:
            y = y.masked_fill(mask, -1e9)
        s = "tab\there \"quoted\" \x01"
        if not torch.jit.is_scripting():
            print(s)
        assert y.dim() > 0, "need at least 1-d"
        if y.size(0) == 0:
            raise ValueError("empty input: " + s)
        with torch.no_grad():
            z = y[1:, ..., None] if y.dim() > 1 else y[::2]
        fut = torch.jit.fork(torch.relu, y)
        r = torch.jit.wait(fut)
        t, u = self.helper([1, 2, 3], Point(1, 2.0), Color.GREEN)
        for _ in range(n):
            counter.inc(t)
        return r + z.sum() * u + counter.count + float("inf") - 2 ** -1 + (3 // 2) + (7 % 3)


MODULES = {
    "lstm": lambda: nn.LSTM(4, 8, num_layers=2, batch_first=True),
    "transformer_encoder_layer": lambda: nn.TransformerEncoderLayer(d_model=8, nhead=2, dim_feedforward=16),
    "control_flow": ControlFlow,
    "gru_cell": lambda: nn.GRUCell(3, 5),
}


def main():
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    os.makedirs(OUT)
    tmp = tempfile.mkdtemp()
    for name, make in MODULES.items():
        module = torch.jit.script(make())
        path = os.path.join(tmp, name + ".pt")
        torch.jit.save(module, path)
        with zipfile.ZipFile(path) as z:
            for entry in z.namelist():
                parts = entry.split("/")
                if len(parts) >= 2 and parts[1] == "code" and entry.endswith(".py"):
                    dest = os.path.join(OUT, name, *parts[2:])
                    os.makedirs(os.path.dirname(dest), exist_ok=True)
                    with open(dest, "wb") as f:
                        f.write(z.read(entry))


if __name__ == "__main__":
    main()
