def fn():
    # Gradients of F.interpolate(..., antialias=True): downscaling (the filter widens), upscaling,
    # explicit scale factors, one dim unchanged, align_corners, both filters.
    x = torch.sin(torch.arange(2 * 2 * 9 * 7, dtype=torch.float64).reshape(2, 2, 9, 7) * 0.37).requires_grad_()
    F = torch.nn.functional
    z = F.interpolate(x, size=[4, 3], mode='bilinear', antialias=True).pow(2.0).sum()
    z = z + F.interpolate(x, size=[13, 7], mode='bilinear', align_corners=True, antialias=True).sin().sum()
    z = z + F.interpolate(x, scale_factor=0.45, mode='bicubic', antialias=True).pow(2.0).sum()
    z = z + F.interpolate(x, size=[5, 11], mode='bicubic', antialias=True).cos().sum()
    return torch.autograd.grad([z], [x])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
