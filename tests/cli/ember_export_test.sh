#!/usr/bin/env bash
# `ember export` and `ember run-exported` as a user runs them: a scripted module saved by
# PyTorch 1.13 (/usr/bin/python3) is exported with a dynamic batch, saved, run at another batch
# size and compared with PyTorch's eager result; torch.load reads the saved weights; a pinned
# dynamic size and bad arguments exit 1 with a clear message.
set -u
ember=$1
py=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# torch.jit.script reads the module's source, so it goes in a file.
cat > "$tmp/gen.py" <<'EOF2'
import sys, torch, torch.nn as nn
d = sys.argv[1]
torch.manual_seed(0)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 3)
        self.register_buffer("calls", torch.zeros(1))
        self.register_buffer("fixed", torch.ones(2, 3))
    def forward(self, x):
        self.calls.add_(1)
        return torch.relu(self.lin(x)) + self.calls
    @torch.jit.export
    def pinned(self, x):
        return self.lin(x) + self.fixed
m = torch.jit.script(Net().eval())
m.save(f"{d}/net.pt")
torch.save((torch.randn(2, 4),), f"{d}/in2.pt")
x7 = torch.randn(7, 4)
torch.save((x7,), f"{d}/in7.pt")
torch.save(torch.jit.load(f"{d}/net.pt")(x7), f"{d}/want7.pt")
EOF2
$py "$tmp/gen.py" "$tmp" || fail "PyTorch could not prepare the fixtures"

"$ember" export "$tmp/net.pt" --inputs "$tmp/in2.pt" --dynamic x:0:2:16:batch -o "$tmp/net.pt2e" --print \
  > "$tmp/print.txt" 2> "$tmp/err.txt" || fail "export failed: $(cat "$tmp/err.txt")"
grep -q "call_function\[target=aten.linear.default\]" "$tmp/print.txt" || fail "no linear node: $(cat "$tmp/print.txt")"
grep -q "b_calls: BUFFER target='calls'" "$tmp/print.txt" || fail "no buffer spec: $(cat "$tmp/print.txt")"
grep -q "BUFFER_MUTATION target='calls'" "$tmp/print.txt" || fail "no buffer mutation spec"
grep -q "batch: VR\[2, 16\]" "$tmp/print.txt" || fail "no range constraint: $(cat "$tmp/print.txt")"

"$ember" run-exported "$tmp/net.pt2e" --inputs "$tmp/in7.pt" --save-outputs "$tmp/got7.pt" 2> "$tmp/err.txt" \
  || fail "run-exported failed: $(cat "$tmp/err.txt")"
$py - "$tmp" <<'EOF2' || fail "ember's result differs from PyTorch's"
import sys, torch
d = sys.argv[1]
got, want = torch.load(f"{d}/got7.pt"), torch.load(f"{d}/want7.pt")
assert got.shape == want.shape, (got.shape, want.shape)
assert torch.allclose(got, want, rtol=1e-4, atol=1e-5), (got, want)
w = torch.load(f"{d}/net.pt2e")  # the weights are plain tensor records
assert torch.equal(w["state_dict.lin.weight"], torch.jit.load(f"{d}/net.pt").lin.weight), "weights differ"
EOF2

"$ember" export "$tmp/net.pt" --inputs "$tmp/in2.pt" --decompose --print > "$tmp/core.txt" 2>&1 \
  || fail "--decompose failed: $(cat "$tmp/core.txt")"
grep -q "aten.addmm.default" "$tmp/core.txt" || fail "linear was not decomposed: $(cat "$tmp/core.txt")"

if "$ember" run-exported "$tmp/net.pt2e" --inputs "$tmp/net.pt" > /dev/null 2> "$tmp/err.txt"; then
  fail "a module as inputs was accepted"
fi
if "$ember" run-exported "$tmp/in2.pt" --inputs "$tmp/in2.pt" > /dev/null 2> "$tmp/err.txt"; then
  fail "a torch.save file was run as a program"
fi
grep -q "not a saved exported program" "$tmp/err.txt" || fail "unclear error: $(cat "$tmp/err.txt")"
if "$ember" export "$tmp/net.pt" --method pinned --inputs "$tmp/in2.pt" --dynamic 0:0:2:16:batch --print \
  > /dev/null 2> "$tmp/err.txt"; then
  fail "a pinned dynamic size was accepted"
fi
grep -q "forced to the constant 2" "$tmp/err.txt" || fail "unclear constraint error: $(cat "$tmp/err.txt")"
if "$ember" export "$tmp/net.pt" --inputs "$tmp/in2.pt" --dynamic x:zero:2:16 --print > /dev/null 2> "$tmp/err.txt"; then
  fail "a malformed --dynamic was accepted"
fi
grep -q "is not an integer" "$tmp/err.txt" || fail "unclear --dynamic error: $(cat "$tmp/err.txt")"
echo "ok"
