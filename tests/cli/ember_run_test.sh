#!/usr/bin/env bash
# `ember run`, `compile`, `code`, `graph`, `info`, `bench` as a user runs them, checked against
# PyTorch 1.13 (/usr/bin/python3): the same source and archive run by both, ember's saved
# outputs and archives read by PyTorch, and errors that exit 1 with a clear message.
set -u
ember=$1
py=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

cat > "$tmp/prog.py" <<'EOF'
def forward(x: Tensor, n: int, scale: float) -> Tuple[Tensor, List[int]]:
    ys: List[int] = []
    for i in range(n):
        if i % 2 == 0:
            ys.append(i * i)
    return x * scale + len(ys), ys

def greet(name: str, times: int = 2) -> str:
    return ", ".join([name] * times)

def boom(x: int) -> int:
    if x > 1:
        raise ValueError("x is too big")
    return x
EOF

# Inputs and PyTorch's results for the source, through torch.jit.CompilationUnit.
$py - "$tmp" <<'EOF' || fail "PyTorch could not prepare the fixtures"
import sys, torch
d = sys.argv[1]
cu = torch.jit.CompilationUnit(open(f"{d}/prog.py").read())
x = torch.arange(6.0).view(2, 3)
torch.save((x, 5, 0.5), f"{d}/in.pt")
print(cu.forward(x, 5, 0.5), file=open(f"{d}/forward.txt", "w"))
torch.save(cu.forward(x, 5, 0.5), f"{d}/forward_expected.pt")
torch.save(("ab",), f"{d}/greet_in.pt")
print(cu.greet("ab"), file=open(f"{d}/greet.txt", "w"))
torch.save((3,), f"{d}/boom_in.pt")
EOF

# Printing as Python prints the result.
out=$("$ember" run "$tmp/prog.py" --inputs "$tmp/in.pt") || fail "ember run failed"
[ "$out" = "$(cat "$tmp/forward.txt")" ] || fail "printed result differs from PyTorch:
ember:   $out
PyTorch: $(cat "$tmp/forward.txt")"
out=$("$ember" run "$tmp/prog.py" --method greet --inputs "$tmp/greet_in.pt") || fail "greet failed"
[ "$out" = "$(cat "$tmp/greet.txt")" ] || fail "greet printed '$out'"

# --save-outputs: torch.load reads what ember wrote.
"$ember" run "$tmp/prog.py" --inputs "$tmp/in.pt" --save-outputs "$tmp/out.pt" || fail "--save-outputs failed"
$py -c "
import sys, torch
a, e = torch.load('$tmp/out.pt'), torch.load('$tmp/forward_expected.pt')
sys.exit(0 if torch.equal(a[0], e[0]) and a[1] == e[1] else 1)" || fail "saved outputs differ from PyTorch's"

# --json: one JSON object on the last line.
last=$("$ember" run "$tmp/prog.py" --inputs "$tmp/in.pt" --warmup 2 --repeat 5 --threads 1 --json | tail -n 1)
echo "$last" | $py -c "
import json, sys
j = json.loads(sys.stdin.read())
keys = {'load_ms', 'first_call_ms', 'second_call_ms', 'median_ms', 'min_ms', 'p90_ms', 'repeat', 'threads'}
sys.exit(0 if keys <= j.keys() and j['repeat'] == 5 and j['threads'] == 1 and j['min_ms'] <= j['p90_ms']
         and j['second_call_ms'] > 0 else 1)" \
  || fail "bad --json line: $last"

# --profile: the operator table on stderr (the result still on stdout); shapes with
# --profile-shapes. The source's forward runs aten::mul and aten::add once per call (with the
# fuser off: once specialised, they run inside one prim::TensorExprGroup).
prof=$(EMBER_FUSION=off "$ember" run "$tmp/prog.py" --inputs "$tmp/in.pt" --repeat 3 --threads 1 --profile 2>&1 >/dev/null)
echo "$prof" | grep -Eq "^aten::mul +3 " || fail "--profile lacks aten::mul called 3 times: $prof"
echo "$prof" | grep -q "total time in operators" || fail "--profile lacks its total: $prof"
prof=$(EMBER_FUSION=off "$ember" run "$tmp/prog.py" --inputs "$tmp/in.pt" --profile-shapes 2>&1 >/dev/null)
echo "$prof" | grep -Eq "^aten::mul +\[2, 3\], \[\] +1 " || fail "--profile-shapes lacks aten::mul on [2, 3]: $prof"

# A program that raises: exit 1 with the TorchScript traceback.
err=$("$ember" run "$tmp/prog.py" --method boom --inputs "$tmp/boom_in.pt" 2>&1 >/dev/null); status=$?
[ $status -eq 1 ] || fail "raising program exited with $status"
echo "$err" | grep -q "x is too big" || fail "error lacks the message: $err"
echo "$err" | grep -q "Traceback of TorchScript" || fail "error lacks the traceback: $err"

# An archive PyTorch saved that raises: the traceback shows the archive's code and, from its
# .debug_pkl records, the original Python source lines, as PyTorch prints them.
cat > "$tmp/raiser.py" <<'EOF'
import sys, torch
class M(torch.nn.Module):
    def forward(self, x):
        return self.helper(x + 1)
    def helper(self, y):
        return torch.mm(y, y)
torch.jit.save(torch.jit.script(M()), sys.argv[1] + "/raiser.pt")
torch.save((torch.ones(2, 3),), sys.argv[1] + "/raiser_in.pt")
EOF
$py "$tmp/raiser.py" "$tmp" || fail "PyTorch could not save the raising module"
err=$("$ember" run "$tmp/raiser.pt" --inputs "$tmp/raiser_in.pt" 2>&1 >/dev/null); [ $? -eq 1 ] || fail "no failure"
echo "$err" | grep -q "Traceback of TorchScript, serialized code" || fail "no serialized-code traceback: $err"
echo "$err" | grep -q "Traceback of TorchScript, original code" || fail "no original-code traceback: $err"
echo "$err" | grep -q 'raiser.py", line 6' || fail "original traceback lacks the source line: $err"
echo "$err" | grep -q "mat1 and mat2 shapes cannot be multiplied" || fail "wrong message: $err"

# compile: PyTorch loads the archive and gets the same results.
"$ember" compile "$tmp/prog.py" -o "$tmp/prog.pt" || fail "ember compile failed"
$py -c "
import sys, torch
m = torch.jit.load('$tmp/prog.pt')
x, n, s = torch.load('$tmp/in.pt')
a, e = m(x, n, s), torch.load('$tmp/forward_expected.pt')
sys.exit(0 if torch.equal(a[0], e[0]) and a[1] == e[1] and m.greet('ab') == 'ab, ab' else 1)" \
  || fail "PyTorch does not run the compiled archive like the source"

# The compiled archive through ember again: run, code, graph, info.
out=$("$ember" run "$tmp/prog.pt" --inputs "$tmp/in.pt") || fail "run of the archive failed"
[ "$out" = "$(cat "$tmp/forward.txt")" ] || fail "archive result differs: $out"
"$ember" code "$tmp/prog.pt" | grep -q "def forward(self" || fail "ember code lacks forward"
"$ember" graph "$tmp/prog.pt" | grep -q "prim::Loop" || fail "ember graph lacks the loop"
"$ember" graph "$tmp/prog.py" --optimized --inputs "$tmp/in.pt" | grep -q "^graph(" || fail "optimized graph"
"$ember" info "$tmp/prog.pt" | grep -q "forward(__torch__.PlaceholderModule self" || fail "ember info lacks forward"
"$ember" bench "$tmp/prog.pt" --inputs "$tmp/in.pt" --repeat 3 --warmup 1 --no-torch | grep -q "^median" \
  || fail "ember bench printed no median"

# Every subcommand: --help exits 0, unknown options and missing targets exit 1.
for cmd in run graph code compile info bench ir; do
  "$ember" $cmd --help > /dev/null || fail "$cmd --help failed"
  "$ember" $cmd --no-such-flag x > /dev/null 2>&1; [ $? -eq 1 ] || fail "$cmd accepted an unknown flag"
done
for cmd in run graph code info bench; do
  err=$("$ember" $cmd "$tmp/missing.pt" 2>&1); [ $? -eq 1 ] || fail "$cmd on a missing file did not exit 1"
  echo "$err" | grep -q "missing.pt" || fail "$cmd error does not name the file: $err"
done
err=$("$ember" run "$tmp/prog.py" --method nope 2>&1); [ $? -eq 1 ] || fail "unknown method accepted"
echo "$err" | grep -q "greet" || fail "unknown-method error does not list the functions: $err"
for cmd in run graph code; do  # a directory is not a source file
  err=$("$ember" $cmd "$tmp" 2>&1); [ $? -eq 1 ] || fail "$cmd on a directory did not exit 1"
  echo "$err" | grep -q "is a directory" || fail "$cmd error on a directory is unclear: $err"
done
printf 'PK\003\004garbage' > "$tmp/bad.pt"
"$ember" run "$tmp/bad.pt" > /dev/null 2>&1; [ $? -eq 1 ] || fail "a broken archive did not exit 1"

# The profiling executor: the optimised graph of a function with a tensor input is guarded.
"$ember" graph "$tmp/prog.py" --optimized --inputs "$tmp/in.pt" | grep -q "prim::TypeCheck" \
  || fail "optimized graph has no type guard"
"$ember" graph "$tmp/prog.py" --optimized --inputs "$tmp/in.pt" --runs 0 | grep -q "prim::profile" \
  || fail "--runs 0 does not show the profiling graph"
# --fusion-strategy: STATIC guards exact sizes, DYNAMIC leaves them symbolic.
"$ember" graph "$tmp/prog.py" --optimized --inputs "$tmp/in.pt" --fusion-strategy STATIC:1 \
  | grep "prim::TypeCheck" | grep -q "strides=" || fail "a STATIC guard has no sizes and strides"
out=$("$ember" graph "$tmp/prog.py" --optimized --inputs "$tmp/in.pt" --fusion-strategy dynamic:3) \
  || fail "--fusion-strategy dynamic:3 failed"
echo "$out" | grep "prim::TypeCheck" | grep -q "contiguous=" || fail "a DYNAMIC guard does not check contiguity: $out"
echo "$out" | grep "prim::TypeCheck" | grep -q "strides=" && fail "a DYNAMIC guard checks sizes: $out"
err=$("$ember" graph "$tmp/prog.py" --optimized --inputs "$tmp/in.pt" --fusion-strategy FAST:1 2>&1)
[ $? -eq 1 ] || fail "a bad fusion strategy did not exit 1"
echo "$err" | grep -q "STATIC' or 'DYNAMIC'" || fail "bad fusion strategy error is unclear: $err"

# compile --freeze / --optimize-for-inference of an archive PyTorch saved: PyTorch runs ember's
# frozen archive and gets what its own frozen module returns; the optimised archive holds
# ember's fused products (ember::matmul_fused), which PyTorch cannot load, so ember runs it.
examples=$(cd "$(dirname "$0")/../../examples" && pwd)
"$ember" compile "$examples/small_model.pt" --freeze -o "$tmp/frozen.pt" || fail "compile --freeze failed"
"$ember" compile "$examples/small_model.pt" --optimize-for-inference -o "$tmp/ofi.pt" || fail "compile --optimize-for-inference failed"
"$ember" run "$tmp/ofi.pt" --inputs "$examples/small_input.pt" --save-outputs "$tmp/ofi_out.pt" > /dev/null ||
  fail "running the optimize-for-inference archive failed"
$py -c "
import sys, torch
x, calibrate = torch.load('$examples/small_input.pt')
ref = torch.jit.freeze(torch.jit.load('$examples/small_model.pt').eval())
torch.testing.assert_close(torch.jit.load('$tmp/frozen.pt')(x, calibrate), ref(x, calibrate))
torch.testing.assert_close(torch.load('$tmp/ofi_out.pt'), ref(x, calibrate))
" || fail "PyTorch's results from ember's frozen archives differ"
"$ember" graph "$tmp/frozen.pt" | grep -q "prim::GetAttr" && fail "frozen graph still reads attributes"
"$ember" graph "$tmp/ofi.pt" | grep -q "aten::linear" && fail "optimize-for-inference left aten::linear"
"$ember" graph "$tmp/ofi.pt" | grep -q "ember::matmul_fused" || fail "optimize-for-inference has no fused pre-transposed matmul"
err=$("$ember" compile "$examples/small_model.pt" --freeze --optimize-for-inference -o "$tmp/x.pt" 2>&1)
[ $? -eq 1 ] || fail "--freeze with --optimize-for-inference accepted"
echo "$err" | grep -q "exclude each other" || fail "unclear error for --freeze with --optimize-for-inference: $err"
err=$("$ember" compile "$examples/small_model.pt" --freeze --preserve nothing_here -o "$tmp/x.pt" 2>&1)
[ $? -eq 1 ] || fail "preserving a missing attribute was accepted"
echo "$err" | grep -q "nothing_here" || fail "unclear error for a missing preserved attribute: $err"
echo "ok"
