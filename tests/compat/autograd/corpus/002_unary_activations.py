def fn():
    x = torch.sin(torch.arange(12, dtype=torch.float64).reshape(3, 4) * 1.7) * 2.0
    x.requires_grad_()
    F = torch.nn.functional
    p = x.abs() + 0.5
    z = torch.tanh(x) + torch.sigmoid(x) + torch.sin(x) * torch.cos(x) + torch.erf(x) + torch.relu(x)
    z = z + F.leaky_relu(x, 0.1) + F.elu(x) + F.gelu(x) + F.gelu(x, approximate="tanh") + F.silu(x)
    z = z + F.softplus(x, 2.0) + F.hardtanh(x, -0.5, 0.5) + torch.clamp(x, -0.3, 0.8) + x.clamp(min=0.1)
    z = z + torch.log1p(p) + torch.expm1(x) + p.reciprocal() + torch.log2(p) + torch.log10(p) + torch.tan(x * 0.3)
    z = z + torch.floor(x) + x.sign() * x + F.relu6(x * 4.0)
    return torch.autograd.grad([(z * torch.cos(x)).sum()], [x])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
