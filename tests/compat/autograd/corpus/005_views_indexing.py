def fn():
    x = torch.sin(torch.arange(24, dtype=torch.float64).reshape(2, 3, 4) * 1.1).requires_grad_()
    y = torch.cos(torch.arange(8, dtype=torch.float64).reshape(2, 4)).requires_grad_()
    w = torch.sin(torch.arange(24, dtype=torch.float64) * 0.37)
    z = (x.view(6, 4).reshape(-1) * w).sum() + (x.permute(2, 0, 1).reshape(-1) * w).sum()
    z = z + (x.transpose(0, 2).flatten() * w).sum() + (y.unsqueeze(1).expand(2, 3, 4) * x).sum()
    z = z + (torch.cat([x, y.unsqueeze(1)], 1) ** 2.0).sum() + (torch.stack([y, y * 2.0], 0).exp()).sum()
    z = z + (x[:, 1:3, ::2] ** 3.0).sum() + x[1, 2].sum() * 5.0 + x.select(2, -1).pow(2.0).sum()
    z = z + x.narrow(1, 1, 2).sin().sum() + x.squeeze().sum() + y.unsqueeze(0).squeeze(0).cos().sum()
    idx = torch.tensor([0, 2, 2, 1])
    z = z + (x[:, idx] ** 2.0).sum() + x.index_select(2, idx).sum() + x.gather(2, idx.reshape(1, 1, 4).expand(2, 3, 4)).pow(2.0).sum()
    parts = x.unbind(1)
    z = z + (parts[0] * parts[2]).sum()
    s = x.split(2, 2)
    c = x.chunk(3, 1)
    z = z + (s[1] ** 2.0).sum() + (c[2] * 3.0).sum() + y.t().contiguous().sum() + y.clone().pow(2.0).sum()
    z = z + (torch.where(x > 0.2, x, y.unsqueeze(1) * 2.0) ** 2.0).sum() + x.masked_fill(x < 0.0, 0.5).pow(2.0).sum()
    z = z + torch.maximum(x, y.unsqueeze(1)).sum() + torch.minimum(x * 2.0, y.unsqueeze(1)).sum()
    return torch.autograd.grad([z], [x, y])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
