def fn():
    F = torch.nn.functional
    X = torch.sin(torch.arange(96, dtype=torch.float32).reshape(24, 4) * 0.7)
    Y = torch.remainder(torch.arange(24), 3)
    W1 = (torch.cos(torch.arange(64, dtype=torch.float32).reshape(16, 4) * 1.3) * 0.5).requires_grad_()
    b1 = torch.zeros(16).requires_grad_()
    W2 = (torch.sin(torch.arange(48, dtype=torch.float32).reshape(3, 16) * 0.9) * 0.5).requires_grad_()
    b2 = torch.zeros(3).requires_grad_()
    params = [W1, b1, W2, b2]
    losses: List[Tensor] = []
    for step in range(20):
        h = torch.tanh(F.linear(X, W1, b1))
        loss = F.cross_entropy(F.linear(h, W2, b2), Y)
        grads = torch.autograd.grad([loss], params)
        with torch.no_grad():
            for i in range(len(params)):
                g = grads[i]
                assert g is not None
                params[i].add_(g, alpha=-0.3)
        losses.append(loss.detach())
    return torch.stack(losses), params[0]


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
