def fn():
    x = torch.linspace(-1.0, 1.0, 4, dtype=torch.float64).requires_grad_()
    w = torch.sin(torch.arange(12, dtype=torch.float64)).reshape(3, 4)
    y = torch.tanh(w @ x) * x[:3] ** 2
    rows: List[Tensor] = []
    for i in range(3):
        go = torch.zeros(3, dtype=torch.float64)
        go[i] = 1.0
        gos: List[Optional[Tensor]] = [go]
        g = torch.autograd.grad([y], [x], grad_outputs=gos, retain_graph=True)[0]
        assert g is not None
        rows.append(g)
    jac = torch.stack(rows)
    ones: List[Optional[Tensor]] = [torch.ones(3, dtype=torch.float64)]
    vjp = torch.autograd.grad([y], [x], grad_outputs=ones, create_graph=True)[0]
    assert vjp is not None
    dirs: List[Optional[Tensor]] = [torch.cos(torch.arange(4, dtype=torch.float64))]
    hvp = torch.autograd.grad([vjp], [x], grad_outputs=dirs)[0]
    return jac, vjp, hvp


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
