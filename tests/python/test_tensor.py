# ember.Tensor: construction, geometry, printing, Python conversions and the zero-copy exchanges
# (DLPack both ways, buffer protocol / numpy), each checked against PyTorch's behaviour.
import numpy as np
import pytest
import torch

import ember
from conftest import assert_close

VALUES = [
    [[1.0, 2.5], [-3.0, 4.0]],
    [1, 2, 3],
    [True, False, True],
    3.5,
    [[1, 2.0], [3, 4]],
    [],
    [[1e-8, 1e10]],
]


@pytest.mark.parametrize("data", VALUES)
def test_tensor_from_lists_matches_torch(data):
    e, t = ember.tensor(data), torch.tensor(data)
    assert str(e.dtype) == str(t.dtype)
    assert e.shape == tuple(t.shape)
    assert repr(e) == repr(t)
    assert e.tolist() == t.tolist()


@pytest.mark.parametrize("dtype", ["float64", "int32", "int8", "uint8", "bool", "float16"])
def test_tensor_with_dtype(dtype):
    e = ember.tensor([[0, 1], [2, 3]], dtype=getattr(ember, dtype))
    t = torch.tensor([[0, 1], [2, 3]], dtype=getattr(torch, dtype))
    assert repr(e) == repr(t)
    assert e.element_size() == t.element_size()


def test_ragged_lists_are_value_errors():
    with pytest.raises(ValueError):
        ember.tensor([[1, 2], [3]])
    with pytest.raises(TypeError):
        ember.tensor(["a"])


def test_printing_large_and_scientific_like_torch():
    t = torch.arange(2000, dtype=torch.float32).reshape(40, 50) / 7
    assert repr(ember.from_dlpack(t)) == repr(t)
    t = torch.tensor([1e-10, 1.0, 1e12])
    assert repr(ember.from_dlpack(t)) == repr(t)


def test_python_number_conversions():
    e = ember.tensor([7])
    assert int(e) == 7 and float(e) == 7.0 and bool(e)
    assert e.item() == 7
    with pytest.raises(RuntimeError, match="ambiguous"):
        bool(ember.tensor([1, 2]))
    assert len(ember.tensor([[1, 2], [3, 4], [5, 6]])) == 3


def test_dlpack_from_torch_is_zero_copy():
    t = torch.arange(12, dtype=torch.float32).reshape(3, 4)
    e = ember.from_dlpack(t)
    assert e.data_ptr() == t.data_ptr()
    t[0, 0] = 100.0  # a write through torch is seen by ember
    assert e.tolist()[0][0] == 100.0


def test_dlpack_to_torch_is_zero_copy_and_keeps_geometry():
    e = ember.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]).t()  # a non-contiguous view
    t = torch.from_dlpack(e)
    assert t.data_ptr() == e.data_ptr()
    assert t.stride() == tuple(e.stride()) and t.shape == e.shape
    assert t.tolist() == e.tolist()
    t[0, 1] = -1.0
    assert e.tolist()[0][1] == -1.0


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64, torch.int64, torch.int32, torch.int16, torch.int8,
                                   torch.uint8, torch.bool, torch.float16, torch.bfloat16, torch.complex64])
def test_dlpack_round_trip_keeps_dtype(dtype):
    t = torch.ones(2, 3, dtype=dtype)
    e = ember.from_dlpack(t)
    assert str(e.dtype) == str(dtype)
    back = ember.to_torch(e)
    assert back.dtype == dtype and back.data_ptr() == t.data_ptr()


def test_dlpack_capsule_is_consumed_once():
    e = ember.tensor([1.0, 2.0])
    capsule = e.__dlpack__()
    ember.from_dlpack(capsule)
    with pytest.raises(RuntimeError, match="not consumed"):
        ember.from_dlpack(capsule)
    assert e.__dlpack_device__() == (1, 0)


def test_tensor_outlives_torch_producer():
    e = ember.from_dlpack(torch.full((1000,), 3.0))
    import gc
    gc.collect()
    assert e.sum().item() == 3000.0


def test_numpy_views_share_memory_both_ways():
    a = np.arange(6, dtype=np.float64).reshape(2, 3)
    e = ember.from_numpy(a)
    a[1, 2] = 42.0
    assert e.tolist()[1][2] == 42.0
    view = np.asarray(e)
    assert view.ctypes.data == e.data_ptr()
    view[0, 0] = -5.0
    assert e.tolist()[0][0] == -5.0
    strided = ember.from_numpy(a[:, ::2])
    assert strided.tolist() == a[:, ::2].tolist()
    assert np.array_equal(np.asarray(ember.tensor([[True, False]])), np.array([[True, False]]))
    assert e.numpy().dtype == np.float64
    assert e.__array_interface__["typestr"] == "<f8"


def test_negative_stride_numpy_is_copied():
    a = np.arange(5, dtype=np.int64)[::-1]
    assert ember.from_numpy(a).tolist() == [4, 3, 2, 1, 0]
