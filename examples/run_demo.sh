#!/usr/bin/env bash
# Runs the README's examples against a build directory (default: build).
set -euo pipefail
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)

echo "== examples/tensor_tour.cpp: the tensor library"
"$build/bin/tensor_tour"
echo
echo "== ember ir examples/add.ir: IR text in PyTorch's format, parsed and printed canonically"
"$build/bin/ember" ir "$here/add.ir"
