"""sort, argsort, topk, kthvalue, median, nanmedian."""
import torch

from caselib import empty_out, floats


def cases(c):
    x = floats(3, 5)
    dup = torch.tensor([[3, 1, 2, 1, 3], [0, 0, 5, -1, 5]])
    nan = torch.tensor([2.0, float("nan"), -1.0, 4.0])
    c.add("aten::sort", [x])
    c.add("aten::sort", [x, 0, True])
    c.add("aten::sort", [nan])
    c.add("aten::sort.stable", [dup, True, 1, True])
    c.add("aten::sort.values", [x, 1, False, empty_out(), empty_out(torch.int64)])
    c.add("aten::argsort", [x, 1, True])
    c.add("aten::argsort.stable", [dup, True, 1])
    c.add("aten::topk", [x, 2])
    c.add("aten::topk", [x, 2, 0, False])
    c.add("aten::topk", [x, 6])  # k too large: error
    c.add("aten::topk.values", [x, 1, 1, True, True, empty_out(), empty_out(torch.int64)])
    c.add("aten::kthvalue", [x, 2, 1])
    c.add("aten::kthvalue", [torch.tensor([5, 3, 9, 1, 7, 2, 8]), 4, 0, True])
    c.add("aten::median", [x])
    c.add("aten::median", [nan])
    c.add("aten::median.dim", [x, 1])
    c.add("aten::nanmedian", [nan])
    c.add("aten::nanmedian.dim", [torch.tensor([[1.0, float("nan"), 3.0], [float("nan")] * 3]), 1])
