def fn():
    F = torch.nn.functional
    x = torch.sin(torch.arange(2 * 4 * 7 * 6, dtype=torch.float64).reshape(2, 4, 7, 6) * 0.31).requires_grad_()
    w = torch.cos(torch.arange(6 * 4 * 3 * 3, dtype=torch.float64).reshape(6, 4, 3, 3) * 0.17).requires_grad_()
    wg = torch.cos(torch.arange(4 * 2 * 2 * 3, dtype=torch.float64).reshape(4, 2, 2, 3) * 0.23).requires_grad_()
    b = torch.sin(torch.arange(6, dtype=torch.float64)).requires_grad_()
    y = F.conv2d(x, w, b)
    y2 = F.conv2d(x, w, None, stride=2, padding=1)
    y3 = F.conv2d(x, wg, None, stride=(1, 2), padding=(1, 0), dilation=(2, 1), groups=2)
    m = F.max_pool2d(x, 2)
    m2 = F.max_pool2d(y, 3, stride=2, padding=1)
    z = (y.tanh() * 0.5).sum() + (y2 ** 2.0).sum() + y3.sin().sum() + (m ** 2.0).sum() + m2.sum()
    return torch.autograd.grad([z], [x, w, wg, b])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
