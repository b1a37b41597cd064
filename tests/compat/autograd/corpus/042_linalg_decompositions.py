def fn():
    a = (torch.sin(torch.arange(4 * 3, dtype=torch.float64).reshape(4, 3) * 0.7) + torch.eye(4, 3, dtype=torch.float64) * 1.5).requires_grad_()
    b = torch.cos(torch.arange(3 * 2, dtype=torch.float64).reshape(3, 2)).requires_grad_()
    c = (torch.sin(torch.arange(2 * 3 * 3, dtype=torch.float64).reshape(2, 3, 3) * 1.3) * 0.5).requires_grad_()
    w4 = torch.cos(torch.arange(16, dtype=torch.float64).reshape(4, 4) * 0.9)
    w3 = torch.cos(torch.arange(9, dtype=torch.float64).reshape(3, 3) * 1.1)
    spd = c.matmul(c.mT) + torch.eye(3, dtype=torch.float64) * 2.0
    l = torch.linalg.cholesky(spd)
    z = (l * w3).sum() + (torch.cholesky(spd, True) * w3).sum() + (torch.cholesky_solve(b, l[0]) * b).sum() + (torch.cholesky_inverse(l[1]) * w3).sum()
    t = c + torch.eye(3, dtype=torch.float64) * 3.0
    z = z + torch.linalg.solve_triangular(t, b, upper=True).pow(2.0).sum() + torch.linalg.solve_triangular(t[0], b.mT, upper=False, left=False, unitriangular=True).sin().sum()
    x, m = torch.triangular_solve(b, t[1], False, True)
    z = z + x.pow(2.0).sum() + (m * w3).sum()
    # QR: the projector Q Q^T and |R| do not depend on the signs LAPACK picks.
    q, r = torch.linalg.qr(a)
    q2, r2 = torch.linalg.qr(a.mT)
    z = z + (q.matmul(q.mT) * w4).sum() + r.abs().pow(3.0).sum() + (q2.matmul(r2) * a.mT).sum() + r2.abs().sum()
    # eigh: eigenvalues and the projectors v_i v_i^T.
    s = c[0] + c[0].mT
    ev, v = torch.linalg.eigh(s)
    z = z + (ev * torch.tensor([1.0, -2.0, 0.5], dtype=torch.float64)).sum() + (v[:, 0:1].matmul(v[:, 0:1].mT) * w3).sum() + (v[:, 2:3].matmul(v[:, 2:3].mT) * w3.mT).sum()
    z = z + torch.linalg.eigvalsh(c[1] + c[1].mT, 'U').pow(2.0).sum()
    # SVD: singular values and u_i v_i^T.
    u, sv, vh = torch.linalg.svd(a, False)
    z = z + sv.pow(2.0).sum() * 0.1 + (u.matmul(vh) * a.cos()).sum() + (u[:, 0:1].matmul(vh[0:1]) * a).sum() + torch.linalg.svdvals(a.mT).sin().sum()
    u3, s3, v3 = torch.svd(a)
    z = z + (u3.matmul(v3.mT) * a).sum() + s3.prod()
    z = z + (torch.linalg.pinv(a) * a.mT).sum() + torch.pinverse(a.mT).pow(2.0).sum() + torch.linalg.lstsq(a, torch.cos(a), driver='gelsd').solution.pow(2.0).sum()
    z = z + (torch.linalg.matrix_exp(c * 0.7) * w3).sum()
    p, lo, up = torch.linalg.lu(t)
    lu, piv = torch.linalg.lu_factor(t[0])
    z = z + (lo * w3).sum() + (up * w3.mT).sum() + (lu * w3).sum() + torch.linalg.lu_solve(lu, piv, b).pow(2.0).sum() + torch.lu_solve(b, lu, piv).sin().sum()
    return torch.autograd.grad([z], [a, b, c])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
