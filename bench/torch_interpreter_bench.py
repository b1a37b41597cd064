"""PyTorch side of bench/interpreter_bench.cpp: the same TorchScript functions, the same timing."""
import json
from typing import Tuple

import torch
from torch import Tensor
from bench_timing import median_seconds




def report(name, seconds):
    print(json.dumps({"suite": "interpreter", "name": name, "seconds": seconds, "threads": 1}), flush=True)


def fizzbuzz(n: int) -> int:
    total = 0
    for i in range(n):
        if i % 15 == 0:
            total += 4
        elif i % 3 == 0:
            total += 1
        elif i % 5 == 0:
            total += 2
        else:
            total += i
    return total


def scale_loop(x: Tensor, n: int) -> Tensor:
    for _ in range(n):
        x = x * 0.5 + 1.0
    return x


def lstm_cell(x: Tensor, hx: Tensor, cx: Tensor, w_ih: Tensor, w_hh: Tensor, b_ih: Tensor,
              b_hh: Tensor) -> Tuple[Tensor, Tensor]:
    gates = x.mm(w_ih.t()) + hx.mm(w_hh.t()) + b_ih + b_hh
    ingate, forgetgate, cellgate, outgate = gates.chunk(4, 1)
    ingate = torch.sigmoid(ingate)
    forgetgate = torch.sigmoid(forgetgate)
    cellgate = torch.tanh(cellgate)
    outgate = torch.sigmoid(outgate)
    cy = (forgetgate * cx) + (ingate * cellgate)
    hy = outgate * torch.tanh(cy)
    return hy, cy


def main():
    torch.set_num_threads(1)
    fb = torch.jit.script(fizzbuzz)
    n = 100000
    report("fizzbuzz_per_iteration", median_seconds(lambda: fb(n), 3) / n)
    sl = torch.jit.script(scale_loop)
    x = torch.ones(1)
    report("tensor1_op_in_loop", median_seconds(lambda: sl(x, 1000), 20) / 2000)
    lc = torch.jit.script(lstm_cell)
    b, i, h = 1, 64, 64
    args = (torch.randn(b, i), torch.randn(b, h), torch.randn(b, h), torch.randn(4 * h, i), torch.randn(4 * h, h),
            torch.randn(4 * h), torch.randn(4 * h))
    report("lstm_cell_b1_h64", median_seconds(lambda: lc(*args), 2000))


if __name__ == "__main__":
    main()
