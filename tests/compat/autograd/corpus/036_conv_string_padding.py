def fn():
    F = torch.nn.functional
    x1 = torch.sin(torch.arange(2 * 4 * 9, dtype=torch.float64).reshape(2, 4, 9) * 0.37).requires_grad_()
    w1 = torch.cos(torch.arange(6 * 2 * 4, dtype=torch.float64).reshape(6, 2, 4) * 0.21).requires_grad_()
    x2 = torch.sin(torch.arange(1 * 2 * 5 * 6, dtype=torch.float64).reshape(1, 2, 5, 6) * 0.31).requires_grad_()
    w2 = torch.cos(torch.arange(3 * 2 * 3 * 2, dtype=torch.float64).reshape(3, 2, 3, 2) * 0.17).requires_grad_()
    b = torch.sin(torch.arange(6, dtype=torch.float64)).requires_grad_()
    z = F.conv1d(x1, w1, b, 1, 'same', 1, 2).pow(2.0).sum() + F.conv1d(x1, w1, None, 1, 'same', 2, 2).pow(2.0).sum() + F.conv1d(x1, w1, b, 2, 'valid', 1, 2).pow(2.0).sum()
    z = z + F.conv2d(x2, w2, b[:3], 1, 'same').pow(2.0).sum() + F.conv2d(x2, w2, None, 1, 'same', [2, 3]).sin().sum() + F.conv2d(x2, w2, None, 1, 'valid').pow(2.0).sum()
    return torch.autograd.grad([z], [x1, w1, x2, w2, b])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
