#!/usr/bin/python3
"""PyTorch side of the autograd benchmark: forward + backward of one training step of an MLP
(3 Linear + relu, cross-entropy) and of an LSTM (nn.LSTM's aten::lstm, 1 layer), eager and
scripted (bench/autograd_bench_programs.py), one thread. Writes the programs' inputs to DIR for
ember (bench/ember_autograd_bench.sh) and prints JSON lines for compare.py.

usage: torch_autograd_bench.py DIR [--names]
       torch_autograd_bench.py DIR --memory BUILD

--memory: peak resident memory (MB) of a process that runs 5 steps of each case, PyTorch eager,
scripted and `ember run`, next to that of the same process after setup only (inputs loaded,
the program compiled, no step run): the difference is what the steps (forward, saved tensors,
backward) added. Run after the timing mode wrote the inputs.
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


def memory(out_dir, build):
    me = os.path.abspath(__file__)
    ember = os.path.join(build, "bin", "ember")
    rows = []
    for name in inputs():
        inputs_file = os.path.join(out_dir, name + ".inputs.pt")
        for kind in ("eager", "scripted"):
            base = peak_one([sys.executable, me, out_dir, "--step", name, kind, "0"])
            peak = peak_one([sys.executable, me, out_dir, "--step", name, kind, "5"])
            rows.append((name, "pytorch " + kind, base, peak))
        base = peak_one([ember, "run", SOURCE, "--method", name, "--inputs", inputs_file, "--threads", "1"],
                        ember_setup_only=True)
        peak = peak_one([ember, "run", SOURCE, "--method", name, "--inputs", inputs_file, "--threads", "1",
                         "--warmup", "4"])
        rows.append((name, "ember", base, peak))
    print(f"{'case':12} {'runtime':18} {'setup MB':>9} {'peak MB':>9} {'steps MB':>9}")
    for name, who, base, peak in rows:
        print(f"{name:12} {who:18} {base:9.1f} {peak:9.1f} {peak - base:9.1f}")


def peak_one(cmd, ember_setup_only=False):
    """Peak RSS (MB) of one child, measured by a fresh Python so children do not mix."""
    import subprocess
    if ember_setup_only:
        # `ember run` always makes one call: its setup-only figure runs a method that returns
        # at once (the empty `noop` of a temporary copy of the source).
        import tempfile
        src = open(SOURCE).read() + "\n\ndef noop() -> int:\n    return 0\n"
        tmp = tempfile.NamedTemporaryFile("w", suffix=".py", delete=False)
        tmp.write(src)
        tmp.close()
        cmd = [cmd[0], "run", tmp.name, "--method", "noop", "--threads", "1"]
    code = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, "
            "stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); "
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code] + cmd, check=True, capture_output=True, text=True).stdout
    return int(out.strip()) / 1024.0


def step_only(out_dir, name, kind, steps):
    torch.set_num_threads(1)
    args = torch.load(os.path.join(out_dir, name + ".inputs.pt"))
    cu = torch.jit.CompilationUnit(open(SOURCE).read())
    fn = getattr(cu, name) if kind == "scripted" else {"mlp_step": eager_mlp_step, "lstm_step": eager_lstm_step}[name]
    for _ in range(steps):
        fn(*args)


def main():
    out_dir = sys.argv[1]
    if "--step" in sys.argv:
        i = sys.argv.index("--step")
        step_only(out_dir, sys.argv[i + 1], sys.argv[i + 2], int(sys.argv[i + 3]))
        return
    if "--memory" in sys.argv:
        memory(out_dir, sys.argv[sys.argv.index("--memory") + 1])
        return
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
