#!/usr/bin/env bash
# Runs the README's examples against a build directory (default: build).
set -euo pipefail
build=${1:-build}
echo "== examples/tensor_tour.cpp"
"$build/bin/tensor_tour"
