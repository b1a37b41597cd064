# ember.jit.fork from Python: the call runs asynchronously on ember's inter-op pool and wait()
# joins it. Overlap is shown without timing: the forked callee blocks on an event that the
# caller sets only after fork has returned (a synchronous fork would never see it set).
import threading

import pytest
import torch

import ember
from conftest import assert_close

SOURCE = """
def scale(x: Tensor, k: float) -> Tensor:
    return x * k

def fails(x: int) -> int:
    if x > 0:
        raise ValueError("positive")
    return x
"""


def test_fork_of_a_python_callable_overlaps_the_caller():
    started, release = threading.Event(), threading.Event()

    def callee(x):
        started.set()
        if not release.wait(timeout=60):
            raise RuntimeError("fork ran synchronously: the caller never got to set the event")
        return x + 1

    future = ember.jit.fork(callee, 41)
    assert started.wait(timeout=60)  # it runs on another thread...
    assert not future.done()         # ...and is still waiting for us
    release.set()
    assert ember.jit.wait(future) == 42
    assert future.done()


def test_fork_of_script_functions_and_modules():
    cu = ember.jit.CompilationUnit(SOURCE)
    x = torch.randn(5)
    futures = [ember.jit.fork(cu.scale, x, float(k)) for k in range(4)]
    for k, f in enumerate(futures):
        got = f.wait()
        assert isinstance(got, torch.Tensor)  # torch in, torch out, as for a direct call
        assert_close(got, x * k)
    module = ember.jit.script(torch.nn.Linear(5, 2).eval())
    assert_close(ember.jit.fork(module, x).wait(), module(x))


def test_fork_errors_are_raised_by_wait():
    cu = ember.jit.CompilationUnit(SOURCE)
    future = ember.jit.fork(cu.fails, 3)
    with pytest.raises(Exception, match="positive"):
        future.wait()

    def python_fails():
        raise KeyError("missing")
    with pytest.raises(KeyError, match="missing"):
        ember.jit.wait(ember.jit.fork(python_fails))
