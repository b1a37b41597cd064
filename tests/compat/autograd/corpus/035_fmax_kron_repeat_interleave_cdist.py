def fn():
    x = torch.sin(torch.arange(12, dtype=torch.float64).reshape(3, 4) * 0.7 + 0.2).requires_grad_()
    y = torch.cos(torch.arange(8, dtype=torch.float64).reshape(2, 4) * 0.3).requires_grad_()
    z = torch.fmax(x, y[0]).pow(2.0).sum() + torch.fmin(x, y[1]).pow(2.0).sum() + torch.kron(x, y).pow(2.0).sum() + torch.kron(x[0], y[1]).sin().sum()
    z = z + x.repeat_interleave(2, 1).pow(2.0).cumsum(1).sum() + x.repeat_interleave(torch.tensor([1, 0, 3]), 0).pow(3.0).sum() + x.repeat_interleave(2).sin().sum()
    z = z + torch.cdist(x, y).sum() + torch.cdist(x.unsqueeze(0), y.unsqueeze(0), 1.5).pow(2.0).sum() + torch.logcumsumexp(x * 3.0, 1).pow(2.0).sum() + torch.logcumsumexp(x, 0).sum()
    return torch.autograd.grad([z], [x, y])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
