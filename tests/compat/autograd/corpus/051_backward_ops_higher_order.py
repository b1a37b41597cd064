def fn():
    # The *_backward operators called by name on tensors that require grad: their results are
    # differentiable (first and second order), as PyTorch's backward kernels are.
    x = (torch.sin(torch.arange(12, dtype=torch.float64).reshape(3, 4) * 0.7 + 0.3) * 2.0).requires_grad_()
    g = torch.cos(torch.arange(12, dtype=torch.float64).reshape(3, 4) * 0.3).requires_grad_()
    w = torch.tensor([0.2], dtype=torch.float64).requires_grad_()
    zero = torch.zeros_like(x)
    a = torch.ops.aten.gelu_backward(g, x)
    t = torch.ops.aten.gelu_backward(g, x, approximate="tanh")
    b = torch.ops.aten.threshold_backward(g, x, 0.1)
    d = torch.ops.aten.sigmoid_backward(g, torch.sigmoid(x))
    th = torch.ops.aten.tanh_backward(g, torch.tanh(x))
    e = torch.ops.aten.elu_backward(g, 1.0, 1.0, 1.0, False, x)
    lr = torch.ops.aten.leaky_relu_backward(g, x, 0.1, False)
    sp = torch.ops.aten.softplus_backward(g, x, 1.0, 20.0)
    hs = torch.ops.aten.hardswish_backward(g, x)
    out = torch.native_layer_norm(x, [4], None, None, 1e-5)
    ln = torch.ops.aten.native_layer_norm_backward(g, x, [4], out[1].detach(), out[2].detach(), None, None,
                                                   [True, False, False])
    # the saved statistics computed here (ember's native_batch_norm keeps float64 ones at float32 precision)
    xd = x.detach()
    bmean = xd.mean([0])
    binvstd = ((xd - bmean) * (xd - bmean)).mean([0]).add(1e-5).rsqrt()
    bn = torch.ops.aten.native_batch_norm_backward(g, x, None, None, None, bmean, binvstd, True, 1e-5, [True, False, False])
    s = torch.ops.aten._softmax_backward_data(g, torch.softmax(x, 1), 1, torch.float64)
    lsm = torch.ops.aten._log_softmax_backward_data(g, torch.log_softmax(x, 1), 1, torch.float64)
    m = torch.ops.aten.mse_loss_backward(g.sum(), x, zero, 1)
    sl1 = torch.ops.aten.smooth_l1_loss_backward(g, x, zero, 0, 1.0)
    hub = torch.ops.aten.huber_loss_backward(g, x, zero, 0, 0.5)
    bce = torch.ops.aten.binary_cross_entropy_backward(g, torch.sigmoid(x), torch.full_like(x, 0.3), None, 0)
    pr = torch.ops.aten.prelu_backward(g, x, w)
    nll = torch.ops.aten.nll_loss_backward(g.sum(), torch.log_softmax(x, 1), torch.tensor([0, 1, 3]), None, 1, -100,
                                           torch.tensor(3.0, dtype=torch.float64))
    sel = torch.ops.aten.select_backward(g[0], [3, 4], 0, 1)
    sli = torch.ops.aten.slice_backward(g, [3, 8], 1, 0, 8, 2)
    z = (a * a).sum() + t.cos().sum() + b.sum() + d.pow(2.0).sum() + (th * x).sum() + e.sin().sum()
    z = z + (lr * x).sum() + sp.pow(2.0).sum() + (hs * hs).sum()
    z = z + s.sin().sum() + (lsm * lsm).sum() + (m * x).sum() + sl1.pow(2.0).sum()
    z = z + (hub * x).sum() + bce.sin().sum() + (pr[0] * pr[0]).sum() + pr[1].sum() * 2.0 + (nll * x).sum()
    z = z + (sel * x).sum() + sli.narrow(1, 0, 4).mul(x).sum()
    # The norm backwards only to first order: PyTorch's double-backward kernels of
    # native_layer_norm/batch_norm_backward take the saved statistics as constants, so their
    # derivatives differ from the third derivative of the norm (and from ember's).
    zn = ln[0].pow(2.0).sum() + bn[0].pow(2.0).sum()
    rn = torch.autograd.grad([zn], [x, g], retain_graph=True)
    r = torch.autograd.grad([z], [x, g, w], create_graph=True)
    gx = r[0]
    gg = r[1]
    gw = r[2]
    assert gx is not None and gg is not None and gw is not None
    h = torch.autograd.grad([(gx * gx).sum() + gg.sin().sum() + gw.sum()], [x, g, w])
    return z, zn, rn[0], rn[1], gx, gg, gw, h[0], h[1], h[2]


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
