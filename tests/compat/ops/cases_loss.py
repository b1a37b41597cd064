"""Loss operators through the interpreter stack: every schema bound in aten_loss_ops.cpp."""
import torch

from caselib import empty_out, floats


def cases(c):
    x, y = floats(4, 5), floats(4, 5, seed=1)
    p, q = floats(4, 5, lo=0.05, hi=0.95), floats(4, 5, lo=0.0, hi=1.0, seed=1)
    tol = {"rtol": 1e-5, "atol": 1e-5}
    for red in [0, 1, 2]:
        c.add("aten::mse_loss", [x, y, red], **tol)
        c.add("aten::l1_loss", [x, y, red], **tol)
        c.add("aten::smooth_l1_loss", [x, y, red, 0.5], **tol)
        c.add("aten::huber_loss", [x, y, red, 2.0], **tol)
        c.add("aten::binary_cross_entropy", [p, q, None, red], **tol)
        c.add("aten::binary_cross_entropy_with_logits", [x, q, None, floats(5, lo=0.5, hi=2), red], **tol)
    c.add("aten::mse_loss.out", [x, y, 1, empty_out()], **tol)
    c.add("aten::smooth_l1_loss.out", [x, y, 0, 1.0, empty_out()], **tol)
    c.add("aten::huber_loss.out", [x, y, 2, 1.0, empty_out()], **tol)
    # binary_cross_entropy.out: cases_nn_missing.py (PyTorch 1.13 writes a reduced result right only into
    # an out of the input's shape).
    c.add("aten::binary_cross_entropy_with_logits.out", [x, q, floats(5, seed=3), None, 0, empty_out()], **tol)
    c.add("aten::binary_cross_entropy", [x, q])  # error: out of [0, 1]
    c.add("aten::smooth_l1_loss", [x, y, 1, -1.0])  # error
    logp = floats(5, 4).log_softmax(1)
    t = torch.tensor([0, 3, 1, 1, 2])
    w = floats(4, lo=0.1, hi=2.0, seed=2)
    logp4 = floats(2, 3, 4, 5).log_softmax(1)
    t4 = torch.randint(0, 3, (2, 4, 5), generator=torch.Generator().manual_seed(0))
    for red in [0, 1, 2]:
        c.add("aten::nll_loss", [logp, t, w, red, 1], **tol)
        c.add("aten::nll_loss_forward", [logp, t, None, red, -100], **tol)
        c.add("aten::nll_loss2d", [logp4, t4, None, red, 2], **tol)
        c.add("aten::nll_loss2d_forward", [logp4, t4, floats(3, lo=0.1, hi=1.0), red, -100], **tol)
        c.add("aten::nll_loss_nd", [floats(2, 3, 6).log_softmax(1), torch.tensor([[0, 1, 2, 2, 1, 0], [2, 2, 0, 1, 1, 0]]),
                                    None, red, -100], **tol)
        c.add("aten::cross_entropy_loss", [floats(5, 4), t, w, red, -100, 0.1], **tol)
        c.add("aten::cross_entropy_loss", [floats(5, 4), floats(5, 4, seed=4).softmax(1), None, red], **tol)
    c.add("aten::nll_loss.out", [logp, t, None, 1, -100, empty_out()], **tol)
    c.add("aten::nll_loss2d.out", [logp4, t4, None, 0, -100, empty_out()], **tol)
    c.add("aten::nll_loss_forward.output", [logp, t, w, 1, -100, empty_out(), empty_out()], **tol)
    c.add("aten::nll_loss2d_forward.output", [logp4, t4, None, 2, -100, empty_out(), empty_out()], **tol)
    c.add("aten::nll_loss", [logp, torch.tensor([0, 4, 1, 1, 2])])  # error: out of bounds
    c.add("aten::cross_entropy_loss", [floats(5, 4), t], **tol)
    c.add("aten::cross_entropy_loss", [floats(2, 4, 3, 3), torch.zeros(2, 3, 3, dtype=torch.long)], **tol)
