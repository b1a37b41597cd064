def fn():
    w1 = (torch.sin(torch.arange(12, dtype=torch.float64)).reshape(4, 3) * 0.5).requires_grad_()
    w2 = (torch.cos(torch.arange(4, dtype=torch.float64)).reshape(1, 4)).requires_grad_()
    x = torch.linspace(-1.0, 1.0, 15, dtype=torch.float64).reshape(5, 3).requires_grad_()
    h = torch.nn.functional.leaky_relu(torch.nn.functional.linear(x, w1), 0.2)
    out = torch.nn.functional.linear(torch.tanh(h), w2)
    g = torch.autograd.grad([out.sum()], [x], create_graph=True)[0]
    assert g is not None
    penalty = ((g.norm(2, dim=1) - 1.0) ** 2).mean()
    loss = out.mean() + 10.0 * penalty
    loss.backward()
    return loss.detach(), w1.grad, w2.grad, x.grad


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
