"""bilinear and pdist (torch.nn.functional.bilinear / pdist call them): values, batch shapes,
bias, p norms, dtypes and the argument errors."""
import torch

from caselib import empty_out, floats


def cases(c):
    x1, x2, w, b = floats(4, 3), floats(4, 5), floats(2, 3, 5), floats(2)
    c.add("aten::bilinear", [x1, x2, w, b])
    c.add("aten::bilinear", [x1, x2, w, None])
    c.add("aten::bilinear", [floats(2, 3, 3), floats(2, 3, 5), w, b])  # batch dims
    c.add("aten::bilinear", [x1.double(), x2.double(), w.double(), b.double()])
    c.add("aten::bilinear", [x1, floats(3, 5), w, b])  # error: batch dims differ
    c.add("aten::bilinear", [x1, x2, floats(2, 4, 5), b])  # error: input1 vs weight
    c.add("aten::bilinear", [x1, x2, floats(2, 3, 6), b])  # error: input2 vs weight
    c.add("aten::bilinear", [floats(3), x2, w, b])  # error: ranks differ
    c.add("aten::bilinear", [x1, x2, w, floats(3)])  # error: bias size
    p = floats(6, 4)
    for norm in [2.0, 1.0, 0.0, 3.5, float("inf")]:
        c.add("aten::pdist", [p, norm])
    c.add("aten::pdist", [p.t().contiguous().t()])  # non-contiguous rows
    c.add("aten::pdist", [floats(1, 3)])  # one row: empty result
    c.add("aten::pdist", [p.double(), 2.0])
    c.add("aten::_pdist_forward", [p, 2.0])
    c.add("aten::_pdist_forward.out", [p, 1.0, empty_out()])
    c.add("aten::pdist", [floats(2, 3, 4)])  # error: not 2-d
    c.add("aten::pdist", [p, -1.0])  # error: negative p
    c.add("aten::pdist", [torch.ones(3, 4, dtype=torch.long)])  # error: integer input
