def fn():
    x = torch.sin(torch.arange(6, dtype=torch.float64).reshape(2, 3)).requires_grad_()
    w = torch.cos(torch.arange(3, dtype=torch.float64)).requires_grad_()
    y = (x * w).tanh()
    loss = y.sum()
    loss.backward(retain_graph=True)
    first = x.grad.clone()
    loss.backward()
    z = (x * x).sum(0)
    z.backward(torch.tensor([1.0, -2.0, 0.5], dtype=torch.float64))
    gx = x.grad
    gw = w.grad
    leaf = x.is_leaf
    nonleaf = y.is_leaf
    req = y.requires_grad
    d = y.detach()
    return first, gx, gw, leaf, nonleaf, req, d.requires_grad, x.requires_grad


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
