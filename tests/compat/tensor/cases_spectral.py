"""Differential cases for the spectral family: stft (both overloads) as torch.stft and
torchaudio call it, its complex result through view_as_real and abs, and torchaudio's
Spectrogram / MelSpectrogram computed from those pieces.

Adapters (ops_spectral.cpp):
- spectral.stft: inputs [signal, (window)]; args n_fft, hop_length, win_length, normalized,
  onesided, return_complex, center / pad_mode (the `center` overload when given) and "then":
  "abs" (|stft|, from the complex result), "real" (view_as_real of the complex result).
- spectral.melspec: inputs [waveform, window, (mel filter bank)]; args n_fft, hop_length,
  win_length, power: what torchaudio's scripted graph does (reflect padding, stft with
  return_complex=True, abs, pow, then the filter bank matmul)."""
import torch

try:
    import torchaudio
except ImportError:  # torchaudio's cases need python3-torchaudio (scripts/install-deps.sh --test)
    torchaudio = None

F32, F64 = torch.float32, torch.float64


def tol(dt, n):
    # FFT round-off grows with log(n); the values are sums of n products.
    return {"rtol": 1e-9, "atol": 1e-11 * n} if dt == F64 else {"rtol": 1e-4, "atol": 2e-6 * n}


def stft_case(c, name, x, n_fft, window=None, dt=F32, then=None, center=None, pad_mode="reflect", **kw):
    args = dict(kw, n_fft=n_fft, then=then)
    if center is not None:
        args.update(center=center, pad_mode=pad_mode)
    inputs = [x] + ([window] if window is not None else [])

    def fn(x, *w):
        w = w[0] if w else None
        rc = kw.get("return_complex")
        if center is not None:
            r = torch.ops.aten.stft.center(x, n_fft, kw.get("hop_length"), kw.get("win_length"), w, center, pad_mode,
                                           kw.get("normalized", False), kw.get("onesided"), rc)
        else:
            r = torch.ops.aten.stft(x, n_fft, kw.get("hop_length"), kw.get("win_length"), w,
                                    kw.get("normalized", False), kw.get("onesided"), rc)
        if then == "abs":
            return r.abs()
        if then == "real":
            return torch.view_as_real(r)
        return r

    c.add(f"spectral.stft.{name}", "spectral.stft", inputs, fn, args, check_strides=True, **tol(dt, n_fft))


def stft_cases(c):
    torch.manual_seed(3)
    for dt in [F32, F64]:
        dn = "f32" if dt == F32 else "f64"
        x = torch.randn(2, 400, dtype=dt)
        stft_case(c, f"{dn}.plain", x, 64, return_complex=False, dt=dt)
        stft_case(c, f"{dn}.hann", x, 64, torch.hann_window(64, dtype=dt), hop_length=16, return_complex=False, dt=dt)
        stft_case(c, f"{dn}.short_window", x, 64, torch.hann_window(40, dtype=dt), hop_length=10, win_length=40,
                  return_complex=False, dt=dt)
        stft_case(c, f"{dn}.short_no_window", x, 64, None, win_length=33, return_complex=False, dt=dt)
        stft_case(c, f"{dn}.normalized", x, 50, torch.hamming_window(50, dtype=dt), normalized=True,
                  return_complex=False, dt=dt)
        stft_case(c, f"{dn}.twosided", x, 31, torch.hann_window(31, dtype=dt), onesided=False, hop_length=7,
                  return_complex=False, dt=dt)
        stft_case(c, f"{dn}.1d", x[0], 128, torch.hann_window(128, dtype=dt), hop_length=32, return_complex=False,
                  dt=dt)
        stft_case(c, f"{dn}.abs", x, 64, torch.hann_window(64, dtype=dt), hop_length=16, return_complex=True,
                  then="abs", dt=dt)
        stft_case(c, f"{dn}.view_as_real", x, 64, None, hop_length=16, return_complex=True, then="real", dt=dt)
    x = torch.randn(3, 300)
    stft_case(c, "odd_nfft", x, 45, torch.hann_window(45), hop_length=11, return_complex=False)
    stft_case(c, "noncontig", torch.randn(300, 3).t(), 32, torch.hann_window(32), return_complex=False)
    stft_case(c, "default_return", x, 32, torch.hann_window(32))
    stft_case(c, "double_window", x, 32, torch.hann_window(32, dtype=F64), return_complex=False, dt=F64)
    stft_case(c, "nfft_len", x[:, :64], 64, return_complex=False)
    for mode in ["reflect", "constant", "replicate", "circular"]:
        stft_case(c, f"center_{mode}", x, 64, torch.hann_window(64), center=True, pad_mode=mode, hop_length=16,
                  return_complex=False)
    stft_case(c, "center_1d_abs", x[0], 64, torch.hann_window(64), center=True, hop_length=16, return_complex=True,
              then="abs")
    stft_case(c, "not_centered", x, 64, None, center=False, return_complex=False)
    for name, kw in [("nfft_too_big", {"n_fft": 400}), ("hop0", {"n_fft": 32, "hop_length": 0}),
                     ("win_too_big", {"n_fft": 32, "win_length": 40}), ("nfft0", {"n_fft": 0})]:
        n = kw.pop("n_fft")
        stft_case(c, f"error_{name}", x, n, return_complex=False, **kw)
    stft_case(c, "error_window_size", x, 32, torch.ones(31), return_complex=False)
    stft_case(c, "error_int", x.long(), 32, return_complex=False)
    stft_case(c, "error_3d", x.view(1, 3, 300), 32, return_complex=False)
    stft_case(c, "error_reflect_pad", x[:, :20], 64, center=True, return_complex=False)
    stft_case(c, "error_pad_mode", x, 32, center=True, pad_mode="foo", return_complex=False)


def melspec_cases(c):
    if torchaudio is None:
        return
    torch.manual_seed(4)
    for name, wav, kw in [("2d", torch.randn(2, 4000), {}), ("1d", torch.randn(3000), {"n_fft": 256}),
                          ("power1", torch.randn(1, 2000), {"power": 1.0}),
                          ("win_hop", torch.randn(2, 3000), {"n_fft": 512, "win_length": 400, "hop_length": 160})]:
        n_fft = kw.get("n_fft", 400)
        m = torchaudio.transforms.MelSpectrogram(sample_rate=16000, n_mels=40, **kw)
        spec = m.spectrogram
        args = {"n_fft": spec.n_fft, "hop_length": spec.hop_length, "win_length": spec.win_length,
                "power": spec.power}

        def fn(w, win, fb, m=m):
            return m(w)

        c.add(f"spectral.melspec.{name}", "spectral.melspec", [wav, spec.window, m.mel_scale.fb], fn, args,
              **tol(F32, n_fft * 8))
        s = torchaudio.transforms.Spectrogram(n_fft=n_fft, power=kw.get("power", 2.0))

        def sfn(w, win, s=s):
            return s(w)

        c.add(f"spectral.spectrogram.{name}", "spectral.melspec", [wav, s.window], sfn,
              {"n_fft": s.n_fft, "hop_length": s.hop_length, "win_length": s.win_length, "power": s.power},
              **tol(F32, n_fft * 8))


def cases(c):
    stft_cases(c)
    melspec_cases(c)
