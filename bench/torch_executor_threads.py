"""PyTorch side of bench/executor_threads.cpp: one compiled forward (models_mlp,
models_lstm_cell_h64) warmed up, then called from 1, 2, 4 and 8 Python threads at once (TorchScript
releases the GIL while it runs), one intra-op thread; wall seconds per call, as JSON lines."""
import json
import os
import threading
import time

import torch

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "programs")


def report(suite, name, seconds, threads):
    print(json.dumps({"suite": suite, "name": name, "seconds": seconds, "threads": threads}), flush=True)


def bench(name):
    cu = torch.jit.CompilationUnit(open(os.path.join(HERE, name + ".py")).read())
    torch.manual_seed(0)
    with torch.no_grad():
        args = cu.inputs()
        t0 = time.perf_counter()
        for _ in range(5):
            cu.forward(*args)
        once = max((time.perf_counter() - t0) / 5, 1e-7)
    total = max(64, int(0.3 / once))
    for threads in (1, 2, 4, 8):
        each = max(1, total // threads)

        def work():
            with torch.no_grad():
                for _ in range(each):
                    cu.forward(*args)

        pool = [threading.Thread(target=work) for _ in range(threads)]
        t0 = time.perf_counter()
        for t in pool:
            t.start()
        for t in pool:
            t.join()
        report("exec_threads", name, (time.perf_counter() - t0) / (each * threads), threads)


def main():
    torch.set_num_threads(1)
    for name in ("models_mlp", "models_lstm_cell_h64"):
        bench(name)


if __name__ == "__main__":
    main()
