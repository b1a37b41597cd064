def fn():
    x = torch.sin(torch.arange(2 * 2 * 5 * 5, dtype=torch.float64) * 0.3).reshape(2, 2, 5, 5).requires_grad_()
    w = torch.cos(torch.arange(2 * 1 * 3 * 3, dtype=torch.float64)).reshape(2, 1, 3, 3).requires_grad_()
    a = torch.nn.functional.interpolate(x, scale_factor=1.6, mode="bicubic", align_corners=False)
    b = torch.nn.functional.interpolate(x, size=[7, 3], mode="nearest")
    c = torch.nn.functional.conv_transpose2d(x, w, None, 2, 1, 1, 2)
    d = torch.nn.functional.pixel_shuffle(x[:, :, :4, :4].reshape(2, 8, 2, 4)[:, :4], 2) if False else torch.nn.functional.pixel_unshuffle(x[:, :, :4, :4], 2)
    e = torch.linalg.matrix_norm(x[0, 0], "nuc") + torch.linalg.matrix_norm(x[0, 1], 2)
    f = torch.nn.functional.local_response_norm(x, 3) + torch.nn.functional.normalize(x, 2.0, 1)
    g = torch.nn.functional.grid_sample(x, torch.tanh(x[:, :, :3, :2].permute(0, 2, 3, 1)), "bilinear", "border", True)
    loss = a.pow(2).mean() + b.sum() + c.pow(2).sum() + d.sum() + e + f.sum() + g.sum()
    gx, gw = torch.autograd.grad([loss], [x, w], create_graph=True)
    assert gx is not None
    hh = torch.autograd.grad([gx.pow(2).sum()], [w])[0]
    return loss, gx, gw, hh


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
