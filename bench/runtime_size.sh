#!/usr/bin/env bash
# The size of ember's runtime next to PyTorch's: libember.so (every layer, stripped as
# `cmake --install --strip` installs it) against libtorch_cpu.so of the installed PyTorch.
# Usage: bench/runtime_size.sh [BUILD_DIR]
set -euo pipefail
build=${1:-build}
lib="$build/lib/libember.so"
[[ -e "$lib" ]] || { echo "runtime_size.sh: $lib not built (EMBER_BUILD_SHARED=OFF?)" >&2; exit 1; }
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
strip -o "$tmp" "$(readlink -f "$lib")"
ember_bytes=$(stat -c %s "$tmp")
torch_lib=$(/usr/bin/python3 -c 'import os, torch; print(os.path.realpath(os.path.join(os.path.dirname(torch.__file__), "lib", "libtorch_cpu.so")))' 2>/dev/null || true)
[[ -e "$torch_lib" ]] || torch_lib=$(readlink -f /usr/lib/x86_64-linux-gnu/libtorch_cpu.so.1.13 2>/dev/null || true)
mib() { awk -v b="$1" 'BEGIN { printf "%.1f MiB", b / 1048576 }'; }
echo "libember.so (stripped): $(mib "$ember_bytes")"
if [[ -n "$torch_lib" && -e "$torch_lib" ]]; then
  torch_bytes=$(stat -c %s "$torch_lib")
  echo "libtorch_cpu.so ($torch_lib): $(mib "$torch_bytes")"
  awk -v e="$ember_bytes" -v t="$torch_bytes" 'BEGIN { printf "ratio ember/PyTorch: %.3f\n", e / t }'
fi
echo "shared libraries libember.so needs: $(readelf -d "$lib" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p' | tr '\n' ' ')"
