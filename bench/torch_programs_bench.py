"""PyTorch side of bench/programs_bench.cpp: every bench/programs/<family>_<name>.py compiled with
torch.jit.CompilationUnit, its inputs() made once, then forward timed: compile time, first call
and median warm call, per thread count, as JSON lines compare.py reads (suite = family for warm
calls, "compile" and "first_call" for the other two)."""
import json
import os
import time

import torch
from bench_timing import warm_median

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "programs")


def report(suite, name, seconds, threads):
    print(json.dumps({"suite": suite, "name": name, "seconds": seconds, "threads": threads}), flush=True)




def main():
    for threads in (1, 2):
        torch.set_num_threads(threads)
        for f in sorted(os.listdir(HERE)):
            if not f.endswith(".py"):
                continue
            name = f[:-3]
            family = name.split("_")[0]
            src = open(os.path.join(HERE, f)).read()
            with torch.no_grad():
                t0 = time.perf_counter()
                cu = torch.jit.CompilationUnit(src)
                report("compile", name, time.perf_counter() - t0, threads)
                torch.manual_seed(0)
                args = cu.inputs()
                t0 = time.perf_counter()
                cu.forward(*args)
                report("first_call", name, time.perf_counter() - t0, threads)
                report(family, name, warm_median(lambda: cu.forward(*args)), threads)


if __name__ == "__main__":
    main()
