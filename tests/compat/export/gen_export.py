"""Writes the Export IR differential suite (run with /usr/bin/python3, which has PyTorch 1.13 and
torchvision). For each case, a module is scripted and saved; PyTorch runs it eagerly and captures
it with make_fx(functionalize(...)), the closest 1.13 has to torch.export:

  OUT/<case>.pt                 the scripted module (torch.jit.save)
  OUT/<case>.inputs.pt          torch.save of the tuple of positional arguments
  OUT/<case>.expected.pt        eager result for them
  OUT/<case>.state.pt           dict of the module's buffers and the inputs after that call
                                ("buffer.<name>", "input.<i>"): what mutation must produce
  OUT/<case>.dyn<k>.inputs.pt / .expected.pt   for dynamic cases, more batch sizes
  OUT/cases.json                [{"name", "ops", "dynamic", "sizes", "error", "rtol", "atol"}]
                                ("ops" is null where PyTorch's capture is not comparable)

"ops" counts the call_function targets of the make_fx graph, normalised so that it lists the
computation only: dead nodes are removed (as ember's capture does); write-backs of mutated inputs (copy_), getitem, detach and batch norm's
workspace (empty.memory_format) are dropped; _reshape_alias and _unsafe_view count as view and
native_batch_norm as batch_norm (ember keeps batch_norm: it has no native_batch_norm; in training it
records _native_batch_norm_legit_functional, which export_test.cpp counts as batch_norm). Cached by
a hash of this file and the torch version.

Usage: gen_export.py OUT
"""
import collections
import hashlib
import json
import os
import sys

import torch
import torch.nn as nn
import torchvision
import functorch
from torch.fx.experimental.proxy_tensor import make_fx
from torch.nn.utils import stateless


class Counter(nn.Module):
    """A buffer counting calls and a running mean updated in place."""

    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(6, 4)
        self.register_buffer("calls", torch.zeros(1))
        self.register_buffer("avg", torch.zeros(4))

    def forward(self, x):
        self.calls.add_(1)
        y = self.lin(x)
        self.avg.mul_(0.9).add_(y.mean(0) * 0.1)
        return torch.relu(y) + self.avg


class LastInput(nn.Module):
    """copy_ into a buffer."""

    def __init__(self):
        super().__init__()
        self.register_buffer("last", torch.zeros(3, 5))

    def forward(self, x):
        out = x * 2 + self.last
        self.last.copy_(x)
        return out


class InputMutation(nn.Module):
    """The input changed in place (USER_INPUT_MUTATION), through a view of it too."""

    def forward(self, x):
        x.add_(1)
        x[0].mul_(3)
        return x.sum(1)


class ShapeBranch(nn.Module):
    """Control flow on sizes only: specialised."""

    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(5, 5)

    def forward(self, x):
        if x.size(1) > 3:
            x = self.lin(x)
        for i in range(2):
            x = torch.tanh(x) + i
        return x


class Reshapes(nn.Module):
    """Views computed from the symbolic batch size."""

    def forward(self, x):
        b = x.size(0)
        y = x.view(b, -1).transpose(0, 1)
        return y.reshape(-1, b).permute(1, 0).unsqueeze(1) * 0.5


class Pinned(nn.Module):
    """Only works for batch 4: exporting it with a dynamic batch must fail."""

    def __init__(self):
        super().__init__()
        self.register_buffer("bias", torch.ones(4, 8))

    def forward(self, x):
        return x + self.bias


class NestedCond(nn.Module):
    """A data-dependent if inside a data-dependent if's branch (nested higher_order.cond)."""

    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        if bool(x.sum() > 0):
            y = self.lin(x)
            if bool(y.mean() > 0):
                y = y * 2
            else:
                y = y - 1
        else:
            y = torch.relu(x)
        return y + 1


class CondInWhile(nn.Module):
    """A data-dependent if inside a data-dependent while loop's body."""

    def forward(self, x):
        y = x.clone()
        while bool(y.abs().sum() < 50):
            if bool(y.sum() > 0):
                y = y * 2 + 0.5
            else:
                y = y - 1
        return y


def seq(*layers):
    return nn.Sequential(*layers)


def cases():
    torch.manual_seed(0)
    dyn = [{"input": 0, "dim": 0, "name": "batch", "min": 2, "max": 64}]
    return [
        ("linear2d", nn.Linear(8, 4), (torch.randn(3, 8),), dyn),
        ("linear3d", nn.Linear(8, 4), (torch.randn(2, 5, 8),), None),
        ("mlp", seq(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4), nn.Softmax(dim=1)), (torch.randn(3, 8),), dyn),
        ("conv_stack", seq(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(), nn.MaxPool2d(2),
                           nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 5)),
         (torch.randn(2, 3, 8, 8),), dyn),
        ("layernorm_gelu", seq(nn.LayerNorm(16), nn.GELU(), nn.Dropout(0.3)), (torch.randn(4, 16),), dyn),
        ("log_softmax", seq(nn.Linear(6, 6), nn.Tanh(), nn.LogSoftmax(dim=1)), (torch.randn(3, 6),), dyn),
        ("embedding", nn.Embedding(20, 6), (torch.tensor([[1, 2, 3], [4, 5, 19]]),), None),
        ("avgpool_sigmoid", seq(nn.Conv2d(2, 4, 3, stride=2), nn.AvgPool2d(2), nn.Sigmoid()),
         (torch.randn(2, 2, 9, 9),), dyn),
        ("resnet18", torchvision.models.resnet18(), (torch.randn(2, 3, 32, 32),), dyn),
        ("mobilenet_v2", torchvision.models.mobilenet_v2(), (torch.randn(2, 3, 32, 32),), None),
        ("mobilenet_v3_small", torchvision.models.mobilenet_v3_small(), (torch.randn(2, 3, 32, 32),), dyn),
        ("squeezenet", torchvision.models.squeezenet1_0(), (torch.randn(2, 3, 64, 64),), dyn),
        ("transformer_layer", nn.TransformerEncoderLayer(16, 2, 32, dropout=0.0, batch_first=True),
         (torch.randn(2, 5, 16),), dyn),
        ("counter", Counter(), (torch.randn(3, 6),), None),
        ("last_input", LastInput(), (torch.randn(3, 5),), None),
        ("input_mutation", InputMutation(), (torch.randn(3, 4),), None),
        ("shape_branch", ShapeBranch(), (torch.randn(2, 5),), dyn),
        ("reshapes", Reshapes(), (torch.randn(4, 3, 2),), dyn),
        ("pinned", Pinned(), (torch.randn(4, 8),), dyn),
        ("nested_cond", NestedCond(), (torch.randn(3, 4),), dyn),
        ("cond_in_while", CondInWhile(), (torch.randn(3, 4),), dyn),
        ("conv_bn_train", seq(nn.Conv2d(3, 4, 3), nn.BatchNorm2d(4), nn.ReLU()), (torch.randn(3, 3, 6, 6),), dyn),
        ("bn1d_train", seq(nn.Linear(5, 6), nn.BatchNorm1d(6, momentum=0.3)), (torch.randn(4, 5),), None),
        ("resnet18_train", torchvision.models.resnet18(num_classes=10), (torch.randn(2, 3, 64, 64),), None),
    ]


ERRORS = {"pinned": "forced to the constant 4"}
# Exported in training mode: batch norm updates its running statistics (BUFFER_MUTATION outputs).
TRAINING = {"conv_bn_train", "bn1d_train", "resnet18_train"}
# Normalising by the statistics of a small batch (layer4 of resnet18 sees 2x2x2 values per channel)
# magnifies summation-order differences through twenty batch norms.
TOLERANCES = {"resnet18_train": (1e-3, 1e-4)}
# Eager PyTorch runs TransformerEncoderLayer's fused fast path (_transformer_encoder_layer_fwd),
# as ember does, but make_fx's tracing tensors disable it: its operators are not comparable.
NO_OPS = {"transformer_layer"}
# make_fx cannot capture data-dependent control flow (1.13 has no cond): outputs are compared only.
NO_OPS |= {"nested_cond", "cond_in_while"}
DROPPED = {"aten.copy_.default", "aten.detach.default", "aten.empty.memory_format", "<built-in function getitem>"}
RENAMED = {"aten._reshape_alias.default": "aten.view.default", "aten._unsafe_view.default": "aten.view.default",
           "aten.native_batch_norm.default": "aten.batch_norm.default"}


def clone_args(args):
    return tuple(a.clone() for a in args)


def reference_ops(module, args):
    params = {k: v.detach().clone() for k, v in module.named_parameters()}
    buffers = {k: v.clone() for k, v in module.named_buffers()}

    def f(p, b, *a):
        return stateless.functional_call(module, {**p, **b}, a)

    with torch.no_grad():
        gm = make_fx(functorch.functionalize(f))(params, buffers, *clone_args(args))
    # make_fx keeps views functionalization replays and never uses; the write-backs (copy_) of
    # mutated inputs and buffers are what keeps a mutation's computation alive.
    live = set()
    for n in reversed(list(gm.graph.nodes)):
        if n.op == "output" or str(n.target) == "aten.copy_.default" or n in live:
            live.add(n)
            live.update(n.all_input_nodes)
    counts = collections.Counter()
    for n in gm.graph.nodes:
        if n.op != "call_function" or n not in live:
            continue
        t = str(n.target)
        if t in DROPPED:
            continue
        counts[RENAMED.get(t, t)] += 1
    return dict(counts)


def main(out):
    os.makedirs(out, exist_ok=True)
    with open(__file__, "rb") as f:
        digest = hashlib.sha256(f.read() + torch.__version__.encode()).hexdigest()
    stamp = os.path.join(out, "stamp")
    if os.path.exists(stamp) and open(stamp).read() == digest:
        return
    meta = []
    for name, module, args, dynamic in cases():
        module.train(name in TRAINING)
        scripted = torch.jit.script(module)
        torch.jit.save(scripted, os.path.join(out, name + ".pt"))
        torch.save(args, os.path.join(out, name + ".inputs.pt"))
        entry = {"name": name, "dynamic": dynamic or [], "sizes": [], "error": ERRORS.get(name),
                 "rtol": TOLERANCES.get(name, (1e-4, 1e-5))[0], "atol": TOLERANCES.get(name, (1e-4, 1e-5))[1]}
        if name not in ERRORS:
            entry["ops"] = None if name in NO_OPS else reference_ops(module, args)
            state_module = torch.jit.load(os.path.join(out, name + ".pt"))
            call_args = clone_args(args)
            with torch.no_grad():
                expected = state_module(*call_args)
            torch.save(expected, os.path.join(out, name + ".expected.pt"))
            state = {"buffer." + k: v for k, v in state_module.named_buffers()}
            state.update({"input.%d" % i: a for i, a in enumerate(call_args)})
            torch.save(state, os.path.join(out, name + ".state.pt"))
            if dynamic:
                for k, size in enumerate([2, 5, 9]):
                    shape = list(args[0].shape)
                    shape[0] = size
                    dyn_args = (torch.randn(*shape),) + tuple(args[1:])
                    fresh = torch.jit.load(os.path.join(out, name + ".pt"))
                    with torch.no_grad():
                        result = fresh(*clone_args(dyn_args))
                    torch.save(dyn_args, os.path.join(out, "%s.dyn%d.inputs.pt" % (name, k)))
                    torch.save(result, os.path.join(out, "%s.dyn%d.expected.pt" % (name, k)))
                    entry["sizes"].append(size)
        meta.append(entry)
    with open(os.path.join(out, "cases.json"), "w") as f:
        json.dump(meta, f, indent=1)
    with open(stamp, "w") as f:
        f.write(digest)


if __name__ == "__main__":
    main(sys.argv[1])
