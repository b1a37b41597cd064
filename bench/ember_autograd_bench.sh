#!/usr/bin/env bash
# ember side of the autograd benchmark (bench/torch_autograd_bench.py writes the inputs): each
# training step of bench/autograd_bench_programs.py through `ember run --json`, one thread pinned
# to the last CPU as the PyTorch side is,
# reported under both PyTorch names (eager and scripted) so compare.py prints both ratios.
set -uo pipefail
build=$1
dir=$2
here=$(cd "$(dirname "$0")" && pwd)
export OPENBLAS_NUM_THREADS=1
pin=()
command -v taskset > /dev/null && pin=(taskset -c "$(( $(nproc) - 1 ))")
for name in $(/usr/bin/python3 "$here/torch_autograd_bench.py" "$dir" --names); do
  json=$("${pin[@]}" "$build/bin/ember" run "$here/autograd_bench_programs.py" --method "$name" --inputs "$dir/$name.inputs.pt" \
         --warmup 3 --repeat 20 --threads 1 --json 2>/dev/null | tail -n 1)
  if [[ "$json" != \{* ]]; then
    echo "ember cannot run $name yet" >&2
    continue
  fi
  /usr/bin/python3 -c "
import json, sys
j = json.loads(sys.argv[1])
for kind in ('eager', 'scripted'):
    print(json.dumps({'suite': 'autograd_bench', 'name': sys.argv[2] + '.' + kind, 'seconds': j['median_ms'] / 1e3, 'threads': 1}))" \
    "$json" "$name"
done
