"""Per-shape convolution table: every distinct conv2d shape of the model zoo's convolution nets
(resnet18, resnet50, mobilenet_v2, efficientnet_b0 on one 224x224 image, and resnet18 on one
64x64 image), timed in ember and in PyTorch in the same run, each on the same pinned CPU with
OpenBLAS held to the same thread count, with GFLOP/s as a share of the core's FMA peak measured
by the ember side in the same run (before and after the shapes). Times are process CPU time
(see conv_shapes.cpp): at one thread, the call's time without the time spent preempted.

usage: conv_shapes.py BUILD [--threads N] [--json FILE]
       conv_shapes.py --torch SHAPES THREADS   (PyTorch's side; the driver runs it)

Prints a markdown table (time per call, ember/PyTorch, ember's % of peak, ember's backend, and
each shape's share of every model's convolution time) and per-model totals, with the load average.
"""
import collections
import json
import os
import subprocess
import sys
import statistics
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MODELS = [("resnet18", 224), ("resnet50", 224), ("mobilenet_v2", 224), ("efficientnet_b0", 224), ("resnet18", 64)]


def zoo_shapes():
    """{shape tuple: {model label: count}} from forward hooks on every nn.Conv2d."""
    import torch
    import torchvision.models as tvm
    shapes = collections.OrderedDict()
    for name, size in MODELS:
        label = f"{name}@{size}"
        model = getattr(tvm, name)().eval()

        def hook(mod, inputs, _out, label=label):
            n, c, h, w = inputs[0].shape
            key = (n, c, h, w, mod.out_channels, *mod.kernel_size, *mod.stride, *mod.padding, mod.groups)
            assert mod.dilation == (1, 1), "dilated convolutions are not in the table"
            shapes.setdefault(key, collections.Counter())[label] += 1

        for m in model.modules():
            if isinstance(m, torch.nn.Conv2d):
                m.register_forward_hook(hook)
        with torch.no_grad():
            model(torch.randn(1, 3, size, size))
    return shapes


def flops(key):
    n, c, h, w, o, kh, kw, sh, sw, ph, pw, g = key
    oh = (h + 2 * ph - kh) // sh + 1
    ow = (w + 2 * pw - kw) // sw + 1
    return 2.0 * n * o * oh * ow * (c // g) * kh * kw


def cpu_median(fn, budget=0.3, rounds=7):
    """Median process CPU seconds per call (as the ember side measures: wall time on a shared
    machine is mostly time spent preempted)."""
    t0 = time.process_time()
    fn()
    once = max(time.process_time() - t0, 1e-7)
    inner = max(1, int(budget / rounds / once))
    samples = []
    for _ in range(rounds):
        t0 = time.process_time()
        for _ in range(inner):
            fn()
        samples.append((time.process_time() - t0) / inner)
    return statistics.median(samples)


def torch_side(path, threads):
    import torch
    import torch.nn.functional as F
    torch.set_num_threads(threads)
    with open(path) as f, torch.no_grad():
        for line in f:
            n, c, h, w, o, kh, kw, sh, sw, ph, pw, g = map(int, line.split())
            x = torch.randn(n, c, h, w)
            wt = torch.randn(o, c // g, kh, kw)
            s = cpu_median(lambda: F.conv2d(x, wt, None, (sh, sw), (ph, pw), 1, g))
            print(json.dumps({"suite": "conv_shapes", "name": line.strip(), "seconds": s, "threads": threads}),
                  flush=True)


def run(cmd, threads):
    env = dict(os.environ, OPENBLAS_NUM_THREADS=str(threads), OMP_NUM_THREADS=str(threads))
    pin = ["taskset", "-c", str(os.cpu_count() - 1)] if threads == 1 else []
    out = subprocess.run(pin + cmd, check=True, env=env, capture_output=True, text=True).stdout
    return [json.loads(l) for l in out.splitlines() if l.startswith("{")]


def main():
    build = sys.argv[1]
    threads = int(sys.argv[sys.argv.index("--threads") + 1]) if "--threads" in sys.argv else 1
    shapes = zoo_shapes()
    with tempfile.NamedTemporaryFile("w", suffix=".shapes", delete=False) as f:
        for key in shapes:
            f.write(" ".join(map(str, key)) + "\n")
        path = f.name
    load_before = os.getloadavg()[0]
    ember = run([os.path.join(build, "bin", "ember_bench_conv_shapes"), path, str(threads)], threads)
    torch_rows = run([sys.executable, __file__, "--torch", path, str(threads)], threads)
    load_after = os.getloadavg()[0]
    os.unlink(path)
    peak = max(r["gflops"] for r in ember if r["name"].startswith("fma_peak"))
    peaks = [r["gflops"] for r in ember if r["name"].startswith("fma_peak")]
    e = {r["name"]: r for r in ember if "seconds" in r}
    t = {r["name"]: r["seconds"] for r in torch_rows}
    labels = [f"{n}@{s}" for n, s in MODELS]
    totals = {l: [0.0, 0.0] for l in labels}
    rows = []
    for key, counts in shapes.items():
        k = " ".join(map(str, key))
        es, ts = e[k]["seconds"], t[k]
        for l, cnt in counts.items():
            totals[l][0] += cnt * es
            totals[l][1] += cnt * ts
        rows.append((key, counts, es, ts, e[k]["backend"]))
    print(f"threads {threads}; FMA peak {peak:.1f} GFLOP/s (runs: {', '.join(f'{p:.1f}' for p in peaks)}); "
          f"load average {load_before:.2f} before, {load_after:.2f} after")
    print()
    print("| n c h w -> o | k s p g | used by | GFLOP | ember ms | PyTorch ms | ember/PyTorch | ember % peak "
          "| PyTorch % peak | ember backend | share of ember conv time |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for key, counts, es, ts, backend in rows:
        n, c, h, w, o, kh, kw, sh, sw, ph, pw, g = key
        gf = flops(key) / 1e9
        used = ", ".join(f"{l}x{cnt}" for l, cnt in counts.items())
        share = max(cnt * es / totals[l][0] for l, cnt in counts.items())
        print(f"| {n}x{c}x{h}x{w} -> {o} | {kh}x{kw} s{sh} p{ph} g{g} | {used} | {gf:.3f} | {es * 1e3:.3f} | "
              f"{ts * 1e3:.3f} | {es / ts:.2f} | {100 * gf / es / peak:.0f}% | {100 * gf / ts / peak:.0f}% | "
              f"{backend} | {100 * share:.1f}% |")
    print()
    print("| model | ember conv ms | PyTorch conv ms | ember/PyTorch | ember % peak |")
    print("|---|---|---|---|---|")
    for l in labels:
        gf = sum(flops(k) * c[l] for k, c in shapes.items()) / 1e9
        es, ts = totals[l]
        print(f"| {l} | {es * 1e3:.2f} | {ts * 1e3:.2f} | {es / ts:.2f} | {100 * gf / es / peak:.0f}% |")
    if "--json" in sys.argv:
        with open(sys.argv[sys.argv.index("--json") + 1], "w") as f:
            json.dump({"threads": threads, "peak": peak, "rows": [
                {"shape": list(k), "ember": es, "torch": ts, "backend": b} for k, _, es, ts, b in rows]}, f)


if __name__ == "__main__":
    if "--torch" in sys.argv:
        i = sys.argv.index("--torch")
        torch_side(sys.argv[i + 1], int(sys.argv[i + 2]))
    else:
        main()
