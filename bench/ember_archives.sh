#!/usr/bin/env bash
# ember side of the archive benchmarks (bench/torch_archives.py writes the archives): `ember run
# --json` per archive and thread count, turned into the JSON lines compare.py reads. An archive
# ember cannot run yet is reported on stderr and left out.
#
# usage: ember_archives.sh BUILD DIR                  every archive at 1 and 2 threads
#        ember_archives.sh BUILD DIR NAME THREADS     one archive (NAME --compile: the source
#                                                     compile); torch_archives.py --ember runs
#                                                     each pair so, right after PyTorch's
set -uo pipefail
build=$1
dir=$2
here=$(cd "$(dirname "$0")" && pwd)
ember="$build/bin/ember"
line() { printf '{"suite": "archives", "name": "%s", "seconds": %s, "threads": %s}\n' "$1" "$2" "$3"; }
last_cpu=$(( $(nproc) - 1 ))

# 1-thread runs go to the last CPU, as torch_archives.py pins PyTorch's (vCPUs differ in speed).
pinned() {
  if [[ $1 == 1 ]]; then shift; taskset -c "$last_cpu" "$@"; else shift; "$@"; fi
}

# Compile time of a source program: the load time `ember run` reports for it.
time_compile() {
  local threads=$1 json
  json=$(pinned "$threads" "$ember" run "$here/../examples/fizzbuzz.py" --threads "$threads" --json | tail -n 1)
  line fizzbuzz.compile "$(/usr/bin/python3 -c "import json, sys; print(json.loads(sys.argv[1])['load_ms'] / 1e3)" "$json")" "$threads"
}

time_archive() {
  local name=$1 threads=$2 json
  json=$(pinned "$threads" "$ember" run "$dir/$name.pt" --inputs "$dir/$name.inputs.pt" \
         --warmup 3 --repeat 20 --threads "$threads" --no-grad --json 2>/dev/null | tail -n 1)
  if [[ "$json" != \{* ]]; then
    echo "ember cannot run $name.pt yet" >&2
    return
  fi
  /usr/bin/python3 -c "
import json, os, sys
j = json.loads(sys.argv[1])
for what, key in (('load', 'load_ms'), ('first_call', 'first_call_ms'), ('second_call', 'second_call_ms'),
                  ('warm', 'median_ms')):
    print(json.dumps({'suite': 'archives', 'name': sys.argv[2] + '.' + what, 'seconds': j[key] / 1e3,
                      'threads': int(sys.argv[3]), 'load1': round(os.getloadavg()[0], 2)}))" "$json" "$name" "$threads"
}

if [[ $# -ge 4 ]]; then
  if [[ $3 == --compile ]]; then time_compile "$4"; else time_archive "$3" "$4"; fi
  exit 0
fi
for threads in 1 2; do
  time_compile "$threads"
  for name in $(/usr/bin/python3 "$here/torch_archives.py" "$dir" --names); do
    time_archive "$name" "$threads"
  done
done
