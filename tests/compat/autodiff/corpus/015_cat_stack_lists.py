def fn(x: Tensor, y: Tensor):
    # Tensor lists inside the differentiable graph: cat and stack of computed tensors and of
    # inputs, first and second order.
    a = torch.cat([x * y, y.sin(), x], 0)
    b = torch.stack([x.tanh(), y * 2.0], 1)
    c = torch.cat([b, b.cos()], 1)
    loss = a.pow(2.0).sum() + (c * c.sin()).sum()
    g = torch.autograd.grad([loss], [x, y], create_graph=True)
    g0 = g[0]
    assert g0 is not None
    gg = torch.autograd.grad([g0.pow(2.0).sum()], [x, y])
    return loss, g, gg


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float64", "sizes": [4], "data": [0.1, -0.7, 1.3, 0.45], "requires_grad": true}}, {"tensor": {"dtype": "float64", "sizes": [4], "data": [2.0, 0.5, -1.5, 0.25], "requires_grad": true}}]
# EXPECT: "run"
