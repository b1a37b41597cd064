def fn():
    m = torch.sin(torch.arange(5 * 3, dtype=torch.float64).reshape(5, 3) * 0.8) + torch.eye(5, 3, dtype=torch.float64)
    qr = torch.geqrf(m)
    a = qr[0].requires_grad_()
    tau = qr[1].requires_grad_()
    w53 = torch.cos(torch.arange(15, dtype=torch.float64).reshape(5, 3) * 0.7)
    z = (torch.linalg.householder_product(a, tau) * w53).sum() + torch.orgqr(a[:, :2], tau[:2]).pow(2.0).sum()
    zc = torch.complex(a, a.cos())
    tc = torch.complex(tau, tau.sin())
    z = z + torch.view_as_real(torch.linalg.householder_product(zc, tc)).sin().sum()
    return torch.autograd.grad([z], [a, tau])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
