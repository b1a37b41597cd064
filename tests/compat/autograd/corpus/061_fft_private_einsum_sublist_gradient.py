def fn():
    # First and second order through the private FFT kernels (every normalisation, one-sided and
    # full r2c, c2r with an even and an odd signal length), einsum's sublist form, and
    # torch.gradient with uniform spacing and with coordinates, first- and second-order edges (the
    # Scalar[] overloads take a List[number], which TorchScript cannot build from float literals).
    x = torch.sin(torch.arange(24, dtype=torch.float64).reshape(4, 6) * 0.7).requires_grad_()
    y = torch.cos(torch.arange(12, dtype=torch.float64).reshape(4, 3) * 1.3).requires_grad_()
    c = torch.complex(x, torch.cos(x * 0.5))
    z = torch._fft_c2c(c, [1], 0, True).abs().pow(2.0).sum()
    z = z + torch._fft_c2c(c, [0, 1], 2, False).real.sin().sum()
    z = z + torch._fft_r2c(x, [1], 1, True).abs().sum()
    z = z + torch._fft_r2c(x, [0, 1], 0, False).imag.pow(2.0).sum()
    h = torch._fft_r2c(x, [1], 0, True)
    z = z + torch._fft_c2r(h * 0.3, [1], 2, 6).pow(3.0).sum()
    z = z + torch._fft_c2r(torch.complex(y, y.flip(1)), [1], 1, 5).sin().sum()
    z = z + torch._fft_c2r(torch.complex(y, y * 0.2), [0, 1], 0, 4).pow(2.0).sum()
    z = z + torch.einsum(x, [0, 1], x.t(), [1, 2], [0, 2]).sin().sum()
    z = z + torch.einsum(x, [0, 1], y, [0, 2]).pow(2.0).sum()
    z = z + torch.einsum(x.narrow(1, 0, 4), [0, 0]).pow(2.0)
    # Coordinates exact in float32: PyTorch builds a float64 tensor from a list of floats through
    # float32 (the default dtype), ember does not.
    coords = torch.tensor([0.0, 0.5, 1.75, 2.0, 3.125, 4.5], dtype=torch.float64)
    rows = torch.tensor([0.0, 1.0, 1.5, 3.5], dtype=torch.float64)
    w = x.pow(2.0)
    z = z + torch.gradient(w)[1].sin().sum()
    z = z + torch.gradient(w, spacing=2.0, dim=0, edge_order=2)[0].pow(2.0).sum()
    z = z + torch.gradient(w, spacing=0.5, dim=[1])[0].pow(2.0).sum()
    z = z + torch.gradient(w, dim=[0, 1], edge_order=2)[1].sin().sum()
    z = z + torch.gradient(w, spacing=[rows, coords])[1].pow(2.0).sum()
    z = z + torch.gradient(w, spacing=[coords], dim=[1], edge_order=2)[0].sin().sum()
    z = z + torch.gradient(w, spacing=[rows], dim=0, edge_order=2)[0].pow(2.0).sum()
    g = torch.autograd.grad([z], [x, y], create_graph=True)
    gx = g[0]
    gy = g[1]
    assert gx is not None and gy is not None
    gg = torch.autograd.grad([gx.pow(2.0).sum() + gy.sin().sum()], [x, y])
    return gx.detach(), gy.detach(), gg[0], gg[1]


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
