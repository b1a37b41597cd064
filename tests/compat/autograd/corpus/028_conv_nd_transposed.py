def fn():
    F = torch.nn.functional
    x1 = torch.sin(torch.arange(2 * 4 * 9, dtype=torch.float64).reshape(2, 4, 9) * 0.37).requires_grad_()
    w1 = torch.cos(torch.arange(6 * 2 * 3, dtype=torch.float64).reshape(6, 2, 3) * 0.21).requires_grad_()
    b = torch.sin(torch.arange(6, dtype=torch.float64)).requires_grad_()
    x3 = torch.cos(torch.arange(1 * 2 * 5 * 4 * 6, dtype=torch.float64).reshape(1, 2, 5, 4, 6) * 0.29).requires_grad_()
    w3 = torch.sin(torch.arange(3 * 2 * 2 * 2 * 3, dtype=torch.float64).reshape(3, 2, 2, 2, 3) * 0.13).requires_grad_()
    x2 = torch.sin(torch.arange(2 * 4 * 5 * 6, dtype=torch.float64).reshape(2, 4, 5, 6) * 0.31).requires_grad_()
    wt = torch.cos(torch.arange(4 * 3 * 3 * 2, dtype=torch.float64).reshape(4, 3, 3, 2) * 0.17).requires_grad_()
    z = F.conv1d(x1, w1, b, 2, 1, 1, 2).pow(2.0).sum() + F.conv1d(x1[0], w1[:, :, :2].repeat(1, 2, 1), None, 1, 0, 2).sin().sum()
    z = z + F.conv3d(x3, w3, None, [1, 2, 1], [1, 0, 1], [1, 1, 2]).pow(2.0).sum()
    z = z + F.conv_transpose2d(x2, wt, None, 2, 1, 1).pow(2.0).sum() + F.conv_transpose2d(x2, wt[:, :2], b[:4], [1, 2], [0, 1], [0, 1], 2, [2, 1]).pow(2.0).sum()
    z = z + F.conv_transpose1d(x1, w1[:4], b[:2], 3, 2, 1).pow(2.0).sum()
    z = z + F.conv_transpose3d(x3, w3[:2], None, 2).pow(2.0).sum()
    return torch.autograd.grad([z], [x1, w1, b, x3, w3, x2, wt])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
