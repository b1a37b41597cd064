"""bfloat16 products below PyTorch 1.13's oneDNN threshold (16^3 multiply-adds), compared bit for
bit (rtol = atol = 0): its reference gemm and gemv compute in bfloat16 arithmetic, and a
column-major B takes its float-sum dot-product kernel (src/tensor/blas_backend.cpp)."""
import torch

from caselib import floats

EXACT = {"rtol": 0.0, "atol": 0.0}
BF = torch.bfloat16


def colmajor(x):
    return x.t().contiguous().t()


def cases(c):
    for i, (m, k, n) in enumerate([(5, 7, 3), (4, 16, 9), (8, 8, 8), (3, 30, 2)]):
        a = floats(m, k, dtype=BF, seed=10 + i)
        b = floats(k, n, dtype=BF, seed=20 + i)
        c.add("aten::mm", [a, b], name="mm %dx%dx%d" % (m, k, n), **EXACT)
        c.add("aten::mm", [colmajor(a), b], name="mm colmajor_a %d" % i, **EXACT)
        c.add("aten::mm", [a, colmajor(b)], name="mm colmajor_b %d" % i, **EXACT)
        # beta = alpha = 1 only: with other factors PyTorch's rounding is not reproduced yet.
        c.add("aten::addmm", [floats(m, n, dtype=BF, seed=30 + i), a, b], name="addmm %d" % i, **EXACT)
        c.add("aten::bmm", [floats(2, m, k, dtype=BF, seed=40 + i), floats(2, k, n, dtype=BF, seed=50 + i)],
              name="bmm %d" % i, **EXACT)
        x = floats(k, dtype=BF, seed=60 + i)
        c.add("aten::mv", [a, x], name="mv %d" % i, **EXACT)
        c.add("aten::mv", [colmajor(a), x], name="mv colmajor %d" % i, **EXACT)
        c.add("aten::addmv", [floats(m, dtype=BF, seed=70 + i), a, x, 0.2, 0.6], name="addmv %d" % i, **EXACT)
        c.add("aten::addmv", [floats(m, dtype=BF, seed=80 + i), colmajor(a), x, 0.2, 0.6],
              name="addmv colmajor %d" % i, **EXACT)
