#!/usr/bin/env bash
# `make bench`: every benchmark, ember and PyTorch 1.13 side by side in the same run.
set -euo pipefail
build=${1:-build}
out="$build/bench"
mkdir -p "$out"
torch_py=/usr/bin/python3
here=$(cd "$(dirname "$0")" && pwd)

suites=(tensor_ops linalg_conv nn_ops seq_ops interpreter_bench programs_bench executor_bench executor_threads fuser_bench autodiff_bench autograd_bench archives)
# Suites whose cases all run on one thread: both sides pinned to the last vCPU (the vCPUs of the
# project's VMs differ in speed by up to ~1.8x for minutes at a time; archives pin likewise).
single_thread_suites=" interpreter_bench executor_bench fuser_bench autodiff_bench "
last_cpu=$(( $(nproc) - 1 ))
n=${#suites[@]}
: > "$out/ember.jsonl"
: > "$out/torch.jsonl"
i=0
for s in "${suites[@]}"; do
  i=$((i + 1))
  if [[ $s == archives ]]; then  # each archive's pair of processes run back to back, N rounds
    echo "[$i/$n] $s: PyTorch and ember, pair by pair" >&2
    : > "$out/ember_archives.jsonl"
    "$torch_py" "$here/torch_archives.py" "$out/$s" --ember "$build" --ember-out "$out/ember_archives.jsonl" \
      --rounds "${EMBER_BENCH_ROUNDS:-5}" | tee -a "$out/torch.jsonl" >&2
    cat "$out/ember_archives.jsonl" >> "$out/ember.jsonl"
    continue
  fi
  if [[ -x "$here/ember_$s.sh" ]]; then  # suites driven through the ember CLI
    echo "[$i/$n] $s: PyTorch (and the archives)" >&2
    "$torch_py" "$here/torch_$s.py" "$out/$s" | tee -a "$out/torch.jsonl" >&2
    echo "[$i/$n] $s: ember" >&2
    "$here/ember_$s.sh" "$build" "$out/$s" | tee -a "$out/ember.jsonl" >&2
    continue
  fi
  pin=()
  [[ $single_thread_suites == *" $s "* ]] && command -v taskset > /dev/null && pin=(taskset -c "$last_cpu")
  echo "[$i/$n] $s: ember" >&2
  "${pin[@]}" "$build/bin/ember_bench_$s" | tee -a "$out/ember.jsonl" >&2
  echo "[$i/$n] $s: PyTorch" >&2
  "${pin[@]}" "$torch_py" "$here/torch_$s.py" | tee -a "$out/torch.jsonl" >&2
done
# Call overhead from Python (needs the Python package in $build/python).
if [[ -d "$build/python/ember" ]]; then
  echo "[python] call overhead: ember, then PyTorch" >&2
  pin=()
  command -v taskset > /dev/null && pin=(taskset -c "$last_cpu")
  PYTHONPATH="$build/python" "${pin[@]}" "$torch_py" "$here/python_call_overhead.py" ember | tee -a "$out/ember.jsonl" >&2
  "${pin[@]}" "$torch_py" "$here/python_call_overhead.py" torch | tee -a "$out/torch.jsonl" >&2
fi
echo >&2
"$torch_py" "$here/compare.py" "$out/ember.jsonl" "$out/torch.jsonl" --json "$out/results.json" \
  --markdown "$out/results.md"
echo "results written to $out/results.json and $out/results.md"
echo
"$here/runtime_size.sh" "$build" || true
