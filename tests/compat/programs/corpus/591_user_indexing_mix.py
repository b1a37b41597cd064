def fn():
    x = torch.arange(60, dtype=torch.float32).reshape(3, 4, 5)
    a = x[1]
    b = x[:, 1:3]
    c = x[..., -1]
    d = x[None, :, None, 0]
    e = x[torch.tensor([0, 2])]
    f = x[:, torch.tensor([1, 3]), torch.tensor([0, 4])]
    g = x[x > 30]
    h = x[torch.tensor([True, False, True])]
    i = x[1:, ::2, [0, 2]]
    y = x.clone()
    y[0, :, 1] = -1.0
    y[y > 50] = 0.0
    y[torch.tensor([1, 2]), 0] = torch.tensor([7.0, 8.0]).unsqueeze(1)
    y[..., 0] += 100.0
    y.index_put_((torch.tensor([0, 0]), torch.tensor([1, 1]), torch.tensor([2, 2])), torch.tensor([1.0, 2.0]), accumulate=True)
    z = x.masked_select(x.remainder(7) == 0)
    w = torch.where(x > 20, x, torch.zeros_like(x))
    v = x.index_fill(1, torch.tensor([0, 3]), -5.0).index_add(2, torch.tensor([0, 0]), torch.ones(3, 4, 2))
    u = x.take_along_dim(torch.tensor([[[0], [1], [2], [3]]]), dim=2)
    t = torch.nonzero(x[0] > 10)
    s = torch.argwhere(x[0] < 3)
    return a, b, c, d, e, f, g, h, i, y, z, w, v, u, t, s


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
