"""segment_reduce over lengths and offsets, every reduction, initial values, errors."""
import torch

from caselib import floats


def cases(c):
    d = torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    lengths = torch.tensor([2, 0, 3, 1])
    offsets = torch.tensor([0, 2, 2, 5, 6])
    m = floats(6, 3)
    for red in ["max", "min", "sum", "mean", "prod"]:
        c.add("aten::segment_reduce", [d, red, lengths], name=f"segment_reduce_{red}")
        c.add("aten::segment_reduce", [d, red, None, None, offsets], name=f"segment_reduce_offsets_{red}")
        c.add("aten::segment_reduce", [m, red, torch.tensor([1, 3, 2])], name=f"segment_reduce_2d_{red}")
        c.add("aten::segment_reduce", [m.t(), red, torch.tensor([[1, 5], [6, 0], [3, 3]]), None, None, 1],
              name=f"segment_reduce_axis1_{red}")
    c.add("aten::segment_reduce", [d, "sum", lengths, None, None, 0, False, 10])
    c.add("aten::segment_reduce", [d, "max", torch.tensor([3, 3]), None, None, -1])
    c.add("aten::segment_reduce", [torch.tensor([1.0, float("nan"), 3.0]), "max", torch.tensor([2, 1])])
    c.add("aten::segment_reduce", [d.double(), "mean", torch.tensor([6], dtype=torch.int32)])
    c.add("aten::segment_reduce", [d, "sum", torch.tensor([2, 3])])  # error: lengths sum
    c.add("aten::segment_reduce", [d, "foo", torch.tensor([6])])  # error
    c.add("aten::segment_reduce", [d.long(), "sum", torch.tensor([6])])  # error: dtype
    c.add("aten::segment_reduce", [d, "sum", torch.tensor([6, -1, 1])])  # error
    c.add("aten::segment_reduce", [d, "sum", None, torch.tensor([6])])  # error: indices
    c.add("aten::segment_reduce", [d, "sum"])  # error: no lengths
    c.add("aten::segment_reduce.out", [d, "sum", lengths, None, None, 0, False, None, torch.empty(0)])
