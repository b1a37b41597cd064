def fn():
    x = (torch.arange(5, dtype=torch.float64) * 0.3 - 0.5).requires_grad_()
    W = torch.sin(torch.arange(15, dtype=torch.float64).reshape(3, 5)).requires_grad_()
    y = (torch.sin(x) * x.pow(3.0)).sum() + torch.tanh(x).exp().sum() + torch.softmax(W @ x, 0).pow(2.0).sum()
    gs = torch.autograd.grad([y], [x, W], create_graph=True)
    gx = gs[0]
    gW = gs[1]
    assert gx is not None
    assert gW is not None
    v = torch.cos(torch.arange(5, dtype=torch.float64))
    hv = torch.autograd.grad([(gx * v).sum() + gW.pow(2.0).sum()], [x, W], create_graph=True)
    h0 = hv[0]
    assert h0 is not None
    third = torch.autograd.grad([h0.sum()], [x])
    return gx, gW, hv, third


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
