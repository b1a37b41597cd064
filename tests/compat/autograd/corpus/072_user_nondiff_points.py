def fn():
    x = torch.tensor([-2.0, -1.0, 0.0, 0.0, 1.0, 2.0, 3.0], dtype=torch.float64, requires_grad=True)
    y = (x.abs() + torch.relu(x) + torch.clamp(x, -1.0, 1.0) + torch.nn.functional.hardtanh(x) + x.sign()
         + torch.sqrt(x.abs() + 1.0) + torch.nn.functional.relu6(x * 3.0) + torch.floor(x) + torch.round(x * 0.5))
    g1 = torch.autograd.grad([y.sum()], [x], retain_graph=True)[0]
    m = torch.tensor([[1.0, 3.0, 3.0], [2.0, 2.0, 0.0]], dtype=torch.float64, requires_grad=True)
    r = m.max() + m.amax(dim=1).sum() + m.max(dim=1)[0].sum() + m.min() + m.median() + torch.logsumexp(m, 1).sum()
    g2 = torch.autograd.grad([r], [m])[0]
    z = torch.tensor([0.0, 0.0, 0.0], dtype=torch.float64, requires_grad=True)
    g3 = torch.autograd.grad([z.norm()], [z])[0]
    p = torch.tensor([2.0, 0.0, 3.0, 0.0], dtype=torch.float64, requires_grad=True)
    g4 = torch.autograd.grad([p.prod() + torch.cumprod(p, 0).sum()], [p])[0]
    q = torch.tensor([1.0, 0.0, 2.0], dtype=torch.float64, requires_grad=True)
    g5 = torch.autograd.grad([torch.prod(q.reshape(1, 3), 1).sum()], [q])[0]
    return g1, g2, g3, g4, g5


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
