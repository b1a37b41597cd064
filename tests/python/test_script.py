# ember.jit.script of Python functions: source from inspect, Python-dialect features, resolution
# of globals and closures (other scripted functions, math, torch, F under any alias, constants),
# results against torch.jit.script of the same functions.
import math
from typing import List, Optional

import pytest
import torch
import torch.nn.functional as nnf

import ember

LIMIT = 3


def helper(x: torch.Tensor) -> torch.Tensor:
    return x * 2 + 1


def uses_helper(x: torch.Tensor) -> torch.Tensor:
    return helper(x).sum()


def dialect(xs: List[int], y: Optional[int] = None) -> str:
    squares = [v * v for v in xs]
    bounded = 0 < len(xs) <= 10
    return f"{squares} {bounded} {y}"


def globals_and_modules(x: torch.Tensor) -> torch.Tensor:
    y = nnf.relu(x) * math.pi
    return torch.sigmoid(y)


def uses_global_int(x: torch.Tensor) -> torch.Tensor:
    return x + LIMIT


@pytest.mark.parametrize("fn,args", [
    (uses_helper, (torch.randn(4),)),
    (dialect, ([1, 2, 3, 4], 5)),
    (dialect, ([2], None)),
    (globals_and_modules, (torch.randn(3, 3),)),
])
def test_script_matches_torch(fn, args):
    ours, theirs = ember.jit.script(fn), torch.jit.script(fn)
    got, expected = ours(*args), theirs(*args)
    if isinstance(expected, torch.Tensor):
        assert isinstance(got, torch.Tensor)
        assert torch.allclose(got, expected)
    else:
        assert got == expected


def test_global_values_are_rejected_like_torch():
    with pytest.raises(RuntimeError) as ours:
        ember.jit.script(uses_global_int)
    with pytest.raises(RuntimeError) as theirs:
        torch.jit.script(uses_global_int)
    assert "cannot be used as a value" in str(ours.value) and "cannot be used as a value" in str(theirs.value)
    assert "<--- HERE" in str(ours.value)


def test_called_functions_are_scripted_once_and_called():
    f = ember.jit.script(uses_helper)
    assert "prim::CallFunction" in str(f.graph)
    assert ember.jit.script(uses_helper) is f
    assert "aten::mul" in str(f.inlined_graph)


def test_closures_resolve_functions():
    def outer(x: torch.Tensor) -> torch.Tensor:
        return helper(x) * 3
    f = ember.jit.script(outer)
    x = torch.randn(3)
    assert torch.allclose(f(x), outer(x))


def test_decorated_and_error_location():
    @ember.jit.script
    def twice(x: int) -> int:
        return x * 2
    assert twice(21) == 42

    def broken(x: torch.Tensor) -> torch.Tensor:
        return x + "a"
    with pytest.raises(RuntimeError) as info:
        ember.jit.script(broken)
    message = str(info.value)
    assert "<--- HERE" in message and "test_script.py" in message


def test_script_of_torch_script_function():
    tf = torch.jit.script(helper)
    ef = ember.jit.script(tf)
    x = torch.randn(3)
    assert torch.allclose(ef(x), tf(x))
