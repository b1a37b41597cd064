def fn():
    x = torch.arange(24, dtype=torch.float32).reshape(2, 3, 4)
    a = x.view(-1)
    b = x.view(6, -1)
    c = x.view([4, 6])
    d = x.view(torch.float32) if False else x.view_as(torch.zeros(2, 12))
    e = x.reshape(-1, 2).t().contiguous().view(2, -1)
    f = x.permute(2, 0, 1).reshape(4, 6)
    g = x.flatten(1).unflatten(1, [3, 4])
    h = x.movedim(0, -1).mT
    i = x.unsqueeze(0).expand(2, 2, 3, 4).flatten(0, 1)
    j = x.narrow(2, 1, 2).select(1, 0)
    k = x.split([1, 2], dim=1)[1].chunk(2, -1)[0]
    l = x.new_ones(2, 2) + x.new_zeros([2, 2]) + x.new_full([2, 2], 3.0)
    m = x.type_as(torch.zeros(1, dtype=torch.float64)).dtype
    n = x.int().float().long().double().half().float()
    o = x.repeat(1, 2, 1).tile([2]).shape
    p = torch.stack([x, x], dim=-1).squeeze(-1).sum(-1)
    return a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
