def fn():
    V = 7
    E = 3
    H = 4
    emb = (torch.sin(torch.arange(V * E, dtype=torch.float64)) * 0.5).reshape(V, E).requires_grad_()
    wih = (torch.cos(torch.arange(3 * H * E, dtype=torch.float64)) * 0.3).reshape(3 * H, E).requires_grad_()
    whh = (torch.sin(torch.arange(3 * H * H, dtype=torch.float64) * 0.7) * 0.3).reshape(3 * H, H).requires_grad_()
    bih = torch.zeros(3 * H, dtype=torch.float64).requires_grad_()
    bhh = torch.linspace(-0.1, 0.1, 3 * H, dtype=torch.float64).requires_grad_()
    out_w = (torch.cos(torch.arange(V * H, dtype=torch.float64) * 0.3) * 0.4).reshape(V, H).requires_grad_()
    tokens = torch.tensor([[1, 4, 2, 0], [3, 3, 6, 5]])
    x = torch.nn.functional.embedding(tokens, emb, padding_idx=0)
    h0 = torch.zeros(1, 2, H, dtype=torch.float64)
    y, hn = torch.gru(x, h0, [wih, whh, bih, bhh], True, 1, 0.0, False, False, True)
    logits = torch.nn.functional.linear(y, out_w)
    target = torch.tensor([[4, 2, 0, -100], [3, 6, 5, 1]])
    loss = torch.nn.functional.cross_entropy(logits.reshape(-1, V), target.reshape(-1), ignore_index=-100, label_smoothing=0.1)
    loss.backward()
    return loss, emb.grad, wih.grad, whh.grad, bih.grad, bhh.grad, out_w.grad, hn


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
