def fn():
    src = torch.sin(torch.arange(12, dtype=torch.float64)).reshape(3, 4).requires_grad_()
    base = torch.cos(torch.arange(20, dtype=torch.float64)).reshape(5, 4).requires_grad_()
    idx = torch.tensor([[0, 1, 2, 0], [4, 4, 1, 3], [2, 0, 0, 1]])
    a = base.scatter(0, idx, src)
    b = base.scatter_add(0, idx, src)
    c = base.index_put((torch.tensor([0, 0, 3]),), src[0:3, :] * 2.0, accumulate=True)
    d = base.masked_scatter(base > 0.3, src.reshape(-1).repeat(2))
    e = torch.embedding_bag(base, torch.tensor([0, 2, 4, 1]), torch.tensor([0, 2]), False, 1, False, None, False)[0]
    f = torch.cdist(src, base) + 0.0
    g = torch.pdist(base)
    loss = a.pow(2).sum() + b.sum() + c.exp().sum() * 0.01 + d.sum() + e.sum() + f.sum() + g.sum()
    gsrc, gbase = torch.autograd.grad([loss], [src, base])
    return loss, gsrc, gbase


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
