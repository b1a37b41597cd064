"""Spectral operators: stft (both overloads) as torch.stft and torchaudio call them, and the
complex views. Complex tensors cannot be recorded, so stft cases use return_complex=False (the
real view) and view_as_real / view_as_complex are checked on the inputs they reject;
tests/compat/tensor/cases_spectral.py covers the complex path (abs, view_as_real)."""
import torch

from caselib import floats

TOL = {"rtol": 1e-4, "atol": 1e-4}


def cases(c):
    x = floats(2, 300, seed=1)
    w = torch.hann_window(64)
    c.add("aten::stft", [x, 64, 16, 64, w, False, True, False], **TOL)
    c.add("aten::stft", [x[0], 64, None, None, None, True, None, False], **TOL)
    c.add("aten::stft", [x, 31, 7, 20, torch.hann_window(20), False, False, False], **TOL)
    c.add("aten::stft", [x.double(), 64, 16, 64, w.double(), False, True, False], **TOL)
    # A strided signal (frames gathered from a transposed view), no window, normalized: 45
    # frames per row, in batches of 8 and single frames.
    c.add("aten::stft", [floats(300, 2, seed=3).t(), 32, 6, None, None, True, True, False], **TOL)
    c.add("aten::stft", [x, 400, None, None, None, False, None, False])  # error: n_fft
    c.add("aten::stft.center", [x, 64, 16, 64, w, True, "reflect", False, True, False], **TOL)
    c.add("aten::stft.center", [x, 64, 16, 64, w, True, "constant", True, True, False], **TOL)
    c.add("aten::stft.center", [x, 64, 16, 64, w, False, "reflect", False, True, False], **TOL)
    c.add("aten::stft.center", [x, 64, 16, 64, w, True, "bogus", False, True, False])  # error
    c.add("aten::view_as_real", [x])  # error: not complex
    c.add("aten::view_as_complex", [floats(3, 3, seed=2)])  # error: last dim must be 2
