def fn():
    # A packed bidirectional 2-layer LSTM training step (what nn.LSTM runs on a PackedSequence:
    # _pack_padded_sequence, lstm.data, _pad_packed_sequence), three SGD steps; then a packed GRU
    # and RNNs (batch_first, total_length) differentiated once.
    T = 5
    B = 3
    I = 3
    H = 4
    x = torch.sin(torch.arange(T * B * I, dtype=torch.float64).reshape(T, B, I) * 0.7 + 0.2).requires_grad_()
    lengths = torch.tensor([5, 3, 2])
    ps: List[Tensor] = []
    for i, shp in enumerate([[4 * H, I], [4 * H, H], [4 * H], [4 * H], [4 * H, I], [4 * H, H], [4 * H], [4 * H], [4 * H, 2 * H], [4 * H, H], [4 * H], [4 * H], [4 * H, 2 * H], [4 * H, H], [4 * H], [4 * H]]):
        n = 1
        for s in shp:
            n *= s
        ps.append((torch.sin(torch.arange(n, dtype=torch.float64).reshape(shp) * (0.3 + 0.01 * i)) * 0.5).requires_grad_())
    h0 = torch.cos(torch.arange(4 * B * H, dtype=torch.float64).reshape(4, B, H) * 0.2)
    c0 = torch.sin(torch.arange(4 * B * H, dtype=torch.float64).reshape(4, B, H) * 0.4)
    target = torch.cos(torch.arange(T * B * 2 * H, dtype=torch.float64).reshape(T, B, 2 * H) * 0.3)
    losses: List[Tensor] = []
    gx = torch.zeros_like(x)
    for step in range(3):
        data, batch_sizes = torch._pack_padded_sequence(x, lengths, False)
        out, hn, cn = torch.lstm(data, batch_sizes, [h0, c0], ps, True, 2, 0.0, True, True)
        padded, lens = torch._pad_packed_sequence(out, batch_sizes, False, 0.0, T)
        loss = (padded - target).pow(2.0).mean() + hn.pow(2.0).sum() * 0.1 + cn.sin().sum() * 0.05
        grads = torch.autograd.grad([loss], [x] + ps)
        losses.append(loss.detach())
        g0 = grads[0]
        assert g0 is not None
        gx = g0
        with torch.no_grad():
            for i in range(len(ps)):
                gi = grads[i + 1]
                assert gi is not None
                ps[i].sub_(gi * 0.5)
    # GRU on a batch_first packed input, padded to a longer total_length.
    xb = x.detach().transpose(0, 1).contiguous().requires_grad_()
    gps: List[Tensor] = []
    for i in range(4):
        gps.append((ps[i][:3 * H] * 0.9).detach().requires_grad_())
    gh0 = torch.cos(torch.arange(B * H, dtype=torch.float64).reshape(1, B, H) * 0.3).requires_grad_()
    data, batch_sizes = torch._pack_padded_sequence(xb, lengths, True)
    go, gh = torch.gru(data, batch_sizes, gh0, gps, True, 1, 0.0, True, False)
    gp, glens = torch._pad_packed_sequence(go, batch_sizes, True, -1.0, 7)
    z = (gp * gp.cos()).sum() + gh.pow(2.0).sum()
    rt, rh = torch.rnn_tanh(data, batch_sizes, gh0, [gps[0][:H], gps[1][:H]], False, 1, 0.0, True, False)
    rr, rrh = torch.rnn_relu(data, batch_sizes, torch.cat([gh0, gh0 * 0.5], 0), [gps[0][:H], gps[1][:H], gps[2][:H], gps[3][:H], gps[0][H:2 * H], gps[1][H:2 * H], gps[2][H:2 * H], gps[3][H:2 * H]], True, 1, 0.0, True, True)
    z = z + rt.pow(2.0).sum() + rh.sum() + rr.sin().sum() + rrh.pow(2.0).sum()
    g2 = torch.autograd.grad([z], [xb, gh0] + gps)
    return torch.stack(losses), gx, ps[0].detach(), ps[5].detach(), ps[8].detach(), ps[15].detach(), g2


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
