"""PyTorch side of bench/fuser_bench.cpp: the same chains over 16M float32 elements, one thread.

`<chain>_16M` is the TorchScript function run by PyTorch 1.13's default (profiling) executor,
which does not fuse on CPU by default; `<chain>_16M_eager` is the plain Python function.
"""
import json

import torch
from bench_timing import median_seconds

N = 1 << 24




def report(name, seconds):
    print(json.dumps({"suite": "fuser", "name": name, "seconds": seconds, "threads": 1}), flush=True)


def chain10(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return (torch.sqrt(torch.relu((a * b + a) * 0.5 - b) + 1) * a - b) * 0.25


def tanh_sigmoid(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return torch.sigmoid(torch.tanh(a) * b) + torch.tanh(b)


def bias_relu(x: torch.Tensor, w: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
    return torch.relu(x * w + bias)


def axpb(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return (a + b) * 0.5 - 1.0


def softmax_rows(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return torch.softmax(a * b + a, dim=-1)


def sum_rows(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return torch.sum(torch.tanh(a) * b - a, dim=-1)


def lstm_cell(gates: torch.Tensor, cx: torch.Tensor):
    i, f, g, o = gates.chunk(4, 1)
    cy = torch.sigmoid(f) * cx + torch.sigmoid(i) * torch.tanh(g)
    hy = torch.sigmoid(o) * torch.tanh(cy)
    return hy, cy


def cat_dim1(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return torch.cat([torch.tanh(a) * b, a - b], 1)


def main():
    torch.set_num_threads(1)
    torch.manual_seed(0)
    with torch.no_grad():
        a, b = torch.randn(N), torch.randn(N)
        cases = [(chain10, (a, b)), (tanh_sigmoid, (a, b)), (axpb, (a, b)),
                 (bias_relu, (torch.randn(4096, 4096), torch.randn(4096), torch.randn(4096))),
                 (softmax_rows, (a.view(4096, 4096), b.view(4096, 4096))),
                 (sum_rows, (a.view(4096, 4096), b.view(4096, 4096))),
                 (lstm_cell, (torch.randn(4096, 4096), torch.randn(4096, 1024))),
                 (cat_dim1, (a.view(4096, 4096)[:, :2048].contiguous(), b.view(4096, 4096)[:, :2048].contiguous()))]
        for fn, args in cases:
            scripted = torch.jit.script(fn)
            for _ in range(3):
                scripted(*args)
            report(fn.__name__ + "_16M", median_seconds(lambda: scripted(*args)))
            report(fn.__name__ + "_16M_eager", median_seconds(lambda: fn(*args)))


if __name__ == "__main__":
    main()
