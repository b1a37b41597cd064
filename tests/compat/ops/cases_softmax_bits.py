"""float32 softmax/log_softmax along a contiguous last dim, compared bit for bit (rtol = atol = 0):
ember reproduces the rounding of PyTorch 1.13's CPU kernel (SLEEF exps, the sum's lane order, the
multiply by 1 / sum; src/tensor/kernels/reduce.isa.cpp). Row lengths around the 8-lane groups and
their tails, short rows (summed in order), long rows, and the program-549 input."""
import torch

from caselib import floats

EXACT = {"rtol": 0.0, "atol": 0.0}
LENGTHS = list(range(1, 34)) + [40, 63, 64, 65, 100, 127, 257, 1000, 4099]


def cases(c):
    row = torch.tensor([0.0, 2.0, 0.5, 0.1])  # corpus program 549's logits
    for op in ("aten::softmax.int", "aten::log_softmax.int"):
        c.add(op, [row, 0, None], name=op + " program549", **EXACT)
        for i, n in enumerate(LENGTHS):
            scale = (1.0, 4.0, 20.0)[i % 3]
            x = floats(3, n, lo=-scale, hi=scale, seed=i)
            c.add(op, [x, -1, None], name="%s rows %d" % (op, n), **EXACT)
    c.add("aten::_softmax", [floats(5, 37, seed=99), 1, False], **EXACT)
    c.add("aten::_log_softmax", [floats(2, 3, 130, lo=-8.0, hi=8.0, seed=98), 2, False], **EXACT)
