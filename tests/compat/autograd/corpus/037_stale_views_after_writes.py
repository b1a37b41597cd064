def fn():
    x = torch.sin(torch.arange(4 * 5, dtype=torch.float64).reshape(4, 5) * 0.37).requires_grad_()
    v = torch.cos(torch.arange(5, dtype=torch.float64) * 0.3).requires_grad_()
    y = x * 2.0
    a = y[0]
    c = y[:, 1]
    y.mul_(3.0)
    z = (a * v).sum() + c.pow(2.0).sum()
    w = x.clone()
    r0 = w[1]
    col = w[:, 2]
    r0.mul_(v)
    col.add_(1.5)
    d = w[1:3]
    z = z + (r0 * r0).sum() + (col * col.sin()).sum() + d.pow(2.0).sum() + (w * w.cos()).sum()
    return torch.autograd.grad([z], [x, v])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
