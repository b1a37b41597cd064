def fn(x: Tensor, y: Tensor):
    # Ops whose Tensor?[] / Tensor[] arguments are lists of index tensors or of computed tensors
    # (advanced indexing, index_put, broadcast_tensors), grouped with their lists.
    i = torch.tensor([0, 2, 2, 1])
    j = torch.tensor([1, 0, 2, 2])
    a = (x * y)[i, j]
    b = (x.sin() * 2.0)[i]
    c = torch.index_put(x * 3.0, [i], y[j] * 0.5, True)
    p, q = torch.broadcast_tensors(x[0] * 2.0, y.cos())
    loss = a.pow(2.0).sum() + (b * b.cos()).sum() + c.sin().sum() + (p * q).sum()
    g = torch.autograd.grad([loss], [x, y], create_graph=True)
    g0 = g[0]
    assert g0 is not None
    gg = torch.autograd.grad([g0.pow(2.0).sum()], [x, y], allow_unused=True)
    return loss, g, gg


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float64", "sizes": [3, 3], "data": [0.1, -0.7, 1.3, 0.45, 0.2, 0.9, -0.3, 0.6, -1.1], "requires_grad": true}}, {"tensor": {"dtype": "float64", "sizes": [3, 3], "data": [2.0, 0.5, -1.5, 0.25, -0.6, 1.2, 0.3, -0.9, 0.7], "requires_grad": true}}]
# EXPECT: "run"
