def fn():
    x = torch.sin(torch.arange(2 * 6, dtype=torch.float64).reshape(2, 6) * 0.9).requires_grad_()
    y = torch.cos(torch.arange(2 * 5, dtype=torch.float64).reshape(2, 5) * 1.3).requires_grad_()
    w6 = torch.cos(torch.arange(12, dtype=torch.float64).reshape(2, 6) * 0.4)
    z = torch.complex(x, x.cos())
    zy = torch.complex(y.sin(), y)
    f1 = torch.fft.fft(x)
    f2 = torch.fft.fft(z, 8, norm='ortho')
    f3 = torch.fft.ifft(zy, 4, 0)
    f4 = torch.fft.rfft(x, norm='forward')
    f5 = torch.fft.rfft(y, 8)
    r1 = torch.fft.irfft(f4, 6)
    r2 = torch.fft.irfft(zy)
    r3 = torch.fft.irfft(zy, 7, norm='ortho')
    f6 = torch.fft.fft2(z)
    f7 = torch.fft.rfftn(x, [2, 5])
    r4 = torch.fft.irfft2(zy, [3, 6])
    h1 = torch.fft.hfft(zy, 6)
    h2 = torch.fft.ihfft(x, norm='ortho')
    s1 = torch.fft.fftshift(x)
    loss = f1.abs().pow(2.0).sum() + torch.view_as_real(f2).pow(3.0).sum() + f3.real.sum() + f3.imag.pow(2.0).sum()
    loss = loss + f4.abs().sum() + torch.view_as_real(f5).sin().sum() + (r1 * w6).sum() + r2.pow(2.0).sum() + r3.sin().sum()
    loss = loss + f6.abs().sum() + torch.view_as_real(f7).pow(2.0).sum() + r4.cos().sum() + h1.pow(2.0).sum() + h2.abs().sum() + (s1 * w6).sum()
    loss = loss + torch.polar(x.exp(), x).real.sum() + torch.angle(z).pow(2.0).sum() + torch.conj(zy).imag.sin().sum()
    # FFT convolution and complex products / quotients (conjugate-linear gradients).
    loss = loss + torch.fft.irfft(torch.fft.rfft(x) * torch.fft.rfft(w6), 6).pow(2.0).sum() + torch.view_as_real(z * torch.complex(w6, x.sin())).pow(2.0).sum()
    loss = loss + torch.view_as_real(zy / torch.complex(y + 2.0, y.cos())).pow(3.0).sum() + torch.view_as_real(x / torch.complex(w6 + 2.0, x)).sum()
    loss = loss + torch.view_as_real(torch.stft(x.reshape(-1), 4, 2, return_complex=True)).pow(2.0).sum() + torch.stft(x, 4, 1, 3, y[0, :3], center=False, normalized=True, return_complex=True).abs().sum()
    h = torch.hann_window(4, dtype=torch.float64) + 0.1
    spec = torch.complex(x.reshape(3, 4), x.reshape(3, 4).cos() * y[0, 0])
    loss = loss + torch.istft(spec, 4, 1, window=h).pow(2.0).sum() + torch.istft(spec[:, :3], 4, 1, window=h, length=7).pow(2.0).sum() + torch.istft(spec, 4, 2, window=torch.ones(4, dtype=torch.float64), center=False, normalized=True).sin().sum()
    return torch.autograd.grad([loss], [x, y])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
