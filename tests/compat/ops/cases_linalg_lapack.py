"""LAPACK-backed linear algebra: LU, det/slogdet/inv/solve, Cholesky, triangular solves, QR,
eigh, SVD, pinv, matrix_rank, norms, cond, matrix_power/exp, multi_dot, vecdot, tensorinv/solve.

PyTorch 1.13 on Debian calls the same OpenBLAS LAPACK routines ember calls (getrf, potrf, geqrf,
orgqr, syevd, gesdd), so even the sign-ambiguous factors (Q, U, V, eigenvectors) are compared
directly; inputs have well separated eigen/singular values so that they are determined up to those
routines' sign conventions. Inputs are well conditioned (diagonally dominant, or SPD) and fixed.
"""
import re

import torch

from caselib import empty_out, floats

F64 = torch.float64


def square(*batch_n, dtype=torch.float32, seed=0):
    """Diagonally dominant, hence invertible and well conditioned."""
    n = batch_n[-1]
    a = floats(*batch_n, n, lo=-1.0, hi=1.0, dtype=dtype, seed=seed)
    return a + n * torch.eye(n, dtype=dtype)


def spd(*batch_n, dtype=torch.float32, seed=0):
    n = batch_n[-1]
    m = floats(*batch_n, n, lo=-1.0, hi=1.0, dtype=dtype, seed=seed)
    return m @ m.mT + n * torch.eye(n, dtype=dtype)


def sym_spread(n, dtype=torch.float32, seed=0):
    """Symmetric with well separated eigenvalues (1, 2, ..., n, some negative)."""
    q, _ = torch.linalg.qr(floats(n, n, dtype=F64, seed=seed))
    w = torch.arange(1, n + 1, dtype=F64) * torch.tensor([(-1) ** i for i in range(n)], dtype=F64)
    return (q @ torch.diag(w) @ q.mT).to(dtype)


def rect(m, n, *batch, dtype=torch.float32, seed=0):
    return floats(*batch, m, n, lo=-2.0, hi=2.0, dtype=dtype, seed=seed)


def lu_cases(c):
    a, a64 = square(4), square(4, dtype=F64, seed=1)
    ab = square(2, 3, 4, seed=2)
    at = square(5, seed=3).mT  # non-contiguous
    singular = torch.tensor([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 0.0, 1.0]])
    ints = torch.tensor([[1, 2], [3, 4]])
    c.add("aten::linalg_lu_factor", [a])
    c.add("aten::linalg_lu_factor", [ab])
    c.add("aten::linalg_lu_factor", [at])
    c.add("aten::linalg_lu_factor", [rect(3, 5)])
    c.add("aten::linalg_lu_factor", [rect(5, 3, dtype=F64)])
    c.add("aten::linalg_lu_factor", [singular])  # U[3,3] is zero: error
    c.add("aten::linalg_lu_factor", [a, False])  # no pivoting on the CPU: error
    c.add("aten::linalg_lu_factor", [ints])
    c.add("aten::linalg_lu_factor.out", [a64, True, empty_out(F64), empty_out(torch.int32)])
    c.add("aten::linalg_lu_factor_ex", [singular])
    c.add("aten::linalg_lu_factor_ex", [ab, True, True])
    c.add("aten::linalg_lu", [a])
    c.add("aten::linalg_lu", [rect(3, 5, 2, seed=4)])
    c.add("aten::linalg_lu", [rect(5, 3, dtype=F64)])
    c.add("aten::_lu_with_info", [ab])
    c.add("aten::_lu_with_info", [singular, True, False])
    lu, piv = torch.linalg.lu_factor(ab)
    c.add("aten::lu_unpack", [lu, piv])
    c.add("aten::lu_unpack", [lu, piv, False, True])
    c.add("aten::lu_unpack", [lu, piv, True, False])
    lu_r, piv_r = torch.linalg.lu_factor(rect(5, 3))
    c.add("aten::lu_unpack", [lu_r, piv_r])
    b = rect(4, 2, 2, 3, seed=5)
    c.add("aten::linalg_lu_solve", [lu, piv, b])
    c.add("aten::linalg_lu_solve", [lu, piv, b, True, True])
    c.add("aten::linalg_lu_solve", [lu, piv, rect(2, 4, 2, 3, seed=6), False])
    c.add("aten::linalg_lu_solve", [lu, piv, rect(2, 4, 2, 3, seed=6), False, True])
    c.add("aten::linalg_lu_solve", [lu, piv, rect(4, 2, seed=7)])  # B broadcast over LU's batch
    c.add("aten::linalg_lu_solve", [lu, piv, rect(3, 2, seed=7)])  # wrong rows: error
    bad_hi, bad_lo = piv.clone(), piv.clone()
    bad_hi[0, 1, 0], bad_lo[1, 0, 2] = 7, 0
    c.add("aten::linalg_lu_solve", [lu, bad_hi, b])  # pivot > n: error
    c.add("aten::linalg_lu_solve", [lu, bad_lo, b])  # pivot < 1: error
    c.add("aten::lu_unpack", [lu, bad_hi])  # error
    c.add("aten::linalg_lu_solve", [lu, piv.long(), b])  # pivots must be int32: error
    c.add("aten::lu_solve", [b, lu, piv])
    c.add("aten::lu_solve.out", [b, lu, piv, empty_out()])


def det_inv_solve_cases(c):
    a, a64 = square(4), square(4, dtype=F64, seed=1)
    ab = square(2, 3, 4, seed=2)
    at = square(5, seed=3).mT
    neg = torch.tensor([[0.0, 1.0], [1.0, 0.0]]) * 2.0  # det -4
    singular = torch.tensor([[1.0, 2.0], [2.0, 4.0]])
    batch_singular = torch.stack([torch.eye(3), torch.zeros(3, 3)])
    ints = torch.tensor([[1, 2], [3, 4]])
    for x in (a, a64, ab, at, neg, singular, torch.zeros(0, 0), torch.zeros(2, 0, 0), ints, rect(2, 3)):
        c.add("aten::linalg_det", [x])
    c.add("aten::det", [ab])
    c.add("aten::linalg_det.out", [a64, empty_out(F64)])
    c.add("aten::_linalg_det", [ab])
    for x in (a, a64, ab, at, neg, singular, ints):
        c.add("aten::linalg_slogdet", [x])
    c.add("aten::slogdet", [ab])
    c.add("aten::slogdet.out", [a, empty_out(), empty_out()])
    c.add("aten::_linalg_slogdet", [a64])
    for x in (a, ab, neg, singular):
        c.add("aten::logdet", [x])
    for x in (a, a64, ab, at, torch.zeros(0, 0)):
        c.add("aten::linalg_inv", [x])
    c.add("aten::linalg_inv", [singular])  # singular: error
    c.add("aten::linalg_inv", [batch_singular])  # batch element 1 singular: error
    c.add("aten::linalg_inv", [rect(3, 2)])  # not square: error
    c.add("aten::linalg_inv", [torch.ones(3)])  # not a matrix: error
    c.add("aten::linalg_inv", [ints])  # integer: error
    c.add("aten::linalg_inv.out", [ab, empty_out()])
    c.add("aten::inverse", [at])
    c.add("aten::inverse.out", [a64, empty_out(F64)])
    c.add("aten::linalg_inv_ex", [ab])
    c.add("aten::linalg_inv_ex", [batch_singular, True])  # check_errors: error
    c.add("aten::linalg_inv_ex.inverse", [a, False, empty_out(), empty_out(torch.int32)])
    b = rect(4, 3, seed=8)
    c.add("aten::linalg_solve", [a, b])
    c.add("aten::linalg_solve", [a64, rect(4, 3, dtype=F64, seed=8)])
    c.add("aten::linalg_solve", [ab, rect(4, 2, seed=9)])  # B broadcast
    c.add("aten::linalg_solve", [ab, rect(2, 3, 4, 1, seed=9).squeeze(-1)])  # batch of vectors
    c.add("aten::linalg_solve", [a, rect(4, 1, seed=10).squeeze(-1)])  # one vector
    c.add("aten::linalg_solve", [at, rect(5, 2, seed=11).mT.contiguous().mT])
    c.add("aten::linalg_solve", [ab, rect(3, 4, seed=12), False])  # X A = B
    c.add("aten::linalg_solve", [singular, rect(2, 1, seed=13)])  # singular: error
    c.add("aten::linalg_solve", [a, rect(3, 1, seed=13)])  # shapes: error
    c.add("aten::linalg_solve", [a, b.double()])  # dtypes differ: error
    c.add("aten::linalg_solve.out", [a, b, True, empty_out()])
    c.add("aten::linalg_solve_ex", [ab, rect(4, 2, seed=9)])
    c.add("aten::_linalg_solve_ex", [a, rect(4, 3, 2, seed=14)])
    c.add("aten::linalg_tensorinv", [square(6).reshape(2, 3, 6)])
    c.add("aten::linalg_tensorinv", [square(6, dtype=F64).reshape(6, 2, 3), 1])
    c.add("aten::linalg_tensorinv", [floats(2, 3, 4), 1])  # prod mismatch: error
    c.add("aten::linalg_tensorinv", [floats(2, 3, 6), 0])  # ind 0: error
    c.add("aten::linalg_tensorsolve", [square(6).reshape(2, 3, 6), rect(2, 3, seed=15)])
    c.add("aten::linalg_tensorsolve", [square(6, dtype=F64).reshape(6, 2, 3), rect(3, 2, dtype=F64, seed=15), [0]])


def cholesky_cases(c):
    s, s64, sb = spd(4), spd(5, dtype=F64, seed=1), spd(2, 3, seed=2)
    not_pd = -torch.eye(3)
    batch_not_pd = torch.stack([torch.eye(3), -torch.eye(3)])
    for x in (s, s64, sb, s.mT):
        c.add("aten::linalg_cholesky", [x])
        c.add("aten::linalg_cholesky", [x, True])
    c.add("aten::linalg_cholesky", [not_pd])  # error
    c.add("aten::linalg_cholesky", [batch_not_pd])  # error in batch element 1
    c.add("aten::linalg_cholesky", [rect(3, 2)])  # not square: error
    c.add("aten::linalg_cholesky", [torch.eye(3, dtype=torch.int64)])  # integer: error
    c.add("aten::linalg_cholesky.out", [s64, False, empty_out(F64)])
    c.add("aten::linalg_cholesky_ex", [sb])
    c.add("aten::linalg_cholesky_ex", [batch_not_pd])
    c.add("aten::linalg_cholesky_ex", [batch_not_pd, False, True])  # error
    c.add("aten::cholesky", [sb])
    c.add("aten::cholesky", [s64, True])
    c.add("aten::cholesky", [not_pd])  # error
    L, U = torch.linalg.cholesky(sb), torch.linalg.cholesky(sb, upper=True)
    b = rect(3, 2, 2, seed=3)
    c.add("aten::cholesky_solve", [b, L])
    c.add("aten::cholesky_solve", [b, U, True])
    c.add("aten::cholesky_solve", [rect(5, 3, dtype=F64, seed=4), torch.linalg.cholesky(s64)])
    c.add("aten::cholesky_solve", [rect(3, 2, seed=5), L])  # B broadcast over L's batch
    c.add("aten::cholesky_solve.out", [b, L, False, empty_out()])
    c.add("aten::cholesky_inverse", [L])
    c.add("aten::cholesky_inverse", [U, True])
    c.add("aten::cholesky_inverse", [torch.linalg.cholesky(s64)])
    c.add("aten::cholesky_inverse.out", [L[0], False, empty_out()])


def triangular_cases(c):
    a = square(4).triu()
    ab = square(2, 4, seed=1).tril()
    b = rect(4, 3, seed=2)
    c.add("aten::triangular_solve", [b, a])
    c.add("aten::triangular_solve", [b, a, True, True])
    c.add("aten::triangular_solve", [b, ab, False])
    c.add("aten::triangular_solve", [b, a, True, False, True])
    c.add("aten::triangular_solve", [rect(4, 3, dtype=F64, seed=3), square(4, dtype=F64).triu().mT, False])
    c.add("aten::triangular_solve", [floats(4), a])  # b is 1-D: error
    c.add("aten::triangular_solve.X", [b, a, True, False, False, empty_out(), empty_out()])
    c.add("aten::linalg_solve_triangular", [a, b, True], name="solve_triangular_upper")
    for args in ([a, b, True], [ab, b, False], [a, rect(3, 4, seed=4), True, False], [ab, b, False, True, True]):
        c.add("aten::linalg_solve_triangular", args)
    c.add("aten::linalg_solve_triangular", [a, floats(4, seed=5), True])  # B 1-D: error
    c.add("aten::linalg_solve_triangular.out", [a, b, True, True, False, empty_out()])


def ldl_cases(c):
    s, s64, sb = sym_spread(5), sym_spread(4, dtype=F64, seed=1), torch.stack([sym_spread(3, seed=2), spd(3, seed=3)])
    for x in (s, s64, sb, s.mT):
        c.add("aten::linalg_ldl_factor", [x])
        c.add("aten::linalg_ldl_factor_ex", [x, True])
    c.add("aten::linalg_ldl_factor", [rect(3, 2)])  # not square: error
    c.add("aten::linalg_ldl_factor_ex", [torch.zeros(3, 3)])  # info 1, no error
    c.add("aten::linalg_ldl_factor.out", [s, False, empty_out(), empty_out(torch.int32)])
    ld, piv = torch.linalg.ldl_factor(sb)
    c.add("aten::linalg_ldl_solve", [ld, piv, rect(3, 2, 2, seed=4)])
    c.add("aten::linalg_ldl_solve", [ld, piv, rect(3, 2, seed=5)])  # B broadcast
    ld5, piv5 = torch.linalg.ldl_factor(s)
    c.add("aten::linalg_ldl_solve", [ld5, piv5, rect(5, 3, seed=6)])
    c.add("aten::linalg_ldl_solve", [ld5, piv5, floats(5)])  # B 1-D: error
    c.add("aten::linalg_ldl_solve.out", [ld5, piv5, rect(5, 3, seed=6), False, empty_out()])


def qr_cases(c):
    for x in (rect(5, 3), rect(3, 5, seed=1), rect(4, 4, 2, seed=2), rect(5, 3, dtype=F64, seed=3), rect(4, 6).mT):
        for mode in ("reduced", "complete", "r"):
            c.add("aten::linalg_qr", [x, mode])
    c.add("aten::linalg_qr", [rect(3, 2), "foo"])  # error
    c.add("aten::linalg_qr.out", [rect(5, 3), "reduced", empty_out(), empty_out()])
    c.add("aten::qr", [rect(5, 3)])
    c.add("aten::qr", [rect(5, 3), False])
    c.add("aten::qr.Q", [rect(3, 5), True, empty_out(), empty_out()])
    c.add("aten::geqrf", [rect(5, 3)])
    c.add("aten::geqrf", [rect(3, 5, 2, dtype=F64, seed=4)])
    c.add("aten::geqrf.a", [rect(4, 4), empty_out(), empty_out()])
    a, tau = torch.geqrf(rect(5, 3, 2, seed=5))
    c.add("aten::linalg_householder_product", [a, tau])
    c.add("aten::linalg_householder_product", [a, tau[..., :2].contiguous()])
    c.add("aten::linalg_householder_product", [a.mT, tau])  # rows < cols: error
    c.add("aten::orgqr", [a, tau])
    c.add("aten::linalg_householder_product.out", [a, tau, empty_out()])
    cmat = rect(5, 4, 2, seed=6)
    c.add("aten::ormqr", [a, tau, cmat])
    c.add("aten::ormqr", [a, tau, cmat, True, True])
    c.add("aten::ormqr", [a, tau, rect(4, 5, 2, seed=7), False])
    c.add("aten::ormqr", [a, tau, rect(4, 5, 2, seed=7), False, True])
    c.add("aten::ormqr.out", [a, tau, cmat, True, False, empty_out()])


def eigh_cases(c):
    s, s64 = sym_spread(5), sym_spread(4, dtype=F64, seed=1)
    sb = torch.stack([sym_spread(3, seed=2), sym_spread(3, seed=3)])
    tri = s.triu()  # only one triangle is read
    for x in (s, s64, sb):
        c.add("aten::linalg_eigh", [x])
        c.add("aten::linalg_eigvalsh", [x])
    c.add("aten::linalg_eigh", [tri, "U"])
    c.add("aten::linalg_eigvalsh", [s.tril(), "L"])
    c.add("aten::linalg_eigh", [s, "X"])  # error
    c.add("aten::linalg_eigh", [rect(3, 2)])  # not square: error
    c.add("aten::linalg_eigh.eigvals", [s64, "L", empty_out(F64), empty_out(F64)])
    c.add("aten::linalg_eigvalsh.out", [s, "L", empty_out()])
    c.add("aten::_linalg_eigh", [s, "L", False])
    c.add("aten::_linalg_eigh", [sb, "U", True])
    c.add("aten::symeig", [s])
    c.add("aten::symeig", [tri, True, True])
    c.add("aten::symeig", [sb, True, False])


def svd_cases(c):
    tall, wide = rect(5, 3), rect(3, 5, seed=1)
    batch, tall64 = rect(4, 3, 2, seed=2), rect(6, 4, dtype=F64, seed=3)
    for x in (tall, wide, batch, tall64, rect(4, 5, seed=4).mT):
        c.add("aten::linalg_svd", [x])
        c.add("aten::linalg_svd", [x, False])
        c.add("aten::linalg_svdvals", [x])
        c.add("aten::svd", [x])
    c.add("aten::svd", [tall, False])
    c.add("aten::svd", [tall, True, False])
    c.add("aten::_linalg_svd", [batch, False, False])
    c.add("aten::linalg_svd", [torch.zeros(3, 0)])
    c.add("aten::linalg_svd.U", [tall, False, None, empty_out(), empty_out(), empty_out()])
    c.add("aten::linalg_svdvals.out", [batch, None, empty_out()])
    c.add("aten::svd.U", [wide, True, True, empty_out(), empty_out(), empty_out()])
    c.add("aten::linalg_svdvals", [torch.ones(3, 3, dtype=torch.int64)])  # integer: error
    c.add("aten::linalg_svdvals", [tall, "gesvd"])  # driver on CPU: error


def pinv_rank_cases(c):
    tall, wide = rect(5, 3), rect(3, 5, seed=1)
    low = rect(5, 2, seed=2) @ rect(2, 4, seed=3)  # rank 2
    s = sym_spread(4)
    c.add("aten::linalg_pinv", [tall, 1e-15])
    c.add("aten::linalg_pinv", [low, 1e-5])
    c.add("aten::linalg_pinv", [s, 1e-15, True])
    c.add("aten::linalg_pinv.atol_rtol_float", [wide])
    c.add("aten::linalg_pinv.atol_rtol_float", [low, 1e-4])
    c.add("aten::linalg_pinv.atol_rtol_float", [low, None, 1e-3])
    c.add("aten::linalg_pinv.atol_rtol_float", [rect(4, 3, 2, dtype=F64, seed=4), None, None, False])
    c.add("aten::linalg_pinv.atol_rtol_tensor", [low, torch.tensor(1e-4), None])
    c.add("aten::linalg_pinv.rcond_tensor", [tall, torch.tensor(1e-6)])
    c.add("aten::linalg_pinv.out", [tall, 1e-15, False, empty_out()])
    c.add("aten::pinverse", [wide])
    c.add("aten::pinverse", [low, 1e-4])
    for x in (tall, low, s, rect(4, 3, 2, seed=5), torch.zeros(3, 3)):
        c.add("aten::linalg_matrix_rank.atol_rtol_float", [x])
    c.add("aten::linalg_matrix_rank.atol_rtol_float", [s, None, None, True])
    c.add("aten::linalg_matrix_rank.atol_rtol_float", [s, 2.5, None, True])  # eigenvalues 1..4, |.| > 2.5
    c.add("aten::linalg_matrix_rank.atol_rtol_float", [s, None, 0.6])
    c.add("aten::linalg_matrix_rank", [low, 1e-3])
    c.add("aten::linalg_matrix_rank", [s, 2.5, True])
    c.add("aten::linalg_matrix_rank.tol_tensor", [s, torch.tensor(1.5)])
    c.add("aten::linalg_matrix_rank.atol_rtol_tensor", [s, torch.tensor([0.5]), None])
    c.add("aten::linalg_matrix_rank.atol_rtol_float_out", [low, None, None, False, empty_out(torch.int64)])
    c.add("aten::linalg_matrix_rank.atol_rtol_float", [torch.ones(3, 3, dtype=torch.int64)])  # error


def lstsq_cases(c):
    tall, wide = rect(6, 3, seed=30), rect(3, 5, seed=31)
    low = rect(6, 2, seed=32) @ rect(2, 3, seed=33)  # rank 2
    bt, bw = rect(6, 2, seed=34), rect(3, 2, seed=35)
    for driver in ("gels", "gelsy", "gelsd", "gelss"):
        c.add("aten::linalg_lstsq", [tall, bt, None, driver])
        c.add("aten::linalg_lstsq", [rect(5, 4, 2, dtype=F64, seed=36), rect(5, 3, 2, dtype=F64, seed=37), None, driver])
        c.add("aten::linalg_lstsq", [rect(5, 3, 2, seed=38), rect(2, 5, seed=39), None, driver])  # vectors
        c.add("aten::linalg_lstsq", [tall.mT.contiguous().mT, rect(6, 1, seed=40).squeeze(-1), None, driver])
        if driver != "gels":
            c.add("aten::linalg_lstsq", [wide, bw, None, driver])
            c.add("aten::linalg_lstsq", [low, bt, None, driver])
            c.add("aten::linalg_lstsq", [low, bt, 1e-2, driver])
    c.add("aten::linalg_lstsq", [tall, bt])
    c.add("aten::linalg_lstsq", [tall, bt, None, "foo"])  # error
    c.add("aten::linalg_lstsq", [tall, rect(5, 2)])  # rows differ: error
    c.add("aten::linalg_lstsq", [tall, bt.double()])  # dtypes differ: error
    c.add("aten::linalg_lstsq.out", [tall, bt, None, "gelsd", empty_out(), empty_out(), empty_out(torch.int64),
                                     empty_out()])


def norm_cases(c):
    x = floats(3, 4, seed=1)
    xb = floats(2, 3, 4, seed=2)
    x64 = floats(4, 4, dtype=F64, seed=3)
    for ord_ in (2, 1, 0, 3.5, float("inf"), float("-inf"), -1):
        c.add("aten::linalg_vector_norm", [xb, ord_])
    c.add("aten::linalg_vector_norm", [xb, 2, [1, 2], True])
    c.add("aten::linalg_vector_norm", [xb, 1, [0]])
    c.add("aten::linalg_vector_norm", [xb.mT, 2, [-1]])
    c.add("aten::linalg_vector_norm", [x, 2, None, False, F64])
    c.add("aten::linalg_vector_norm", [torch.ones(3, dtype=torch.int64)])  # error
    c.add("aten::linalg_vector_norm", [x, 2, None, False, torch.int64])  # error
    c.add("aten::linalg_vector_norm.out", [xb, 2, [1], False, None, empty_out()])
    for ord_ in (1, -1, 2, -2, float("inf"), float("-inf")):
        c.add("aten::linalg_matrix_norm", [xb, ord_])
        c.add("aten::linalg_matrix_norm", [x64, ord_, [1, 0], True])
    c.add("aten::linalg_matrix_norm", [xb, 1, [0, 2]])
    c.add("aten::linalg_matrix_norm", [xb, 2, [2, 0], True])
    c.add("aten::linalg_matrix_norm", [xb, 3])  # error
    c.add("aten::linalg_matrix_norm", [xb, 1, [1, 1]])  # error
    for ord_ in ("fro", "nuc"):
        c.add("aten::linalg_matrix_norm.str_ord", [xb, ord_])
        c.add("aten::linalg_matrix_norm.str_ord", [x64, ord_, [0, 1], True])
    c.add("aten::linalg_matrix_norm.str_ord", [xb, "foo"])  # error
    c.add("aten::linalg_matrix_norm.str_ord", [floats(4)])  # 1-D: error
    c.add("aten::linalg_matrix_norm.str_ord_out", [xb, "nuc", [-2, -1], False, None, empty_out()])
    c.add("aten::linalg_norm", [xb])
    c.add("aten::linalg_norm", [x, 2])
    c.add("aten::linalg_norm", [floats(5), 3])
    c.add("aten::linalg_norm", [xb, None, [1]])
    c.add("aten::linalg_norm", [xb, None, [1, 2], True])
    c.add("aten::linalg_norm", [xb, float("inf"), [0, 2]])
    c.add("aten::linalg_norm", [xb, 2])  # 3-D with ord and no dim: error
    c.add("aten::linalg_norm", [xb, None, [0, 1, 2]])  # error
    c.add("aten::linalg_norm.ord_str", [x, "nuc"])
    c.add("aten::linalg_norm.ord_str", [xb, "fro", [0, 1]])
    c.add("aten::linalg_norm.out", [x, 1, None, False, None, empty_out()])
    c.add("aten::nuclear_norm", [x])
    c.add("aten::nuclear_norm", [x64, True])
    c.add("aten::nuclear_norm", [xb])  # 3-D: error
    c.add("aten::nuclear_norm.dim", [xb, [0, 2]])
    c.add("aten::nuclear_norm.dim", [xb, [2, 1], True])
    c.add("aten::nuclear_norm.out", [x, False, empty_out()])
    a, sb = square(4), square(2, 3, seed=4)
    singular = torch.tensor([[1.0, 2.0], [2.0, 4.0]])
    c.add("aten::linalg_cond", [a])
    c.add("aten::linalg_cond", [rect(5, 3)])
    for p in (2, -2, 1, -1, float("inf"), float("-inf")):
        c.add("aten::linalg_cond", [sb, p])
    c.add("aten::linalg_cond", [singular, 1])
    c.add("aten::linalg_cond", [a, 3])  # error
    c.add("aten::linalg_cond", [rect(3, 2), 1])  # error
    for p in ("fro", "nuc"):
        c.add("aten::linalg_cond.p_str", [sb, p])
    c.add("aten::linalg_cond.out", [a, None, empty_out()])


def function_cases(c):
    a, a64, ab = square(3), square(3, dtype=F64, seed=1) / 3, square(2, 3, seed=2) / 3
    ints = torch.tensor([[1, 1], [1, 0]])
    for n in (0, 1, 2, 3, 5, 6, -1, -3):
        c.add("aten::linalg_matrix_power", [ab, n])
    c.add("aten::linalg_matrix_power", [a64, 4])
    c.add("aten::linalg_matrix_power", [ints, 10])
    c.add("aten::linalg_matrix_power", [ints, -1])  # integer inverse: error
    c.add("aten::linalg_matrix_power", [rect(2, 3), 2])  # error
    c.add("aten::matrix_power", [a.mT, 3])
    c.add("aten::matrix_power.out", [a, 2, empty_out()])
    c.add("aten::linalg_matrix_exp", [a / 3])
    c.add("aten::linalg_matrix_exp", [a64])
    c.add("aten::linalg_matrix_exp", [ab * 3])  # norm > 1/2: scaling and squaring
    c.add("aten::linalg_matrix_exp", [torch.zeros(2, 0, 0)])
    c.add("aten::linalg_matrix_exp", [ints])  # error
    c.add("aten::matrix_exp", [rect(4, 4, dtype=F64, seed=3)])
    v, m1, m2 = floats(3, seed=4), rect(3, 4, seed=5), rect(4, 2, seed=6)
    c.add("aten::linalg_multi_dot", [[m1, m2]])
    c.add("aten::linalg_multi_dot", [[v, m1, m2]])
    c.add("aten::linalg_multi_dot", [[v, m1, m2, floats(2, seed=7)]])
    c.add("aten::linalg_multi_dot", [[m1]])  # error
    c.add("aten::linalg_multi_dot", [[ab, ab]])  # 3-D: error
    c.add("aten::linalg_multi_dot.out", [[m1, m2], empty_out()])
    c.add("aten::chain_matmul", [[m1, m2]])
    c.add("aten::chain_matmul", [[m1, m2, rect(2, 5, seed=7)]])
    c.add("aten::chain_matmul", [[m1]])
    c.add("aten::chain_matmul", [[m1, floats(4)]])  # 1-D: error
    c.add("aten::chain_matmul", [[]])  # error
    c.add("aten::linalg_vecdot", [floats(2, 3, seed=8), floats(3, seed=9)])
    c.add("aten::linalg_vecdot", [floats(2, 3, seed=8), floats(2, 3, seed=9), 0])
    c.add("aten::linalg_vecdot", [floats(3), floats(3, dtype=F64)])  # error
    c.add("aten::linalg_vecdot.out", [floats(2, 3, seed=8), floats(3, seed=9), -1, empty_out()])
    c.add("aten::linalg_vander", [floats(4, seed=10)])
    c.add("aten::linalg_vander", [floats(2, 3, dtype=F64, seed=11), 5])
    c.add("aten::linalg_vander", [torch.tensor([1, 2, 3], dtype=torch.int32)])
    c.add("aten::linalg_vander", [torch.tensor([True, False])])  # error
    c.add("aten::linalg_vander", [floats(3), 1])  # error
    c.add("aten::linalg_vander", [torch.tensor(1.5), 3])  # 0-dim: one row
    c.add("aten::linalg_vander", [torch.tensor(1.5)])  # 0-dim, N defaults to 1: error
    c.add("aten::linalg_inv", [torch.zeros(0, 0, 0)])  # empty batch: not a batch of vectors
    c.add("aten::linalg_inv", [torch.zeros(2, 0, 0)])
    c.add("aten::linalg_diagonal", [floats(2, 3, 4)])
    c.add("aten::linalg_diagonal", [floats(2, 3, 4), 1, 0, 2])
    c.add("aten::linalg_matmul", [m1, m2])
    c.add("aten::linalg_matmul.out", [ab, ab, empty_out()])


# Invariants of the sign-ambiguous factorizations, as scripted functions whose graphs ember runs:
# they hold whatever signs LAPACK picks (reconstructions, orthogonality, |Q^T A|), so these cases
# stay valid against a PyTorch built on another LAPACK.
def inv_svd(a):
    u, s, vh = torch.linalg.svd(a, full_matrices=False)
    return torch.matmul(u * s.unsqueeze(-2), vh), torch.abs(torch.matmul(u.mT, a)), s


def inv_svd_full(a):
    u, s, vh = torch.linalg.svd(a)
    return torch.matmul(u.mT, u), torch.matmul(vh, vh.mT), s


def inv_svd_legacy(a):
    u, s, v = torch.svd(a)
    return torch.matmul(u * s.unsqueeze(-2), v.mT)


def inv_qr(a):
    q, r = torch.linalg.qr(a)
    return torch.matmul(q, r), torch.matmul(q.mT, q), torch.abs(r)


def inv_qr_complete(a):
    q, r = torch.linalg.qr(a, "complete")
    return torch.matmul(q, r), torch.matmul(q.mT, q)


def inv_eigh(a):
    w, v = torch.linalg.eigh(a)
    return torch.matmul(v * w.unsqueeze(-2), v.mT), torch.matmul(v.mT, v), w


def inv_lu(a):
    p, l, u = torch.linalg.lu(a)
    return torch.matmul(torch.matmul(p, l), u)


def inv_householder(a):
    h, tau = torch.geqrf(a)
    q = torch.linalg.householder_product(h, tau)
    return torch.matmul(q.mT, q), torch.abs(torch.matmul(q.mT, a))


def inv_cholesky(a):
    l = torch.linalg.cholesky(a)
    return torch.matmul(l, l.mT)


def eig_vals(a):
    return torch.view_as_real(torch.linalg.eigvals(a))


def eig_full(a):
    w, v = torch.linalg.eig(a)
    return torch.view_as_real(w), torch.view_as_real(v)


def add_invariant(c, name, fn, a):
    g = torch.jit.script(fn).graph.copy()
    torch._C._jit_pass_inline(g)
    torch._C._jit_pass_lower_all_tuples(g)
    text = re.sub(r" # [^\n]*", "", str(g))
    out = fn(a)
    outs = list(out) if isinstance(out, tuple) else [out]
    c.add_graph(name, text, [a], outs, rtol=1e-4, atol=1e-4)


def invariant_cases(c):
    tall, wide, batch = rect(6, 4, seed=20), rect(3, 5, seed=21), rect(5, 3, 2, seed=22)
    for tag, a in (("tall", tall), ("wide", wide), ("batch", batch), ("f64", rect(5, 4, dtype=F64, seed=23))):
        add_invariant(c, f"invariant_svd_{tag}", inv_svd, a)
        add_invariant(c, f"invariant_svd_full_{tag}", inv_svd_full, a)
        add_invariant(c, f"invariant_svd_legacy_{tag}", inv_svd_legacy, a)
        add_invariant(c, f"invariant_qr_{tag}", inv_qr, a)
        add_invariant(c, f"invariant_qr_complete_{tag}", inv_qr_complete, a)
        add_invariant(c, f"invariant_lu_{tag}", inv_lu, a)
    add_invariant(c, "invariant_householder", inv_householder, tall)
    add_invariant(c, "invariant_householder_batch", inv_householder, batch)
    add_invariant(c, "invariant_eigh", inv_eigh, sym_spread(5))
    add_invariant(c, "invariant_eigh_batch", inv_eigh, torch.stack([sym_spread(4, seed=5), spd(4, seed=6)]))
    add_invariant(c, "invariant_eigh_f64", inv_eigh, sym_spread(6, dtype=F64, seed=7))
    add_invariant(c, "invariant_cholesky", inv_cholesky, spd(2, 4, seed=8))
    # geev's eigenvalues and unit eigenvectors (complex pairs included), compared as real views.
    rot = torch.tensor([[0.0, -2.0, 0.0], [2.0, 0.0, 0.0], [0.0, 0.0, 3.0]])  # eigenvalues ±2i, 3
    for tag, a in (("real", sym_spread(4) + 0.1 * rect(4, 4, seed=9)), ("pairs", rot + 0.05 * rect(3, 3, seed=10)),
                   ("batch", rect(3, 3, 2, seed=11)), ("f64", rect(4, 4, dtype=F64, seed=12))):
        add_invariant(c, f"eigvals_{tag}", eig_vals, a)
        add_invariant(c, f"eig_{tag}", eig_full, a)
    c.add("aten::linalg_eig", [rect(3, 2)])  # not square: error
    c.add("aten::linalg_eigvals", [torch.eye(3, dtype=torch.int64)])  # integer: error


def check_errors_cases(c):
    info = torch.tensor([0, 2], dtype=torch.int32)
    for api in ("linalg.inv", "linalg.cholesky", "torch.linalg.lu_factor", "linalg.eigh", "linalg.svd", "foo"):
        c.add("aten::_linalg_check_errors", [info, api, False])
    c.add("aten::_linalg_check_errors", [torch.zeros(3, dtype=torch.int32), "linalg.inv", False])
    c.add("aten::_linalg_check_errors", [torch.tensor(0, dtype=torch.int32), "linalg.inv", True])
    c.add("aten::_linalg_check_errors", [torch.tensor(3, dtype=torch.int32), "linalg.inv", True])


def cases(c):
    check_errors_cases(c)
    invariant_cases(c)
    lu_cases(c)
    det_inv_solve_cases(c)
    cholesky_cases(c)
    triangular_cases(c)
    ldl_cases(c)
    qr_cases(c)
    eigh_cases(c)
    svd_cases(c)
    pinv_rank_cases(c)
    lstsq_cases(c)
    norm_cases(c)
    function_cases(c)
