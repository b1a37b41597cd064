def fn():
    x = (torch.sin(torch.arange(2 * 4, dtype=torch.float64).reshape(2, 4) * 0.9) + 1.5).requires_grad_()
    s = (torch.cos(torch.arange(2 * 4, dtype=torch.float64).reshape(2, 4) * 1.7) + 1.2).requires_grad_()
    S = torch.special
    z = torch.i0(x).sum() + S.i0e(x - 1.0).sum() + S.i1(x - 1.0).pow(2.0).sum() + S.i1e(x - 1.2).sum() + S.erfcx(x - 1.0).sum()
    z = z + S.ndtr(x - 1.0).sum() + S.ndtri(x * 0.3).sum() + S.log_ndtr(x - 2.0).sum() + S.xlog1py(x, s).sum() + S.xlog1py(x, 0.5).sum()
    z = z + S.xlog1py(2.0, s).sum() + torch.xlogy(x, 1.5).sum() + torch.xlogy(0.7, s).sum() + torch.xlogy(x * torch.tensor([0.0, 1.0, 1.0, 0.0], dtype=torch.float64), s - 1.0).sum()
    z = z + S.entr(x).sum() + S.zeta(3.0, s + 1.0).sum() + S.gammainc(torch.full_like(s, 1.3), s).sum() + S.gammaincc(torch.full_like(s, 0.7), s).sum()
    z = z + torch.mvlgamma(x + 1.0, 3).sum() + S.polygamma(1, x).sum() + torch.copysign(x, s - 1.5).pow(2.0).sum() + torch.ldexp(x, s).sum()
    i = torch.tensor([[0, 2, 0, 1], [1, 1, 3, 1]])
    t = torch.cat([s[:, :2], s[:, :2]], 1)
    for r in ['sum', 'mean', 'prod', 'amax', 'amin']:
        z = z + x.scatter_reduce(1, i, s, r).pow(2.0).sum() + x.scatter_reduce(1, i, t, r, include_self=False).sin().sum()
    j = torch.tensor([0, 2, 0])
    for r in ['mean', 'prod', 'amax', 'amin']:
        z = z + x.index_reduce(1, j, s[:, :3], r).pow(2.0).sum() + x.index_reduce(0, torch.tensor([1, 1]), s, r, include_self=False).cos().sum()
    z = z + x.put(torch.tensor([0, 5, 3]), s[0, :3]).pow(2.0).sum() + x.put(torch.tensor([0, 5, 0]), s[1, :3], True).pow(3.0).sum()
    return torch.autograd.grad([z], [x, s])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
