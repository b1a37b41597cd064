def fn(x: Tensor, y: Tensor):
    # Tensor-list results unpacked into names inside the differentiable graph (unbind, split by
    # sizes and by a size), some elements unused; first and second order.
    a, b, c = (x * y)[:3].unbind(0)
    p, q = (y.sin() * 2.0).split([1, 3], 1)
    r, s = (x + y).split(2, 0)
    loss = (a * b.exp()).sum() + p.sum() * c.sum() + q.pow(2.0).sum() + (r * s.cos()).sum()
    g = torch.autograd.grad([loss], [x, y], create_graph=True)
    g1 = g[1]
    assert g1 is not None
    gg = torch.autograd.grad([g1.pow(2.0).sum()], [x, y])
    return loss, g, gg


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float64", "sizes": [4, 4], "data": [0.1, -0.7, 1.3, 0.45, 0.2, 0.9, -0.3, 0.6, -1.1, 0.35, 0.8, -0.25, 0.5, -0.4, 0.15, 1.05], "requires_grad": true}}, {"tensor": {"dtype": "float64", "sizes": [4, 4], "data": [2.0, 0.5, -1.5, 0.25, -0.6, 1.2, 0.3, -0.9, 0.7, -0.2, 1.4, 0.05, -1.3, 0.65, -0.45, 0.95], "requires_grad": true}}]
# EXPECT: "run"
