# torch.jit.interface in ember.jit.script (python/ember/_interface.py): a module attribute
# annotated with a module interface holds any module implementing it; calls are prim::CallMethod
# on the interface-typed value, dispatched on the object's class at run time. Against eager
# PyTorch and torch.jit.script on the same modules; the saved archive loaded by torch.
import io

import pytest
import torch
import torch.nn as nn
from torch import Tensor

import ember
from conftest import assert_close


@torch.jit.interface
class Proxy(nn.Module):
    def forward(self, x: Tensor) -> Tensor:
        pass

    def scale(self, k: float) -> float:
        pass


class Double(nn.Module):
    def forward(self, x: Tensor) -> Tensor:
        return x * 2

    def scale(self, k: float) -> float:  # not exported: compiled because the interface has it
        return k * 2.0


class Shift(nn.Module):
    def __init__(self):
        super().__init__()
        self.b = nn.Parameter(torch.randn(3))

    def forward(self, x: Tensor) -> Tensor:
        return x + self.b

    def scale(self, k: float) -> float:
        return k + 1.0


def apply_twice(p: Proxy, x: Tensor) -> Tensor:
    return p.forward(p.forward(x))


class Holder(nn.Module):
    proxy: Proxy

    def __init__(self, impl):
        super().__init__()
        self.proxy = impl

    def forward(self, x):
        return self.proxy(x) * self.proxy.scale(3.0) + apply_twice(self.proxy, x)


@pytest.mark.parametrize("impl", [Double, Shift, lambda: torch.jit.script(Shift())])
def test_interface_attribute_matches_torch(impl):
    module = Holder(impl())
    ours, theirs = ember.jit.script(module), torch.jit.script(module)
    x = torch.randn(2, 3)
    with torch.no_grad():
        expected = module(x)
        assert_close(theirs(x), expected)
        assert_close(ours(x), expected)
    text = str(ours.graph)
    assert "InterfaceType<Proxy>" in text and 'prim::CallMethod[name="scale"]' in text


def test_holders_share_a_type_and_swap_implementations():
    a, b = Holder(Double()), Holder(Shift())
    ours_a, ours_b = ember.jit.script(a), ember.jit.script(b)
    assert ours_a._type_name() == ours_b._type_name()  # the attribute's type is the interface
    x = torch.randn(2, 3)
    with torch.no_grad():
        assert_close(ours_a(x), a(x))
        ours_a.proxy = ours_b.proxy  # another class implementing the interface: dispatched at run time
        assert_close(ours_a(x), b(x))


def test_saved_archive_loads_in_torch():
    module = Holder(Shift())
    buffer = io.BytesIO()
    ember.jit.save(ember.jit.script(module), buffer)
    loaded = torch.jit.load(io.BytesIO(buffer.getvalue()))
    x = torch.randn(4, 3)
    with torch.no_grad():
        assert_close(loaded(x), module(x))


class Incomplete(nn.Module):
    def forward(self, x: Tensor) -> Tensor:
        return x


def test_module_missing_an_interface_method_is_an_error():
    with pytest.raises(AttributeError, match="scale"):
        torch.jit.script(Holder(Incomplete()))
    with pytest.raises(RuntimeError, match="does not implement method 'scale' of interface 'Proxy'"):
        ember.jit.script(Holder(Incomplete()))


class WrongSignature(nn.Module):
    def forward(self, x: Tensor) -> Tensor:
        return x

    def scale(self, k: int) -> int:
        return k


def test_module_with_a_mismatching_signature_is_an_error():
    with pytest.raises(RuntimeError):
        torch.jit.script(Holder(WrongSignature()))
    with pytest.raises(RuntimeError, match="does not implement interface 'Proxy'") as info:
        ember.jit.script(Holder(WrongSignature()))
    assert "scale" in str(info.value)


# ---- class interfaces --------------------------------------------------------------------------

@torch.jit.interface
class Op:
    def apply(self, x: int) -> int:
        pass


class AddOne:
    def __init__(self):
        pass

    def apply(self, x: int) -> int:
        return x + 1


class Twice:
    def __init__(self):
        pass

    def apply(self, x: int) -> int:
        return x * 2


def run_op(op: Op, x: int) -> int:
    return op.apply(x)


def test_class_interface_arguments_dispatch_at_run_time():
    for script in (torch.jit.script, ember.jit.script):
        add_one, twice = script(AddOne), script(Twice)
        run = script(run_op)
        assert (run(add_one(), 5), run(twice(), 5)) == (6, 10)


@ember.jit.interface
class Activation(nn.Module):
    def forward(self, input: Tensor) -> Tensor:  # argument names are part of the signature, as in torch
        pass


class WithActivation(nn.Module):
    act: Activation

    def __init__(self, act):
        super().__init__()
        self.act = act

    def forward(self, x):
        return self.act(x) + 1


def test_ember_interface_decorator():
    assert ember.jit.script(Activation) is Activation
    for act in (nn.ReLU(), nn.Tanh()):
        module = WithActivation(act)
        x = torch.randn(5)
        assert_close(ember.jit.script(module)(x), module(x))
