# Compiled code calling Python (prim::PythonOp, src/python/python_op.h): @torch.jit.ignore'd
# functions and module methods are called through Python with their declared signature, as
# torch.jit.script calls them. Results against torch.jit.script and eager PyTorch on the same
# functions and modules; the graph shows `^name[]()` as PyTorch's does; errors (wrong return
# type, an exception inside the Python function, saving a module that calls Python) by message.
import io
from typing import List, Optional, Tuple

import pytest
import torch
import torch.nn as nn

import ember
from conftest import assert_close

seen_types = []


@torch.jit.ignore
def scale_and_count(x: torch.Tensor, k: int, offset: float = 0.5) -> Tuple[torch.Tensor, int]:
    seen_types.append(type(x))
    return x * k + offset, k + 1


@torch.jit.ignore
def unannotated(x):  # arguments and result are Tensors
    return x.flip(0)


@torch.jit.ignore
def as_list(x: torch.Tensor, n: int) -> List[float]:
    return [float(v) for v in x.flatten()[:n]]


@torch.jit.ignore
def maybe(x: torch.Tensor, flag: bool) -> Optional[torch.Tensor]:
    return x if flag else None


def calls_python(x, k: int):
    y, k2 = scale_and_count(x, k, 0.5)
    z, _ = scale_and_count(y, k2, 2.0)
    return unannotated(z) + k2


def calls_with_keywords(x):
    # torch 1.13 drops keyword arguments of ignored functions at run time ("missing 1 required
    # positional argument"); ember passes them in order: compared with eager Python
    y, k = scale_and_count(x, offset=1.5, k=2)
    return y * k


def calls_list_and_optional(x, flag: bool):
    values = as_list(x, 3)
    m = maybe(x, flag)
    total = torch.tensor(values).sum()
    if m is None:
        return total
    return total + m.sum()


def test_ignored_function_matches_torch_script():
    ours, theirs = ember.jit.script(calls_python), torch.jit.script(calls_python)
    for k in (1, 3):
        x = torch.randn(5)
        assert_close(ours(x, k), theirs(x, k))
        assert_close(ours(x, k), calls_python(x, k))
    text = str(ours.graph)
    assert "^scale_and_count[]()" in text and "^unannotated[]()" in text
    assert "prim::CallFunction" not in text  # not compiled, called through Python


def test_keyword_arguments():
    x = torch.randn(3)
    assert_close(ember.jit.script(calls_with_keywords)(x), calls_with_keywords(x))


def test_list_and_optional_results():
    ours, theirs = ember.jit.script(calls_list_and_optional), torch.jit.script(calls_list_and_optional)
    x = torch.randn(4)
    for flag in (True, False):
        assert_close(ours(x, flag), theirs(x, flag))


def test_tensors_reach_python_as_the_caller_passed_them():
    scripted = ember.jit.script(calls_python)
    seen_types.clear()
    scripted(torch.ones(3), 2)
    assert seen_types and all(t is torch.Tensor for t in seen_types)
    seen_types.clear()
    out = scripted(ember.from_dlpack(torch.ones(3)), 2)
    assert seen_types and all(t is ember.Tensor for t in seen_types)
    assert isinstance(out, ember.Tensor)
    assert_close(out, calls_python(torch.ones(3), 2))


class WithIgnoredMethod(nn.Module):
    def __init__(self):
        super().__init__()
        # (no nn.Linear here: torch.jit.script of a module holding one, before another module's
        # `isinstance(layer, nn.Linear)` is scripted, makes torch 1.13 get that check wrong)
        self.weight = nn.Parameter(torch.randn(3, 4))
        self.scale = 2.0

    @torch.jit.ignore
    def postprocess(self, y: torch.Tensor, bias: float) -> torch.Tensor:
        # runs in Python, on the scripted module: its attributes and submodules are there
        return torch.as_tensor(y) * self.scale + bias

    def forward(self, x):
        return self.postprocess(x @ self.weight.t(), 1.0).relu()


def test_ignored_methods_are_python_methods_of_the_scripted_module():
    # as on torch's ScriptModule: called from Python, the Python function runs
    module = WithIgnoredMethod()
    ours, theirs = ember.jit.script(module), torch.jit.script(module)
    y = torch.randn(3)
    assert_close(ours.postprocess(y, 0.5), module.postprocess(y, 0.5))
    assert_close(theirs.postprocess(y, 0.5), module.postprocess(y, 0.5))
    with pytest.raises(AttributeError, match="no attribute 'missing'"):
        ours.missing


def test_ignored_method_matches_torch():
    module = WithIgnoredMethod().eval()
    ours, theirs = ember.jit.script(module), torch.jit.script(module)
    x = torch.randn(2, 4)
    with torch.no_grad():
        expected = module(x)
        assert_close(theirs(x), expected, rtol=1e-5, atol=1e-6)
        assert_close(ours(x), expected, rtol=1e-5, atol=1e-6)
    assert "^postprocess[]()" in str(ours.graph)


@torch.jit.ignore
def wrong_type(x: torch.Tensor) -> int:
    return "not an int"


def returns_wrong_type(x):
    return wrong_type(x)


@torch.jit.ignore
def raises(x: torch.Tensor) -> torch.Tensor:
    raise ValueError("kaboom from Python")


def calls_raising(x):
    return raises(x) + 1


def test_wrong_return_type_is_an_error():
    scripted = ember.jit.script(returns_wrong_type)
    with pytest.raises(RuntimeError) as info:
        scripted(torch.ones(1))
    text = str(info.value)
    assert "expected value of type int for return value" in text and "str" in text
    assert "return wrong_type(x)" in text  # the TorchScript traceback


def test_python_exception_carries_the_traceback():
    scripted = ember.jit.script(calls_raising)
    with pytest.raises(RuntimeError) as info:
        scripted(torch.ones(1))
    text = str(info.value)
    assert "ValueError: kaboom from Python" in text
    assert "Traceback of TorchScript" in text and "return raises(x) + 1" in text
    # and the function keeps working afterwards (the GIL and the interpreter are released)
    with pytest.raises(RuntimeError):
        scripted(torch.ones(1))


def test_saving_a_python_call_is_refused_as_torch_refuses_it():
    module = WithIgnoredMethod()
    with pytest.raises(RuntimeError, match="Could not export Python function call 'postprocess'"):
        torch.jit.save(torch.jit.script(module), io.BytesIO())
    with pytest.raises(RuntimeError, match="Could not export Python function call 'postprocess'") as info:
        ember.jit.save(ember.jit.script(module), io.BytesIO())
    assert "self.postprocess(" in str(info.value)


def wrong_argument_type(x):
    return scale_and_count(x, "three", 0.5)


def relies_on_default(x):
    return scale_and_count(x, 3)  # PyTorch declares an ignored function without its defaults


@pytest.mark.parametrize("fn,message", [(wrong_argument_type, "k"), (relies_on_default, "offset")])
def test_wrong_arguments_are_compile_errors_as_in_torch(fn, message):
    with pytest.raises(RuntimeError, match=message):
        torch.jit.script(fn)
    with pytest.raises(RuntimeError, match=message) as info:
        ember.jit.script(fn)
    assert "scale_and_count" in str(info.value)


# ---- @torch.jit.unused, @torch.jit.ignore(drop=True) -------------------------------------------

@torch.jit.unused
def unused_fn(x: torch.Tensor) -> torch.Tensor:
    return x.numpy()  # never compiled


@ember.jit.ignore(drop=True)
def dropped_fn(x):  # no annotations: the call's value is a Tensor
    return x.numpy()


def calls_unused(x, flag: bool):
    if flag:
        return unused_fn(x) + dropped_fn(x)
    return x + 1


class WithUnusedMethods(nn.Module):
    @torch.jit.unused
    def unused(self, x: torch.Tensor, n: int) -> torch.Tensor:
        return x.numpy()

    @torch.jit.ignore(drop=True)  # deprecated by torch 1.13 (a FutureWarning), still honoured
    def dropped(self, x):
        return x.numpy()

    def forward(self, x, flag: bool):
        if flag:
            return self.dropped(x) + self.unused(x, 2)
        return x * 3


UNUSED_MESSAGE = "This Python function is annotated to be ignored and cannot be run"


def test_unused_function_calls_raise_as_in_torch():
    ours = ember.jit.script(calls_unused)
    x = torch.randn(3)
    assert_close(ours(x, False), x + 1)
    with pytest.raises(RuntimeError, match=UNUSED_MESSAGE):
        ours(x, True)
    assert "^" not in str(ours.graph)  # nothing calls Python


def test_unused_methods_raise_as_in_torch_and_save():
    module = WithUnusedMethods()
    theirs = torch.jit.script(module)
    ours = ember.jit.script(module)
    x = torch.randn(2)
    assert_close(ours(x, False), theirs(x, False))
    for scripted in (ours, theirs):
        with pytest.raises(Exception, match=UNUSED_MESSAGE):  # torch raises torch.jit.Error
            scripted(x, True)
    buffer = io.BytesIO()
    ember.jit.save(ours, buffer)
    loaded = torch.jit.load(io.BytesIO(buffer.getvalue()))
    assert_close(loaded(x, False), x * 3)
    with pytest.raises(Exception, match=UNUSED_MESSAGE):  # torch.jit.Error
        loaded(x, True)


# ---- other callable Python values --------------------------------------------------------------

import functools  # noqa: E402

add_one = functools.partial(torch.add, other=1)  # no signature inspect can read: Tensors in and out


class Multiplier:
    def __call__(self, x: torch.Tensor, k: int) -> torch.Tensor:
        return x * k


multiplier = Multiplier()


def calls_partial(x):
    return add_one(x)


def calls_callable_object(x):
    return multiplier(x, 3) + add_one(x)


def test_partial_is_called_through_python_as_in_torch():
    ours, theirs = ember.jit.script(calls_partial), torch.jit.script(calls_partial)
    x = torch.randn(3)
    assert_close(ours(x), theirs(x))
    assert "^<python_value>[]()" in str(ours.graph) and "^<python_value>[]()" in str(theirs.graph)


def test_callable_object_is_called_with_its_signature():
    # (torch 1.13 rejects this one, typing __call__'s self as an argument; ember calls it)
    ours = ember.jit.script(calls_callable_object)
    x = torch.randn(3)
    assert_close(ours(x), calls_callable_object(x))


def test_deepcopy_of_a_module_calling_python():
    # in memory, as torch's deepcopy of a ScriptModule (an archive cannot hold the Python call)
    import copy
    module = WithIgnoredMethod().eval()
    ours = ember.jit.script(module)
    copied = copy.deepcopy(ours)
    x = torch.randn(2, 4)
    with torch.no_grad():
        assert_close(copied(x), module(x), rtol=1e-5, atol=1e-6)
        torch.from_dlpack(copied.weight).zero_()  # the copy's weights are its own
        assert_close(ours(x), module(x), rtol=1e-5, atol=1e-6)
        assert_close(copied(x), torch.full((2, 3), 1.0), rtol=0, atol=0)  # relu(0 * 2 + 1)


@torch.jit.script
def torch_scaled(x: torch.Tensor, k: float) -> torch.Tensor:
    return x * k


def calls_torch_script_function(x):
    return torch_scaled(x, 2.0) + 1


def test_torch_script_function_is_compiled_not_called_through_python():
    ours, theirs = ember.jit.script(calls_torch_script_function), torch.jit.script(calls_torch_script_function)
    x = torch.randn(3)
    assert_close(ours(x), theirs(x))
    text = str(ours.graph)
    assert "prim::CallFunction" in text and "^" not in text
