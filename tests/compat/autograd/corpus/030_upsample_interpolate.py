def fn():
    F = torch.nn.functional
    x = torch.sin(torch.arange(2 * 3 * 4 * 5, dtype=torch.float64).reshape(2, 3, 4, 5) * 0.31).requires_grad_()
    x1 = torch.sin(torch.arange(2 * 3 * 5, dtype=torch.float64).reshape(2, 3, 5) * 0.37).requires_grad_()
    x3 = torch.cos(torch.arange(1 * 2 * 3 * 4 * 2, dtype=torch.float64).reshape(1, 2, 3, 4, 2) * 0.29).requires_grad_()
    w = torch.cos(torch.arange(2 * 3 * 7 * 9, dtype=torch.float64).reshape(2, 3, 7, 9) * 0.13)
    z = (F.interpolate(x, size=[7, 9]) * w).sum() + (F.interpolate(x, size=[7, 9], mode='bilinear') * w).sum() + (F.interpolate(x, size=[7, 9], mode='bilinear', align_corners=True) * w).sum()
    z = z + F.interpolate(x, scale_factor=2.0, mode='nearest').pow(2.0).sum() + F.interpolate(x, scale_factor=1.5, mode='bilinear').pow(2.0).sum() + F.interpolate(x, size=[3, 2], mode='bilinear').pow(2.0).sum()
    z = z + F.interpolate(x1, size=8, mode='linear').pow(2.0).sum() + F.interpolate(x1, size=7).pow(2.0).sum() + F.interpolate(x3, scale_factor=2.0, mode='trilinear').pow(2.0).sum() + F.interpolate(x3, size=[4, 3, 5]).pow(2.0).sum()
    return torch.autograd.grad([z], [x, x1, x3])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
