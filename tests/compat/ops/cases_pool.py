"""Pooling operators through the interpreter stack: every schema bound in aten_pool_ops.cpp."""
import torch

from caselib import empty_out, floats


def cases(c):
    x = floats(2, 3, 9, 8)
    x1 = floats(2, 3, 11)
    x3 = floats(1, 2, 5, 6, 4)
    cl = x.contiguous(memory_format=torch.channels_last)
    c.add("aten::max_pool1d", [x1, [3], [2], [1], [1], True])
    c.add("aten::max_pool1d", [x1, [2]])
    c.add("aten::max_pool1d", [x1.long(), [2]])  # error: dtype
    c.add("aten::max_pool1d_with_indices", [x1, [3], [2], [1], [2], False])
    c.add("aten::max_pool2d", [x, [3, 3], [2, 2], [1, 1], [1, 1], False])
    c.add("aten::max_pool2d", [x, [2]])
    c.add("aten::max_pool2d", [cl, [3], [2], [1]], strides=True)
    c.add("aten::max_pool2d", [x, [2], [], [2]])  # error: padding
    # Channels-last windows of more than 32 taps (the kernel's row groups), with NaNs, ceil
    # mode, dilation and 20 channels (a ragged end after the vectors); and a 3-D one.
    wide = floats(2, 20, 13, 12)
    wide[0, 3, 4, 5] = float("nan")
    wide[1, 19, 10, 11] = float("nan")
    wide_cl = wide.contiguous(memory_format=torch.channels_last)
    c.add("aten::max_pool2d", [wide_cl, [7, 6], [2, 3], [3, 2], [1, 1], True], strides=True)
    c.add("aten::max_pool2d", [wide_cl, [3, 3], [1, 2], [1, 1], [2, 1], False], strides=True)
    # 3-D pooling of channels_last_3d inputs: contiguous results in PyTorch 1.13.
    cl3 = floats(2, 5, 4, 6, 5).contiguous(memory_format=torch.channels_last_3d)
    c.add("aten::max_pool3d", [cl3, [2, 3, 2], [1, 2, 2], [1, 1, 0]], strides=True)
    c.add("aten::max_pool3d_with_indices", [cl3, [2], [2], [1]], strides=True)
    c.add("aten::avg_pool3d", [cl3, [2, 2, 3], [1, 2, 1], [1, 0, 1], True, False, None], strides=True)
    c.add("aten::adaptive_max_pool3d", [cl3, [3, 2, 2]], strides=True)
    c.add("aten::adaptive_avg_pool3d", [cl3, [3, 2, 2]], strides=True)
    c.add("aten::max_pool2d_with_indices", [x, [3, 2], [2, 1], [1, 0], [2, 1], True])
    c.add("aten::max_pool2d_with_indices.out", [x, [2], [2], [0], [1], False, empty_out(), empty_out(torch.int64)])
    c.add("aten::max_pool3d", [x3, [2, 3, 2], [1, 2, 2], [1, 1, 0]])
    c.add("aten::max_pool3d_with_indices", [x3, [2], [2], [1]])
    c.add("aten::max_pool3d_with_indices.out", [x3, [2], [2], [0], [1], True, empty_out(), empty_out(torch.int64)])
    c.add("aten::avg_pool1d", [x1, [3], [2], [1], True, False])
    c.add("aten::avg_pool2d", [x, [3, 2], [2, 1], [1, 1], False, True, None])
    c.add("aten::avg_pool2d", [x, [3], [2], [1], True, False, 2])
    c.add("aten::avg_pool2d", [x.long(), [2]])
    c.add("aten::avg_pool2d.out", [x, [2], [2], [0], False, True, None, empty_out()])
    c.add("aten::avg_pool3d", [x3, [2, 2, 3], [1, 2, 1], [1, 0, 1], True, False, None])
    c.add("aten::avg_pool3d.out", [x3, [2], [2], [0], False, True, 7, empty_out()])
    c.add("aten::adaptive_avg_pool1d", [x1, [4]])
    c.add("aten::adaptive_avg_pool2d", [x, [3, 5]])
    c.add("aten::adaptive_avg_pool2d", [cl, [1, 1]], strides=True)
    # 150 channels: ember splits a channels-last pool into blocks of 64 channels (64, 64, 22).
    many_cl = floats(1, 150, 7, 9).contiguous(memory_format=torch.channels_last)
    c.add("aten::adaptive_avg_pool2d", [many_cl, [1, 1]], strides=True)
    c.add("aten::adaptive_avg_pool2d", [many_cl, [3, 2]], strides=True)
    c.add("aten::adaptive_avg_pool2d", [x.half(), [1, 1]], rtol=1e-3, atol=1e-3)
    c.add("aten::adaptive_avg_pool2d.out", [x, [2, 2], empty_out()])
    c.add("aten::_adaptive_avg_pool2d", [x, [4, 3]])
    c.add("aten::_adaptive_avg_pool2d.out", [x, [1, 1], empty_out()])
    c.add("aten::adaptive_avg_pool3d", [x3, [2, 3, 2]])
    c.add("aten::adaptive_avg_pool3d.out", [x3, [1, 1, 1], empty_out()])
    c.add("aten::_adaptive_avg_pool3d", [x3, [3, 3, 3]])
    c.add("aten::_adaptive_avg_pool3d.out", [x3, [2, 2, 2], empty_out()])
    c.add("aten::adaptive_max_pool1d", [x1, [5]])
    c.add("aten::adaptive_max_pool2d", [x, [4, 3]])
    c.add("aten::adaptive_max_pool2d.out", [x, [2, 5], empty_out(), empty_out(torch.int64)])
    c.add("aten::adaptive_max_pool3d", [x3, [2, 3, 2]])
    c.add("aten::adaptive_max_pool3d.out", [x3, [1, 2, 1], empty_out(), empty_out(torch.int64)])
