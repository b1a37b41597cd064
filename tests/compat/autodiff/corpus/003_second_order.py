def fn(x: Tensor, w: Tensor):
    y = (torch.sin(x) * x.pow(3.0)).sum() + torch.tanh(x * w).exp().sum() + torch.sigmoid(w * x).pow(2.0).sum()
    gs = torch.autograd.grad([y], [x, w], create_graph=True)
    gx = gs[0]
    gw = gs[1]
    assert gx is not None
    assert gw is not None
    v = torch.cos(torch.arange(5, dtype=torch.float64))
    hv = torch.autograd.grad([(gx * v).sum() + gw.pow(2.0).sum()], [x, w], create_graph=True)
    h0 = hv[0]
    assert h0 is not None
    third = torch.autograd.grad([h0.sum()], [x])
    return gx, gw, hv, third


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float64", "sizes": [5], "data": [-0.431483, -0.178802, 0.08985, 0.350477, 0.579796], "requires_grad": true}}, {"tensor": {"dtype": "float64", "sizes": [5], "data": [0.0, 0.508178, 0.838835, 0.876463, 0.607917], "requires_grad": true}}]
# EXPECT: "run"
