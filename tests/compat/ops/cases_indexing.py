"""index.Tensor (t[idx]), index_put_ (t[idx] = v), gathers, scatters, masks, nonzero."""
import torch

from caselib import bools, empty_out, floats

L = torch.int64


def cases(c):
    x = floats(3, 4)
    idx = torch.tensor([2, 0, 2])
    c.add("aten::index.Tensor", [x, [idx]])
    c.add("aten::index.Tensor", [x, [None, torch.tensor([1, -1])]])
    c.add("aten::index.Tensor", [x, [idx, torch.tensor([0, 1, 3])]])
    c.add("aten::index.Tensor", [x, [torch.tensor([[0], [2]]), torch.tensor([1, 3])]])
    c.add("aten::index.Tensor", [x, [x > 0]])
    c.add("aten::index.Tensor", [x, [torch.tensor([True, False, True])]])
    c.add("aten::index.Tensor", [x, [torch.tensor([3])]])  # out of range: error
    c.add("aten::index.Tensor", [x, [torch.tensor([0.0])]])  # float index: error
    c.add("aten::index_put_", [x, [idx], torch.tensor(1.0)])
    c.add("aten::index_put_", [x, [idx], torch.ones(3, 4), True])
    c.add("aten::index_put_", [x, [x > 0], torch.tensor(0.0)])
    c.add("aten::index_put_", [torch.zeros(5), [torch.tensor([0, 0, 4])], torch.tensor([1.0, 2.0, 3.0]), True])
    c.add("aten::index_put", [x, [None, torch.tensor([0])], torch.tensor([[9.0], [8.0], [7.0]])])
    c.add("aten::index_put_", [x, [idx], torch.ones(2)])  # shape mismatch: error
    c.add("aten::index_select", [x, 1, torch.tensor([3, 0])])
    c.add("aten::index_select", [x, 0, torch.tensor([5])])  # error
    c.add("aten::index_select.out", [x, 0, idx, empty_out()])
    c.add("aten::gather", [x, 1, torch.tensor([[0, 0], [1, 0], [3, 2]])])
    c.add("aten::take", [x, torch.tensor([0, 11, -1])])
    c.add("aten::scatter.src", [torch.zeros(3, 4), 1, torch.tensor([[0], [3], [1]]), x])
    c.add("aten::scatter.value", [torch.zeros(3, 4), 0, torch.tensor([[2, 1, 0, 0]]), 5.0])
    c.add("aten::scatter.reduce", [torch.ones(3, 4), 1, torch.tensor([[0, 0], [1, 1], [2, 3]]), x, "add"])
    c.add("aten::scatter_.value_reduce", [torch.ones(3, 4), 1, torch.tensor([[0, 0]]), 3.0, "multiply"])
    c.add("aten::scatter_.src", [torch.zeros(3, 4), 1, torch.tensor([[0], [3], [1]]), x])
    c.add("aten::scatter_add", [torch.zeros(3, 4), 1, torch.tensor([[0, 0], [1, 1], [3, 3]]), x])
    c.add("aten::index_add", [torch.zeros(4, 4), 0, torch.tensor([3, 0, 3]), x, 2])
    c.add("aten::index_add_", [torch.zeros(4, 4), 0, torch.tensor([1, 1, 1]), x])
    c.add("aten::index_fill.int_Scalar", [x, 1, torch.tensor([0, 2]), -1.0])
    c.add("aten::index_fill_.int_Tensor", [x, 0, torch.tensor([1]), torch.tensor(7.0)])
    c.add("aten::masked_fill.Scalar", [x, x > 0, 0.0])
    c.add("aten::masked_fill.Scalar", [x, bools(4), 1])
    c.add("aten::masked_fill.Tensor", [x, x < 0, torch.tensor(-9.0)])
    c.add("aten::masked_fill_.Scalar", [x, bools(3, 4), 2.5])
    c.add("aten::masked_select", [x, x > 0])
    c.add("aten::nonzero", [x > 0])
    c.add("aten::nonzero", [torch.tensor(3)])
    c.add("aten::nonzero_numpy", [torch.tensor([[0, 1], [2, 0]])])
