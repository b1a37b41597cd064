def fn():
    torch.manual_seed(0)
    I = 3
    H = 4
    params: List[Tensor] = []
    for layer in range(2):
        for direction in range(2):
            inp = I if layer == 0 else 2 * H
            params.append((torch.randn(4 * H, inp, dtype=torch.float64) * 0.3).requires_grad_())
            params.append((torch.randn(4 * H, H, dtype=torch.float64) * 0.3).requires_grad_())
            params.append(torch.zeros(4 * H, dtype=torch.float64).requires_grad_())
            params.append(torch.zeros(4 * H, dtype=torch.float64).requires_grad_())
    x = torch.sin(torch.arange(5 * 2 * I, dtype=torch.float64)).reshape(5, 2, I)
    h0 = torch.zeros(4, 2, H, dtype=torch.float64)
    c0 = torch.zeros(4, 2, H, dtype=torch.float64)
    out, hn, cn = torch.lstm(x, [h0, c0], params, True, 2, 0.0, False, True, False)
    loss = out.pow(2).sum() + hn.sum() + cn.abs().sum()
    grads = torch.autograd.grad([loss], params)
    total = torch.zeros(1, dtype=torch.float64)
    for g in grads:
        assert g is not None
        total = total + g.abs().sum()
    return loss, total, grads[0], grads[12]


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
