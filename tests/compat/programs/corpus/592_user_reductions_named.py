def fn():
    x = torch.sin(torch.arange(30, dtype=torch.float32)).reshape(5, 6)
    a = x.max(dim=1)
    b = x.min(1, keepdim=True)
    c = torch.sort(x, dim=0, descending=True)
    d = x.topk(2, dim=1, largest=False)
    e = x.kthvalue(3, 1)
    f = x.mode(0)
    g = torch.median(x, dim=1)
    h = x.aminmax(dim=0)
    i = torch.var_mean(x, dim=1, unbiased=True)
    j = torch.std_mean(x, [0, 1], keepdim=True)
    k = x.cummax(1)
    l = x.sum(dtype=torch.float64)
    m = x.mean([0], keepdim=True)
    n = x.prod(1)
    o = x.norm(2.0, 1) + x.norm(p=1, dim=1) + torch.linalg.vector_norm(x, ord=3.0, dim=1)
    p = x.logsumexp(1) + x.nansum(1) + x.nanmean(1) + x.amax(1) - x.amin(1)
    q = x.argmax() + x.argmin(dim=0).sum() + x.count_nonzero()
    r = torch.unique(torch.tensor([3, 1, 2, 3, 1]), sorted=True, return_inverse=True, return_counts=True)
    s = torch.unique_consecutive(torch.tensor([1, 1, 2, 2, 3, 1]), return_counts=True)
    t = x.all() if False else (x > 0).all(1)
    u = (x > 0).any(dim=0)
    v = torch.histc(x, bins=4, min=-1.0, max=1.0)
    w = torch.bincount(torch.tensor([0, 1, 1, 3]), minlength=5)
    return a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
