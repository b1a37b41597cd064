def fn():
    x = torch.linspace(-1.0, 1.0, 6, dtype=torch.float64).requires_grad_()
    h = torch.tanh(x * 2.0)
    h.retain_grad()
    y = (h ** 3).sum() + (h * x).sum()
    gh, gx = torch.autograd.grad([y], [h, x], retain_graph=True)
    y.backward()
    s, idx = torch.sort(x * 1.5, descending=True)
    v, i = torch.topk(x.sin(), 3)
    z = s[:2].sum() + v.prod()
    gs = torch.autograd.grad([z], [x])[0]
    return gh, gx, h.grad, x.grad, gs, idx, i


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
