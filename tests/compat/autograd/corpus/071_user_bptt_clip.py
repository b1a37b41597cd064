def fn():
    H = 4
    wih = (torch.sin(torch.arange(4 * H * 3, dtype=torch.float64)).reshape(4 * H, 3) * 0.4).requires_grad_()
    whh = (torch.cos(torch.arange(4 * H * H, dtype=torch.float64)).reshape(4 * H, H) * 0.3).requires_grad_()
    xs = torch.sin(torch.arange(6 * 2 * 3, dtype=torch.float64) * 0.5).reshape(6, 2, 3)
    h = torch.zeros(2, H, dtype=torch.float64)
    c = torch.zeros(2, H, dtype=torch.float64)
    outs: List[Tensor] = []
    for t in range(xs.size(0)):
        gates = xs[t] @ wih.t() + h @ whh.t()
        i, f, g, o = gates.chunk(4, 1)
        c = torch.sigmoid(f) * c + torch.sigmoid(i) * torch.tanh(g)
        h = torch.sigmoid(o) * torch.tanh(c)
        outs.append(h)
    y = torch.stack(outs)
    loss = (y[-1] ** 2).sum() + y.abs().mean()
    loss.backward()
    gw = wih.grad
    gh = whh.grad
    assert gw is not None and gh is not None
    total = torch.sqrt(gw.pow(2).sum() + gh.pow(2).sum())
    scale = torch.clamp(0.5 / (total + 1e-6), max=1.0)
    gw.mul_(scale)
    gh.mul_(scale)
    return loss, gw, gh, total


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
