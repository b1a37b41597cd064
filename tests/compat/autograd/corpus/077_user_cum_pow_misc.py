def fn():
    x = torch.tensor([[0.5, -1.5, 2.0], [1.0, 0.25, -0.75]], dtype=torch.float64, requires_grad=True)
    y = (torch.cumsum(x, 1).sum() + torch.cummax(x, 1)[0].sum() + torch.logcumsumexp(x, 0).sum()
         + torch.pow(x, 2.5).nan_to_num().sum() + torch.pow(2.0, x).sum() + torch.atan2(x, x.flip(1)).sum()
         + torch.std(x) + torch.var(x, 1, unbiased=False).sum() + x.std_mean(0)[0].sum()
         + torch.lerp(x, x.exp(), 0.3).sum() + torch.hypot(x, x * 2.0).sum() + torch.xlogy(x.abs(), x.abs() + 1.0).sum()
         + torch.sinc(x).sum() + torch.erfinv(x * 0.3).sum() + torch.logit(torch.sigmoid(x), 1e-6).sum()
         + torch.polygamma(1, x.abs() + 0.5).sum() + torch.dist(x, x.flip(0), 3.0) + torch.renorm(x, 2.0, 0, 1.0).sum()
         + torch.trace(x[:, :2] @ x[:, 1:].t()) + torch.cross(x, x.roll(1, 1), dim=1).sum())
    g = torch.autograd.grad([y], [x], create_graph=True)[0]
    assert g is not None
    h = torch.autograd.grad([g.sum()], [x])[0]
    return y, g, h


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
