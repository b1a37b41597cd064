def fn():
    # Writes into views whose root base is dense but not contiguous (a clone of a transposed or
    # permuted tensor keeps its strides): CopySlices over the base's storage order, first and
    # second order.
    x = torch.sin(torch.arange(12, dtype=torch.float64).reshape(3, 4) * 0.7).requires_grad_()
    z = torch.cos(torch.arange(4, dtype=torch.float64) * 0.3).requires_grad_()
    y = x.t().clone()
    s1 = y.stride()
    y[1] = z[:3] * 2.0
    y[:, 0].mul_(3.0)
    w = (x * 2.0).permute(1, 0).clone()
    w[2].add_(z[:3].exp())
    v = (x.reshape(3, 2, 2) * z[:2]).permute(2, 0, 1).clone()
    v[:, 1:, 0] = z[1:3].reshape(1, 2) * 2.0
    a = v[1]
    v.mul_(1.5)
    loss = (y * y.sin()).sum() + (w.pow(2.0)).sum() + (v * v.cos()).sum() + a.pow(2.0).sum()
    g0, g1 = torch.autograd.grad([loss], [x, z], create_graph=True)
    assert g0 is not None
    assert g1 is not None
    gg = torch.autograd.grad([g0.pow(2.0).sum() + g1.sin().sum()], [x, z])
    return s1, y.stride(), v.stride(), loss, g0, g1, gg


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
