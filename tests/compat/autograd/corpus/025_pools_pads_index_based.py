def fn():
    F = torch.nn.functional
    x = torch.sin(torch.arange(2 * 4 * 7 * 6, dtype=torch.float64).reshape(2, 4, 7, 6) * 0.31).requires_grad_()
    x1 = torch.sin(torch.arange(2 * 4 * 9, dtype=torch.float64).reshape(2, 4, 9) * 0.37).requires_grad_()
    x3 = torch.cos(torch.arange(1 * 2 * 5 * 4 * 6, dtype=torch.float64).reshape(1, 2, 5, 4, 6) * 0.29).requires_grad_()
    z = F.avg_pool2d(x, 2).pow(2.0).sum() + F.avg_pool2d(x, 3, 2, 1).pow(2.0).sum() + F.avg_pool2d(x, 3, 2, 1, True, False).pow(2.0).sum() + F.avg_pool2d(x, [2, 3], [2, 1], [1, 0], True, True, 5).pow(2.0).sum()
    z = z + F.avg_pool1d(x1, 3, 2, 1, True, False).pow(2.0).sum() + F.avg_pool3d(x3, 2, 1).pow(2.0).sum()
    z = z + F.max_pool1d(x1, 3, 2, 1).pow(2.0).sum() + F.max_pool3d(x3, 2).pow(2.0).sum() + F.adaptive_max_pool2d(x, [3, 2]).pow(2.0).sum() + F.adaptive_max_pool1d(x1, 4).pow(2.0).sum()
    z = z + F.adaptive_avg_pool1d(x1, 4).pow(2.0).sum() + F.adaptive_avg_pool3d(x3, [2, 3, 4]).pow(2.0).sum() + F.adaptive_max_pool3d(x3, [2, 3, 4]).pow(2.0).sum()
    v, i = F.max_pool2d(x, 2, return_indices=True)
    z = z + v.pow(3.0).sum()
    z = z + F.pad(x, [1, 2, 2, 1], mode='reflect').pow(2.0).sum() + F.pad(x, [1, 2, 2, 1], mode='replicate').pow(2.0).sum() + F.pad(x, [1, 2, 2, 1], mode='circular').pow(2.0).sum() + F.pad(x1, [2, 1], mode='reflect').pow(2.0).sum()
    s, si = x1.sort(2)
    t, ti = x1.topk(3, 1)
    k, ki = x1.kthvalue(2, 2)
    m, mi = x1.median(1)
    z = z + (s * torch.arange(9, dtype=torch.float64)).sum() + t.pow(2.0).sum() + k.pow(2.0).sum() + m.pow(2.0).sum() + x1.median() + torch.cummax(x1, 2)[0].pow(2.0).sum() + torch.cummin(x1, 1)[0].pow(2.0).sum()
    return torch.autograd.grad([z], [x, x1, x3])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
