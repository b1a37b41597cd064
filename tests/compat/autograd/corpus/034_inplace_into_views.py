def fn():
    x = torch.sin(torch.arange(4 * 5, dtype=torch.float64).reshape(4, 5) * 0.37).requires_grad_()
    v = torch.cos(torch.arange(6, dtype=torch.float64) * 0.3).requires_grad_()
    s = torch.cos(torch.arange(4 * 5, dtype=torch.float64).reshape(4, 5) * 0.23)
    y = x.clone()
    y[0].mul_(2.0)
    y[1] = v[:5]
    y[:, 2] += v[1:5]
    y[x < 0] = 0.25
    y.view(20)[3:7].add_(v[:4] * x[3, :4])
    z = (y * y * s).sum()
    out = torch.zeros(3, 5, dtype=torch.float64)
    out[0] = x[0] * 2.0
    out[2, 1:4] = v[:3].exp()
    out[:, 0].mul_(v[5])
    z = z + (out * out.cos()).sum()
    w = x * 1.0
    w.t()[1].sub_(v[:4])
    w.narrow(1, 2, 2).clamp_(-0.3, 0.3)
    z = z + (w * s).sum()
    return torch.autograd.grad([z], [x, v])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
