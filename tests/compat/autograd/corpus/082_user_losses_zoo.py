def fn():
    x = torch.sin(torch.arange(12, dtype=torch.float64) * 0.7).reshape(4, 3).requires_grad_()
    y = torch.cos(torch.arange(12, dtype=torch.float64) * 0.3).reshape(4, 3)
    t01 = (y > 0).to(torch.float64)
    F = torch.nn.functional
    l = (F.binary_cross_entropy_with_logits(x, t01, pos_weight=torch.tensor([1.0, 2.0, 0.5], dtype=torch.float64))
         + F.binary_cross_entropy(torch.sigmoid(x), t01, weight=torch.linspace(0.5, 1.5, 3, dtype=torch.float64))
         + F.smooth_l1_loss(x, y, beta=0.5) + F.huber_loss(x, y, delta=0.3) + F.l1_loss(x, y, reduction="sum")
         + F.kl_div(F.log_softmax(x, 1), F.log_softmax(y, 1), reduction="batchmean", log_target=True)
         + F.nll_loss(F.log_softmax(x, 1), torch.tensor([0, 2, 1, 2]), weight=torch.tensor([1.0, 0.5, 2.0], dtype=torch.float64))
         + F.margin_ranking_loss(x[:, 0], x[:, 1], torch.tensor([1.0, -1.0, 1.0, -1.0], dtype=torch.float64), margin=0.1)
         + F.triplet_margin_loss(x[:2], x[2:], y[:2], margin=0.5, p=2.0)
         + F.cosine_embedding_loss(x[:2], y[:2], torch.tensor([1.0, -1.0], dtype=torch.float64), margin=0.2)
         + F.soft_margin_loss(x, torch.sign(y))
         + F.hinge_embedding_loss(x, torch.sign(y)) + F.poisson_nll_loss(x, y.abs(), log_input=True)
         + F.gaussian_nll_loss(x, y, torch.ones(4, 3, dtype=torch.float64) * 0.5)
         + F.mse_loss(x, y) + F.multilabel_soft_margin_loss(x, t01))
    g = torch.autograd.grad([l], [x], create_graph=True)[0]
    assert g is not None
    h = torch.autograd.grad([g.sum()], [x])[0]
    m = F.multi_margin_loss(x, torch.tensor([2, 0, 1, 1]), p=1, margin=0.7, weight=torch.tensor([1.0, 2.0, 0.5], dtype=torch.float64))
    gm = torch.autograd.grad([m], [x])[0]
    return l, g, h, m, gm


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
