def fn():
    x = torch.sin(torch.arange(1 * 3 * 7 * 7, dtype=torch.float64) * 0.4).reshape(1, 3, 7, 7).requires_grad_()
    w = torch.cos(torch.arange(6 * 3 * 3 * 3, dtype=torch.float64) * 0.2).reshape(6, 3, 3, 3).requires_grad_()
    wt = torch.sin(torch.arange(6 * 2 * 2 * 2, dtype=torch.float64) * 0.5).reshape(6, 2, 2, 2).requires_grad_()
    y = torch.nn.functional.conv2d(x, w, None, 2, 1, 1, 1)
    z = torch.nn.functional.conv_transpose2d(y, wt, None, 2, 0, 1, 1)
    u = torch.nn.functional.unfold(x, [2, 2], 1, 0, 2)
    f = torch.nn.functional.fold(u, [7, 7], [2, 2], 1, 0, 2)
    p = torch.nn.functional.max_pool2d(x, 3, 2, 1)
    a = torch.nn.functional.avg_pool2d(x, 2, ceil_mode=True, count_include_pad=False)
    i = torch.nn.functional.interpolate(x, scale_factor=1.5, mode="bilinear", align_corners=False)
    ps = torch.nn.functional.pixel_shuffle(torch.cat([x, x, x, x], 1), 2)
    dw = torch.nn.functional.conv2d(x, w[:3, :1], None, 1, "same", 1, 3)
    loss = z.pow(2).sum() + f.sum() + p.sum() + a.sum() + i.pow(2).mean() + ps.sum() + dw.sum()
    g = torch.autograd.grad([loss], [x, w, wt], create_graph=True)
    gx = g[0]
    assert gx is not None
    h = torch.autograd.grad([gx.pow(2).sum()], [w])
    return loss, g, h


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
