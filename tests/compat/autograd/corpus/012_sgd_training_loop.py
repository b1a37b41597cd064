def fn():
    F = torch.nn.functional
    X = torch.sin(torch.arange(64, dtype=torch.float64).reshape(16, 4) * 0.7)
    Y = torch.remainder(torch.arange(16), 3)
    W1 = (torch.cos(torch.arange(32, dtype=torch.float64).reshape(8, 4) * 1.3) * 0.5).requires_grad_()
    b1 = torch.zeros(8, dtype=torch.float64).requires_grad_()
    W2 = (torch.sin(torch.arange(24, dtype=torch.float64).reshape(3, 8) * 0.9) * 0.5).requires_grad_()
    b2 = torch.zeros(3, dtype=torch.float64).requires_grad_()
    params = [W1, b1, W2, b2]
    losses: List[float] = []
    for step in range(20):
        h = torch.relu(F.linear(X, W1, b1))
        logits = F.linear(h, W2, b2)
        loss = F.cross_entropy(logits, Y)
        loss.backward()
        with torch.no_grad():
            for p in params:
                g = p.grad
                p.sub_(0.5 * g)
                g.zero_()
        losses.append(loss.item())
    return losses, W1, b2


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
