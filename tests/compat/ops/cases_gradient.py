"""aten::gradient, all overloads: uniform steps, per-dim steps and sample coordinates, edge orders 1 and 2."""
import torch

from caselib import floats, ints


def cases(c):
    f = floats(4, 5)
    d = floats(5, 3, dtype=torch.float64, seed=1)
    x5 = torch.tensor([0.0, 0.5, 1.5, 2.0, 4.0])
    x4 = torch.tensor([-1.0, 0.0, 0.25, 3.0])
    for edge in [1, 2]:
        c.add("aten::gradient.scalarint", [f, None, None, edge])
        c.add("aten::gradient.scalarint", [f, 2.0, 1, edge])
        c.add("aten::gradient.scalarint", [ints(6), 2, None, edge])
        c.add("aten::gradient.scalarint", [d.t(), 0.5, -1, edge])
        c.add("aten::gradient.scalararray", [f, 0.5, [0, 1], edge])
        c.add("aten::gradient.array", [f, [1], edge])
        c.add("aten::gradient.scalarrayint", [f, [0.5, 2.0], None, edge])
        c.add("aten::gradient.scalarrayint", [f, [3.0], 0, edge])
        c.add("aten::gradient.scalarrayarray", [d, [1.0, 0.5], [1, 0], edge])
        c.add("aten::gradient.tensorarrayint", [f, [x4, x5], None, edge])
        c.add("aten::gradient.tensorarrayint", [f, [x5], 1, edge])
        c.add("aten::gradient.tensorarray", [f, [x4], [0], edge])
        c.add("aten::gradient.tensorarray", [d, [x5.double()], [0], edge])
    c.add("aten::gradient.scalarint", [floats(2, 5), None, None, 2])  # error: dim too short
    c.add("aten::gradient.scalarint", [f, None, None, 3])  # error: edge order
    c.add("aten::gradient.scalarint", [ints(4, dtype=torch.uint8)])  # error: uint8
    c.add("aten::gradient.scalarrayint", [f, [1.0, 2.0, 3.0]])  # error: spacing length
    c.add("aten::gradient.scalarrayarray", [f, [1.0, 2.0], [0]])  # error: spacing vs dim
    c.add("aten::gradient.tensorarray", [f, [torch.ones(4, 1)], [0]])  # error: 2-D coordinates
