def fn():
    a = torch.sin(torch.arange(2 * 3 * 4, dtype=torch.float64).reshape(2, 3, 4) * 0.7).requires_grad_()
    b = torch.cos(torch.arange(4 * 3 * 5, dtype=torch.float64).reshape(4, 3, 5) * 0.3).requires_grad_()
    z = torch.tensordot(a, b, [[1, 2], [1, 0]]).pow(2.0).sum() + torch.tensordot(a, b, 1).sin().sum() + torch.tensordot(a[0], b[:, :, 0], [[0, 1], [1, 0]])
    return torch.autograd.grad([z], [a, b])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
