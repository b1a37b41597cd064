def fn():
    x = torch.sin(torch.arange(6, dtype=torch.float64).reshape(2, 3)).requires_grad_()
    y = x * 2.0
    y.retain_grad()
    y.retain_grad()
    z = y.pow(2.0)
    z.retain_grad()
    a = x.retains_grad
    b = y.retains_grad
    c = y.is_leaf
    (z * torch.cos(x)).sum().backward(retain_graph=True)
    g1 = y.grad
    gz = z.grad
    (z.sum() * 3.0).backward()
    g2 = y.grad
    return a, b, c, x.is_leaf, g1, gz, g2, x.grad


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
