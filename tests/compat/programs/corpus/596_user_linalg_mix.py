def fn():
    a = torch.tensor([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]], dtype=torch.float64)
    b = torch.arange(6, dtype=torch.float64).reshape(3, 2)
    l = torch.linalg.cholesky(a)
    s = torch.linalg.solve(a, b)
    inv = torch.inverse(a)
    det = torch.det(a)
    sl = torch.linalg.slogdet(a)
    ev = torch.linalg.eigvalsh(a)
    q, r = torch.linalg.qr(a)
    sv = torch.linalg.svdvals(a)
    n = torch.linalg.norm(a, "fro") + torch.linalg.matrix_norm(a, ord=2) + torch.linalg.cond(a)
    p = torch.linalg.pinv(b)
    x = torch.linalg.lstsq(a, b).solution
    m = torch.matrix_power(a, 3) + torch.linalg.matrix_exp(a * 0.1)
    k = torch.kron(a[:2, :2], torch.eye(2, dtype=torch.float64))
    c = torch.cross(a[0], a[1], dim=0) if False else torch.linalg.cross(a[0], a[1])
    bm = torch.bmm(a.unsqueeze(0).expand(2, 3, 3), b.unsqueeze(0).expand(2, 3, 2))
    e = torch.einsum("ij,jk->ik", a, b) + torch.einsum("ii->i", a).sum()
    o = torch.outer(a[0], a[1]) + torch.addmm(a, a, a, beta=0.5, alpha=2.0)
    tr = torch.trace(a) + torch.tril(a, -1).sum() + torch.triu(a).sum()
    return l, s, inv, det, sl, ev, q.abs(), r.abs(), sv, n, p, x, m, k, c, bm, e, o, tr


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
