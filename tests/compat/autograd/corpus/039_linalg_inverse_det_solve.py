def fn():
    a = (torch.sin(torch.arange(2 * 3 * 3, dtype=torch.float64).reshape(2, 3, 3) * 0.7) + torch.eye(3, dtype=torch.float64) * 3.0).requires_grad_()
    b = torch.cos(torch.arange(2 * 3 * 2, dtype=torch.float64).reshape(2, 3, 2)).requires_grad_()
    v = torch.sin(torch.arange(3, dtype=torch.float64) + 0.5).requires_grad_()
    z = torch.inverse(a).pow(2.0).sum() + torch.linalg.inv(a[0]).sin().sum() + torch.det(a).pow(2.0).sum() + torch.linalg.det(a[1]) + torch.logdet(a).sum()
    s, l = torch.linalg.slogdet(a)
    z = z + l.pow(2.0).sum() + torch.linalg.solve(a, b).pow(2.0).sum() + torch.linalg.solve(a[0], v).pow(3.0).sum() + torch.matrix_power(a[0], 3).sin().sum() + torch.linalg.matrix_power(a, 2).pow(2.0).sum()
    return torch.autograd.grad([z], [a, b, v])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
