"""Call overhead from Python: an ember ScriptFunction against a torch ScriptFunction on the same
small programs (a scalar function, a one-op tensor function, a module forward), timed the same
way. Prints JSON lines {"suite", "name", "seconds", "threads"} like the other benchmarks.

usage: PYTHONPATH=build/python /usr/bin/python3 bench/python_call_overhead.py {ember|torch}
"""
import json
import sys

import torch
from bench_timing import median_seconds

SOURCE = """
def add_int(a: int, b: int) -> int:
    return a + b

def relu(x: Tensor) -> Tensor:
    return torch.relu(x)

def three_ops(x: Tensor, y: Tensor) -> Tensor:
    return (x * y + x).sum()
"""


class Small(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(8, 8)

    def forward(self, x):
        return torch.relu(self.fc(x))




def report(name, seconds):
    print(json.dumps({"suite": "python_call", "name": name, "seconds": seconds, "threads": 1}), flush=True)


def main(side):
    torch.set_num_threads(1)
    if side == "ember":
        import ember
        ember.set_num_threads(1)
        cu = ember.jit.CompilationUnit(SOURCE)
        module = ember.jit.script(Small().eval())
        x_torch = torch.randn(8)
        x = ember.from_dlpack(x_torch)
    else:
        cu = torch.jit.CompilationUnit(SOURCE)
        module = torch.jit.script(Small().eval())
        x = x_torch = torch.randn(8)
    y = x
    add_int, relu, three_ops = cu.add_int, cu.relu, cu.three_ops  # the functions, looked up once
    report("add_int(int, int)", median_seconds(lambda: add_int(1, 2), inner=2000, warmup=1))
    report("relu(Tensor[8])", median_seconds(lambda: relu(x), inner=2000, warmup=1))
    report("three_ops(Tensor[8], Tensor[8])", median_seconds(lambda: three_ops(x, y), inner=2000, warmup=1))
    # torch.Tensor in and out, through DLPack on the ember side.
    report("relu(torch.Tensor[8])", median_seconds(lambda: relu(x_torch), inner=2000, warmup=1))
    with torch.no_grad():
        report("Linear+relu module(torch.Tensor[8])", median_seconds(lambda: module(x_torch), inner=2000, warmup=1))


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in ("ember", "torch"):
        sys.exit(__doc__)
    main(sys.argv[1])
