"""Operators of the smaller NN families through the interpreter stack: every schema bound in
aten_nn_misc_ops.cpp. Training-mode dropout cases are seeded (ember draws PyTorch's stream)."""
import torch

from caselib import empty_out, floats


def cases(c):
    w = floats(10, 4)
    idx = torch.tensor([1, 2, 4, 5, 4, 3, 2, 0, 9, 2])
    off = torch.tensor([0, 2, 2, 5, 8])
    tol = {"rtol": 1e-5, "atol": 1e-5}
    c.add("aten::embedding", [w, torch.tensor([[1, 2], [9, 0]])])
    c.add("aten::embedding", [w, torch.tensor([10])])  # error
    c.add("aten::embedding.out", [w, torch.tensor([3, 1]), -1, False, False, empty_out()])
    c.add("aten::embedding_renorm_", [w * 3, torch.tensor([1, 1, 2]), 1.0, 2.0], **tol)
    for mode in [0, 1, 2]:
        c.add("aten::embedding_bag", [w, idx, off, False, mode, False, None, False], **tol)
        c.add("aten::embedding_bag.padding_idx", [w, idx, off, False, mode, False, None, False, 2], **tol)
        c.add("aten::_embedding_bag", [w, idx, torch.cat([off, torch.tensor([10])]), False, mode, False, None, True],
              **tol)
        c.add("aten::_embedding_bag_forward_only", [w, idx, off, False, mode, False, None, False, 4], **tol)
    c.add("aten::embedding_bag", [w, idx, off, False, 0, False, floats(10, seed=3), False], **tol)
    c.add("aten::embedding_bag.padding_idx", [w, idx, off, False, 1, False, None, False, None], **tol)
    c.add("aten::_embedding_bag.out", [w, idx, off, False, 1, False, None, False, -1, empty_out(),
                                       empty_out(torch.int64), empty_out(torch.int64), empty_out(torch.int64)], **tol)
    c.add("aten::_embedding_bag_forward_only.out", [w, idx, off, False, 2, False, None, False, -1, empty_out(),
                                                    empty_out(torch.int64), empty_out(torch.int64),
                                                    empty_out(torch.int64)], **tol)
    x = floats(4, 6, 3, 3)
    for name in ["dropout", "feature_dropout", "alpha_dropout", "feature_alpha_dropout"]:
        c.add(f"aten::{name}", [x, 0.3, True], seed=3, **tol)
        c.add(f"aten::{name}", [x, 0.3, False])
        c.add(f"aten::{name}_", [x, 0.4, True], seed=4, **tol)
        c.add(f"aten::{name}_", [x, 0.4, False])
    c.add("aten::dropout", [x, 1.5, True])  # error
    c.add("aten::native_dropout", [x, 0.25, True], seed=5, **tol)
    c.add("aten::native_dropout", [x, 0.25, None], seed=6, **tol)
    c.add("aten::native_dropout", [x, 0.25, False])
    c.add("aten::native_dropout.out", [x, 0.5, True, empty_out(), empty_out(torch.bool)], seed=7, **tol)
    y = floats(2, 8, 3, 4)
    c.add("aten::pixel_shuffle", [y, 2])
    c.add("aten::pixel_shuffle", [y, 3])  # error
    c.add("aten::pixel_shuffle.out", [y, 2, empty_out()])
    c.add("aten::pixel_unshuffle", [y, 2])
    c.add("aten::pixel_unshuffle.out", [y, 1, empty_out()])
    c.add("aten::channel_shuffle", [y, 4])
    c.add("aten::channel_shuffle.out", [y, 2, empty_out()])
    c.add("aten::native_channel_shuffle", [y, 2])
    a, b = floats(4, 5), floats(4, 5, seed=1)
    c.add("aten::cosine_similarity", [a, b], **tol)
    c.add("aten::cosine_similarity", [a, b, 0, 1e-3], **tol)
    c.add("aten::pairwise_distance", [a, b], **tol)
    c.add("aten::pairwise_distance", [a, b, 1.0, 0.0, True], **tol)
    c.add("aten::frobenius_norm", [a], **tol)
    c.add("aten::frobenius_norm.dim", [floats(2, 3, 4), [0, 2], True], **tol)
    c.add("aten::frobenius_norm.dim", [floats(2, 3, 4), [1]], **tol)
    c.add("aten::frobenius_norm.out", [a, [1], False, empty_out()], **tol)
    c.add("aten::_softmax", [a, 1, False], **tol)
    c.add("aten::_softmax", [a, 1, True])  # error
    c.add("aten::_softmax.out", [a, 0, False, empty_out()], **tol)
    c.add("aten::_log_softmax", [a, -1, False], **tol)
    c.add("aten::_log_softmax.out", [a, 0, False, empty_out()], **tol)
