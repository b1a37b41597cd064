def fn(x: Tensor, y: Tensor):
    # Decompositions and solvers in a differentiable graph (their formulas inlined into the
    # backward graph): slogdet, Cholesky and its solve, QR, SVD through sign-invariant terms,
    # pinv, a triangular solve, matrix_exp.
    m = x + torch.eye(3, dtype=torch.float64) * 3.0
    s, la = torch.linalg.slogdet(m)
    A = m.matmul(m.mT) + torch.eye(3, dtype=torch.float64)
    L = torch.linalg.cholesky(A)
    Q, R = torch.linalg.qr(y)
    U, S, Vh = torch.linalg.svd(y, False)
    loss = la * s + L.pow(2.0).sum() + torch.cholesky_solve(y[:3], L).sum() + Q.matmul(Q.mT).pow(2.0).sum() + R.abs().sum()
    loss = loss + S.pow(3.0).sum() + U.matmul(Vh).sin().sum() + torch.linalg.pinv(y).pow(2.0).sum()
    loss = loss + torch.linalg.solve_triangular(L, y[:3], upper=False).pow(2.0).sum() + torch.linalg.matrix_exp(x * 0.3).sum()
    g = torch.autograd.grad([loss], [x, y])
    return loss, g


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float64", "sizes": [3, 3], "data": [0.1, -0.7, 1.3, 0.45, 0.2, 0.9, -0.3, 0.6, -1.1], "requires_grad": true}}, {"tensor": {"dtype": "float64", "sizes": [4, 3], "data": [2.0, 0.5, -1.5, 0.25, -0.6, 1.2, 0.3, -0.9, 0.7, -0.2, 1.4, 0.05], "requires_grad": true}}]
# EXPECT: "run"
