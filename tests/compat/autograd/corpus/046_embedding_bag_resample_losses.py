def fn():
    x = torch.sin(torch.arange(3 * 4, dtype=torch.float64).reshape(3, 4) * 0.9).requires_grad_()
    y = torch.cos(torch.arange(3 * 4, dtype=torch.float64).reshape(3, 4) * 1.3).requires_grad_()
    F = torch.nn.functional
    t = torch.tensor([1, 0, 3])
    sgn = torch.tensor([1.0, -1.0, 1.0], dtype=torch.float64)
    img = x.reshape(1, 1, 3, 4)
    z = F.interpolate(img, size=[5, 7], mode='bicubic').pow(2.0).sum() + F.interpolate(img, scale_factor=2.0, mode='bicubic', align_corners=True).sin().sum()
    z = z + F.interpolate(img, scale_factor=1.7, mode='bicubic').pow(2.0).sum() + F.interpolate(img, size=[5, 7], mode='nearest-exact').pow(2.0).sum()
    z = z + F.interpolate(x.reshape(1, 3, 4), scale_factor=1.6, mode='nearest-exact').pow(3.0).sum()
    i = torch.tensor([0, 2, 1, 2])
    z = z + F.embedding_bag(i, x, torch.tensor([0, 1]), mode='sum').pow(2.0).sum() + F.embedding_bag(i, x, torch.tensor([0, 3, 4]), mode='mean').pow(2.0).sum()
    z = z + F.embedding_bag(i, x, torch.tensor([0, 2]), mode='max').pow(2.0).sum() + F.embedding_bag(i, x, torch.tensor([0, 2]), per_sample_weights=y[0], mode='sum').pow(2.0).sum()
    z = z + F.embedding_bag(torch.tensor([[0, 2], [1, 2]]), x, mode='mean', padding_idx=2).pow(2.0).sum() + F.embedding_bag(i, x, torch.tensor([0, 1, 4]), mode='sum', include_last_offset=True).pow(2.0).sum()
    z = z + F.kl_div(F.log_softmax(x, 1), F.softmax(y, 1), reduction='batchmean') + F.kl_div(x, y, log_target=True) + F.margin_ranking_loss(x[:, 0], y[:, 0], sgn, 0.1)
    z = z + F.triplet_margin_loss(x, y, x.flip([0]), 0.5) + F.cosine_embedding_loss(x, y, sgn, 0.1) + F.poisson_nll_loss(x, y.abs()) + F.gaussian_nll_loss(x, y, x.exp())
    z = z + F.multi_margin_loss(x, t, 2, 0.5, torch.tensor([1.0, 2.0, 0.5, 1.0], dtype=torch.float64)) + F.multilabel_margin_loss(x, torch.tensor([[1, 2, -1, 0], [0, -1, 0, 0], [3, 1, 0, -1]]))
    z = z + F.hinge_embedding_loss(x, y.sign()) + F.multilabel_soft_margin_loss(x, (y > 0).to(torch.float64)) + F.soft_margin_loss(x, y.detach().sign())
    z = z + F.grid_sample(img, y.reshape(1, 3, 2, 2) * 0.5, align_corners=False).pow(2.0).sum() + F.affine_grid(x[:2, :3].reshape(1, 2, 3), [1, 1, 2, 3], False).pow(2.0).sum()
    return torch.autograd.grad([z], [x, y])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
