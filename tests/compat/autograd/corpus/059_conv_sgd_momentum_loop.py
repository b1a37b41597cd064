def fn():
    # A small conv net trained with SGD + momentum, float32: the weights are updated in place
    # between forward calls, so convolutions that reused a stale cached copy of the weights
    # (ember caches oneDNN's reordered weights per storage and write version) would make the
    # losses drift from PyTorch's.
    F = torch.nn.functional
    X = torch.sin(torch.arange(800, dtype=torch.float32).reshape(1, 8, 10, 10) * 0.37)
    T = torch.cos(torch.arange(400, dtype=torch.float32).reshape(1, 4, 10, 10) * 0.11)
    W1 = (torch.sin(torch.arange(1152, dtype=torch.float32).reshape(16, 8, 3, 3) * 1.7) * 0.2).requires_grad_()
    W2 = (torch.cos(torch.arange(256, dtype=torch.float32).reshape(16, 16, 1, 1) * 0.9) * 0.2).requires_grad_()
    W3 = (torch.sin(torch.arange(576, dtype=torch.float32).reshape(4, 16, 3, 3) * 0.3) * 0.2).requires_grad_()
    params = [W1, W2, W3]
    bufs = [torch.zeros_like(W1), torch.zeros_like(W2), torch.zeros_like(W3)]
    losses: List[Tensor] = []
    for step in range(12):
        h = torch.relu(F.conv2d(X, W1, None, 1, 1))
        h = torch.relu(F.conv2d(h, W2))
        y = F.conv2d(h, W3, None, 1, 1)
        loss = F.mse_loss(y, T)
        loss.backward()
        with torch.no_grad():
            for i in range(3):
                p = params[i]
                g = p.grad
                bufs[i].mul_(0.9).add_(g)
                p.add_(bufs[i], alpha=-0.05)
                g.zero_()
        losses.append(loss.detach())
    with torch.no_grad():
        final = F.conv2d(X, W1, None, 1, 1)
    return torch.stack(losses), final


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
