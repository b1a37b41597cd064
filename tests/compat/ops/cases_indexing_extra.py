"""scatter_reduce.two, index_reduce, index_copy, masked_scatter, put, diagonal_scatter."""
import torch

from caselib import bools, empty_out, floats, ints


def cases(c):
    f = floats(3, 4)
    src = floats(3, 4, seed=1)
    idx = torch.tensor([[0, 1, 2, 0], [2, 2, 1, 0], [1, 0, 0, 2]])
    for reduce in ["sum", "prod", "mean", "amax", "amin"]:
        for include_self in [True, False]:
            c.add("aten::scatter_reduce.two", [f, 0, idx, src, reduce], name=f"scatter_reduce_{reduce}")
            c.add("aten::scatter_reduce.two", [f, 0, idx, src, reduce, include_self],
                  name=f"scatter_reduce_{reduce}_{include_self}")
            c.add("aten::scatter_reduce.two", [ints(3, 4), 1, (idx[:, :2] + 1).contiguous(), ints(3, 4, seed=1), reduce,
                                               include_self], name=f"scatter_reduce_int_{reduce}")
        c.add("aten::scatter_reduce.two", [f[:2].t(), 0, idx[:2].t(), src[:2].t(), reduce, False],
              name=f"scatter_reduce_noncontig_{reduce}")
        if reduce == "sum":
            continue
        c.add("aten::index_reduce", [f, 0, torch.tensor([0, 2, 0]), src, reduce],
              name=f"index_reduce_{reduce}")
        c.add("aten::index_reduce", [f, 1, torch.tensor([3, 3, 0, 1], dtype=torch.int32), src, reduce, False],
              name=f"index_reduce_{reduce}_int32")
        c.add("aten::index_reduce", [ints(3, 4), -1, torch.tensor([3, 3, 0, 1]), ints(3, 4, seed=2), reduce, False],
              name=f"index_reduce_{reduce}_long")
    nan_src = torch.tensor([float("nan"), 1.0, 2.0, -1.0])
    c.add("aten::scatter_reduce.two", [floats(2), 0, torch.tensor([0, 0, 1, 1]), nan_src, "amax"])
    c.add("aten::scatter_reduce.two", [floats(2), 0, torch.tensor([0, 0, 1, 1]), nan_src, "amin", False])
    c.add("aten::scatter_reduce.two", [bools(3), 0, torch.tensor([0, 0, 2]), bools(3, seed=1), "sum"])
    c.add("aten::scatter_reduce.two", [bools(3), 0, torch.tensor([0, 0, 2]), bools(3, seed=1), "amax", False])
    c.add("aten::scatter_reduce.two", [bools(3), 0, torch.tensor([0, 0, 2]), bools(3, seed=1), "mean"])  # error
    c.add("aten::scatter_reduce.two", [f, 0, idx, src, "max"])  # error: reduce name
    c.add("aten::scatter_reduce.two", [f, 0, idx.int(), src, "sum"])  # error: int32 index
    c.add("aten::scatter_reduce.two", [f, 0, idx, src.double(), "sum"])  # error: dtype
    c.add("aten::scatter_reduce.two", [f, 0, idx + 3, src, "sum"])  # error: out of bounds
    c.add("aten::scatter_reduce.two", [torch.tensor(2.0), 0, torch.tensor(0), torch.tensor(5.0), "prod"])
    c.add("aten::scatter_reduce.two", [f, 0, torch.empty(0, 4, dtype=torch.long), src, "mean"])
    c.add("aten::scatter_reduce_.two", [f.clone(), 1, idx, src, "amax"])
    c.add("aten::scatter_reduce.two_out", [f, 1, idx, src, "mean", True, empty_out()])
    c.add("aten::index_reduce", [f, 0, torch.tensor([0, 2, 0]), src, "sum"])  # error: sum
    c.add("aten::index_reduce", [f, 0, torch.tensor([0, 3, 0]), src, "prod"])  # error: bounds
    c.add("aten::index_reduce", [f, 0, torch.tensor([0, 1]), src, "prod"])  # error: count
    c.add("aten::index_reduce_", [f.clone(), 0, torch.tensor([1, 1, 1]), src, "mean"])
    c.add("aten::index_reduce.out", [f, 0, torch.tensor([1, 1, 1]), src, "amin", True, empty_out()])
    c.add("aten::index_copy", [f, 0, torch.tensor([2, 0]), src[:2].contiguous()])
    c.add("aten::index_copy", [f, 1, torch.tensor([3, 0, 1]), src[:, :3].contiguous()])
    c.add("aten::index_copy", [f.t(), 0, torch.tensor([1]), src.t()[:1].contiguous()])
    c.add("aten::index_copy", [torch.tensor(0.0), 0, torch.tensor([0]), torch.tensor(5.0)])
    c.add("aten::index_copy", [ints(3), 0, torch.tensor([0, 2]), ints(2, seed=4)])
    c.add("aten::index_copy", [f, 0, torch.tensor([2, 0], dtype=torch.int32), src[:2].contiguous()])  # error
    c.add("aten::index_copy", [f, 0, torch.tensor([2, 3]), src[:2].contiguous()])  # error: bounds
    c.add("aten::index_copy", [f, 0, torch.tensor([2, 0]), src[:2, :3].contiguous()])  # error: slice shapes
    c.add("aten::index_copy", [f, 0, torch.tensor([2, 0]), src[:2].contiguous().double()])  # error: dtype
    c.add("aten::index_copy_", [f.clone(), 0, torch.tensor([1]), src[:1].contiguous()])
    c.add("aten::index_copy.out", [f, 0, torch.tensor([1]), src[:1].contiguous(), empty_out()])
    mask = bools(3, 4, seed=5)
    c.add("aten::masked_scatter", [f, mask, floats(12, seed=6)])
    c.add("aten::masked_scatter", [f, mask[0].contiguous(), floats(3, 5, seed=6)])
    c.add("aten::masked_scatter", [floats(4), bools(3, 4, seed=7), floats(12, seed=6)])  # broadcast self
    c.add("aten::masked_scatter", [f.t(), mask.t(), floats(12, seed=6)])
    c.add("aten::masked_scatter", [ints(3, 4), mask, ints(20, seed=3)])
    c.add("aten::masked_scatter", [f, mask, floats(1, seed=6)])  # error: source too small
    c.add("aten::masked_scatter", [f, mask, ints(12)])  # error: dtype
    c.add("aten::masked_scatter_", [f.clone(), mask, floats(12, seed=6)])
    c.add("aten::masked_scatter_", [floats(4), bools(3, 4, seed=7), floats(12, seed=6)])  # error: self can't grow
    c.add("aten::masked_scatter.out", [f, mask, floats(12, seed=6), empty_out()])
    c.add("aten::put", [f, torch.tensor([0, -1, 5]), torch.tensor([1.0, 2.0, 3.0])])
    c.add("aten::put", [f, torch.tensor([[1, 1], [2, 1]]), torch.tensor([1.0, 2.0, 3.0, 4.0]), True])
    c.add("aten::put", [f.t(), torch.tensor([0, 1, 2]), torch.tensor([7.0, 8.0, 9.0])])
    c.add("aten::put", [ints(2, 3), torch.tensor([5, 0]), torch.tensor([10, 20]), True])
    c.add("aten::put", [torch.zeros(0), torch.tensor([], dtype=torch.long), torch.tensor([])])
    c.add("aten::put", [f, torch.tensor([12]), torch.tensor([1.0])])  # error: out of range
    c.add("aten::put", [f, torch.tensor([-13]), torch.tensor([1.0])])  # error: out of range
    c.add("aten::put", [f, torch.tensor([1, 2]), torch.tensor([1.0])])  # error: count
    c.add("aten::put", [f, torch.tensor([1]), torch.tensor([1])])  # error: dtype
    c.add("aten::put", [f, torch.tensor([1], dtype=torch.int32), torch.tensor([1.0])])  # error: index dtype
    c.add("aten::put_", [f.clone(), torch.tensor([3]), torch.tensor([1.0])])
    c.add("aten::put.out", [f, torch.tensor([3]), torch.tensor([1.0]), False, empty_out()])
    c.add("aten::diagonal_scatter", [torch.zeros(3, 3), torch.ones(3)])
    c.add("aten::diagonal_scatter", [torch.zeros(3, 4), floats(3, seed=2), 1])
    c.add("aten::diagonal_scatter", [torch.zeros(3, 4), floats(2, seed=2), -1])
    c.add("aten::diagonal_scatter", [torch.zeros(2, 3, 4), floats(4, 2, seed=2), 0, 0, 1])
    c.add("aten::diagonal_scatter", [f.t(), floats(3, seed=2)])
    c.add("aten::diagonal_scatter", [torch.zeros(3, 3), torch.ones(3, dtype=torch.int64)])
    c.add("aten::diagonal_scatter", [torch.zeros(3, 3), torch.ones(2)])  # error: size
    c.add("aten::diagonal_scatter.out", [torch.zeros(3, 3), torch.ones(3), 0, 0, 1, empty_out()])
    c.add("aten::as_strided_scatter", [torch.zeros(2, 3), torch.ones(2), [2], [4], 1])
    c.add("aten::as_strided_scatter", [f, floats(2, 2, seed=3), [2, 2], [1, 4]])
    c.add("aten::as_strided_scatter", [f.t(), floats(3, seed=3), [3], [1], 2])
    c.add("aten::as_strided_scatter", [torch.zeros(2, 3), torch.ones(3), [2], [4], 1])  # error: size
    c.add("aten::as_strided_scatter.out", [f, floats(2, 2, seed=3), [2, 2], [1, 4], 0, empty_out()])
