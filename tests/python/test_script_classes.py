# ember.jit.script of TorchScript classes (a class whose __init__ assigns typed attributes, and
# methods): used from scripted functions and modules, instances constructed from Python; and
# the PEP 604 / 585 annotation forms (`X | None`, `list[int]`, `dict[str, Tensor]`) in scripted
# functions, against the same Python code run eagerly and against torch.jit.script.
from typing import Dict, List, Optional

import pytest
import torch
import torch.nn as nn

import ember
from conftest import assert_close


class Counter:
    def __init__(self, start: int, scale: float):
        self.count = start
        self.scale = scale
        self.history: List[int] = []

    def bump(self, by: int) -> int:
        self.count += by
        self.history.append(self.count)
        return self.count

    def scaled(self, x: torch.Tensor) -> torch.Tensor:
        return x * self.scale + self.count


ScriptCounter = ember.jit.script(Counter)


def use_counter(x: torch.Tensor, by: int) -> torch.Tensor:
    c = Counter(2, 0.5)
    c.bump(by)
    c.bump(1)
    return c.scaled(x) + len(c.history)


def take_counter(c: Counter, x: torch.Tensor) -> torch.Tensor:
    return c.scaled(x)


class UsesCounter(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)

    def forward(self, x):
        c = Counter(1, 2.0)
        c.bump(2)
        return c.scaled(self.lin(x))


class HoldsCounter(nn.Module):
    def __init__(self):
        super().__init__()
        self.counter = ScriptCounter(3, 1.5)  # a scripted class's instance as a module attribute

    def forward(self, x):
        return self.counter.scaled(x)


def test_class_instance_as_module_attribute():
    scripted = ember.jit.script(HoldsCounter())
    x = torch.randn(3)
    assert_close(scripted(x), x * 1.5 + 3)


def test_class_from_scripted_function():
    scripted = ember.jit.script(use_counter)
    x = torch.randn(4)
    assert_close(scripted(x, 3), use_counter(x, 3))  # eager Python with the plain class
    assert_close(scripted(x, -2), use_counter(x, -2))


def test_instances_from_python():
    c = ScriptCounter(1, 2.0)
    assert c.bump(4) == 5 and c.bump(1) == 6
    assert c.count == 6 and c.history == [5, 6] and c.scale == 2.0
    x = torch.randn(3)
    assert_close(c.scaled(x), x * 2.0 + 6)
    # an instance passed into a scripted function whose parameter is annotated with the class
    assert_close(ember.jit.script(take_counter)(c, x), x * 2.0 + 6)
    with pytest.raises(Exception):
        ScriptCounter("not an int", 1.0)


def test_class_from_scripted_module():
    module = UsesCounter().eval()
    scripted = ember.jit.script(module)
    x = torch.randn(2, 3)
    with torch.no_grad():
        assert_close(scripted(x), module(x), rtol=1e-5, atol=1e-6)


def test_class_errors_point_at_the_source():
    class Broken:
        def __init__(self, n: int):
            self.n = n

        def bad(self) -> int:
            return self.n + "x"

    with pytest.raises(RuntimeError) as info:
        ember.jit.script(Broken)(3).bad()
    assert "<--- HERE" in str(info.value) and "test_script_classes.py" in str(info.value)


# ---- PEP 604 / 585 annotations -----------------------------------------------------------------

def pep604(x: torch.Tensor, y: torch.Tensor | None = None, n: int | None = None) -> torch.Tensor:
    if y is not None:
        x = x + y
    if n is not None:
        x = x * n
    return x


def pep604_spelled_with_optional(x: torch.Tensor, y: Optional[torch.Tensor] = None,
                                 n: Optional[int] = None) -> torch.Tensor:
    return x  # the same signature in the spelling torch.jit.script 1.13 accepts


def pep585(xs: list[int], d: dict[str, torch.Tensor], t: tuple[int, float]) -> list[float]:
    out: list[float] = [float(v) * t[1] for v in xs]
    for k in d:
        out.append(float(d[k].sum()) + t[0])
    return out


def optional_list(xs: Optional[List[int]] = None) -> int:
    return 0 if xs is None else sum(xs)


@pytest.mark.parametrize("fn,args,twin", [
    (pep604, (torch.ones(2),), pep604_spelled_with_optional),
    (pep604, (torch.ones(2), torch.full((2,), 3.0)), pep604_spelled_with_optional),
    (pep604, (torch.ones(2), None, 4), pep604_spelled_with_optional),
    (pep585, ([1, 2, 3], {"a": torch.ones(2), "b": torch.zeros(3)}, (2, 0.5)), pep585),
    (optional_list, (), optional_list),
    (optional_list, ([4, 5],), optional_list),
])
def test_pep_604_585_annotations(fn, args, twin):
    scripted = ember.jit.script(fn)
    expected = fn(*args)
    got = scripted(*args)
    if isinstance(expected, torch.Tensor):
        assert_close(got, expected)
    else:
        assert got == expected
    # the schema says what torch.jit.script's does (of the Optional[...] spelling for `X | None`,
    # which torch.jit.script 1.13 rejects)
    assert scripted.schema.split("(", 1)[1] == str(torch.jit.script(twin).schema).split("(", 1)[1]


# ---- truthiness of containers ---------------------------------------------------------------------

def truthiness(s: str, xs: List[int], d: Dict[str, int]) -> List[bool]:
    out: List[bool] = []
    out.append(not s)
    out.append(not xs)
    if xs and d:
        out.append(True)
    if not d:
        out.append(False)
    return out


@pytest.mark.parametrize("args", [("", [], {}), ("x", [1], {"a": 1}), ("", [2, 3], {})])
def test_container_truthiness_as_pytorch(args):
    # `not s`, `if xs and d`: len(...) > 0, as PyTorch emits it
    assert ember.jit.script(truthiness)(*args) == torch.jit.script(truthiness)(*args) == truthiness(*args)
