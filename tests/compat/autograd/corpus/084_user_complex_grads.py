def fn():
    re = torch.linspace(-1.0, 1.0, 4, dtype=torch.float64).requires_grad_()
    im = torch.cos(torch.arange(4, dtype=torch.float64)).requires_grad_()
    z = torch.complex(re, im)
    w = z * z.conj() + torch.exp(1j * z) - z / (z + 2.0)
    r = torch.view_as_real(w)
    loss = r.pow(2).sum() + w.abs().sum() + w.angle().sum() + torch.fft.fft(z).abs().pow(2).sum()
    s = (torch.view_as_real(z.pow(1.5 + 0.5j) + torch.pow(2.0 + 1j, z) + torch.lerp(z, z * z, 0.3j)).sum()
         + torch.view_as_real(torch.add(z, z, alpha=1j) - torch.sub(z, z * z, alpha=2j) + torch.rsub(z, 1j)).sum())
    loss = loss + s
    g = torch.autograd.grad([loss], [re, im])
    return loss, g


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
