#!/usr/bin/python3
"""PyTorch side of the autograd benchmark: forward + backward of one training step of an MLP
(3 Linear + relu, cross-entropy) and of an LSTM (nn.LSTM's aten::lstm, 1 layer), eager and
scripted (bench/autograd_bench_programs.py), one thread. Writes the programs' inputs to DIR for
ember (bench/ember_autograd_bench.sh) and prints JSON lines for compare.py.

usage: torch_autograd_bench.py DIR [--names]
"""
import json
import os
import sys
import time

os.environ["OPENBLAS_NUM_THREADS"] = "1"  # before torch loads OpenBLAS
import torch  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "autograd_bench_programs.py")


def inputs():
    g = torch.Generator().manual_seed(0)
    def p(*shape, scale=0.1):
        return (torch.randn(*shape, generator=g) * scale).requires_grad_()
    mlp = (torch.randn(64, 256, generator=g), torch.randint(0, 10, (64,), generator=g),
           p(512, 256), p(512), p(512, 512), p(512), p(10, 512), p(10))
    T, B, I, H = 32, 16, 64, 128
    lstm = (torch.randn(T, B, I, generator=g), torch.zeros(1, B, H), torch.zeros(1, B, H),
            p(4 * H, I), p(4 * H, H), p(4 * H), p(4 * H), p(H, 1))
    return {"mlp_step": mlp, "lstm_step": lstm}


def median_seconds(fn, args, warmup=3, repeat=20):
    for _ in range(warmup):
        fn(*args)
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn(*args)
        times.append(time.perf_counter() - t0)
    times.sort()
    return times[len(times) // 2]


def eager_mlp_step(x, t, w1, b1, w2, b2, w3, b3):
    F = torch.nn.functional
    h = torch.relu(F.linear(x, w1, b1))
    h = torch.relu(F.linear(h, w2, b2))
    loss = F.cross_entropy(F.linear(h, w3, b3), t)
    loss.backward()
    return loss.detach()


def eager_lstm_step(x, h0, c0, w_ih, w_hh, b_ih, b_hh, w_out):
    out, hn, cn = torch.lstm(x, [h0, c0], [w_ih, w_hh, b_ih, b_hh], True, 1, 0.0, True, False, False)
    loss = out.matmul(w_out).pow(2.0).mean()
    loss.backward()
    return loss.detach()


def main():
    out_dir = sys.argv[1]
    data = inputs()
    if "--names" in sys.argv:
        print(" ".join(data))
        return
    torch.set_num_threads(1)
    if hasattr(os, "sched_setaffinity"):  # the CPU ember_autograd_bench.sh pins to
        os.sched_setaffinity(0, {os.cpu_count() - 1})
    os.makedirs(out_dir, exist_ok=True)
    for name, args in data.items():
        torch.save(list(args), os.path.join(out_dir, name + ".inputs.pt"))
    cu = torch.jit.CompilationUnit(open(SOURCE).read())
    eager = {"mlp_step": eager_mlp_step, "lstm_step": eager_lstm_step}
    for name, args in data.items():
        for kind, fn in (("eager", eager[name]), ("scripted", getattr(cu, name))):
            secs = median_seconds(fn, args)
            print(json.dumps({"suite": "autograd_bench", "name": f"{name}.{kind}", "seconds": secs, "threads": 1}))


if __name__ == "__main__":
    main()
