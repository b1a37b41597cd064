# The operator surface generated from the registry: functions, methods, dunders and indexing,
# against PyTorch's results; torch.Tensor in, torch.Tensor out.
import numpy as np
import pytest
import torch

import ember
from conftest import assert_close


def pair():
    t = torch.randn(3, 4)
    return ember.from_dlpack(t.clone()), t


def test_surface_is_generated_from_the_registry():
    table = ember._ops.operator_table()
    names = {q.split("::")[1] for q, _, _ in table if q.startswith("aten::")}
    assert len(names) > 300
    for name in ["add", "conv2d", "softmax", "matmul", "where", "topk"]:
        assert name in names and callable(getattr(ember, name))
    assert "Tensor self" in ember.add.__doc__
    assert hasattr(ember.Tensor, "softmax") and hasattr(ember.Tensor, "add_")


UNARY = ["relu", "sigmoid", "tanh", "exp", "abs", "neg", "sqrt", "sin", "floor", "sign"]


@pytest.mark.parametrize("name", UNARY)
def test_unary_functions_and_methods(name):
    e, t = pair()
    if name == "sqrt":
        e, t = e.abs(), t.abs()
    assert_close(getattr(ember, name)(e), getattr(torch, name)(t))
    assert_close(getattr(e, name)(), getattr(t, name)())


def test_overloads_keywords_and_defaults():
    e, t = pair()
    assert_close(ember.add(e, e, alpha=2), torch.add(t, t, alpha=2))
    assert_close(ember.add(e, 3), torch.add(t, 3))
    assert_close(e.sum(1, keepdim=True), t.sum(1, keepdim=True))
    assert_close(e.softmax(-1), t.softmax(-1))
    values, indices = e.max(1)
    tv, ti = t.max(1)
    assert_close(values, tv)
    assert_close(indices, ti)
    assert_close(ember.zeros(2, 3), torch.zeros(2, 3))
    assert_close(ember.zeros([2, 3], dtype=ember.int64), torch.zeros([2, 3], dtype=torch.int64))
    assert_close(e.view(4, 3), t.view(4, 3))
    assert_close(e.to(ember.float64), t.to(torch.float64))
    assert e.size() == list(t.size()) and e.size(1) == 4 and e.dim() == 2


def test_bad_arguments_list_the_schemas():
    e, _ = pair()
    with pytest.raises(RuntimeError, match="aten::add"):
        ember.add(e, "x")


@pytest.mark.parametrize("op", ["__add__", "__sub__", "__mul__", "__truediv__", "__matmul__", "__lt__", "__eq__",
                                "__pow__", "__radd__", "__rsub__", "__rmul__", "__rtruediv__", "__neg__"])
def test_dunders(op):
    e, t = pair()
    if op == "__matmul__":
        other_e, other_t = e.t(), t.t()
    elif op == "__neg__":
        assert_close(-e, -t)
        return
    elif op == "__pow__":
        e, t = e.abs(), t.abs()
        other_e = other_t = 2
    elif op.startswith("__r"):
        other_e = other_t = 2.5
    else:
        other_e, other_t = e * 0.5 + 1, t * 0.5 + 1
    assert_close(getattr(e, op)(other_e), getattr(t, op)(other_t), rtol=1e-5, atol=1e-5)


def test_inplace_ops_are_seen_through_views():
    e = ember.zeros(2, 3)
    row = e[1]
    row += 5
    assert e.tolist() == [[0, 0, 0], [5, 5, 5]]


INDEXES = [0, -1, (1, 2), slice(1, None), (slice(None), 2), (None, 0), (Ellipsis, 1), (0, slice(None, None, 2)),
           ([0, 2],), (slice(None), [1, 3]), (1, Ellipsis, None)]


@pytest.mark.parametrize("index", INDEXES)
def test_getitem(index):
    t = torch.arange(24.).reshape(3, 4, 2)
    e = ember.from_dlpack(t.clone())
    ti = tuple(torch.tensor(i) if isinstance(i, list) else i for i in index) if isinstance(index, tuple) else index
    ei = tuple(ember.tensor(i) if isinstance(i, list) else i for i in index) if isinstance(index, tuple) else index
    assert_close(e[ei], t[ti])


def test_bool_mask_and_setitem():
    t = torch.arange(6.).reshape(2, 3)
    e = ember.from_dlpack(t.clone())
    assert_close(e[e > 2], t[t > 2])
    e[0, 1] = 10.0
    t[0, 1] = 10.0
    e[1] = ember.tensor([7.0, 8.0, 9.0])
    t[1] = torch.tensor([7.0, 8.0, 9.0])
    e[e > 8] = 0.0
    t[t > 8] = 0.0
    assert_close(e, t)


def test_torch_tensors_in_torch_tensors_out():
    t = torch.randn(4, 5)
    out = ember.relu(t)
    assert isinstance(out, torch.Tensor)
    assert torch.equal(out, torch.relu(t))
    values, indices = ember.topk(t, 2)
    assert isinstance(values, torch.Tensor) and isinstance(indices, torch.Tensor)
    assert torch.equal(indices, torch.topk(t, 2).indices)
    # a parameter that requires grad is read without a copy
    w = torch.nn.Parameter(torch.randn(3))
    assert torch.equal(ember.mul(w, 2), w.detach() * 2)


def test_numpy_in_ember_out():
    a = np.ones((2, 2), dtype=np.float32)
    out = ember.add(a, 1)
    assert isinstance(out, ember.Tensor) and out.tolist() == [[2.0, 2.0], [2.0, 2.0]]
