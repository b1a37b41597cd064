def fn():
    a = torch.sin(torch.arange(12, dtype=torch.float64).reshape(3, 4)).requires_grad_()
    b = torch.cos(torch.arange(20, dtype=torch.float64).reshape(4, 5)).requires_grad_()
    c = torch.sin(torch.arange(24, dtype=torch.float64).reshape(2, 3, 4) * 0.4).requires_grad_()
    d = torch.cos(torch.arange(40, dtype=torch.float64).reshape(2, 4, 5) * 0.3).requires_grad_()
    v = torch.sin(torch.arange(4, dtype=torch.float64) + 1.0).requires_grad_()
    bias = torch.cos(torch.arange(5, dtype=torch.float64)).requires_grad_()
    z = a.mm(b).sum() + (a @ b).pow(2.0).sum() + torch.bmm(c, d).sum() + (c @ b).tanh().sum()
    z = z + (c @ v).sum() + (v @ d).sin().sum() + (v @ v) + a.mv(v).sum() + v.dot(v * 2.0)
    z = z + torch.nn.functional.linear(c, b.t(), bias).exp().sum() + torch.addmm(bias, a, b, beta=0.5, alpha=2.0).sum()
    z = z + torch.nn.functional.linear(v, b.t()).sum()
    return torch.autograd.grad([z], [a, b, c, d, v, bias])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
