#!/usr/bin/env bash
# ember as a dependency, tested as a C++ user would use it (issue: install, shared library, CMake
# package, pkg-config). Installs the build tree into a fresh prefix, then, with nothing from the
# source tree on any include path:
#   1. builds examples/consumer with find_package(ember) and runs an archive PyTorch saved; the
#      result is compared with PyTorch's own (torch.jit.load) by compare_outputs.py;
#   2. builds the same program with `pkg-config --cflags --libs ember`, after moving the prefix
#      (the installed tree is relocatable);
#   3. checks libember.so: versioned SONAME, and no exported symbol outside ember's namespace.
# Usage: install_consumer_test.sh SOURCE_DIR BUILD_DIR PYTHON
set -euo pipefail
src=$1 build=$2 python=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$work/prefix" >"$work/install.log" || { cat "$work/install.log"; fail "cmake --install"; }
prefix=$work/prefix
for f in include/ember/jit.h include/ember/tensor.h bin/ember; do
  [[ -e "$prefix/$f" ]] || fail "not installed: $f"
done
libdir=$(dirname "$(find "$prefix" -name 'libember.so' | head -1)")
[[ -n "$libdir" && -e "$libdir/libember.so" ]] || fail "libember.so not installed"
[[ -e "$libdir/cmake/ember/emberConfig.cmake" && -e "$libdir/cmake/ember/emberConfigVersion.cmake" ]] ||
  fail "CMake package files missing under $libdir/cmake/ember"
[[ -e "$libdir/pkgconfig/ember.pc" ]] || fail "ember.pc missing"

# 1. find_package(ember) from an out-of-tree project.
cmake -S "$src/examples/consumer" -B "$work/consumer" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$prefix" >"$work/configure.log" || { cat "$work/configure.log"; fail "configure consumer"; }
cmake --build "$work/consumer" >"$work/build.log" 2>&1 || { cat "$work/build.log"; fail "build consumer"; }
grep -q -- "$src/include" "$work/consumer/build.ninja" && fail "consumer build reads ember's source tree"
"$work/consumer/consumer" "$src/examples/small_model.pt" "$src/examples/small_input.pt" "$work/out_cmake.pt" >/dev/null
"$python" "$src/tests/install/compare_outputs.py" "$src/examples/small_model.pt" "$src/examples/small_input.pt" "$work/out_cmake.pt"

# A version the package does not provide is refused.
cat >"$work/wrong_version.cmake" <<CMAKE
find_package(ember 99.0 QUIET PATHS "$prefix" NO_DEFAULT_PATH)
if(ember_FOUND)
  message(FATAL_ERROR "ember 99.0 accepted")
endif()
CMAKE
cmake -P "$work/wrong_version.cmake" || fail "version check"

# 2. pkg-config, from a moved prefix.
mv "$prefix" "$work/moved"
prefix=$work/moved
libdir=$(dirname "$(find "$prefix" -name 'libember.so' | head -1)")
export PKG_CONFIG_PATH="$libdir/pkgconfig"
flags=$(pkg-config --cflags --libs ember)
incdir=$(pkg-config --variable=includedir ember)
[[ "$(realpath "$incdir")" == "$(realpath "$prefix/include")" ]] ||
  fail "pkg-config's include directory does not follow the moved prefix: $incdir"
# shellcheck disable=SC2086
c++ -O1 "$src/examples/consumer/consumer.cpp" -o "$work/consumer_pc" $flags -Wl,-rpath,"$libdir"
"$work/consumer_pc" "$src/examples/small_model.pt" "$src/examples/small_input.pt" "$work/out_pc.pt" >/dev/null
"$python" "$src/tests/install/compare_outputs.py" "$src/examples/small_model.pt" "$src/examples/small_input.pt" "$work/out_pc.pt"

# 2b. The Python package (when it was built), imported from the moved prefix with nothing from
# the build tree on the path: it must find libember.so through its own RPATH.
if [[ -d "$build/python/ember" ]]; then
  [[ -e "$prefix/python/ember/__init__.py" ]] || fail "the Python package is not installed under python/ember"
  PYTHONPATH="$prefix/python" "$python" - "$src/examples/small_model.pt" "$src/examples/small_input.pt" "$prefix" <<'PY' ||
import sys
import ember
import torch
archive, inputs, prefix = sys.argv[1:]
assert ember.__file__.startswith(prefix), ember.__file__
args = torch.load(inputs)
ours, theirs = ember.jit.load(archive)(*args), torch.jit.load(archive)(*args)
assert torch.allclose(ours, theirs, atol=1e-6), (ours, theirs)
PY
    fail "the installed Python package does not run the example archive"
fi

# 3. The shared library's interface.
soname=$(readelf -d "$libdir/libember.so" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
[[ "$soname" =~ ^libember\.so\.[0-9]+$ ]] || fail "unversioned SONAME '$soname'"
foreign=$(nm -D --defined-only "$libdir/libember.so" | awk '{print $3}' | c++filt |
          grep -v -E '^((typeinfo( name)?|vtable|VTT|guard variable|(non-)?virtual thunk) (for|to) )?ember::|^EMBER_0$' || true)
[[ -z "$foreign" ]] || fail "libember.so exports symbols outside namespace ember:
$(echo "$foreign" | head -20)"
echo "install test passed: $(nm -D --defined-only "$libdir/libember.so" | wc -l) exported symbols, SONAME $soname"
