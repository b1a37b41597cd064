def fn():
    F = torch.nn.functional
    x = torch.sin(torch.arange(2 * 3 * 4, dtype=torch.float64).reshape(2, 3, 4) * 0.31 + 0.1).requires_grad_()
    a = torch.cos(torch.arange(3 * 3, dtype=torch.float64).reshape(3, 3) * 0.37).requires_grad_()
    v = torch.sin(torch.arange(4, dtype=torch.float64) * 0.7 + 0.4).requires_grad_()
    w = torch.cos(torch.arange(5 * 4 * 3, dtype=torch.float64).reshape(5, 4, 3) * 0.11)
    z = torch.hstack([v, v * 2.0]).pow(2.0).sum() + torch.vstack([a, a.t()]).pow(3.0).sum() + torch.dstack([a, a]).sin().sum() + torch.column_stack([v, v.cos()]).pow(2.0).sum()
    z = z + torch.concat([x, x], 1).pow(2.0).sum() + torch.broadcast_to(v, [3, 4]).pow(2.0).cumsum(0).sum() + a.mT.matmul(a).sum() + a.adjoint().sin().sum() + x.mT.pow(2.0).sum(0).sum(0).dot(v[:3])
    z = z + torch.inner(x, v).pow(2.0).sum() + torch.cross(a, a.cos()).pow(2.0).sum() + torch.linalg.cross(a, a.sin(), dim=0).sum() + torch.diff(v, 2).pow(2.0).sum() + torch.diff(x, 1, 1, prepend=x[:, :1]).pow(2.0).sum()
    z = z + torch.diagflat(v, 1).pow(2.0).sum() + torch.float_power(a, 2.5).sum() + F.bilinear(x[0], x[1, :, :3], w).pow(2.0).sum() + torch.block_diag(a, v, v[0]).pow(2.0).sum()
    z = z + torch.nansum(x, 1).pow(2.0).sum() + torch.nanmean(x, [0]).pow(2.0).sum() + torch.std_mean(x, [1])[0].sum() + torch.var_mean(x, [2], correction=0)[1].pow(2.0).sum() + torch.var_mean(x)[0]
    z = z + torch.take(x, torch.tensor([[0, 5], [7, 23]])).pow(2.0).sum() + torch.take_along_dim(x, torch.tensor([[[0], [2], [1]]]), 2).pow(2.0).sum() + torch.linalg.vecdot(a, a.cos()).sum() + torch.vdot(v, v.sin())
    p = torch.sin(torch.arange(1 * 8 * 2 * 3, dtype=torch.float64).reshape(1, 8, 2, 3)).requires_grad_()
    z = z + (F.pixel_shuffle(p, 2) * torch.arange(48, dtype=torch.float64).reshape(1, 2, 4, 6)).sum() + (F.pixel_unshuffle(F.pixel_shuffle(p, 2), 2) * p).sum()
    mn = x.amin(1)
    mx = x.amax(1)
    z = z + mn.pow(2.0).sum() + mx.sum() + torch.linalg.multi_dot([a, a, a]).sum() + torch.linalg.multi_dot([v[:3], a, a]).sum() + torch.atleast_3d(v).pow(2.0).sum()
    return torch.autograd.grad([z], [x, a, v, p])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
