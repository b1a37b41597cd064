def fn():
    x = torch.sin(torch.arange(3, dtype=torch.float64)).requires_grad_()
    y = x.exp()
    z = y * 2.0
    y.add_(1.0)
    g = torch.autograd.grad([z.sum()], [x])
    return g, y


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "runtime_error"
# MATCH: "one of the variables needed for gradient computation has been modified by an inplace operation"
