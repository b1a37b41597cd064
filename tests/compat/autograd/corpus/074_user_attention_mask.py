def fn():
    B = 2
    T = 4
    D = 6
    x = torch.sin(torch.arange(B * T * D, dtype=torch.float64) * 0.3).reshape(B, T, D).requires_grad_()
    wq = (torch.cos(torch.arange(D * D, dtype=torch.float64)).reshape(D, D) * 0.3).requires_grad_()
    wk = (torch.sin(torch.arange(D * D, dtype=torch.float64) * 0.7).reshape(D, D) * 0.3).requires_grad_()
    wv = (torch.cos(torch.arange(D * D, dtype=torch.float64) * 1.3).reshape(D, D) * 0.3).requires_grad_()
    q = x @ wq
    k = x @ wk
    v = x @ wv
    s = q @ k.transpose(-2, -1) / math.sqrt(D)
    mask = torch.triu(torch.ones(T, T, dtype=torch.bool), 1)
    s = s.masked_fill(mask, float("-inf"))
    p = torch.softmax(s, dim=-1)
    o = p @ v
    o = torch.nn.functional.layer_norm(o + x, [D])
    loss = torch.nn.functional.gelu(o).pow(2).mean()
    gs = torch.autograd.grad([loss], [x, wq, wk, wv])
    return loss, gs


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
