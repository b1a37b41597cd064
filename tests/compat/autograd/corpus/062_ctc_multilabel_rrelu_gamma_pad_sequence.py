def fn():
    # Gradients of _ctc_loss (int-list and tensor lengths) and multilabel_margin_loss_forward
    # through their *_backward operators (first order: PyTorch 1.13 has no second), pad_sequence
    # (first and second order), rrelu and rrelu_with_noise in evaluation (values) and in training,
    # and _standard_gamma. The training slopes and the gamma samples are random, so for those the
    # program returns what must hold whatever was drawn: the gradient is the slope the forward
    # used (out * w == grad * x, grad == w * noise, slopes within [lower, upper]) and the gamma
    # gradient is _standard_gamma_grad at the sample (ember's _standard_gamma_grad differentiates
    # the exact Gamma CDF, PyTorch's is an approximation: they differ by up to about 1e-4
    # relative, so its values are not compared here).
    x = torch.sin(torch.arange(24, dtype=torch.float64).reshape(4, 6) * 0.7).requires_grad_()
    w = torch.cos(torch.arange(24, dtype=torch.float64).reshape(4, 6) * 0.3) + 1.5
    lp = x.reshape(4, 2, 3).log_softmax(2)
    targets = torch.tensor([[1, 2], [2, 0]])
    loss, alpha = torch._ctc_loss(lp, targets, [4, 3], [2, 1], 0, False)
    z = (loss * torch.tensor([0.7, 1.3], dtype=torch.float64)).sum()
    loss2, alpha2 = torch._ctc_loss(lp, torch.tensor([1, 2, 1]), torch.tensor([4, 4]), torch.tensor([2, 1]), 0, True)
    z = z + loss2.pow(2.0).sum()
    out, is_target = torch.ops.aten.multilabel_margin_loss_forward(x.reshape(3, 8), torch.tensor([[3, 0, -1, 5, 0, 0, 0, 0], [7, 6, 5, 4, 3, 2, 1, 0], [-1, 2, 2, 2, 2, 2, 2, 2]]), 0)
    z = z + (out * torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)).sum()
    out1, t1 = torch.ops.aten.multilabel_margin_loss_forward(x.reshape(3, 8), torch.tensor([[1, 0, -1, 5, 0, 0, 0, 0], [7, 6, -1, 4, 3, 2, 1, 0], [2, -1, 2, 2, 2, 2, 2, 2]]), 1)
    z = z + out1 * 3.0
    g1 = torch.autograd.grad([z], [x])[0]

    p = torch.ops.aten.pad_sequence([x, x.narrow(0, 0, 2) * 2.0, x.narrow(0, 1, 3).sin()], False, -1.5)
    q = torch.ops.aten.pad_sequence([x.narrow(0, 0, 1), x.pow(2.0)], True, 0.0)
    zp = p.pow(3.0).sum() + (q * q.sin()).sum()
    gp = torch.autograd.grad([zp], [x], create_graph=True)[0]
    assert gp is not None
    gp2 = torch.autograd.grad([gp.pow(2.0).sum()], [x])[0]

    re = torch.rrelu(x, 0.1, 0.3, False) * w
    re = re + torch.ops.aten.rrelu_with_noise(x, torch.zeros_like(x), 0.2, 0.4, False) * w.sin()
    ge = torch.autograd.grad([re.sum()], [x], create_graph=True)[0]
    assert ge is not None
    # The second derivative is 0; x.pow(3) keeps the sum connected to x (ember's gradient of a
    # piecewise-linear op does not depend on its input, PyTorch's does with a zero derivative).
    ge2 = torch.autograd.grad([ge.pow(2.0).sum() + x.pow(3.0).sum()], [x])[0]

    rt = torch.rrelu(x, 0.1, 0.3, True)
    gt = torch.autograd.grad([(rt * w).sum()], [x], create_graph=True)[0]
    assert gt is not None
    gt2 = torch.autograd.grad([gt.pow(2.0).sum() + x.pow(3.0).sum()], [x])[0]
    slope_ok = torch.allclose(gt * x, rt * w) and bool(((gt / w >= 0.1 - 1e-12) & (gt / w <= 1.0 + 1e-12)).all())
    noise = torch.zeros_like(x)
    rn = torch.ops.aten.rrelu_with_noise(x, noise, 0.1, 0.3, True)
    gn = torch.autograd.grad([(rn * w).sum()], [x])[0]
    assert gn is not None
    noise_ok = torch.equal(gn, w * noise) and torch.equal(rn, x * noise)

    a = (x.narrow(0, 0, 2).exp() + 0.5)
    s = torch._standard_gamma(a)
    ga = torch.autograd.grad([(s * w.narrow(0, 0, 2)).sum()], [x])[0]
    assert ga is not None
    gamma_ok = torch.allclose(ga.narrow(0, 0, 2), w.narrow(0, 0, 2) * torch._standard_gamma_grad(a, s).detach() * a.detach().sub(0.5))
    # log_alpha and is_target are outside autograd in PyTorch (output_differentiability).
    flags = [alpha.requires_grad, alpha2.requires_grad, is_target.requires_grad, loss.requires_grad, out.requires_grad]
    return flags, g1, is_target, t1, gp.detach(), gp2, ge.detach(), ge2, gt2, slope_ok, noise_ok, gamma_ok


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
