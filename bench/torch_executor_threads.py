"""PyTorch side of bench/executor_threads.cpp: one compiled forward (models_mlp,
models_lstm_cell_h64) and one scripted module's forward (mlp_module: models_mlp as an nn.Module)
warmed up, then called from 1, 2, 4 and 8 Python threads at once (TorchScript releases the GIL
while it runs), one intra-op thread; wall seconds per call, as JSON lines."""
import json
import os
import threading
import time

import torch

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "programs")


def report(suite, name, seconds, threads):
    print(json.dumps({"suite": suite, "name": name, "seconds": seconds, "threads": threads}), flush=True)


def bench_threads(name, call):
    with torch.no_grad():
        t0 = time.perf_counter()
        for _ in range(5):
            call()
        once = max((time.perf_counter() - t0) / 5, 1e-7)
    total = max(64, int(0.3 / once))
    for threads in (1, 2, 4, 8):
        each = max(1, total // threads)

        def work():
            with torch.no_grad():
                for _ in range(each):
                    call()

        pool = [threading.Thread(target=work) for _ in range(threads)]
        t0 = time.perf_counter()
        for t in pool:
            t.start()
        for t in pool:
            t.join()
        report("exec_threads", name, (time.perf_counter() - t0) / (each * threads), threads)


def bench(name):
    cu = torch.jit.CompilationUnit(open(os.path.join(HERE, name + ".py")).read())
    torch.manual_seed(0)
    with torch.no_grad():
        args = cu.inputs()
    bench_threads(name, lambda: cu.forward(*args))


class MLP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(128, 256)
        self.fc2 = torch.nn.Linear(256, 256)
        self.fc3 = torch.nn.Linear(256, 10)

    def forward(self, x):
        h = torch.relu(self.fc1(x))
        h = torch.relu(self.fc2(h))
        return torch.softmax(self.fc3(h), -1)


def main():
    torch.set_num_threads(1)
    for name in ("models_mlp", "models_lstm_cell_h64"):
        bench(name)
    module = torch.jit.script(MLP().eval())
    x = torch.rand(1, 128)
    bench_threads("mlp_module", lambda: module(x))


if __name__ == "__main__":
    main()
