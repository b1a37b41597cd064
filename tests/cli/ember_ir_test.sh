#!/usr/bin/env bash
# `ember ir`: canonical reprint of good IR, exit status 1 and a located error on bad IR,
# errors for unknown options.
set -u
ember=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

cat > "$tmp/good.ir" <<'IR'
graph(%x.1 : Tensor,   %y : int):
  %2 : int = prim::Constant[value=1]() # <string>:3:8
  %z : Tensor = aten::add(%x.1, %y, %2)
  return (%z)
IR
expected='graph(%x.1 : Tensor,
      %y : int):
  %2 : int = prim::Constant[value=1]()
  %z : Tensor = aten::add(%x.1, %y, %2)
  return (%z)'
out=$("$ember" ir "$tmp/good.ir") || fail "good IR was rejected"
[ "$out" = "$expected" ] || fail "unexpected reprint:
$out"

printf 'graph(%%x : Tensor):\n  %%y : Tensor = aten::neg(%%w)\n  return (%%y)\n' > "$tmp/bad.ir"
err=$("$ember" ir "$tmp/bad.ir" 2>&1 >/dev/null); status=$?
[ $status -eq 1 ] || fail "bad IR exited with $status"
echo "$err" | grep -q "line 2" || fail "error does not name the line: $err"
echo "$err" | grep -q "undefined value %w" || fail "error does not name the problem: $err"

"$ember" ir --bogus "$tmp/good.ir" >/dev/null 2>&1 && fail "unknown option accepted"
"$ember" ir "$tmp/missing.ir" >/dev/null 2>&1 && fail "missing file accepted"
"$ember" ir --help | grep -q "usage: ember ir" || fail "no --help"
# Type verbosity levels, as PyTorch prints them with PYTORCH_JIT_TYPE_VERBOSITY=0..3.
cat > "$tmp/typed.ir" <<'IR'
graph(%x : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu), %n : int):
  %y : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu) = aten::relu(%x)
  return (%y)
IR
want0='graph(%x,
      %n):
  %y = aten::relu(%x)
  return (%y)'
want1='graph(%x : Float(2, 3),
      %n : int):
  %y : Float(2, 3) = aten::relu(%x)
  return (%y)'
want2='graph(%x : Float(2, 3, strides=[3, 1]),
      %n : int):
  %y : Float(2, 3, strides=[3, 1]) = aten::relu(%x)
  return (%y)'
want3='graph(%x : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu),
      %n : int):
  %y : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu) = aten::relu(%x)
  return (%y)'
for level in 0 1 2 3; do
  eval "want=\$want$level"
  got=$(EMBER_JIT_TYPE_VERBOSITY=$level "$ember" ir "$tmp/typed.ir") || fail "verbosity $level: rejected"
  [ "$got" = "$want" ] || fail "verbosity $level printed:
$got"
done
got=$(PYTORCH_JIT_TYPE_VERBOSITY=1 "$ember" ir "$tmp/typed.ir")
[ "$got" = "$want1" ] || fail "PYTORCH_JIT_TYPE_VERBOSITY is not honoured"
echo "ember ir: all checks passed"
