def fn():
    F = torch.nn.functional
    x = torch.sin(torch.arange(5 * 2 * 3, dtype=torch.float64).reshape(5, 2, 3) * 0.7 + 0.2).requires_grad_()
    ps: List[Tensor] = []
    for i, shp in enumerate([[16, 3], [16, 4], [16], [16], [16, 3], [16, 4], [16], [16], [16, 8], [16, 4], [16], [16], [16, 8], [16, 4], [16], [16]]):
        n = 1
        for s in shp:
            n *= s
        ps.append((torch.sin(torch.arange(n, dtype=torch.float64).reshape(shp) * (0.3 + 0.01 * i)) * 0.5).requires_grad_())
    h0 = torch.cos(torch.arange(4 * 2 * 4, dtype=torch.float64).reshape(4, 2, 4) * 0.2).requires_grad_()
    c0 = torch.sin(torch.arange(4 * 2 * 4, dtype=torch.float64).reshape(4, 2, 4) * 0.4).requires_grad_()
    out, hn, cn = torch.lstm(x, [h0, c0], ps, True, 2, 0.0, True, True, False)
    z = (out * out.cos()).sum() + hn.pow(2.0).sum() + cn.sum()
    gps: List[Tensor] = []
    for i in range(len(ps)):
        if i % 4 < 2:
            w = ps[i]
            gps.append((w[:12] * 1.1).detach().requires_grad_())
        else:
            gps.append((ps[i][:12] * 0.9).detach().requires_grad_())
    go, gh = torch.gru(x.transpose(0, 1), h0, gps, True, 2, 0.0, True, True, True)
    z = z + (go * go.sin()).sum() + gh.pow(2.0).sum()
    h1, c1 = torch.lstm_cell(x[0], [h0[0], c0[0]], ps[0], ps[1], ps[2], ps[3])
    z = z + (h1 * c1).sum()
    r = torch.rnn_tanh_cell(x[0], h0[0], ps[0][:4], ps[1][:4], None, None)
    z = z + r.pow(2.0).sum()
    return torch.autograd.grad([z], [x, h0, c0] + ps[:4] + gps[:4])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
