def fn():
    F = torch.nn.functional
    I = 3
    Hd = 4
    xs = torch.sin(torch.arange(6 * 2 * I, dtype=torch.float64).reshape(6, 2, I) * 0.5)
    Wih = (torch.cos(torch.arange(4 * Hd * I, dtype=torch.float64).reshape(4 * Hd, I) * 0.3) * 0.4).requires_grad_()
    Whh = (torch.sin(torch.arange(4 * Hd * Hd, dtype=torch.float64).reshape(4 * Hd, Hd) * 0.7) * 0.4).requires_grad_()
    b = torch.zeros(4 * Hd, dtype=torch.float64).requires_grad_()
    h = torch.zeros(2, Hd, dtype=torch.float64)
    c = torch.zeros(2, Hd, dtype=torch.float64)
    outs: List[Tensor] = []
    for t in range(6):
        gates = F.linear(xs[t], Wih, b) + F.linear(h, Whh)
        ig, fg, gg, og = gates.chunk(4, 1)
        c = torch.sigmoid(fg) * c + torch.sigmoid(ig) * torch.tanh(gg)
        h = torch.sigmoid(og) * torch.tanh(c)
        outs.append(h)
    y = torch.stack(outs, 0)
    loss = F.mse_loss(y, torch.cos(y.detach() * 3.0)) + y.pow(2.0).sum() * 0.01
    gs = torch.autograd.grad([loss], [Wih, Whh, b], create_graph=True)
    g0 = gs[0]
    assert g0 is not None
    gg2 = torch.autograd.grad([g0.pow(2.0).sum()], [Whh])
    return gs, gg2


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
