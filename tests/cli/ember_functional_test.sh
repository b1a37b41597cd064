#!/usr/bin/env bash
# The functional library across archives, checked against PyTorch 1.13 (/usr/bin/python3):
# an archive PyTorch saved from a module calling F.* and torch.stft (its code/ carries PyTorch's
# own torch/nn/functional.py functions, and torch.stft there is the operator) runs in ember
# (torch.norm is left out: its archive code calls aten::nuclear_norm, not in ember yet)
# like in PyTorch; a source calling F.* compiled and saved by ember loads and runs in PyTorch.
set -u
ember=$1
py=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

cat > "$tmp/net_save.py" <<'EOF2'
import sys, torch
import torch.nn.functional as F
d = sys.argv[1]
class Net(torch.nn.Module):
    def forward(self, x: torch.Tensor, y: torch.Tensor):
        h = F.relu(F.dropout(x, 0.5, self.training))
        p, i = F.max_pool2d(h, 2, return_indices=True)
        up = F.adaptive_avg_pool2d(F.pad(p, [1, 1, 1, 1]), 3)
        loss = F.cross_entropy(up.flatten(1), y, label_smoothing=0.1)
        spectrum = torch.stft(x.flatten(), 8, return_complex=True).abs().sum()
        small = F.interpolate(x, size=[3, 3], mode="bilinear", antialias=True) + F.interpolate(x, size=3)
        warped = F.grid_sample(x, F.affine_grid(torch.eye(2, 3).unsqueeze(0).expand(2, 2, 3) * 0.9, [2, 1, 3, 3],
                                                align_corners=False), align_corners=False)
        blocks = F.fold(F.unfold(small * warped, 2), [3, 3], 2)
        return loss + spectrum + blocks.sum(), i
m = torch.jit.script(Net().eval())
torch.jit.save(m, f"{d}/net.pt")
x = torch.randn(2, 1, 4, 4)
y = torch.tensor([3, 7])
torch.save((x, y), f"{d}/in.pt")
torch.save(m(x, y), f"{d}/expected.pt")
EOF2
$py "$tmp/net_save.py" "$tmp" || fail "PyTorch could not save the module"
"$ember" run "$tmp/net.pt" --inputs "$tmp/in.pt" --save-outputs "$tmp/out.pt" || fail "ember run of PyTorch's archive failed"
$py -c "
import sys, torch
a, e = torch.load('$tmp/out.pt'), torch.load('$tmp/expected.pt')
sys.exit(0 if torch.allclose(a[0], e[0], rtol=1e-4, atol=1e-5) and torch.equal(a[1], e[1]) else 1)" \
  || fail "ember's result of PyTorch's archive differs from PyTorch's"

cat > "$tmp/prog.py" <<'EOF2'
def forward(x: Tensor, y: Tensor) -> Tensor:
    h = F.leaky_relu(x, negative_slope=0.2)
    h = F.layer_norm(h, [4]) + F.softmax(h, dim=-1)
    # overloads (mangled qualified names in the archive), a boolean dispatch, F.threshold
    up = F.interpolate(h.view(1, 1, 3, 4), scale_factor=2.0, mode="bilinear") + F.interpolate(
        h.view(1, 1, 3, 4), size=[6, 8])
    extra = up.sum() + torch.norm(h) + F.threshold(h, 0.1, 2.0).sum() + F.max_pool2d(up, 2, return_indices=True)[0].sum()
    sampled = F.grid_sample(up, torch.tanh(up[:, :, :, :2].reshape(1, 3, 2, 2)), mode="bicubic", align_corners=True)
    extra = extra + sampled.sum() + F.kl_div(F.log_softmax(h, 1), F.softmax(y, 1), reduction="batchmean")
    extra = extra + F.unfold(up, [2, 3], stride=2).sum() + F.interpolate(up, size=[3, 3], mode="bicubic", antialias=True).sum()
    return F.mse_loss(h, y, reduction="sum") + torch.norm(h, p=2) + F.nll_loss(F.log_softmax(h, 1), y.argmax(1)) + extra
EOF2
$py - "$tmp" <<'EOF2' || fail "PyTorch could not run the source"
import sys, torch
import torch.nn.functional as F
d = sys.argv[1]
cu = torch.jit.CompilationUnit(open(f"{d}/prog.py").read())
x, y = torch.randn(3, 4), torch.randn(3, 4)
torch.save((x, y), f"{d}/prog_in.pt")
torch.save(cu.forward(x, y), f"{d}/prog_expected.pt")
EOF2
"$ember" compile "$tmp/prog.py" -o "$tmp/prog.pt" || fail "ember compile failed"
$py -c "
import sys, torch
m = torch.jit.load('$tmp/prog.pt')
x, y = torch.load('$tmp/prog_in.pt')
sys.exit(0 if torch.allclose(m(x, y), torch.load('$tmp/prog_expected.pt'), rtol=1e-4, atol=1e-5) else 1)" \
  || fail "PyTorch does not run ember's archive of F.* calls like the source"
out=$("$ember" run "$tmp/prog.pt" --inputs "$tmp/prog_in.pt" --save-outputs "$tmp/prog_out.pt") \
  || fail "ember does not run its own archive of F.* calls"
$py -c "
import sys, torch
sys.exit(0 if torch.allclose(torch.load('$tmp/prog_out.pt'), torch.load('$tmp/prog_expected.pt'), rtol=1e-4, atol=1e-5) else 1)" \
  || fail "ember's archive of F.* calls gives another result"
echo "ember functional library across archives: ok"
