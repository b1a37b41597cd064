"""Normalisation operators through the interpreter stack: every schema bound in aten_norm_ops.cpp."""
import torch

from caselib import empty_out, floats, positive


def cases(c):
    x = floats(4, 3, 5, 6)
    w, b, rm, rv = floats(3, seed=1), floats(3, seed=2), floats(3, seed=3), positive(3, seed=4)
    tol = {"rtol": 1e-4, "atol": 1e-4}
    cl = x.contiguous(memory_format=torch.channels_last)
    for training in [False, True]:
        c.add("aten::batch_norm", [x, w, b, rm, rv, training, 0.1, 1e-5, False], **tol)
        c.add("aten::native_batch_norm", [x, w, b, rm, rv, training, 0.2, 1e-3], **tol)
        c.add("aten::_batch_norm_impl_index", [x, w, b, rm, rv, training, 0.1, 1e-5, True], **tol)
    c.add("aten::batch_norm", [cl, None, None, rm, rv, False, 0.1, 1e-5, False], strides=True, **tol)
    c.add("aten::batch_norm", [x, None, None, None, None, False, 0.1, 1e-5, False])  # error
    c.add("aten::batch_norm", [x, floats(2), None, None, None, True, 0.1, 1e-5, False])  # error
    c.add("aten::instance_norm", [x, w, b, rm, rv, True, 0.1, 1e-5, False], **tol)
    c.add("aten::instance_norm", [x, None, None, rm, rv, False, 0.1, 1e-5, False], **tol)
    c.add("aten::instance_norm", [x, None, None, None, None, False, 0.1, 1e-5, False])  # error
    c.add("aten::layer_norm", [x, [6]], **tol)
    c.add("aten::layer_norm", [x, [5, 6], floats(5, 6), floats(5, 6, seed=2), 1e-3], **tol)
    c.add("aten::layer_norm", [x, [5]])  # error
    c.add("aten::native_layer_norm", [x, [3, 5, 6], None, floats(3, 5, 6), 1e-5], **tol)
    c.add("aten::native_layer_norm.out", [x, [6], floats(6), None, 1e-5, empty_out(), empty_out(), empty_out()],
          **tol)
    c.add("aten::group_norm", [x, 3, w, b], **tol)
    c.add("aten::group_norm", [x, 1], **tol)
    c.add("aten::group_norm", [x, 2])  # error
    c.add("aten::native_group_norm", [x, w, None, 4, 3, 30, 3, 1e-5], **tol)
    c.add("aten::native_group_norm.out", [x, None, b, 4, 3, 30, 1, 1e-5, empty_out(), empty_out(), empty_out()],
          **tol)
