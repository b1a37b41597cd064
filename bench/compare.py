#!/usr/bin/env python3
"""Lines up ember's and PyTorch's benchmark results and prints ratios.

usage: compare.py EMBER.jsonl TORCH.jsonl [--json OUT.json] [--markdown OUT.md]

Each input holds JSON lines {"suite", "name", "seconds", "threads"}; a case with several lines
(the archives' rounds) counts as the median of them. The ratio is PyTorch's
time over ember's: above 1 means ember is faster. Per suite the geometric mean of the ratios
is printed. Derived figures (bandwidth fractions) are printed for the cases that define them,
and per archive the warm ember/PyTorch and first/warm ratios, each the median of its rounds'
paired ratios, against the latency issue's bounds.
--markdown writes the same as one table per suite, the form docs/performance.md uses.
"""
import json
import math
import statistics
import sys


def load_samples(path):
    """{(suite, name, threads): [seconds, ...]} in the order measured (the archives' rounds)."""
    samples = {}
    with open(path) as fh:
        for line in fh:
            line = line.strip()
            if line.startswith("{"):
                r = json.loads(line)
                samples.setdefault((r["suite"], r["name"], r["threads"]), []).append(r["seconds"])
    return samples


def fmt_time(s):
    if s is None:
        return "-"
    for unit, scale in (("s", 1), ("ms", 1e-3), ("us", 1e-6), ("ns", 1e-9)):
        if s >= scale:
            return f"{s / scale:.3g} {unit}"
    return f"{s / 1e-9:.3g} ns"


def derived(ember):
    """Memory-bandwidth fraction of the 16M add relative to a stream copy (3 vs 2 streams)."""
    out = []
    for (suite, name, threads), secs in ember.items():
        if name == "add_16M_f32":
            copy = ember.get((suite, "stream_copy_16M_f32", threads))
            if copy:
                frac = (3 / secs) / (2 / copy)
                out.append(f"add_16M_f32 at {threads} thread(s): {100 * frac:.0f}% of stream-copy bandwidth")
    out += gemm_rates(ember)
    return out


def gemm_rates(ember, torch_rows=None):
    """sgemm 1024: ember's GFLOP/s against each library alone (bench/linalg_conv.cpp)."""
    out = []
    flops = 2.0 * 1024 ** 3
    for (suite, name, threads), secs in sorted(ember.items()):
        if suite != "linalg" or name != "mm_1024_f32":
            continue
        libs = {lib: ember.get((suite, f"raw_{lib}_sgemm_1024", threads)) for lib in ("openblas", "onednn")}
        libs = {k: flops / v / 1e9 for k, v in libs.items() if v}
        if not libs:
            continue
        rate = flops / secs / 1e9
        best = max(libs.values())
        detail = ", ".join(f"{k} {v:.1f}" for k, v in libs.items())
        out.append(f"sgemm 1024 at {threads} thread(s): ember {rate:.1f} GFLOP/s = {100 * rate / best:.0f}% of the "
                   f"best library ({detail} GFLOP/s)")
    return out


# Bytes each fuser chain reads and writes per element (bench/fuser_bench.cpp).
FUSER_BYTES = {"chain10": 12, "tanh_sigmoid": 12, "axpb": 12, "bias_relu": 8, "softmax_rows": 12, "sum_rows": 8,
               "lstm_cell": 7}


def fuser_rates(ember, torch_rows):
    """Achieved GB/s of each fuser chain against the STREAM triad measured in the same run."""
    out = []
    triad = ember.get(("fuser", "stream_triad_16M_f32", 1))
    if not triad:
        return out
    triad_rate = 12 * (1 << 24) / triad / 1e9
    out.append(f"fuser: STREAM triad {triad_rate:.1f} GB/s (one thread)")
    for chain, per in FUSER_BYTES.items():
        def rate(rows, name):
            s = rows.get(("fuser", name, 1))
            return per * (1 << 24) / s / 1e9 if s else None
        parts = []
        for label, rows, name in (("ember fused", ember, f"{chain}_16M"), ("ember unfused", ember, f"{chain}_16M_unfused"),
                                  ("PyTorch scripted", torch_rows, f"{chain}_16M"),
                                  ("PyTorch eager", torch_rows, f"{chain}_16M_eager")):
            r = rate(rows, name)
            if r:
                parts.append(f"{label} {r:.1f} GB/s ({100 * r / triad_rate:.0f}% of triad)")
        compile_s = ember.get(("fuser", f"compile_{chain}", 1))
        if compile_s:
            parts.append(f"compile {compile_s * 1e6:.0f} us")
        if parts:
            out.append(f"fuser {chain}: " + ", ".join(parts))
    return out


# The latency issue's bounds for the model zoo at one thread: ember/PyTorch warm latency at most
# 0.5 for the conv nets and small transformers, 0.85 for the two large vision transformers (the
# LSTM has none), and a first call at most twice the warm one.
ZOO_WARM_BOUND = {"resnet18": 0.5, "resnet50": 0.5, "mobilenet_v2": 0.5, "efficientnet_b0": 0.5, "transformer": 0.5,
                  "wav2vec2": 0.5, "vit_b_16": 0.85, "swin_t": 0.85}


def paired_ratio(top, bottom):
    """The median of top[i] / bottom[i]: measurements taken in pairs (the archives' rounds run
    PyTorch's process, then ember's, and a process's first and warm calls come from the same
    minute), so each ratio sees one state of the machine. None without a full set of pairs."""
    if not top or not bottom or len(top) != len(bottom):
        return None
    return statistics.median(a / b for a, b in zip(top, bottom))


def archive_summary(ember_samples, torch_samples):
    """Per model and thread count: warm ember/PyTorch and first call / warm call on both sides,
    each the median of its rounds' ratios, with the bound it is held to."""
    out = []
    models = sorted({(name.rsplit(".", 1)[0], threads) for (suite, name, threads) in ember_samples
                     if suite == "archives" and name.endswith(".warm")}, key=lambda m: (m[1], m[0]))
    for model, threads in models:
        get = lambda rows, what: rows.get(("archives", f"{model}.{what}", threads))
        warm = paired_ratio(get(ember_samples, "warm"), get(torch_samples, "warm"))
        first = paired_ratio(get(ember_samples, "first_call"), get(ember_samples, "warm"))
        torch_first = paired_ratio(get(torch_samples, "first_call"), get(torch_samples, "warm"))
        if first is None:
            continue
        parts = []
        if warm is not None:
            bound = ZOO_WARM_BOUND.get(model) if threads == 1 else None
            verdict = f" ({'within' if warm <= bound else 'over'} {bound})" if bound else ""
            parts.append(f"warm ember/PyTorch {warm:.2f}{verdict}")
        parts.append(f"first/warm ember {first:.2f} ({'within' if first <= 2 else 'over'} 2)")
        if torch_first is not None:
            parts.append(f"PyTorch {torch_first:.2f}")
        rounds = len(get(ember_samples, "warm"))
        out.append(f"{model} at {threads} thread(s), median of {rounds} round(s): " + ", ".join(parts))
    return out


def take_option(args, flag):
    """Removes `flag VALUE` from args and returns VALUE (None when absent)."""
    if flag not in args:
        return None
    i = args.index(flag)
    value = args[i + 1]
    del args[i:i + 2]
    return value


def write_markdown(path, results, suites, notes):
    with open(path, "w") as fh:
        for suite in sorted({r["suite"] for r in results}):
            fh.write(f"### {suite}\n\n| case | threads | ember | PyTorch | ratio |\n| --- | --- | --- | --- | --- |\n")
            for r in (r for r in results if r["suite"] == suite):
                ratio = f"{r['ratio']:.2f}x" if r["ratio"] else "-"
                fh.write(f"| `{r['name']}` | {r['threads']} | {fmt_time(r['ember_s'])} | {fmt_time(r['pytorch_s'])} "
                         f"| {ratio} |\n")
            if suite in suites:
                fh.write(f"\nGeometric mean of the ratios: {geomean(suites[suite]):.2f}x\n")
            fh.write("\n")
        for line in notes:
            fh.write(f"- {line}\n")


def geomean(ratios):
    return math.exp(sum(map(math.log, ratios)) / len(ratios))


def main():
    args = sys.argv[1:]
    out_json = take_option(args, "--json")
    out_md = take_option(args, "--markdown")
    # A case measured several times (the archives' rounds) counts as the median of them.
    ember_samples, torch_samples = load_samples(args[0]), load_samples(args[1])
    ember = {key: statistics.median(v) for key, v in ember_samples.items()}
    torch_rows = {key: statistics.median(v) for key, v in torch_samples.items()}
    keys = sorted(set(ember) | set(torch_rows))
    print(f"{'suite':<10} {'case':<28} {'thr':>3} {'ember':>10} {'pytorch':>10} {'ratio':>7}")
    suites, results = {}, []
    for key in keys:
        e, t = ember.get(key), torch_rows.get(key)
        ratio = t / e if e and t else None
        if ratio:
            suites.setdefault(key[0], []).append(ratio)
        results.append({"suite": key[0], "name": key[1], "threads": key[2], "ember_s": e, "pytorch_s": t,
                        "ratio": ratio})
        print(f"{key[0]:<10} {key[1]:<28} {key[2]:>3} {fmt_time(e):>10} {fmt_time(t):>10} "
              f"{(f'{ratio:.2f}x' if ratio else '-'):>7}")
    for suite, ratios in suites.items():
        print(f"geometric mean ratio ({suite}): {geomean(ratios):.2f}x  (PyTorch time / ember time)")
    notes = derived(ember) + fuser_rates(ember, torch_rows) + archive_summary(ember_samples, torch_samples)
    for line in notes:
        print(line)
    if out_md:
        write_markdown(out_md, results, suites, notes)
    if out_json:
        with open(out_json, "w") as fh:
            json.dump(results, fh, indent=1)


if __name__ == "__main__":
    main()
