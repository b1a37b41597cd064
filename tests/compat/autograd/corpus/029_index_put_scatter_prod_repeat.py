def fn():
    x = torch.sin(torch.arange(4 * 5, dtype=torch.float64).reshape(4, 5) * 0.37).requires_grad_()
    v = torch.cos(torch.arange(6, dtype=torch.float64) * 0.3).requires_grad_()
    s = torch.cos(torch.arange(4 * 5, dtype=torch.float64).reshape(4, 5) * 0.23).requires_grad_()
    idx = torch.tensor([0, 2, 3])
    y = x.index_put([torch.tensor([0, 1, 3]), torch.tensor([1, 4, 2])], v[:3])
    y2 = x.index_put([torch.tensor([0, 0, 3])], v[:5].unsqueeze(0), True)
    y3 = x.scatter(1, torch.tensor([[0, 1], [2, 3], [4, 0], [1, 1]]), s[:, :2])
    y4 = x.scatter(0, torch.tensor([[0, 1, 2, 3, 0]]), 1.5)
    y5 = x.index_fill(1, idx, 0.5) + x.index_fill(0, idx, v[0]) + x.index_copy(0, torch.tensor([3, 1]), s[:2])
    m = x > 0.2
    y6 = x.masked_scatter(m, s) + x.masked_select(m).sum() + x.masked_fill(m, v[1])
    z = (y * y).sum() + (y2 * s).sum() + (y3 * y3).sum() + (y4 * s).sum() + (y5 * y5).sum() + (y6 * y6).sum()
    z = z + x.repeat(2, 3).pow(2.0).sum() + x.tile([2]).pow(3.0).sum() + torch.prod(x, 1).sum() + torch.cumprod(torch.cat([x, x * 0], 1), 1).sum()
    return torch.autograd.grad([z], [x, v, s])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
