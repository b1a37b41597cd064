def fn():
    # First and second order through the copy and private spellings of views and casts, the
    # in-place forms whose overload differs from their functional op's, and nested tensors made
    # from a mask and padded again (derivatives_misc_rest.cpp); the in-place dropouts
    # and renorm_ (decompositions_misc_rest.cpp).
    x = torch.sin(torch.arange(4 * 6, dtype=torch.float64).reshape(4, 6) * 0.37 + 0.1).requires_grad_()
    v = torch.cos(torch.arange(6, dtype=torch.float64) * 0.53).requires_grad_()
    e = (torch.cos(torch.arange(4 * 6, dtype=torch.float64).reshape(4, 6) * 0.29) * 0.5 + 1.0).requires_grad_()
    z = torch.ops.aten._reshape_alias(x, [6, 4], [4, 1]).pow(3.0).sum()
    z = z + torch.ops.aten._reshape_alias_copy(x, [3, 8], [8, 1])[1].sin().sum()
    z = z + torch.ops.aten._to_copy(x, dtype=torch.float32).pow(2.0).sum().double()
    z = z + torch.ops.aten.as_strided_copy(x, [3, 3], [6, 2], 1).pow(3.0).sum()
    parts = torch.ops.aten.split_copy(x, 4, 1)
    z = z + parts[0].pow(3.0).sum() + parts[1].cos().sum() * 2.0
    parts2 = torch.ops.aten.split_with_sizes_copy(x, [1, 3], 0)
    z = z + parts2[1].exp().sum()
    rows = torch.ops.aten.unbind_copy(x, 1)
    z = z + rows[2].pow(3.0).sum() + rows[5].sin().sum()
    c = torch.view_as_complex(x.reshape(4, 3, 2))
    z = z + torch.ops.aten.view_as_real_copy(c * c).pow(2.0).sum()
    # In-place spellings, each on a non-leaf.
    a = x.abs() + 0.5
    a.pow_(e)
    z = z + a.sum()
    b = x.abs() + 0.25
    b.pow_(2.5)
    z = z + b.sum()
    f = x.abs() + 0.5
    f.float_power_(e)
    z = z + f.sum()
    g = x.abs() + 0.75
    g.float_power_(1.5)
    z = z + g.sum()
    t = x * x
    t.transpose_(0, 1)
    z = z + (t * torch.arange(24, dtype=torch.float64).reshape(6, 4)).sum()
    d = x * x
    d.fill_diagonal_(1.5, True)
    z = z + (d * torch.arange(24, dtype=torch.float64).reshape(4, 6)).sum()
    p = x * x
    torch.ops.aten._index_put_impl_(p, [torch.tensor([0, 2, 3])], v, False, False)
    z = z + p.pow(2.0).sum()
    q = x * x
    torch.ops.aten._index_put_impl_(q, [torch.tensor([1, 1, 3])], v * v, True, False)
    z = z + q.pow(2.0).sum()
    rn = x * 2.0
    rn.renorm_(2.0, 0, 1.5)
    z = z + (rn.pow(3.0) * torch.arange(24, dtype=torch.float64).reshape(4, 6)).sum()
    # In-place dropouts in training (the same masks as PyTorch's from the seeded generator), an
    # in-place op after one and after a functional dropout, and in evaluation (no-ops).
    torch.manual_seed(0)
    dr = x * 2.0
    torch.dropout_(dr, 0.3, True)
    torch.relu_(dr)
    fd = x * 1.0
    torch.feature_dropout_(fd, 0.5, True)
    ad = x * 1.0
    torch.alpha_dropout_(ad, 0.4, True)
    fad = x.reshape(2, 3, 4) * 1.0
    torch.feature_alpha_dropout_(fad, 0.4, True)
    torch.feature_alpha_dropout_(fad, 0.4, False)
    torch.dropout_(fad, 0.5, False)
    fdr = torch.nn.functional.dropout(x * 2.0, 0.3, True)
    torch.relu_(fdr)
    edr = torch.nn.functional.dropout(x * 3.0, 0.3, False)
    torch.relu_(edr)
    z = z + dr.pow(2.0).sum() + fd.pow(2.0).sum() + ad.pow(3.0).sum() + fad.pow(2.0).sum()
    z = z + fdr.pow(2.0).sum() + edr.pow(2.0).sum()
    # A padded batch made nested and padded again, to a larger size.
    nt = torch._nested_tensor_from_mask(x.reshape(2, 3, 4), torch.tensor([[True, True, False], [True, True, True]]))
    pt = torch.ops.aten.to_padded_tensor(nt, 0.5, [2, 4, 5])
    z = z + (pt.pow(3.0) * torch.arange(40, dtype=torch.float64).reshape(2, 4, 5)).sum()
    g1 = torch.autograd.grad([z], [x, v, e], create_graph=True)
    gx = g1[0]
    gv = g1[1]
    ge = g1[2]
    assert gx is not None
    assert gv is not None
    assert ge is not None
    g2 = torch.autograd.grad([gx.pow(2.0).sum() + gv.pow(2.0).sum() + ge.pow(2.0).sum()], [x, v, e])
    return gx.detach(), gv.detach(), ge.detach(), g2


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
