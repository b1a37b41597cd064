def fn():
    a = torch.arange(1.0, 7.0, dtype=torch.float64).reshape(2, 3).requires_grad_()
    b = a * 2
    b.retain_grad()
    c = b.sum(0)
    c.backward(torch.tensor([1.0, -1.0, 0.5], dtype=torch.float64), retain_graph=True)
    first = a.grad.clone() if a.grad is not None else torch.zeros(1)
    c.backward(torch.ones(3, dtype=torch.float64))
    second = a.grad
    bg = b.grad
    with torch.no_grad():
        a.grad.zero_()
    d = (a.detach() * a).sum()
    d.backward()
    e = a * 3
    leaf = e.is_leaf
    rg = e.requires_grad
    with torch.no_grad():
        f = a * 3
    return first, second, bg, a.grad, leaf, rg, f.requires_grad


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
