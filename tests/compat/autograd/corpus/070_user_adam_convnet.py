def fn():
    torch.manual_seed(0)
    w = (torch.sin(torch.arange(72, dtype=torch.float64)).reshape(4, 2, 3, 3) * 0.3).requires_grad_()
    b = torch.zeros(4, dtype=torch.float64).requires_grad_()
    fc = (torch.cos(torch.arange(12, dtype=torch.float64)).reshape(3, 4) * 0.2).requires_grad_()
    x = torch.sin(torch.arange(2 * 2 * 6 * 6, dtype=torch.float64) * 0.37).reshape(2, 2, 6, 6)
    target = torch.tensor([0, 2])
    params = [w, b, fc]
    m = [torch.zeros_like(p) for p in params]
    v = [torch.zeros_like(p) for p in params]
    losses: List[float] = []
    lr = 0.01
    b1 = 0.9
    b2 = 0.999
    for step in range(1, 6):
        y = torch.conv2d(x, w, b, 1, 1)
        y = torch.nn.functional.batch_norm(y, None, None, training=True)
        y = torch.relu(y)
        y = torch.nn.functional.adaptive_avg_pool2d(y, [1, 1]).flatten(1)
        logits = y @ fc.t()
        loss = torch.nn.functional.cross_entropy(logits, target)
        losses.append(loss.item())
        grads = torch.autograd.grad([loss], params)
        with torch.no_grad():
            for i in range(len(params)):
                g = grads[i]
                assert g is not None
                m[i].mul_(b1).add_(g, alpha=1 - b1)
                v[i].mul_(b2).addcmul_(g, g, value=1 - b2)
                mhat = m[i] / (1 - b1 ** step)
                vhat = v[i] / (1 - b2 ** step)
                params[i].sub_(lr * mhat / (vhat.sqrt() + 1e-8))
    return losses, w.detach(), fc.detach()


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
