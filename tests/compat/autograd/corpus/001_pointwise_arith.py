def fn():
    x = torch.sin(torch.arange(6, dtype=torch.float64).reshape(2, 3)) + 1.5
    y = torch.cos(torch.arange(3, dtype=torch.float64)) + 2.0
    x.requires_grad_()
    y.requires_grad_()
    z = x * y + x / y - 2.0 * x + x.pow(3.0) + torch.exp(x) * torch.log(y) + torch.sqrt(x) - y.rsqrt() + x ** y
    z = z + 3.0 - x + (1.0 - y) * 0.5 + torch.rsub(x, 2.0) + 4.0 / x - x.neg()
    out = torch.autograd.grad([z.sum()], [x, y])
    return out


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
