def fn():
    F = torch.nn.functional
    B = 2
    T = 5
    E = 8
    H = 2
    x = torch.sin(torch.arange(B * T * E, dtype=torch.float64).reshape(B, T, E) * 0.37).requires_grad_()
    Wq = (torch.cos(torch.arange(E * E, dtype=torch.float64).reshape(E, E) * 0.11) * 0.3).requires_grad_()
    Wk = (torch.sin(torch.arange(E * E, dtype=torch.float64).reshape(E, E) * 0.13) * 0.3).requires_grad_()
    Wv = (torch.cos(torch.arange(E * E, dtype=torch.float64).reshape(E, E) * 0.17) * 0.3).requires_grad_()
    Wo = (torch.sin(torch.arange(E * E, dtype=torch.float64).reshape(E, E) * 0.19) * 0.3).requires_grad_()
    bo = torch.zeros(E, dtype=torch.float64).requires_grad_()
    q = F.linear(x, Wq).view(B, T, H, E // H).transpose(1, 2)
    k = F.linear(x, Wk).view(B, T, H, E // H).transpose(1, 2)
    v = F.linear(x, Wv).view(B, T, H, E // H).transpose(1, 2)
    scores = q @ k.transpose(-2, -1) / 2.0
    mask = torch.ones(T, T).triu(1) > 0
    attn = torch.softmax(scores.masked_fill(mask, -1e9), -1)
    ctx = (attn @ v).transpose(1, 2).contiguous().view(B, T, E)
    out = F.layer_norm(F.linear(ctx, Wo, bo) + x, [E])
    loss = (out * torch.cos(out)).mean()
    return torch.autograd.grad([loss], [x, Wq, Wk, Wv, Wo, bo])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
