def fn():
    x = torch.sin(torch.arange(2 * 4 * 3 * 3, dtype=torch.float64) * 0.9).reshape(2, 4, 3, 3).requires_grad_()
    rm = torch.zeros(4, dtype=torch.float64)
    rv = torch.ones(4, dtype=torch.float64)
    w = torch.linspace(0.5, 1.5, 4, dtype=torch.float64).requires_grad_()
    b = torch.linspace(-0.2, 0.2, 4, dtype=torch.float64).requires_grad_()
    y1 = torch.nn.functional.batch_norm(x, rm, rv, w, b, True, 0.3, 1e-5)
    y2 = torch.nn.functional.group_norm(x, 2, w, b)
    y3 = torch.nn.functional.instance_norm(x, None, None, w, b)
    y4 = torch.nn.functional.layer_norm(x, [3, 3])
    y5 = torch.nn.functional.local_response_norm(x, 2)
    y6 = torch.nn.functional.normalize(x, dim=1)
    loss = (y1 * y2).sum() + y3.pow(2).sum() + (y4 * x).sum() + y5.sum() + y6.sum()
    g = torch.autograd.grad([loss], [x, w, b], create_graph=True)
    gx = g[0]
    assert gx is not None
    g2 = torch.autograd.grad([gx.sum()], [w])
    return loss, g, g2, rm, rv


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
