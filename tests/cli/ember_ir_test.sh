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

# --passes: the registry's passes by PyTorch's names; the expected graphs are what
# torch._C._jit_pass_constant_propagation and _jit_pass_dce print for this input.
cat > "$tmp/fold.ir" <<'IR'
graph(%x : int):
  %a : int = prim::Constant[value=2]()
  %b : int = aten::mul(%a, %a)
  %unused : int = aten::neg(%x)
  %r : int = aten::add(%x, %b)
  return (%r)
IR
want_dce='graph(%x : int):
  %a : int = prim::Constant[value=2]()
  %b : int = aten::mul(%a, %a)
  %r : int = aten::add(%x, %b)
  return (%r)'
got=$("$ember" ir "$tmp/fold.ir" --passes dce) || fail "--passes dce failed"
[ "$got" = "$want_dce" ] || fail "--passes dce printed:
$got"
got=$("$ember" ir "$tmp/fold.ir" --passes=constant_propagation,dce) || fail "--passes pipeline failed"
echo "$got" | grep -q 'prim::Constant\[value=4\]' || fail "constant_propagation did not fold 2 * 2:
$got"
echo "$got" | grep -q 'aten::mul' && fail "aten::mul survived constant_propagation:
$got"
err=$("$ember" ir "$tmp/fold.ir" --passes dce,frobnicate 2>&1 >/dev/null); status=$?
[ $status -eq 1 ] || fail "unknown pass exited with $status"
echo "$err" | grep -q "unknown pass 'frobnicate'" || fail "unknown pass not named: $err"
echo "$err" | grep -q "loop_unrolling" || fail "known passes not listed: $err"
got=$("$ember" ir "$tmp/fold.ir" --passes lint,dce --print-after-all) || fail "--print-after-all failed"
[ "$(echo "$got" | grep -c '^-- after ')" = 2 ] || fail "--print-after-all did not print twice:
$got"
echo "$got" | grep -q -- '-- after lint (unchanged) --' || fail "lint not reported unchanged:
$got"
got=$("$ember" ir "$tmp/fold.ir" --passes lint,dce --print-after-change) || fail "--print-after-change failed"
[ "$(echo "$got" | grep -c '^-- after ')" = 1 ] || fail "--print-after-change printed unchanged passes:
$got"
err=$("$ember" ir "$tmp/fold.ir" --passes dce --pass-stats 2>&1 >/dev/null) || fail "--pass-stats failed"
echo "$err" | grep -q "dce: changed, nodes 4 -> 3" || fail "--pass-stats reported: $err"
"$ember" ir "$tmp/fold.ir" --print-after-all >/dev/null 2>&1 && fail "--print-after-all without --passes accepted"
list=$("$ember" ir --list-passes) || fail "--list-passes failed"
for p in inline dce constant_propagation constant_pooling peephole loop_unrolling canonicalize lint; do
  echo "$list" | grep -q "^$p " || fail "--list-passes does not list $p:
$list"
done
# JIT logging reaches the CLI through the environment, PyTorch's syntax and prefix.
err=$(EMBER_JIT_LOG_LEVEL='>constant_propagation' "$ember" ir "$tmp/fold.ir" --passes constant_propagation 2>&1 >/dev/null)
echo "$err" | grep -q '^\[UPDATE constant_propagation.cpp:[0-9]*\] Folding aten::mul' || fail "no GRAPH_UPDATE: $err"
echo "$err" | grep -q '^\[DUMP constant_propagation.cpp:[0-9]*\] graph(%x : int):' || fail "no GRAPH_DUMP: $err"
got=$(EMBER_JIT_OPT_LIMIT='constant_propagation=0' "$ember" ir "$tmp/fold.ir" --passes constant_propagation)
echo "$got" | grep -q 'aten::mul' || fail "EMBER_JIT_OPT_LIMIT=0 did not stop folding:
$got"
echo "ember ir: all checks passed"
