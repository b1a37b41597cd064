def fn():
    x = torch.sin(torch.arange(20, dtype=torch.float64)).reshape(4, 5).requires_grad_()
    idx = torch.tensor([2, 0, 2])
    a = x[idx]
    b = x[:, idx]
    c = x[x > 0.3]
    d = x.gather(1, torch.tensor([[0, 4], [1, 1], [2, 3], [4, 4]]))
    e = torch.zeros(3, 5, dtype=torch.float64).scatter_add(0, torch.tensor([[0, 1, 2, 0, 1]]), x[:1])
    f = x.index_select(0, torch.tensor([3, 3])).masked_fill(torch.tensor([True, False, True, False, True]), 0.0)
    y = x.clone()
    y[1:3, ::2] = y[1:3, ::2] * 3.0
    y[idx, 1] += 1.0
    t = torch.take(x, torch.tensor([0, 7, 19]))
    loss = (a * 1.5).sum() + (b ** 2).sum() + c.exp().sum() + d.sum() + (e * e).sum() + f.sum() + (y ** 3).sum() + t.sum()
    loss = loss + x.unfold(1, 2, 1).pow(2).sum() + torch.diagonal(x[:, :4]).sum() * 2.0 + x.tril(1).sum() + x.flip(0)[0].sum()
    g = torch.autograd.grad([loss], [x], create_graph=True)[0]
    assert g is not None
    gg = torch.autograd.grad([g.pow(2).sum()], [x])[0]
    return g, gg


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
