#!/usr/bin/env bash
# Runs the README's examples against a build directory (default: build).
set -euo pipefail
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
ember="$build/bin/ember"

echo "== examples/tensor_tour.cpp: the tensor library"
"$build/bin/tensor_tour"
echo
echo "== ember run examples/fizzbuzz.py: a TorchScript source program"
"$ember" run "$here/fizzbuzz.py"
"$ember" run "$here/fizzbuzz.py" --method count --repeat 20
echo
echo "== ember run examples/small_model.pt: an archive PyTorch saved (examples/make_small_model.py)"
"$ember" info "$here/small_model.pt"
"$ember" run "$here/small_model.pt" --inputs "$here/small_input.pt"
echo
echo "== examples/embed_model.cpp: the same archive from C++"
"$build/bin/embed_model" "$here/small_model.pt"
echo
echo "== ember ir examples/add.ir: IR text in PyTorch's format, parsed and printed canonically"
"$ember" ir "$here/add.ir"
