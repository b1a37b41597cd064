# A submodule that is already a torch.jit.ScriptModule inside a module ember.jit.script scripts
# natively (python/ember/_module_scripted.py): converted through the archive format, weights
# shared with the torch module, called with prim::CallMethod. Against eager PyTorch and
# torch.jit.script of the same module; the whole module saved by ember and loaded by torch.
import io

import torch
import torch.nn as nn

import ember
from conftest import assert_close


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(4, 4)
        self.gain = 3

    def forward(self, x):
        return torch.tanh(self.linear(x)) * self.gain

    @torch.jit.export
    def half(self, x):
        return self.linear(x) / 2


class Outer(nn.Module):
    def __init__(self):
        super().__init__()
        self.native = nn.Linear(4, 4)         # scripted by ember (same class as inside `block`)
        self.block = torch.jit.script(Block())  # already compiled by torch
        self.head = torch.jit.script(nn.Linear(4, 2))

    def forward(self, x):
        y = self.block(self.native(x))
        y = y + self.block.half(x) + self.block.gain + self.block.linear(x)
        return self.head(y)


def test_scripted_submodule_matches_torch():
    module = Outer().eval()
    ours = ember.jit.script(module)
    x = torch.randn(3, 4)
    with torch.no_grad():
        expected = module(x)
        assert_close(ours(x), expected, rtol=1e-5, atol=1e-5)
        assert_close(torch.jit.script(module)(x), expected, rtol=1e-5, atol=1e-5)
    text = str(ours.graph)
    assert 'prim::CallMethod[name="half"]' in text and 'prim::CallMethod[name="forward"]' in text


def test_weights_are_shared_with_the_torch_module():
    module = Outer().eval()
    ours = ember.jit.script(module)
    x = torch.randn(3, 4)
    with torch.no_grad():
        module.block.linear.weight.add_(1.0)   # seen by the ember module: the same memory
        module.head.bias.fill_(0.25)
        assert_close(ours(x), module(x), rtol=1e-5, atol=1e-5)


def test_saved_by_ember_loaded_by_torch():
    module = Outer().eval()
    ours = ember.jit.script(module)
    buffer = io.BytesIO()
    ember.jit.save(ours, buffer)
    loaded = torch.jit.load(io.BytesIO(buffer.getvalue()))
    x = torch.randn(2, 4)
    with torch.no_grad():
        assert_close(loaded(x), module(x), rtol=1e-5, atol=1e-5)


def test_two_instances_do_not_share_a_type():
    # two converted archives name their (different) types alike; each outer module keeps its own
    first, second = Outer().eval(), Outer().eval()
    a, b = ember.jit.script(first), ember.jit.script(second)
    x = torch.randn(2, 4)
    with torch.no_grad():
        assert_close(a(x), first(x), rtol=1e-5, atol=1e-5)
        assert_close(b(x), second(x), rtol=1e-5, atol=1e-5)


class Scale(nn.Module):
    def __init__(self, k):
        super().__init__()
        self.k = k

    def forward(self, x):
        return x * self.k


class MixedScales(nn.Module):
    def __init__(self):
        super().__init__()
        self.native = Scale(2)                      # k: int, scripted by ember
        self.compiled = torch.jit.script(Scale(0.5))  # k: float, compiled by torch, same class name

    def forward(self, x):
        return self.native(x) + self.compiled(x)


def test_same_class_name_from_torch_and_ember_saved_apart():
    module = MixedScales()
    ours = ember.jit.script(module)
    x = torch.randn(3)
    assert_close(ours(x), module(x))
    buffer = io.BytesIO()
    ember.jit.save(ours, buffer)
    loaded = torch.jit.load(io.BytesIO(buffer.getvalue()))
    # two types in the archive: the ember one renamed (___torch_mangle_N), as torch names them
    assert loaded.native._c._type().qualified_name() != loaded.compiled._c._type().qualified_name()
    assert loaded.native.k == 2 and loaded.compiled.k == 0.5
    assert_close(loaded(x), module(x))
