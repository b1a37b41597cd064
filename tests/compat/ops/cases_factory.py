"""Factories: zeros/ones/full/empty, *_like, new_*, arange/linspace/logspace/eye, fill_/zero_, tensor."""
import torch

from caselib import empty_out, floats, ints

F64 = torch.float64


def torch_tensor(data, dtype, device, requires_grad):
    return torch.tensor(data, dtype=dtype, device=device, requires_grad=requires_grad)


def cases(c):
    m = floats(2, 3)
    i = ints(4)
    c.add("aten::zeros", [[2, 3]])
    c.add("aten::zeros", [[2, 3], torch.int32])
    c.add("aten::zeros", [[]])
    c.add("aten::zeros", [[2, -1]])  # error
    c.add("aten::ones", [[3], torch.bool])
    c.add("aten::ones", [[2, 2], None, torch.strided, torch.device("cpu"), False])
    c.add("aten::zeros.out", [[2, 2], empty_out(torch.int64)])
    c.add("aten::ones.out", [[3], empty_out()])
    c.add("aten::full", [[2, 2], 7])
    c.add("aten::full", [[2], 2.5])
    c.add("aten::full", [[2], True])
    c.add("aten::full", [[2], 2.5, torch.int64])
    c.add("aten::full", [[2], 300, torch.int8])  # overflow: error
    c.add("aten::full.out", [[3], 4, empty_out()])
    c.add("aten::scalar_tensor", [3])
    c.add("aten::scalar_tensor", [True, torch.int64])
    c.add("aten::zeros_like", [m])
    c.add("aten::ones_like", [i, F64])
    c.add("aten::full_like", [m, 5])
    c.add("aten::full_like", [i, 2.7])
    c.add("aten::full_like", [i, 2.7, torch.float32])
    c.add("aten::new_zeros", [i, [2]])
    c.add("aten::new_ones", [m, [1, 2], torch.int16])
    c.add("aten::new_full", [i, [2], 9])
    c.add("aten::zero_", [m])
    c.add("aten::zero", [i])
    c.add("aten::fill_.Scalar", [m, 1.5])
    c.add("aten::fill_.Scalar", [i, 2.9])
    c.add("aten::fill_.Tensor", [m, torch.tensor(3)])
    c.add("aten::fill_.Tensor", [m, torch.tensor([3, 4])])  # not 0-dim: error
    c.add("aten::fill.Scalar", [i, -1])
    c.add("aten::arange", [5])
    c.add("aten::arange", [5.0])
    c.add("aten::arange", [5, F64])
    c.add("aten::arange.start", [-2, 3])
    c.add("aten::arange.start_step", [0, 1, 0.1])
    c.add("aten::arange.start_step", [10, 0, -3])
    c.add("aten::arange.start_step", [0, 10, -1])  # wrong sign: error
    c.add("aten::arange.start_step", [0, 1, 0])  # zero step: error
    c.add("aten::arange.start_step", [1, 2.5, 0.5, torch.int32])
    c.add("aten::arange.out", [4, empty_out(F64)])
    c.add("aten::linspace", [0, 1, 5])
    c.add("aten::linspace", [-1, 1, 4, F64])
    c.add("aten::linspace", [0, 10, 4, torch.int64])
    c.add("aten::logspace", [0, 2, 3])
    c.add("aten::logspace", [0, 3, 4, 2.0, F64])
    c.add("aten::eye", [3])
    c.add("aten::eye.m", [2, 4, torch.int64])
    # torch.ops cannot call aten::tensor (its `t[] data` is generic): torch.tensor is the reference.
    ref = torch_tensor
    c.add("aten::tensor", [[1, 2, 3]], ref=ref)
    c.add("aten::tensor", [[[1.5, 2.0], [3.0, 4.0]]], ref=ref)
    c.add("aten::tensor", [[True, False]], ref=ref)
    c.add("aten::tensor", [[1, 2], F64], ref=ref)
    c.add("aten::tensor", [[[1, 2], [3]]], ref=ref)  # ragged: error
    c.add("aten::tensor.float", [2.5])
    c.add("aten::tensor.int", [7, torch.int8])
    c.add("aten::tensor.bool", [False])
    c.add("aten::as_tensor", [m, F64])
    c.add("aten::as_tensor.list", [[1.0, 2.0], torch.float16], ref=lambda d, t, dev: torch.as_tensor(d, dtype=t))
    c.add("aten::empty_like", [m], values=False)
    c.add("aten::empty_like", [m.t()], values=False, strides=True)
    c.add("aten::empty.memory_format", [[2, 3, 4, 5], None, None, None, None, torch.channels_last], values=False,
          strides=True)
    c.add("aten::new_empty", [i, [3], torch.int16], values=False)
