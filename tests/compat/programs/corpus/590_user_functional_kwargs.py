def fn():
    F = torch.nn.functional
    x = torch.sin(torch.arange(2 * 3 * 8 * 8, dtype=torch.float32) * 0.1).reshape(2, 3, 8, 8)
    w = torch.cos(torch.arange(4 * 3 * 3 * 3, dtype=torch.float32) * 0.2).reshape(4, 3, 3, 3)
    a = F.conv2d(x, w, bias=None, stride=2, padding=1)
    b = F.max_pool2d(x, kernel_size=2, stride=2, return_indices=False)
    c = F.avg_pool2d(x, 3, stride=1, padding=1, count_include_pad=False)
    d = F.interpolate(x, size=[5, 5], mode="nearest")
    e = F.interpolate(x, scale_factor=0.5, mode="bilinear", align_corners=True)
    f = F.pad(x, [1, 2, 0, 1], mode="reflect")
    g = F.pad(x, (1, 1), value=2.0)
    h = F.softmax(x, dim=1) + F.log_softmax(x, -1) + F.gelu(x, approximate="tanh") + F.silu(x) + F.mish(x)
    i = F.normalize(x, p=1.0, dim=-1) + F.dropout(x, p=0.5, training=False)
    j = F.adaptive_max_pool2d(x, (3, 2)) + F.adaptive_avg_pool2d(x, output_size=[3, 2])
    k = F.embedding(torch.tensor([[0, 2], [1, 1]]), torch.arange(6, dtype=torch.float32).reshape(3, 2), max_norm=2.0)
    l = F.one_hot(torch.tensor([0, 3, 1]), num_classes=5)
    m = F.pixel_unshuffle(x, 2)
    n = F.hardswish(x) + F.hardsigmoid(x) + F.elu(x, alpha=0.5) + F.selu(x) + F.celu(x, 1.5) + F.softplus(x, beta=2.0, threshold=5.0) + F.leaky_relu(x, negative_slope=0.3)
    o = F.glu(x, dim=1 if False else -1) if False else F.glu(torch.cat([x, x], 1), 1)
    p = F.cosine_similarity(x, x.flip(-1), dim=1) + F.pairwise_distance(x[:, 0], x[:, 1]).sum()
    q = F.linear(x.flatten(1), torch.ones(5, 192), torch.zeros(5))
    r = F.layer_norm(x, [8, 8], eps=1e-6) + F.group_norm(x, 3) + F.instance_norm(x)
    s = F.unfold(x, 3, padding=1).shape
    t = F.softmin(x, 2) + F.softsign(x) + F.tanhshrink(x) + F.hardshrink(x, 0.3) + F.softshrink(x, 0.2) + F.threshold(x, 0.1, -1.0) + F.relu6(x) + F.logsigmoid(x)
    return a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
