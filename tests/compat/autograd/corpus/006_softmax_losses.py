def fn():
    F = torch.nn.functional
    x = torch.sin(torch.arange(20, dtype=torch.float64).reshape(4, 5) * 0.9).requires_grad_()
    t = torch.tensor([1, 0, 4, 2])
    wt = torch.tensor([1.0, 2.0, 0.5, 1.5, 1.0], dtype=torch.float64)
    probs = torch.softmax(torch.cos(torch.arange(20, dtype=torch.float64).reshape(4, 5)), 1)
    target = torch.cos(torch.arange(20, dtype=torch.float64).reshape(4, 5)).requires_grad_()
    z = (torch.softmax(x, 1) * torch.cos(x)).sum() + (F.log_softmax(x, 0) * torch.sin(x)).sum()
    z = z + F.cross_entropy(x, t) + F.cross_entropy(x, t, weight=wt, reduction="sum") * 0.3
    z = z + F.cross_entropy(x, torch.tensor([1, -100, 4, 2])) + F.cross_entropy(x, probs) * 2.0
    z = z + (F.cross_entropy(x, t, reduction="none") * torch.arange(4, dtype=torch.float64)).sum()
    z = z + F.nll_loss(F.log_softmax(x, 1), t, weight=wt) + F.mse_loss(x, target) + F.mse_loss(x, target, reduction="sum") * 0.1
    x3 = torch.sin(torch.arange(24, dtype=torch.float64).reshape(2, 3, 4)).requires_grad_()
    z = z + F.cross_entropy(x3, torch.tensor([[0, 2, 1, 1], [2, 2, 0, 1]]))
    return torch.autograd.grad([z], [x, target, x3])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
