def fn():
    x = torch.sin(torch.arange(6, dtype=torch.float64).reshape(2, 3)).requires_grad_()
    w = torch.cos(torch.arange(3, dtype=torch.float64)).requires_grad_()
    y = x * 2.0
    y.mul_(w)
    y.add_(x, alpha=0.5)
    y.sub_(1.0)
    y.relu_()
    b = torch.zeros(2, 3, dtype=torch.float64)
    b.copy_(y)
    b.mul_(3.0)
    return torch.autograd.grad([b.sum()], [x, w]), y.is_leaf, b.requires_grad


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
