def fn(x: Tensor, y: Tensor):
    # Complex decompositions in a differentiable graph, built from real inputs: the conjugate
    # transposes of the formulas inlined into the backward graph.
    r = torch.view_as_real
    a = torch.complex(x, y.cos()) + torch.eye(4, 3, dtype=torch.float64) * 1.5
    m = a[:3] + torch.eye(3, dtype=torch.float64) * 2.0
    s, la = torch.linalg.slogdet(m)
    A = a.mH.matmul(a)
    L = torch.linalg.cholesky(A)
    Q, R = torch.linalg.qr(a)
    U, S, Vh = torch.linalg.svd(a, False)
    loss = la + r(s).pow(2.0).sum() + r(L).pow(2.0).sum() + r(Q.matmul(Q.mH)).sin().sum() + R.abs().sum()
    loss = loss + S.pow(3.0).sum() + r(U.matmul(Vh)).pow(2.0).sum() + r(torch.linalg.pinv(a)).sum() + r(torch.linalg.matrix_exp(m * 0.3)).sum()
    g = torch.autograd.grad([loss], [x, y])
    return loss, g


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float64", "sizes": [4, 3], "data": [0.1, -0.7, 1.3, 0.45, 0.2, 0.9, -0.3, 0.6, -1.1, 0.35, 0.8, -0.25], "requires_grad": true}}, {"tensor": {"dtype": "float64", "sizes": [4, 3], "data": [2.0, 0.5, -1.5, 0.25, -0.6, 1.2, 0.3, -0.9, 0.7, -0.2, 1.4, 0.05], "requires_grad": true}}]
# EXPECT: "run"
