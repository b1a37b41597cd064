def fn():
    # Gradients through the NN operators F.* now calls directly (their decompositions):
    # unfold / fold, grid_sample in 3-D and bicubic, affine_grid in 3-D, ctc_loss, fractional
    # max pooling.
    x = torch.sin(torch.arange(2 * 3 * 4 * 5, dtype=torch.float64).reshape(2, 3, 4, 5) * 0.7).requires_grad_()
    g = (torch.cos(torch.arange(2 * 3 * 3 * 2, dtype=torch.float64).reshape(2, 3, 3, 2) * 1.1) * 1.2).requires_grad_()
    F = torch.nn.functional
    z = F.unfold(x, kernel_size=[2, 3], dilation=1, padding=1, stride=[1, 2]).pow(2.0).sum()
    cols = x.reshape(2, 60)[:, :48].reshape(2, 12, 4)
    z = z + F.fold(cols, output_size=[3, 4], kernel_size=[2, 3], stride=1).sin().sum()
    z = z + F.grid_sample(x, g, mode='bicubic', padding_mode='reflection', align_corners=False).pow(2.0).sum()
    z = z + F.grid_sample(x, g, mode='bilinear', padding_mode='border', align_corners=True).sin().sum()
    v = x.reshape(2, 3, 2, 2, 5)
    g3 = g.reshape(2, 1, 3, 2, 3)
    z = z + F.grid_sample(v, g3, mode='bilinear', padding_mode='zeros', align_corners=False).pow(2.0).sum()
    theta = g.reshape(2, 3, 6)[:, :, :4]
    z = z + F.affine_grid(theta, [2, 1, 2, 3, 4], align_corners=True).pow(2.0).sum()
    lp = x.reshape(6, 2, 10).log_softmax(2)
    targets = torch.tensor([[1, 2, 2], [4, 3, 0]])
    z = z + F.ctc_loss(lp, targets, torch.tensor([6, 5]), torch.tensor([3, 2]), blank=0)
    z = z + F.ctc_loss(lp, torch.tensor([1, 2, 2, 4, 3]), torch.tensor([6, 5]), torch.tensor([3, 2]), reduction='sum')
    u2 = torch.tensor([[[0.3, 0.7], [0.9, 0.1], [0.5, 0.5]], [[0.2, 0.4], [0.6, 0.8], [0.05, 0.95]]], dtype=torch.float64)
    z = z + F.fractional_max_pool2d(x, 2, output_size=[3, 3], _random_samples=u2).pow(2.0).sum()
    u3 = torch.tensor([[[0.3, 0.7, 0.2]], [[0.9, 0.1, 0.6]]], dtype=torch.float64)
    z = z + F.fractional_max_pool3d(x.reshape(2, 1, 3, 4, 5), [2, 2, 2], output_size=[1, 2, 3],
                                    _random_samples=u3).sin().sum()
    return torch.autograd.grad([z], [x, g])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
