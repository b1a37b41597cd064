"""Writes the freezing differential suite (run with /usr/bin/python3, which has PyTorch 1.13 and
torchvision). For each case, a module in eval mode is scripted and saved unfrozen; PyTorch then
loads that archive, as ember does, and freezes it:

  OUT/<case>.pt             the unfrozen archive (torch.jit.save)
  OUT/<case>.inputs.pt      torch.save of the tuple of positional arguments
  OUT/<case>.expected.pt    what PyTorch's frozen module returned for them (torch.jit.freeze)
  OUT/<case>.ofi.pt         what torch.jit.optimize_for_inference's module returned
  OUT/cases.json            [{"name", "preserve", "numerics", "rtol", "atol", "frozen_ops",
                              "ofi_methods", "ofi_ops", "error"}]: frozen_ops / ofi_ops count the aten:: nodes
                              of the frozen graphs (blocks included); error is a substring of
                              PyTorch's message where freezing must fail

optimize_for_inference moves convolutions to MKLDNN tensors in PyTorch, which ember does not
have: its op counts are recorded with that step undone (prim::mkldnn_convolution counted as the
aten::conv op it replaced, aten::to_mkldnn / aten::to_dense dropped, in-place activations
counted as the functional ones). Cached by a hash of this file and the torch version.

Usage: gen_freeze.py OUT
"""
import collections
import hashlib
import json
import os
import sys

from typing import List

import torch
import torch.nn as nn
import torchvision


class ConvBnDropout(nn.Module):
    """freeze's showcase: a mutated counter, a float attribute, conv-bn and eval-mode dropout."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3)
        self.bn = nn.BatchNorm2d(4)
        self.drop = nn.Dropout(0.2)
        self.lin = nn.Linear(4, 2)
        self.count = 0
        self.scale = 2.0

    def forward(self, x):
        self.count += 1
        y = self.drop(self.bn(self.conv(x))).mean([2, 3])
        return self.lin(y) * self.scale

    @torch.jit.export
    def other(self, x):
        return x + self.scale


class ConvArithmetic(nn.Module):
    """Per-channel add, sub, mul and div after convolutions: folded into their weights."""

    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(3, 6, 3)
        self.c2 = nn.Conv2d(6, 6, 1, bias=False)
        self.c3 = nn.Conv2d(6, 4, 3, padding=1)
        self.register_buffer("shift", torch.rand(1, 6, 1, 1))
        self.register_buffer("gain", torch.rand(1, 6, 1, 1) + 0.5)
        self.register_buffer("wide", torch.rand(1, 4, 8, 1))  # not per channel: stays

    def forward(self, x):
        y = (self.c1(x) + self.shift) * 2.0
        y = torch.relu(self.c2(y) * self.gain - 1)
        return self.c3(y) / 4 + self.wide


class NormVariants(nn.Module):
    """Batch norms without affine parameters, convolutions without bias, 1-d and 3-d."""

    def __init__(self):
        super().__init__()
        self.c2 = nn.Conv2d(3, 4, 3, bias=False)
        self.b2 = nn.BatchNorm2d(4, affine=False)
        self.c1 = nn.Conv1d(3, 5, 3)
        self.b1 = nn.BatchNorm1d(5)
        self.c3 = nn.Conv3d(2, 3, 2)
        self.b3 = nn.BatchNorm3d(3)
        self.b_untracked = nn.BatchNorm2d(4, track_running_stats=False)

    def forward(self, x, s, v):
        a = self.b2(self.c2(x))
        return self.b_untracked(a), self.b1(self.c1(s)), self.b3(self.c3(v))


class MutatedState(nn.Module):
    """Attributes written in place or assigned stay attributes; the rest fold."""

    history: List[int]

    def __init__(self):
        super().__init__()
        self.register_buffer("total", torch.zeros(3))
        self.register_buffer("weight", torch.rand(3))
        self.history = []
        self.calls = 0
        self.inner = Inner()

    def forward(self, x):
        self.total.add_(x.sum(0))
        self.history.append(self.calls)
        self.calls += 1
        self.inner.bump()
        return x * self.weight + self.total + self.inner.offset + float(len(self.history))


class Inner(nn.Module):
    def __init__(self):
        super().__init__()
        self.offset = 1.5
        self.bumps = 0

    @torch.jit.export
    def bump(self):
        self.bumps += 1


class LinearStack(nn.Module):
    """Linear layers (pre-transposed by optimize_for_inference) and BatchNorm1d after one."""

    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(8, 16)
        self.bn = nn.BatchNorm1d(16)
        self.l2 = nn.Linear(16, 4, bias=False)
        self.act = nn.GELU()

    def forward(self, x):
        return self.l2(self.act(self.bn(self.l1(x))))


class ConvEpilogues(nn.Module):
    """The conv epilogues optimize_for_inference fuses in ember (ember::conv2d_fused): residual adds
    in either operand order, in place or not, and each activation; plus a convolution whose result
    is used twice, which must stay unfused. PyTorch 1.13's optimize_for_inference gets this module
    wrong (a clamp after a 1x1 convolution on MKLDNN tensors, off by up to 1.0), so its expected
    result is the frozen module's."""

    def __init__(self):
        super().__init__()
        self.a = nn.Conv2d(3, 8, 3, padding=1)
        self.b = nn.Conv2d(8, 8, 3, padding=1, bias=False)
        self.c = nn.Conv2d(8, 8, 1)
        self.d = nn.Conv2d(8, 8, 3, stride=2, padding=1, groups=8)
        self.e = nn.Conv2d(8, 8, 3, padding=1, groups=2)
        self.f = nn.Conv2d(8, 8, 1)

    def forward(self, x):
        y = torch.relu(self.a(x))
        z = self.b(y)
        z += y
        z = torch.nn.functional.relu6(z)
        z = torch.nn.functional.gelu(y + self.c(z))  # (PyTorch's MKLDNN gelu has no tanh form)
        w = torch.nn.functional.hardswish(self.d(z))
        v = self.e(w)
        u = torch.sigmoid(v) * v  # v used twice: stays a convolution
        return torch.nn.functional.silu(self.f(u)) + torch.nn.functional.gelu(self.f(w))


class LinearEpilogues(nn.Module):
    """The linear epilogues optimize_for_inference fuses in ember (ember::matmul_fused): the
    frozen linear's bias add with a residual add and each activation, in place or not; a linear
    whose result is used twice stays unfused."""

    def __init__(self):
        super().__init__()
        self.a = nn.Linear(12, 32)
        self.b = nn.Linear(32, 32)
        self.c = nn.Linear(32, 32, bias=False)
        self.d = nn.Linear(32, 16)
        self.e = nn.Linear(16, 16)

    def forward(self, x):
        y = torch.relu(self.a(x))
        z = self.b(y)
        z += y
        z = torch.nn.functional.relu6(z)
        z = torch.nn.functional.gelu(y + self.c(z))
        w = torch.nn.functional.hardswish(self.d(z))
        v = self.e(w)
        u = torch.sigmoid(v) * v  # v used three times: stays a product and its bias add
        return torch.nn.functional.silu(self.e(u)) + torch.nn.functional.gelu(self.e(v), approximate="tanh")


class Training(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)

    def forward(self, x):
        return self.lin(x)


def randomize_norms(module):
    """Running statistics that are not 0 and 1, so folding them changes numbers."""
    g = torch.Generator().manual_seed(1)
    for m in module.modules():
        if isinstance(m, nn.modules.batchnorm._BatchNorm) and m.track_running_stats:
            m.running_mean.copy_(torch.rand(m.running_mean.shape, generator=g) - 0.5)
            m.running_var.copy_(torch.rand(m.running_var.shape, generator=g) + 0.5)
            if m.affine:
                m.weight.data.copy_(torch.rand(m.weight.shape, generator=g) + 0.5)
                m.bias.data.copy_(torch.rand(m.bias.shape, generator=g) - 0.5)
    return module


def aten_counts(graph, normalize_mkldnn=False):
    counts = collections.Counter()
    for n in all_nodes(graph.block()):
        kind = n.kind()
        if normalize_mkldnn:
            if kind in ("aten::to_mkldnn", "aten::to_dense", "prim::ConstantMKLDNNTensor"):
                continue
            if kind == "prim::mkldnn_convolution":
                kind = "aten::conv2d"
            if kind.startswith("aten::") and kind.endswith("_") and not kind.endswith("__"):
                kind = kind[:-1]
        if kind.startswith("aten::"):
            counts[kind] += 1
    return dict(sorted(counts.items()))


def all_nodes(block):
    for n in block.nodes():
        yield n
        for b in n.blocks():
            yield from all_nodes(b)


def stamp():
    h = hashlib.sha256(torch.__version__.encode())
    with open(os.path.abspath(__file__), "rb") as f:
        h.update(f.read())
    return h.hexdigest()


class Suite:
    def __init__(self, out):
        self.out = out
        self.cases = []

    def add(self, name, module, inputs, preserve=(), numerics=True, rtol=1e-4, atol=1e-5, error=None,
            ofi_result_from_freeze=False):
        """ofi_result_from_freeze: the expected optimize_for_inference result is the frozen module's
        (checked equal to eager here), for modules PyTorch 1.13's MKLDNN rewrite miscomputes."""
        path = os.path.join(self.out, name + ".pt")
        torch.jit.save(torch.jit.script(module), path)
        torch.save(tuple(inputs), os.path.join(self.out, name + ".inputs.pt"))
        case = {"name": name, "preserve": list(preserve), "numerics": numerics, "rtol": rtol, "atol": atol,
                "error": error}
        if error is None:
            with torch.no_grad():
                frozen = torch.jit.freeze(torch.jit.load(path).eval(), list(preserve), numerics)
                torch.save(frozen(*inputs), os.path.join(self.out, name + ".expected.pt"))
                case["frozen_ops"] = aten_counts(frozen.graph)
                loaded = torch.jit.load(path).eval()
                methods = [p for p in preserve if loaded._c._has_method(p)]  # other_methods: methods only
                case["ofi_methods"] = methods
                ofi = torch.jit.optimize_for_inference(loaded, methods)
                ofi_result = ofi(*inputs)
                if ofi_result_from_freeze:
                    ofi_result = frozen(*inputs)
                    assert torch.allclose(ofi_result, torch.jit.load(path).eval()(*inputs), rtol, atol)
                torch.save(ofi_result, os.path.join(self.out, name + ".ofi.pt"))
                case["ofi_ops"] = aten_counts(ofi.graph, normalize_mkldnn=True)
        self.cases.append(case)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    stamp_path = os.path.join(out, "stamp")
    digest = stamp()
    if os.path.exists(stamp_path) and open(stamp_path).read() == digest:
        return
    torch.manual_seed(0)
    s = Suite(out)
    img = torch.randn(2, 3, 10, 10)
    s.add("conv_bn_dropout", randomize_norms(ConvBnDropout()).eval(), [img])
    s.add("conv_bn_dropout_preserved", randomize_norms(ConvBnDropout()).eval(), [img], preserve=["other", "scale"])
    s.add("conv_bn_no_numerics", randomize_norms(ConvBnDropout()).eval(), [img], numerics=False)
    s.add("conv_arithmetic", ConvArithmetic().eval(), [img])
    s.add("norm_variants", randomize_norms(NormVariants()).eval(),
          [img, torch.randn(2, 3, 9), torch.randn(1, 2, 4, 5, 6)])
    s.add("mutated_state", MutatedState().eval(), [torch.randn(4, 3)])
    s.add("linear_stack", randomize_norms(LinearStack()).eval(), [torch.randn(5, 8)])
    s.add("training_mode_error", Training(), [torch.randn(1, 2)],
          error="Freezing is currently only implemented for modules in eval mode")
    s.add("resnet18", randomize_norms(torchvision.models.resnet18()).eval(), [torch.randn(1, 3, 64, 64)],
          rtol=1e-3, atol=1e-4)
    s.add("mobilenet_v2", randomize_norms(torchvision.models.mobilenet_v2()).eval(), [torch.randn(1, 3, 64, 64)],
          rtol=1e-3, atol=1e-4)
    s.add("conv_epilogues", ConvEpilogues().eval(), [torch.randn(2, 3, 12, 12)], ofi_result_from_freeze=True)
    s.add("linear_epilogues", LinearEpilogues().eval(), [torch.randn(3, 5, 12)])
    s.add("efficientnet_b0", randomize_norms(torchvision.models.efficientnet_b0()).eval(),
          [torch.randn(1, 3, 64, 64)], rtol=1e-3, atol=1e-4)
    s.add("mobilenet_v3_small", randomize_norms(torchvision.models.mobilenet_v3_small()).eval(),
          [torch.randn(1, 3, 64, 64)], rtol=1e-3, atol=1e-4)
    with open(os.path.join(out, "cases.json"), "w") as f:
        json.dump(s.cases, f, indent=1)
    with open(stamp_path, "w") as f:
        f.write(digest)


if __name__ == "__main__":
    main()
