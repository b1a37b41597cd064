def fn():
    torch.manual_seed(3)
    x = torch.linspace(-2.0, 2.0, 8, dtype=torch.float64).requires_grad_()
    y = x * 1.0
    z = torch.rrelu_(y, 0.1, 0.3, True)
    z.sum().backward()
    g = x.grad
    assert g is not None
    slope = torch.where(x.detach() < 0, z.detach() / x.detach(), torch.ones_like(x))
    ok_train = bool((g - slope).abs().max() < 1e-12) and bool(((slope >= 0.1) & (slope <= 0.3) | (x.detach() >= 0)).all())
    x2 = torch.linspace(-2.0, 2.0, 8, dtype=torch.float64).requires_grad_()
    y2 = x2 * 1.0
    z2 = torch.rrelu_(y2, 0.1, 0.3, False)
    g2 = torch.autograd.grad([z2.sum()], [x2])[0]
    return ok_train, z2, g2, y is z


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
