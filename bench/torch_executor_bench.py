"""PyTorch side of bench/executor_bench.cpp: the small models of bench/programs (and
interp_tensor_ops) compiled fresh with torch.jit.CompilationUnit, then the first, second and third
call of forward timed one by one with PyTorch 1.13's profiling executor (its default), then the
steady-state call (median), as JSON lines compare.py reads."""
import json
import os
import time

import torch
from bench_timing import warm_median

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "programs")


def report(suite, name, seconds, threads=1):
    print(json.dumps({"suite": suite, "name": name, "seconds": seconds, "threads": threads}), flush=True)




def main():
    torch.set_num_threads(1)
    for f in sorted(os.listdir(HERE)):
        name = f[:-3]
        if not f.endswith(".py") or not (name.startswith("models_") or name == "interp_tensor_ops"):
            continue
        with torch.no_grad():
            cu = torch.jit.CompilationUnit(open(os.path.join(HERE, f)).read())
            torch.manual_seed(0)
            args = cu.inputs()
            for suite in ("exec_call1", "exec_call2", "exec_call3"):
                t0 = time.perf_counter()
                cu.forward(*args)
                report(suite, name, time.perf_counter() - t0)
            report("exec_steady", name, warm_median(lambda: cu.forward(*args)))


if __name__ == "__main__":
    main()
