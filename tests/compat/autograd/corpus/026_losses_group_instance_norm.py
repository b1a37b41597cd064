def fn():
    F = torch.nn.functional
    x = torch.sin(torch.arange(3 * 4, dtype=torch.float64).reshape(3, 4) * 0.7 + 0.2).requires_grad_()
    y = torch.cos(torch.arange(3 * 4, dtype=torch.float64).reshape(3, 4) * 0.3).requires_grad_()
    p = torch.sigmoid(x)
    t = torch.sigmoid(y)
    w = torch.arange(4, dtype=torch.float64) * 0.25 + 0.5
    z = F.l1_loss(x, y) + F.smooth_l1_loss(x, y, beta=0.5) + F.smooth_l1_loss(x, y, reduction='sum') + F.huber_loss(x, y, delta=0.4) + F.huber_loss(x, y, reduction='none').sum()
    z = z + F.binary_cross_entropy(p, t) + F.binary_cross_entropy(p, t, w, reduction='sum') + F.binary_cross_entropy_with_logits(x, t) + F.binary_cross_entropy_with_logits(x, t, w, pos_weight=w * 2.0)
    z = z + F.pairwise_distance(x, y).sum() + F.cosine_similarity(x, y).sum() + torch.dist(x, y, 3.0)
    g = torch.sin(torch.arange(2 * 6 * 5, dtype=torch.float64).reshape(2, 6, 5)).requires_grad_()
    gw = torch.cos(torch.arange(6, dtype=torch.float64)).requires_grad_()
    gb = torch.sin(torch.arange(6, dtype=torch.float64) + 1.0).requires_grad_()
    z = z + (F.group_norm(g, 3, gw, gb) * g.cos()).sum() + (F.instance_norm(g) * g.sin()).sum()
    z = z + (F.instance_norm(g, torch.zeros(6, dtype=torch.float64), torch.ones(6, dtype=torch.float64), gw, gb, True) * g.sin()).sum()
    return torch.autograd.grad([z], [x, y, g, gw, gb])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
