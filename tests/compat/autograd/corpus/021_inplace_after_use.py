def fn():
    x = torch.sin(torch.arange(6, dtype=torch.float64)).requires_grad_()
    y = x * 2.0
    z = y.exp()
    y.mul_(2.0)
    return torch.autograd.grad([z.sum()], [x]), y


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
