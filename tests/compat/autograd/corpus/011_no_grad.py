def fn():
    x = torch.sin(torch.arange(4, dtype=torch.float64)).requires_grad_()
    with torch.no_grad():
        y = x * 2.0
        x.mul_(0.5)
    z = (x * x).sum()
    with torch.no_grad():
        u = (x * 3.0).sum()
    u = u + (x * 3.0).sum()
    g = torch.autograd.grad([z + u], [x])
    return y.requires_grad, u.requires_grad, g, x


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
