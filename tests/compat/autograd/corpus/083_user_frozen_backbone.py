def fn():
    backbone = torch.sin(torch.arange(20, dtype=torch.float64)).reshape(5, 4).requires_grad_()
    head = torch.cos(torch.arange(8, dtype=torch.float64)).reshape(2, 4).requires_grad_()
    x = torch.linspace(-1.0, 1.0, 15, dtype=torch.float64).reshape(3, 5)
    backbone.requires_grad_(False)
    losses: List[float] = []
    for step in range(4):
        with torch.no_grad():
            feats = torch.relu(x @ backbone)
        out = feats @ head.t()
        loss = torch.logsumexp(out, 1).mean() - out[:, 0].mean()
        loss.backward()
        losses.append(loss.item())
        g = head.grad
        assert g is not None
        with torch.no_grad():
            head.sub_(0.5 * g)
            g.zero_()
    d = head.detach()
    d.mul_(2.0)
    return losses, head, backbone.grad is None, d.requires_grad, head.requires_grad


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
