def fn():
    x = torch.sin(torch.arange(6, dtype=torch.float64).reshape(2, 3)).requires_grad_()
    u = torch.ones(2, dtype=torch.float64).requires_grad_()
    y = x.exp()
    go = torch.cos(torch.arange(6, dtype=torch.float64).reshape(2, 3))
    gos: List[Optional[Tensor]] = [go]
    g = torch.autograd.grad([y], [x, u], grad_outputs=gos, allow_unused=True)
    h = y * 2.0
    g2 = torch.autograd.grad([h.sum(), y.sum()], [y])
    return g[0], g[1] is None, g2


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
