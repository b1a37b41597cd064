"""Copies and conversions (to, contiguous, clone), views, splits, cat/stack, flip/roll/repeat, tril/triu."""
import torch

from caselib import empty_out, floats, ints

F64 = torch.float64


def cases(c):
    x = floats(2, 3, 4)
    m = floats(3, 4, seed=1)
    i = ints(3, 4)
    t = m.t()
    c.add("aten::copy_", [torch.zeros(3, 4, dtype=torch.int32), m])
    c.add("aten::copy_", [torch.zeros(2, 4), floats(4, seed=2)])
    c.add("aten::copy_.int", [torch.zeros(3), 7])
    c.add("aten::copy_.float", [torch.zeros(3, dtype=torch.int64), 2.5])
    c.add("aten::to.dtype", [m, torch.int32])
    c.add("aten::to.dtype", [floats(4, lo=-300, hi=300), torch.uint8])
    c.add("aten::to.dtype", [i, torch.bool])
    c.add("aten::to.dtype", [m, torch.float16])
    c.add("aten::to.dtype", [m, torch.bfloat16])
    c.add("aten::to.other", [i, m])
    c.add("aten::to.device", [i, torch.device("cpu"), F64])
    c.add("aten::to.dtype_layout", [m, F64])
    c.add("aten::to.prim_dtype", [i, 6])
    c.add("aten::type_as", [i, m])
    c.add("aten::contiguous", [t], strides=True)
    c.add("aten::contiguous", [floats(2, 3, 4, 5), torch.channels_last], strides=True)
    c.add("aten::contiguous", [t, torch.preserve_format])  # error
    c.add("aten::clone", [t], strides=True)
    c.add("aten::clone", [floats(2, 3, 4, 5), torch.channels_last], strides=True)
    c.add("aten::to.dtype", [floats(2, 3, 4, 5), F64, False, False, torch.channels_last], strides=True)
    c.add("aten::to.dtype", [t, F64], strides=True)
    c.add("aten::to.dtype", [t, torch.float32, False, True], strides=True)
    c.add("aten::clone", [t, torch.contiguous_format])
    c.add("aten::detach", [m])
    c.add("aten::alias", [m])
    c.add("aten::view", [x, [4, -1]])
    c.add("aten::view", [x, [5, -1]])  # error
    c.add("aten::view", [t, [-1]])  # not viewable: error
    c.add("aten::view.dtype", [m, torch.int32])
    c.add("aten::reshape", [t, [-1]])
    c.add("aten::reshape", [x, [2, -1, 2]])
    c.add("aten::view_as", [x, floats(6, 4)])
    c.add("aten::reshape_as", [t, floats(12)])
    c.add("aten::as_strided", [m, [2, 2], [1, 4], 1])
    c.add("aten::transpose.int", [x, 0, -1])
    c.add("aten::transpose_", [m, 0, 1])
    c.add("aten::t", [m])
    c.add("aten::t", [x])  # 3-D: error
    c.add("aten::t_", [m])
    c.add("aten::numpy_T", [x])
    c.add("aten::mT", [x])
    c.add("aten::permute", [x, [2, 0, 1]])
    c.add("aten::permute", [x, [0, 0, 1]])  # repeated dim: error
    c.add("aten::movedim.int", [x, 0, 2])
    c.add("aten::movedim.intlist", [x, [0, 1], [2, 0]])
    c.add("aten::swapaxes", [x, 0, 1])
    c.add("aten::expand", [floats(3, 1), [2, 3, 4]])
    c.add("aten::expand", [floats(3, 1), [-1, 5]])
    c.add("aten::expand", [floats(3, 2), [3, 4]])  # error
    c.add("aten::expand_as", [floats(1, 4), m])
    c.add("aten::squeeze", [floats(1, 3, 1)])
    c.add("aten::squeeze.dim", [floats(1, 3, 1), -1])
    c.add("aten::squeeze_", [floats(1, 3, 1)])
    c.add("aten::unsqueeze", [m, 2])
    c.add("aten::unsqueeze", [m, -1])
    c.add("aten::unsqueeze", [m, 4])  # error
    c.add("aten::unsqueeze_", [m, 0])
    c.add("aten::flatten.using_ints", [x])
    c.add("aten::flatten.using_ints", [x, 1])
    c.add("aten::unflatten.int", [m, 1, [2, 2]])
    c.add("aten::slice.Tensor", [x, 2, 1, None, 2])
    c.add("aten::slice.Tensor", [x, 0, -5, 100])
    c.add("aten::slice.Tensor", [m, 1, None, -1])
    c.add("aten::slice.Tensor", [m, 0, 0, 2, 0])  # step 0: error
    c.add("aten::narrow", [m, 1, 1, 2])
    c.add("aten::select.int", [x, 1, -1])
    c.add("aten::select.int", [x, 1, 3])  # error
    c.add("aten::diagonal", [m, 1])
    c.add("aten::unfold", [floats(7), 0, 3, 2])
    c.add("aten::split.Tensor", [x, 2, 2])
    c.add("aten::split.sizes", [x, [1, 3], 2])
    c.add("aten::split_with_sizes", [m, [1, 2]])
    c.add("aten::split_with_sizes", [m, [1, 1]])  # sizes do not add up: error
    c.add("aten::chunk", [x, 2, -1])
    c.add("aten::chunk", [floats(5), 3])
    c.add("aten::unbind.int", [x, 1])
    c.add("aten::cat", [[m, i], 0])
    c.add("aten::cat", [[m, floats(3, 2)], 1])
    c.add("aten::cat", [[m, torch.empty(0)], 0])
    c.add("aten::cat", [[m, floats(2, 3)], 0])  # error
    c.add("aten::cat", [[], 0])  # error
    c.add("aten::cat.out", [[m, m], 0, empty_out(F64)])
    c.add("aten::concat", [[m, m], -1])
    c.add("aten::stack", [[m, m, m], 1])
    c.add("aten::stack", [[m, floats(4, 3)], 0])  # error
    c.add("aten::stack.out", [[i, i], 0, empty_out(torch.int64)])
    c.add("aten::flip", [x, [0, 2]])
    c.add("aten::roll", [m, [1], [1]])
    c.add("aten::roll", [m, [2]])
    c.add("aten::roll", [x, [1, -1], [0, 2]])
    c.add("aten::repeat", [floats(2), [3, 2]])
    c.add("aten::repeat", [m, [1]])  # fewer repeats than dims: error
    c.add("aten::tile", [floats(2, 2), [2]])
    c.add("aten::tril", [m])
    c.add("aten::triu", [m, 1])
    c.add("aten::tril_", [m, -1])
    c.add("aten::triu.out", [i, 0, empty_out(torch.int64)])
