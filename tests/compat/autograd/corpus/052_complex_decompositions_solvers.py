def fn():
    x = torch.sin(torch.arange(4 * 3, dtype=torch.float64).reshape(4, 3) * 0.7).requires_grad_()
    y = torch.cos(torch.arange(4 * 3, dtype=torch.float64).reshape(4, 3) * 1.3).requires_grad_()
    z = torch.complex(torch.cos(torch.arange(9, dtype=torch.float64) * 0.8), torch.sin(torch.arange(9, dtype=torch.float64) * 0.5)).reshape(3, 3).requires_grad_()
    r = torch.view_as_real
    # A complex tall matrix with a real leaf in each part, and a complex square leaf.
    a = torch.complex(x, y.cos()) + torch.eye(4, 3, dtype=torch.float64) * 1.5
    m = z + torch.eye(3, dtype=torch.float64) * 3.0
    b = torch.complex(y[:3, :2], x[:3, :2].sin())
    # Determinants: logabsdet, the complex sign, the complex logdet.
    s, la = torch.linalg.slogdet(m)
    s2, la2 = torch.slogdet(a[:3] * 0.5)
    loss = la + la2.sin() + r(s).pow(2.0).sum() + r(s2 * s).sum() + r(torch.logdet(m)).pow(2.0).sum()
    # Cholesky (unique: positive real diagonal), its solves and inverse.
    A = a.mH.matmul(a) + m.matmul(m.mH) * 0.1
    L = torch.linalg.cholesky(A)
    U = torch.linalg.cholesky(A, upper=True)
    loss = loss + r(L).pow(2.0).sum() + r(U).sin().sum() + r(torch.linalg.cholesky_ex(A)[0]).cos().sum()
    loss = loss + r(torch.cholesky_solve(b, L)).pow(2.0).sum() + r(torch.cholesky_solve(b, U, True)).sum() + r(torch.cholesky_inverse(L)).pow(2.0).sum() + r(torch.cholesky_inverse(U, True)).sin().sum()
    # Triangular solves (left and right, unitriangular, the transposed triangular_solve).
    T = m.tril()
    loss = loss + r(torch.linalg.solve_triangular(T, b, upper=False)).pow(2.0).sum() + r(torch.linalg.solve_triangular(T.mT, b.mT, upper=True, left=False)).sin().sum()
    loss = loss + r(torch.linalg.solve_triangular(T, b, upper=False, unitriangular=True)).pow(2.0).sum() + r(torch.triangular_solve(b, T, False)[0]).pow(2.0).sum() + r(torch.triangular_solve(b, T.mT, True, True)[0]).cos().sum()
    # QR through terms that do not depend on the phases of Q's columns: Q Q^H, R^H R, |R|.
    Q, R = torch.linalg.qr(a)
    Q2, R2 = torch.linalg.qr(a.mH)
    Q3, R3 = torch.linalg.qr(a.mT, 'complete')
    loss = loss + r(Q.matmul(Q.mH)).pow(2.0).sum() + r(R.mH.matmul(R)).sin().sum() + R.abs().pow(3.0).sum() + r(Q2.matmul(Q2.mH)).sum() + r(R2.mH.matmul(R2)).pow(2.0).sum() + r(Q3.matmul(R3)).pow(2.0).sum()
    # SVD through gauge-invariant terms: singular values, U diag(S) V^H, U V^H, projectors.
    Us, S, Vh = torch.linalg.svd(a, False)
    Us2, S2, Vh2 = torch.linalg.svd(a.mT, True)
    Us3, S3, V3 = torch.svd(a)
    loss = loss + S.pow(3.0).sum() + r(Us.matmul(Vh)).pow(2.0).sum() + r(Us.matmul(Us.mH)).sin().sum() + r(Vh.mH.matmul(Vh)).pow(2.0).sum()
    loss = loss + S2.sin().sum() + r(Us2[:, :3].matmul(Vh2[:3])).pow(2.0).sum() + S3.pow(2.0).sum() + r(Us3.matmul(V3.mH)).cos().sum() + torch.linalg.svdvals(m).pow(2.0).sum()
    # Pseudo-inverse, least squares (full rank; PyTorch 1.13's backward fails for a vector b,
    # which autograd_gradcheck_test.cpp checks), matrix exponential.
    loss = loss + r(torch.linalg.pinv(a)).pow(2.0).sum() + r(torch.pinverse(a.mT)).sin().sum()
    bb = torch.complex(y[:, :2], x[:, :2].cos())
    loss = loss + r(torch.linalg.lstsq(a, bb, driver='gelsd').solution).pow(2.0).sum()
    loss = loss + r(torch.linalg.matrix_exp(z * 0.5)).pow(2.0).sum() + r(torch.matrix_exp(m.unsqueeze(0) * 0.2)).sin().sum()
    # LU family (partial pivoting), square, tall and wide, and the LU solves.
    P, Ll, Ul = torch.linalg.lu(a)
    P2, Ll2, Ul2 = torch.linalg.lu(a.mT)
    LU, piv = torch.linalg.lu_factor(m)
    LU2, piv2 = torch.linalg.lu_factor_ex(a.mH)[:2]
    Pu, Lu, Uu = torch.lu_unpack(LU2, piv2)
    loss = loss + r(Ll).pow(2.0).sum() + r(Ul).sin().sum() + r(Ll2).sum() + r(Ul2).pow(2.0).sum() + r(LU).pow(2.0).sum() + r(Lu).sin().sum() + r(Uu).pow(2.0).sum()
    loss = loss + r(torch.linalg.lu_solve(LU, piv, b)).pow(2.0).sum() + r(torch.linalg.lu_solve(LU, piv, b.mT, left=False).resolve_conj()).sum() + r(torch.linalg.lu_solve(LU, piv, b, adjoint=True)).sin().sum() + r(torch.lu_solve(b, LU, piv)).pow(2.0).sum()
    gx, gy, gz = torch.autograd.grad([loss], [x, y, z])
    assert gz is not None
    return loss, gx, gy, torch.view_as_real(gz)


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
