#!/usr/bin/env bash
# Forward+backward of an MLP and an LSTM training step, ember against PyTorch eager and scripted,
# in one run, both pinned to the last CPU with one thread (OPENBLAS_NUM_THREADS=1); prints the
# load average next to the ratios (above 1: ember faster), then peak memory of each side.
# `make bench` runs the timings as the autograd_bench suite of run_all.sh.
set -euo pipefail
build=${1:-build}
out="$build/bench/autograd_bench"
mkdir -p "$out"
here=$(cd "$(dirname "$0")" && pwd)
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
pin=()
command -v taskset > /dev/null && pin=(taskset -c "$(( $(nproc) - 1 ))")
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
"${pin[@]}" /usr/bin/python3 "$here/torch_autograd_bench.py" "$out" > "$out/torch.jsonl"
"${pin[@]}" "$here/ember_autograd_bench.sh" "$build" "$out" > "$out/ember.jsonl"
/usr/bin/python3 "$here/compare.py" "$out/ember.jsonl" "$out/torch.jsonl"
echo
echo "peak memory (resident, one process per row):"
"${pin[@]}" /usr/bin/python3 "$here/torch_autograd_bench.py" "$out" --memory "$build"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
