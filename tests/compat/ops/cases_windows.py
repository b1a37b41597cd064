"""Window functions: hann, hamming (alpha, beta), blackman, bartlett, kaiser (beta), periodic and
symmetric, lengths 0, 1, 2 and odd/even, float32/float64, out= forms, and the errors."""
import torch

from caselib import empty_out

WINDOWS = ["hann_window", "hamming_window", "blackman_window", "bartlett_window", "kaiser_window"]


def cases(c):
    for w in WINDOWS:
        op = f"aten::{w}"
        for n in [0, 1, 2, 5, 8, 33]:
            c.add(op, [n])
            c.add(f"{op}.periodic", [n, False])
        c.add(f"{op}.periodic", [7, True, torch.float64])
        c.add(op, [16, torch.float64])
        c.add(f"{op}.out", [6, empty_out()])
        c.add(f"{op}.periodic_out", [6, False, empty_out(torch.float64)])
        c.add(op, [-1])  # error: negative length
        c.add(op, [4, torch.int64])  # error: not a floating dtype
    c.add("aten::hamming_window.periodic_alpha", [9, True, 0.6])
    c.add("aten::hamming_window.periodic_alpha_beta", [9, False, 0.6, 0.3])
    c.add("aten::hamming_window.periodic_alpha_beta", [9, False, 0.6, 0.3, torch.float64])
    c.add("aten::hamming_window.periodic_alpha_out", [5, True, 0.5, empty_out()])
    c.add("aten::hamming_window.periodic_alpha_beta_out", [5, True, 0.5, 0.25, empty_out(torch.float64)])
    c.add("aten::kaiser_window.beta", [10, True, 3.0])
    c.add("aten::kaiser_window.beta", [11, False, 0.5, torch.float64])
    c.add("aten::kaiser_window.beta_out", [7, False, 8.0, empty_out()])
