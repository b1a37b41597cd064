def fn():
    x = torch.sin(torch.arange(24, dtype=torch.float64).reshape(2, 3, 4) * 2.3)
    x.requires_grad_()
    w = torch.cos(torch.arange(4, dtype=torch.float64))
    z = x.sum() * 0.5 + (x.sum(1) * w).sum() + (x.sum([0, 2], keepdim=True) ** 2.0).sum()
    z = z + x.mean() + (x.mean(-1) ** 2.0).sum() + (x.mean([1], True) * x).sum()
    z = z + x.amax(1).sum() + x.amax([0, 2], True).sum() + x.max() + x.min()
    v, i = x.max(2)
    m, j = torch.min(x, 0, True)
    z = z + (v * 2.0).sum() + (m * 3.0).sum()
    return torch.autograd.grad([z], [x])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
