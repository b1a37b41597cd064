#!/usr/bin/env bash
# `ember ops`: the registered schemas sorted in PyTorch's syntax, --filter, and --missing against
# a schema list (absent names listed, present ones not, a summary count), errors for bad input.
set -u
ember=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$ember" ops > "$tmp/all.txt" || fail "ember ops failed"
[ "$(wc -l < "$tmp/all.txt")" -gt 1000 ] || fail "fewer than 1000 operators listed"
LC_ALL=C sort -c "$tmp/all.txt" || fail "the list is not sorted"
grep -qxF 'aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor' "$tmp/all.txt" ||
  fail "aten::add.Tensor missing or not in PyTorch's syntax"
grep -qxF 'aten::view(Tensor(a) self, SymInt[] size) -> Tensor(a)' "$tmp/all.txt" || fail "aten::view not listed"
grep -q '^prim::' "$tmp/all.txt" || fail "no prim:: operators listed"
grep -qxF 'torchvision::nms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor' "$tmp/all.txt" ||
  fail "torchvision::nms not listed"

"$ember" ops --filter aten::max > "$tmp/max.txt" || fail "--filter failed"
grep -qv '^aten::max' "$tmp/max.txt" && fail "--filter let other names through"
grep -qxF 'aten::max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)' "$tmp/max.txt" ||
  fail "--filter aten::max lacks aten::max.dim"

cat > "$tmp/ref.txt" <<'SCHEMAS'
# a comment, then a blank line

aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
aten::no_such_op.overload(Tensor self) -> Tensor
aten::add.no_such_overload(Tensor self, Foo bar) -> Tensor
prim::no_such_prim(int a) -> int
aten::view(Tensor(a) self, SymInt[] size) -> Tensor(a)
SCHEMAS
out=$("$ember" ops --missing "$tmp/ref.txt") || fail "--missing failed"
expected='aten::add.no_such_overload(Tensor self, Foo bar) -> Tensor
aten::no_such_op.overload(Tensor self) -> Tensor
prim::no_such_prim(int a) -> int
# missing 3 of 5 operators; ember registers 2 (40.0%)'
[ "$out" = "$expected" ] || fail "unexpected --missing output:
$out"
out=$("$ember" ops --missing "$tmp/ref.txt" --filter aten::) || fail "--missing --filter failed"
echo "$out" | grep -q prim:: && fail "--filter did not apply to --missing"
echo "$out" | tail -n 1 | grep -qxF '# missing 2 of 4 operators; ember registers 2 (50.0%)' || fail "wrong filtered summary: $out"

printf 'not a schema line\n' > "$tmp/bad.txt"
err=$("$ember" ops --missing "$tmp/bad.txt" 2>&1 >/dev/null); status=$?
[ $status -eq 1 ] || fail "a malformed list exited with $status"
echo "$err" | grep -q "bad.txt:1: not a schema" || fail "error does not name the line: $err"
"$ember" ops --missing "$tmp/absent.txt" >/dev/null 2>&1 && fail "a missing file was accepted"
"$ember" ops --bogus >/dev/null 2>&1 && fail "unknown option accepted"
"$ember" ops stray >/dev/null 2>&1 && fail "stray argument accepted"
"$ember" ops --help | grep -q "usage: ember ops" || fail "no --help"
"$ember" --help | grep -q "^  ops " || fail "ops not listed in ember --help"
echo "ember ops: all checks passed"
