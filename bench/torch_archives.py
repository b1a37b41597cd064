"""PyTorch side of the archive benchmarks (and the generator of their archives).

usage: torch_archives.py OUTDIR [--generate-only]
       torch_archives.py OUTDIR --ember BUILD --ember-out FILE [--rounds N]
                                              (ember's run of each pair right after PyTorch's)
       torch_archives.py OUTDIR ... --only NAME,NAME  (those archives alone)
       torch_archives.py OUTDIR --one NAME THREADS   (times one archive; bench() runs each so)
       torch_archives.py OUTDIR --compile THREADS    (times compiling examples/fizzbuzz.py once)

       torch_archives.py OUTDIR --names              (prints the model names, one a line)

Writes OUTDIR/<name>.pt (torch.jit.save) and OUTDIR/<name>.inputs.pt if missing: the model zoo of
the latency issue: resnet18, resnet50, mobilenet_v2, efficientnet_b0, vit_b_16 and swin_t
(torchvision, scripted, eval, random weights, one 224x224 image), wav2vec2 base (torchaudio, one
second of 16 kHz audio), an LSTM module (2 layers, hidden 256, 50 steps) and a transformer encoder
(3 layers, d_model 256, 8 heads, sequence 64). Then times, for 1 and 2 threads, torch.jit.load,
the first call after load, the second call (the profiling executor optimises on it) and the
median warm call, as JSON lines {"suite": "archives", "name": "<model>.<what>", ...} (with the
1-minute load average of the machine at the time, "load1"), plus the compile time of examples/fizzbuzz.py through torch.jit.CompilationUnit.
"""
import json
import os
import statistics
import subprocess
import sys
import time

import torch
import torch.nn as nn

HERE = os.path.dirname(os.path.abspath(__file__))


class LSTMModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(64, 256, num_layers=2, batch_first=True)
        self.head = nn.Linear(256, 10)

    def forward(self, x):
        out, _ = self.lstm(x)
        return self.head(out[:, -1])


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        layer = nn.TransformerEncoderLayer(256, 8, dim_feedforward=1024, batch_first=True)
        self.enc = nn.TransformerEncoder(layer, 3)

    def forward(self, x):
        return self.enc(x)


def wav2vec2_base():
    import torchaudio
    return torchaudio.models.wav2vec2_base()


def models():
    import torchvision.models as tvm
    yield "resnet18", lambda: tvm.resnet18(), (torch.randn(1, 3, 224, 224),)
    yield "resnet50", lambda: tvm.resnet50(), (torch.randn(1, 3, 224, 224),)
    yield "mobilenet_v2", lambda: tvm.mobilenet_v2(), (torch.randn(1, 3, 224, 224),)
    yield "efficientnet_b0", lambda: tvm.efficientnet_b0(), (torch.randn(1, 3, 224, 224),)
    yield "vit_b_16", lambda: tvm.vit_b_16(), (torch.randn(1, 3, 224, 224),)
    yield "swin_t", lambda: tvm.swin_t(), (torch.randn(1, 3, 224, 224),)
    yield "wav2vec2", wav2vec2_base, (torch.randn(1, 16000),)
    yield "lstm", LSTMModel, (torch.randn(1, 50, 64),)
    yield "transformer", Encoder, (torch.randn(1, 64, 256),)


def generate(out):
    os.makedirs(out, exist_ok=True)
    torch.manual_seed(0)
    for name, make, inputs in models():
        path = os.path.join(out, name + ".pt")
        if not os.path.exists(path):
            torch.jit.save(torch.jit.script(make().eval()), path)
            torch.save(inputs, os.path.join(out, name + ".inputs.pt"))


def report(name, seconds, threads):
    print(json.dumps({"suite": "archives", "name": name, "seconds": seconds, "threads": threads,
                      "load1": round(os.getloadavg()[0], 2)}), flush=True)


def bench_one(out, name, threads):
    """Times one archive at one thread count; run in a process of its own (see bench)."""
    torch.set_num_threads(threads)
    path = os.path.join(out, name + ".pt")
    inputs = torch.load(os.path.join(out, name + ".inputs.pt"))
    with torch.no_grad():
        t0 = time.perf_counter()
        m = torch.jit.load(path)
        report(f"{name}.load", time.perf_counter() - t0, threads)
        t0 = time.perf_counter()
        m(*inputs)
        report(f"{name}.first_call", time.perf_counter() - t0, threads)
        t0 = time.perf_counter()
        m(*inputs)  # the profiling executor's second call is the one that optimises
        report(f"{name}.second_call", time.perf_counter() - t0, threads)
        for _ in range(2):
            m(*inputs)
        samples = []
        for _ in range(20):
            t0 = time.perf_counter()
            m(*inputs)
            samples.append(time.perf_counter() - t0)
        report(f"{name}.warm", statistics.median(samples), threads)


def bench_compile(threads):
    """Times the first compile of examples/fizzbuzz.py in a fresh process, as `ember run` pays it
    (a second compile in one process is warm: ~40% faster)."""
    torch.set_num_threads(threads)
    source = open(os.path.join(HERE, "..", "examples", "fizzbuzz.py")).read()
    t0 = time.perf_counter()
    torch.jit.CompilationUnit(source)
    report("fizzbuzz.compile", time.perf_counter() - t0, threads)


def pin(threads):
    """1-thread runs of both sides go to the same (last) CPU: on our VMs one vCPU can run ~1.5x
    slower than the other for minutes at a time. ember_archives.sh pins the same way."""
    return ["taskset", "-c", str(os.cpu_count() - 1)] if threads == 1 else []


def bench(out, ember_build=None, ember_out=None, rounds=1, only=None):
    # Every archive is timed in a fresh process, as `ember run` times it: a process that has
    # already run another model has its oneDNN kernels generated and its heap faulted in, which
    # took ~280 ms off resnet50's first call after resnet18 had run.
    # OpenBLAS (PyTorch's GEMMs outside oneDNN) is held to the same thread count:
    # torch.set_num_threads does not reach it.
    # With --ember BUILD, ember's process for the same archive and thread count runs right after
    # PyTorch's (bench/ember_archives.sh BUILD OUTDIR NAME THREADS), so each pair is measured in
    # the same minute: this VM's speed moves by up to 1.5x between minutes, which moved
    # resnet18's ratio from 0.42 to 0.69 when the two sides ran minutes apart. --rounds N repeats
    # every pair N times (compare.py takes the median of each figure).
    ember_sink = open(ember_out, "a") if ember_out else None
    for threads in (1, 2):
        env = dict(os.environ, OPENBLAS_NUM_THREADS=str(threads))
        subprocess.run(pin(threads) + [sys.executable, __file__, out, "--compile", str(threads)], check=True, env=env)
        if ember_build:
            run_ember(ember_build, out, "--compile", threads, ember_sink)
        for name, _, _ in models():
            if only and name not in only:
                continue
            for _ in range(rounds):
                cmd = [sys.executable, __file__, out, "--one", name, str(threads)]
                subprocess.run(pin(threads) + cmd, check=True, env=env)
                if ember_build:
                    run_ember(ember_build, out, name, threads, ember_sink)
    if ember_sink:
        ember_sink.close()


def run_ember(build, out, name, threads, sink):
    """ember's side of one pair: its JSON lines go to `sink` (and to stderr, to follow the run)."""
    script = os.path.join(HERE, "ember_archives.sh")
    res = subprocess.run(["bash", script, build, out, name, str(threads)], check=True, stdout=subprocess.PIPE, text=True)
    sink.write(res.stdout)
    sink.flush()
    sys.stderr.write(res.stdout)


def option(flag, default=None):
    return sys.argv[sys.argv.index(flag) + 1] if flag in sys.argv else default


if __name__ == "__main__":
    # OUTDIR comes first: `--help` (or no OUTDIR) would otherwise become a directory of archives.
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):
        print(__doc__)
        sys.exit(0 if "--help" in sys.argv or "-h" in sys.argv else 2)
    if "--names" in sys.argv:
        print("\n".join(name for name, _, _ in models()))
        sys.exit(0)
    if "--one" in sys.argv:
        i = sys.argv.index("--one")
        bench_one(sys.argv[1], sys.argv[i + 1], int(sys.argv[i + 2]))
        sys.exit(0)
    if "--compile" in sys.argv:
        bench_compile(int(sys.argv[sys.argv.index("--compile") + 1]))
        sys.exit(0)
    if "--ember" in sys.argv and "--ember-out" not in sys.argv:
        sys.exit("torch_archives.py: --ember BUILD needs --ember-out FILE for ember's results")
    generate(sys.argv[1])
    if "--generate-only" not in sys.argv:
        bench(sys.argv[1], option("--ember"), option("--ember-out"), int(option("--rounds", "1")),
              option("--only", "").split(",") if "--only" in sys.argv else None)
