def fn():
    F = torch.nn.functional
    x = torch.sin(torch.arange(2 * 3 * 4 * 5, dtype=torch.float64).reshape(2, 3, 4, 5) * 0.7).requires_grad_()
    g = (torch.cos(torch.arange(20, dtype=torch.float64).reshape(4, 5)) + 1.0).requires_grad_()
    bb = torch.sin(torch.arange(20, dtype=torch.float64).reshape(4, 5)).requires_grad_()
    bw = (torch.cos(torch.arange(3, dtype=torch.float64)) + 1.5).requires_grad_()
    bbias = torch.sin(torch.arange(3, dtype=torch.float64)).requires_grad_()
    rm = torch.zeros(3, dtype=torch.float64)
    rv = torch.ones(3, dtype=torch.float64)
    emb = torch.cos(torch.arange(30, dtype=torch.float64).reshape(6, 5) * 0.4).requires_grad_()
    idx = torch.tensor([[0, 2, 5], [2, 2, 1]])
    k = torch.cos(torch.arange(2 * 3 * 4 * 5, dtype=torch.float64).reshape(2, 3, 4, 5))
    z = (F.layer_norm(x, [4, 5], g, bb) * k).sum() + (F.layer_norm(x, [5]) * k).pow(2.0).sum()
    z = z + (F.batch_norm(x, rm, rv, bw, bbias, True) * k).sum()
    z = z + (F.batch_norm(x, torch.zeros(3, dtype=torch.float64) + 0.1, torch.ones(3, dtype=torch.float64) * 2.0, bw, bbias, False) * k).sum()
    e = F.embedding(idx, emb)
    e2 = F.embedding(idx, emb, padding_idx=2)
    z = z + (e * torch.sin(e)).sum() + (e2 ** 2.0).sum()
    return torch.autograd.grad([z], [x, g, bb, bw, bbias, emb])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
