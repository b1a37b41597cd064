def fn():
    a = torch.linspace(0.1, 1.2, 3).reshape(3, 1).requires_grad_()
    b = torch.linspace(-1.0, 1.0, 4, dtype=torch.float64).reshape(1, 4).requires_grad_()
    c = torch.tensor(2.5).requires_grad_()
    y = a * b + c
    z = (y.exp() * a.expand(3, 4)).sum(1, keepdim=True) + a.sum_to_size(1, 1)
    w = z.to(torch.float32).squeeze(1) + torch.arange(3) * c
    loss = w.pow(2).mean() + (b.double() * 2).sum()
    ga, gb, gc = torch.autograd.grad([loss], [a, b, c])
    assert ga is not None and gb is not None and gc is not None
    return ga, gb, gc, ga.dtype, gb.dtype, gc.dtype, y.dtype


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
