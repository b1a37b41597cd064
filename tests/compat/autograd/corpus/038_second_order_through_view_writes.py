def fn():
    x = torch.sin(torch.arange(4 * 5, dtype=torch.float64).reshape(4, 5) * 0.37).requires_grad_()
    v = torch.cos(torch.arange(5, dtype=torch.float64) * 0.3).requires_grad_()
    y = x.clone()
    y[1].mul_(v)
    y[:, 2] = v[:4].sin() * x[:, 0]
    a = y[0]
    y.mul_(1.5)
    z = (y * y.cos()).sum() + a.pow(3.0).sum()
    g = torch.autograd.grad([z], [x, v], create_graph=True)
    gx = g[0]
    gv = g[1]
    assert gx is not None
    assert gv is not None
    h = (gx * torch.cos(x)).sum() + gv.pow(2.0).sum()
    return g, torch.autograd.grad([h], [x, v])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
