def fn():
    x = torch.sin(torch.arange(3 * 4, dtype=torch.float64).reshape(3, 4) * 0.9).requires_grad_()
    y = torch.cos(torch.arange(3 * 4, dtype=torch.float64).reshape(3, 4) * 1.3).requires_grad_()
    sq = x[:, :3] + torch.eye(3, dtype=torch.float64) * 2.0
    z = torch.segment_reduce(x[0], 'sum', lengths=torch.tensor([1, 3])).pow(2.0).sum() + torch.segment_reduce(x, 'mean', lengths=torch.tensor([2, 0, 1])).pow(2.0).sum()
    z = z + torch.segment_reduce(torch.cat([x, x[:1]]), 'max', lengths=torch.tensor([2, 2])).pow(2.0).sum() + torch.segment_reduce(x, 'min', offsets=torch.tensor([0, 1, 3])).pow(2.0).sum()
    z = z + torch.segment_reduce(x, 'prod', lengths=torch.tensor([2, 1]), initial=2.0).pow(2.0).sum() + torch.pdist(x).pow(2.0).sum() + torch.pdist(x, 1.5).sum()
    z = z + torch.addr(x, y[:, 0], y[0], beta=0.5, alpha=2.0).pow(2.0).sum() + torch.msort(x).pow(3.0).sum() + torch.frexp(x * 7.0)[0].pow(2.0).sum()
    z = z + torch.hsplit(x, 2)[1].pow(2.0).sum() + torch.vsplit(x, [1])[1].pow(2.0).sum() + torch.dsplit(x.reshape(3, 2, 2), 2)[0].pow(2.0).sum() + torch.tensor_split(x, torch.tensor([1, 3]), 1)[1].pow(2.0).sum()
    z = z + torch.narrow(x, 1, torch.tensor(1), 2).pow(2.0).sum() + torch.cov(x).pow(2.0).sum() + torch.cov(x, correction=0, fweights=torch.tensor([1, 2, 1, 3]), aweights=y[0].abs()).pow(2.0).sum()
    z = z + torch.corrcoef(x).pow(2.0).sum() + torch.trapezoid(x, dx=0.5).pow(2.0).sum() + torch.trapezoid(x, y, dim=1).pow(2.0).sum() + torch.trapz(x, y[0]).pow(2.0).sum()
    z = z + torch.cumulative_trapezoid(x, dx=0.3, dim=0).pow(2.0).sum() + torch.cumulative_trapezoid(x, y[0]).pow(2.0).sum()
    z = z + torch.meshgrid([x[0], y[0, :3]], indexing='ij')[0].pow(2.0).sum() + torch.meshgrid([x[0], y[0, :3]], indexing='xy')[1].pow(3.0).sum()
    z = z + torch.cartesian_prod(x[0], y[0, :2]).pow(2.0).sum() + torch.combinations(x[0], 2).pow(2.0).prod(1).sum() + torch.linalg.vander(x).pow(2.0).sum()
    z = z + torch.linalg.tensorinv(sq, 1).pow(2.0).sum() + torch.linalg.tensorsolve(sq, y[0, :3]).pow(2.0).sum() + torch.native_layer_norm(x, [4], y[0], y[1], 1e-5)[0].pow(2.0).sum()
    z = z + torch.native_batch_norm(x, y[0], y[1], None, None, True, 0.1, 1e-5)[0].pow(3.0).sum() + torch.native_group_norm(x.reshape(1, 4, 3), y[0], y[1], 1, 4, 3, 2, 1e-5)[0].pow(3.0).sum()
    z = z + torch.cdist(x, y, compute_mode='use_mm_for_euclid_dist').pow(2.0).sum()
    nan_x = torch.where(y > 0.5, torch.full_like(x, float('nan')), x)
    z = z + torch.quantile(x, 0.3).pow(2.0) + torch.quantile(x, y[0, :2].abs() * 0.5, 1, True).pow(2.0).sum() + torch.quantile(x, torch.tensor([0.25, 0.5, 0.9], dtype=torch.float64), 0, interpolation='lower').pow(2.0).sum()
    z = z + torch.quantile(x, 0.4, 1, interpolation='higher').pow(2.0).sum() + torch.quantile(x, 0.4, 0, interpolation='nearest').pow(3.0).sum() + torch.quantile(x, 0.45, None, True, interpolation='midpoint').sum()
    z = z + torch.nanquantile(nan_x, 0.6, 1).pow(2.0).sum() + torch.nanquantile(nan_x, torch.tensor([0.2, 0.9], dtype=torch.float64), 0, interpolation='nearest').pow(2.0).sum()
    return torch.autograd.grad([z], [x, y])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
