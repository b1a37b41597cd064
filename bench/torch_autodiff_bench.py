"""PyTorch side of bench/autodiff_bench.cpp: the same MLP forward + backward, scripted and run by
PyTorch 1.13's profiling executor (which builds its own DifferentiableGraph), and `_eager` with
its graph executor optimisation off (every op records an eager autograd node). One thread."""
import json
import math

import torch
from bench_timing import warm_median


def mlp(x: torch.Tensor, w1: torch.Tensor, b1: torch.Tensor, w2: torch.Tensor, b2: torch.Tensor,
        w3: torch.Tensor, b3: torch.Tensor) -> torch.Tensor:
    h = torch.tanh(torch.matmul(x, w1) + b1)
    h = torch.tanh(torch.matmul(h, w2) + b2)
    out = torch.matmul(h, w3) + b3
    return (out * out).mean()


def run_case(batch, width, jit):
    torch._C._set_graph_executor_optimize(jit)
    scripted = torch.jit.script(mlp)
    torch.manual_seed(0)
    x = torch.randn(batch, width)
    s = 1.0 / math.sqrt(width)
    ps = [torch.randn(width, width) * s, torch.randn(width) * 0.1, torch.randn(width, width) * s,
          torch.randn(width) * 0.1, torch.randn(width, 10) * s, torch.randn(10) * 0.1]
    ps = [p.requires_grad_() for p in ps]

    def step():
        loss = scripted(x, *ps)
        torch.autograd.grad([loss], ps)

    seconds = warm_median(step, budget=0.5)
    name = f"mlp_{batch}x{width}" + ("" if jit else "_eager")
    print(json.dumps({"suite": "autodiff", "name": name, "seconds": seconds, "threads": 1}), flush=True)


def main():
    torch.set_num_threads(1)
    for batch, width in [(8, 32), (64, 256)]:
        for jit in (True, False):
            run_case(batch, width, jit)
    torch._C._set_graph_executor_optimize(True)


if __name__ == "__main__":
    main()
