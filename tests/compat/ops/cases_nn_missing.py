"""The NN operators PyTorch archives call directly (aten_nn_missing_ops.cpp): grid sampling,
affine grids, im2col / col2im, ... against PyTorch 1.13 on the same arguments."""
import torch

from caselib import empty_out, floats


def _grid(*shape, spread=1.2, seed=0, dtype=torch.float32):
    # Mostly inside [-1, 1], some points outside to exercise the padding modes.
    return floats(*shape, lo=-spread, hi=spread, seed=seed, dtype=dtype)


def _grid_sampler(c):
    x4, g4 = floats(2, 3, 5, 6), _grid(2, 4, 7, 2, seed=1)
    x5, g5 = floats(2, 2, 3, 4, 5), _grid(2, 3, 2, 4, 3, seed=2)
    tol = {"rtol": 1e-5, "atol": 1e-5}
    for mode in [0, 1, 2]:
        for pad in [0, 1, 2]:
            for ac in [False, True]:
                c.add("aten::grid_sampler_2d", [x4, g4, mode, pad, ac], **tol)
                c.add("aten::_grid_sampler_2d_cpu_fallback", [x4, g4, mode, pad, ac], **tol)
                c.add("aten::grid_sampler", [x4.double(), g4.double(), mode, pad, ac])
                if mode != 2:
                    c.add("aten::grid_sampler_3d", [x5, g5, mode, pad, ac], **tol)
                    c.add("aten::grid_sampler", [x5.double(), g5.double(), mode, pad, ac])
    # Far outside (reflection folds many times), a single-pixel image, non-contiguous input.
    c.add("aten::grid_sampler_2d", [x4, _grid(2, 3, 3, 2, spread=7.0, seed=3), 0, 2, False], **tol)
    c.add("aten::grid_sampler_2d", [x4, _grid(2, 3, 3, 2, spread=7.0, seed=3), 2, 2, True], **tol)
    c.add("aten::grid_sampler_3d", [x5, _grid(2, 2, 2, 2, 3, spread=5.0, seed=4), 0, 2, True], **tol)
    c.add("aten::grid_sampler_2d", [floats(1, 2, 1, 1), _grid(1, 2, 2, 2, seed=5), 0, 2, True], **tol)
    c.add("aten::grid_sampler_2d", [floats(2, 5, 6, 3).permute(0, 3, 1, 2), g4, 0, 1, False], **tol)
    c.add("aten::grid_sampler_2d", [floats(0, 3, 5, 6), _grid(0, 2, 2, 2), 0, 0, False])
    # Non-finite coordinates with zeros padding (a 1x1 feature map's normalised grid is 0/0 in
    # RAFT's correlation pyramid): NaN from the 2-D sampler, 0 from its scalar fallback and 3-D.
    nan, inf = float("nan"), float("inf")
    g_bad = torch.tensor([[[[nan, 0.0], [0.5, nan], [inf, 0.0], [0.2, 0.3]]]])
    for ac in [False, True]:
        c.add("aten::grid_sampler_2d", [floats(1, 2, 2, 2), g_bad, 0, 0, ac])
        c.add("aten::_grid_sampler_2d_cpu_fallback", [floats(1, 2, 2, 2), g_bad, 0, 0, ac])
        c.add("aten::grid_sampler_2d", [floats(1, 2, 2, 2), g_bad, 1, 0, ac])
        c.add("aten::grid_sampler_2d", [floats(1, 2, 2, 2), g_bad, 2, 0, ac])
    c.add("aten::grid_sampler_3d", [floats(1, 1, 2, 2, 2), torch.tensor([[[[[nan, 0.0, 0.0], [0.5, inf, 0.0]]]]]), 0, 0, True])
    c.add("aten::grid_sampler_2d.out", [x4, g4, 0, 0, False, empty_out()], **tol)
    c.add("aten::_grid_sampler_2d_cpu_fallback.out", [x4, g4, 1, 1, True, empty_out()], **tol)
    c.add("aten::grid_sampler_3d.out", [x5, g5, 0, 1, False, empty_out()], **tol)
    # Errors: batch mismatch, wrong coordinate count, empty spatial dim, rank, dtypes, 3-D bicubic.
    c.add("aten::grid_sampler_2d", [x4, g4[:1].contiguous(), 0, 0, False])
    c.add("aten::grid_sampler_2d", [x4, g4[..., :1].contiguous(), 0, 0, False])
    c.add("aten::grid_sampler_2d", [floats(2, 3, 0, 6), g4, 0, 0, False])
    c.add("aten::grid_sampler_2d", [x4, g4.double(), 0, 0, False])
    c.add("aten::grid_sampler_2d", [x4.long(), g4.long(), 0, 0, False])
    c.add("aten::grid_sampler_3d", [x4, g4, 0, 0, False])
    c.add("aten::grid_sampler_3d", [x5, g5, 2, 0, False])
    c.add("aten::grid_sampler", [x5, g5, 2, 0, False])
    c.add("aten::grid_sampler", [x4[0], g4[0], 0, 0, False])


def _affine_grid(c):
    theta2, theta3 = floats(2, 2, 3, seed=6), floats(2, 3, 4, seed=7)
    for ac in [False, True]:
        c.add("aten::affine_grid_generator", [theta2, [2, 3, 4, 5], ac])
        c.add("aten::affine_grid_generator", [theta3, [2, 1, 3, 4, 2], ac])
        c.add("aten::affine_grid_generator", [theta2.double(), [2, 3, 1, 5], ac])
    c.add("aten::affine_grid_generator.out", [theta2, [2, 3, 4, 5], False, empty_out()])
    c.add("aten::affine_grid_generator", [theta2, [2, 3, 4], False])  # error: 3-D size
    c.add("aten::affine_grid_generator", [theta3, [2, 3, 4, 5], False])  # error: theta of a 3-D grid
    c.add("aten::affine_grid_generator", [theta2, [1, 3, 4, 5], False])  # error: batch mismatch


def _blocks(c):
    x = floats(2, 3, 6, 7)
    geometries = [([2, 2], [1, 1], [0, 0], [1, 1]), ([3, 2], [2, 1], [1, 2], [2, 3]), ([1, 1], [1, 1], [0, 0], [1, 1])]
    for k, d, p, s in geometries:
        c.add("aten::im2col", [x, k, d, p, s])
        c.add("aten::im2col", [x[1], k, d, p, s])
        c.add("aten::im2col", [x.to(torch.bfloat16), k, d, p, s])
        c.add("aten::im2col", [x.to(torch.float16), k, d, p, s])
        cols = torch.ops.aten.im2col(x, k, d, p, s)
        c.add("aten::col2im", [floats(*cols.shape, seed=8), [6, 7], k, d, p, s], rtol=1e-5, atol=1e-5)
        c.add("aten::col2im", [floats(*cols.shape[1:], seed=9).double(), [6, 7], k, d, p, s])
        c.add("aten::col2im", [floats(*cols.shape, seed=8).to(torch.bfloat16), [6, 7], k, d, p, s])
    c.add("aten::im2col", [x.transpose(2, 3), [2, 3], [1, 1], [1, 0], [2, 1]])
    c.add("aten::im2col", [floats(0, 3, 6, 7), [2, 2], [1, 1], [0, 0], [1, 1]])
    c.add("aten::im2col.out", [x, [2, 2], [1, 1], [0, 0], [1, 1], empty_out()])
    c.add("aten::col2im.out", [floats(2, 12, 20), [5, 6], [2, 2], [1, 1], [0, 0], [1, 1], empty_out()],
          rtol=1e-5, atol=1e-5)
    # Errors.
    c.add("aten::im2col", [x, [9, 2], [1, 1], [0, 0], [1, 1]])
    c.add("aten::im2col", [x, [0, 2], [1, 1], [0, 0], [1, 1]])
    c.add("aten::im2col", [x, [2, 2], [0, 1], [0, 0], [1, 1]])
    c.add("aten::im2col", [x, [2, 2], [1, 1], [-1, 0], [1, 1]])
    c.add("aten::im2col", [x, [2, 2], [1, 1], [0, 0], [0, 1]])
    c.add("aten::im2col", [floats(2, 0, 6, 7), [2, 2], [1, 1], [0, 0], [1, 1]])
    c.add("aten::im2col", [x[0, 0], [2, 2], [1, 1], [0, 0], [1, 1]])
    c.add("aten::im2col", [x.long(), [2, 2], [1, 1], [0, 0], [1, 1]])
    c.add("aten::col2im", [floats(2, 12, 6), [4, 4], [2, 2], [1, 1], [0, 0], [1, 1]])
    c.add("aten::col2im", [floats(2, 11, 6), [3, 4], [2, 2], [1, 1], [0, 0], [1, 1]])
    c.add("aten::col2im", [floats(2, 12, 6).long(), [3, 4], [2, 2], [1, 1], [0, 0], [1, 1]])
    c.add("aten::col2im", [floats(2, 12, 6), [3, 4], [2, 2], [1, 1], [0, 0], [0, 1]])


def _losses(c):
    tol = {"rtol": 1e-5, "atol": 1e-5}
    x, y = floats(4, 5), floats(4, 5, seed=1)
    prob = floats(4, 5, lo=0.0, hi=1.0, seed=2)
    prob[0, 0] = 0.0  # xlogy(0, 0) = 0
    sign = torch.where(floats(4, seed=3) > 0, 1.0, -1.0)
    sign5 = torch.where(floats(4, 5, seed=4) > 0, 1, -1)
    for red in [0, 1, 2]:
        c.add("aten::kl_div", [x.log_softmax(1), prob, red], **tol)
        c.add("aten::kl_div", [x.log_softmax(1), y.log_softmax(1), red, True], **tol)
        c.add("aten::margin_ranking_loss", [x[:, 0].contiguous(), y[:, 0].contiguous(), sign, 0.3, red], **tol)
        c.add("aten::hinge_embedding_loss", [x, sign5.float(), 1.5, red], **tol)
        c.add("aten::hinge_embedding_loss", [x, sign5, 0.5, red], **tol)
        c.add("aten::cosine_embedding_loss", [x, y, sign, 0.1, red], **tol)
        c.add("aten::triplet_margin_loss", [x, y, floats(4, 5, seed=5), 1.0, 2.0, 1e-6, False, red], **tol)
        c.add("aten::triplet_margin_loss", [x, y, floats(4, 5, seed=5), 0.5, 1.0, 1e-6, True, red], **tol)
        c.add("aten::poisson_nll_loss", [x, prob * 3, True, False, 1e-8, red], **tol)
        c.add("aten::poisson_nll_loss", [prob + 0.1, prob * 3, False, True, 1e-8, red], **tol)
        c.add("aten::soft_margin_loss", [x, sign5.float(), red], **tol)
        c.add("aten::multi_margin_loss", [x, torch.tensor([0, 3, 1, 4]), 1, 1.0, None, red], **tol)
        c.add("aten::multi_margin_loss", [x.double(), torch.tensor([2, 3, 1, 0]), 2, 0.5,
                                          floats(5, lo=0.1, hi=2).double(), red])
        c.add("aten::multi_margin_loss", [x[0], torch.tensor(3), 1, 1.0, None, red], **tol)
        labels = torch.tensor([[0, 3, -1, 1, 1], [4, -1, 0, 0, 0], [-1, 2, 2, 2, 2], [0, 1, 2, 3, 4]])
        c.add("aten::multilabel_margin_loss", [x, labels, red], **tol)
        c.add("aten::multilabel_margin_loss_forward", [x.double(), labels, red])
        c.add("aten::multilabel_margin_loss_forward", [x[0], labels[0], red], **tol)
        c.add("aten::binary_cross_entropy.out", [prob.clamp(0.05, 0.95), floats(4, 5, lo=0, hi=1, seed=6), None, red,
                                                 torch.zeros(4, 5)], **tol)
    c.add("aten::kl_div", [x.double(), prob.double()])
    c.add("aten::kl_div", [x.half(), prob.half(), 2])
    c.add("aten::cosine_embedding_loss", [x[0], y[0], torch.tensor(-1.0), 0.2, 0], **tol)
    c.add("aten::soft_margin_loss.out", [x, sign5.float(), 1, empty_out()], **tol)
    c.add("aten::multi_margin_loss.out", [x, torch.tensor([0, 3, 1, 4]), 1, 1.0, None, 0, empty_out()], **tol)
    c.add("aten::multilabel_margin_loss.out", [x, torch.tensor([[0, -1, 0, 0, 0]] * 4), 2, empty_out()], **tol)
    c.add("aten::multilabel_margin_loss_forward.output", [x, torch.tensor([[1, 2, -1, 0, 0]] * 4), 1, empty_out(),
                                                         empty_out()], **tol)
    c.add("aten::binary_cross_entropy.out", [prob.clamp(0.05, 0.95), prob, floats(5, lo=0.5, hi=1.5), 0,
                                             torch.zeros(4, 5)],
          **tol)
    # Errors.
    c.add("aten::kl_div", [x.long(), x.long()])
    c.add("aten::cosine_embedding_loss", [x, y, torch.ones(4, 1), 0.0, 1])
    c.add("aten::cosine_embedding_loss", [x[0], y[0], torch.ones(4), 0.0, 1])
    c.add("aten::triplet_margin_loss", [x, y, y[0]])
    c.add("aten::multi_margin_loss", [x, torch.tensor([0, 3, 1, 4]), 3])
    c.add("aten::multi_margin_loss", [x, torch.tensor([0, 3, 1, 7])])
    c.add("aten::multi_margin_loss", [x, torch.tensor([0, 3, 1])])
    c.add("aten::multi_margin_loss", [x.unsqueeze(0), torch.tensor([0, 3, 1, 4])])
    c.add("aten::multi_margin_loss", [x.to(torch.bfloat16), torch.tensor([0, 3, 1, 4])])
    c.add("aten::multilabel_margin_loss", [x, torch.tensor([[0, 7, -1, 0, 0]] * 4)])
    c.add("aten::multilabel_margin_loss", [x, torch.tensor([[0, 3, -1, 0]] * 4)])


def _ctc(c):
    T, N, C = 7, 3, 5
    lp = floats(T, N, C, seed=10).log_softmax(2)
    targets = torch.tensor([[1, 2, 2], [3, 1, 0], [4, 4, 4]])
    il, tl = [7, 6, 4], [3, 2, 0]
    flat = torch.tensor([1, 2, 2, 3, 1])
    tol = {"rtol": 1e-5, "atol": 1e-5}
    for red in [0, 1, 2]:
        c.add("aten::ctc_loss.IntList", [lp, targets, il, tl, 0, red, False], **tol)
        c.add("aten::ctc_loss.IntList", [lp.double(), flat, il, tl, 0, red, False])
        c.add("aten::ctc_loss.Tensor", [lp, targets.int(), torch.tensor(il), torch.tensor(tl), 0, red, False], **tol)
        c.add("aten::ctc_loss.IntList", [lp[:, 0].contiguous(), targets[0], [7], [3], 0, red, False], **tol)
        # Blank in the middle of the label range; a repeated label needs a blank between its copies.
        c.add("aten::ctc_loss.IntList", [lp, torch.tensor([[0, 1, 3], [4, 4, 1], [1, 1, 1]]), il, [3, 3, 3], 2, red,
                                         False], **tol)
        # Too short to emit the target (inf), then zeroed.
        c.add("aten::ctc_loss.IntList", [lp, targets, [1, 6, 4], tl, 0, red, False], **tol)
        c.add("aten::ctc_loss.IntList", [lp, targets, [1, 6, 4], tl, 0, red, True], **tol)
    # log_alpha past each input length is uninitialised in PyTorch: shapes and dtypes only.
    c.add("aten::_ctc_loss", [lp, targets, il, tl], values=False)
    c.add("aten::_ctc_loss.Tensor", [lp, flat, torch.tensor(il), torch.tensor(tl), 0, True], values=False)
    c.add("aten::_ctc_loss.out", [lp, targets, il, tl, 0, False, empty_out(), empty_out()], values=False)
    # Errors.
    c.add("aten::ctc_loss.IntList", [lp, targets, [8, 6, 4], tl])
    c.add("aten::ctc_loss.IntList", [lp, targets, il, [4, 2, 0]])
    c.add("aten::ctc_loss.IntList", [lp, targets, il, tl, 7])
    c.add("aten::ctc_loss.IntList", [lp, targets, il, tl, -1])
    c.add("aten::ctc_loss.IntList", [lp, targets, il[:2], tl])
    c.add("aten::ctc_loss.IntList", [lp.half(), targets, il, tl])
    c.add("aten::ctc_loss.Tensor", [lp, targets, torch.tensor(il).float(), torch.tensor(tl)])
    c.add("aten::_ctc_loss", [lp[:, 0].contiguous(), targets[0], [7], [3]])


def _pooling(c):
    x = floats(2, 3, 4, 4)
    pooled, idx = torch.nn.functional.max_pool2d(x, 2, return_indices=True)
    c.add("aten::max_unpool2d", [pooled, idx, [4, 4]])
    c.add("aten::max_unpool2d", [pooled.double(), idx, [5, 5]])
    c.add("aten::max_unpool2d", [pooled[0], idx[0], [4, 4]])
    c.add("aten::max_unpool2d", [floats(0, 3, 2, 2), idx[:0], [4, 4]])
    c.add("aten::max_unpool2d.out", [pooled, idx, [4, 4], empty_out()])
    x3 = floats(1, 2, 4, 4, 4)
    pooled3, idx3 = torch.nn.functional.max_pool3d(x3, 2, return_indices=True)
    c.add("aten::max_unpool3d", [pooled3, idx3, [4, 4, 4], [2, 2, 2], [0, 0, 0]])
    c.add("aten::max_unpool3d", [pooled3[0].double(), idx3[0], [4, 5, 4], [2, 2, 2], [0, 0, 0]])
    c.add("aten::max_unpool3d.out", [pooled3, idx3, [4, 4, 4], [2, 2, 2], [0, 0, 0], empty_out()])
    c.add("aten::max_unpool2d", [pooled, idx + 20, [4, 4]])  # error: index past the plane
    c.add("aten::max_unpool2d", [pooled, idx, [4]])
    c.add("aten::max_unpool2d", [pooled, idx[..., :1].contiguous(), [4, 4]])
    c.add("aten::max_unpool2d", [pooled, idx.int(), [4, 4]])
    c.add("aten::max_unpool2d", [pooled.to(torch.bfloat16), idx, [4, 4]])
    c.add("aten::max_unpool3d", [pooled3, idx3 + 64, [4, 4, 4], [2, 2, 2], [0, 0, 0]])
    c.add("aten::max_unpool3d", [pooled3, idx3, [4, 4, 4], [0, 2, 2], [0, 0, 0]])
    c.add("aten::max_unpool3d", [pooled3, idx3, [4, 4], [2, 2, 2], [0, 0, 0]])

    xf = floats(2, 3, 7, 8)
    xf[0, 0, 2, 3] = float("nan")
    samples = floats(2, 3, 2, lo=0.0, hi=1.0, seed=11)
    for k, o in [([2, 3], [4, 5]), ([3, 2], [5, 7]), ([1, 1], [7, 8]), ([2, 2], [1, 1])]:
        c.add("aten::fractional_max_pool2d", [xf, k, o, samples])
        c.add("aten::fractional_max_pool2d", [xf[1].double(), k, o, samples[:1].double()])
    c.add("aten::fractional_max_pool2d.output", [xf, [2, 3], [4, 5], samples, empty_out(), empty_out(torch.int64)])
    x3f, s3 = floats(2, 3, 6, 7, 8), floats(2, 3, 3, lo=0.0, hi=1.0, seed=12)
    for k, o in [([2, 2, 3], [3, 4, 5]), ([1, 3, 2], [5, 2, 6])]:
        c.add("aten::fractional_max_pool3d", [x3f, k, o, s3])
        c.add("aten::fractional_max_pool3d", [x3f[0].double(), k, o, s3[:1].double()])
    c.add("aten::fractional_max_pool3d.output", [x3f, [2, 2, 3], [3, 4, 5], s3, empty_out(), empty_out(torch.int64)])
    c.add("aten::fractional_max_pool2d", [xf, [2, 3], [7, 5], samples])  # error: window too large
    c.add("aten::fractional_max_pool2d", [xf.double(), [2, 3], [4, 5], samples])  # error: samples' dtype
    c.add("aten::fractional_max_pool2d", [xf.to(torch.bfloat16), [2, 3], [4, 5], samples.to(torch.bfloat16)])
    c.add("aten::fractional_max_pool2d", [xf, [2], [4, 5], samples])
    c.add("aten::fractional_max_pool2d", [floats(2, 3, 0, 8), [2, 3], [4, 5], samples])
    c.add("aten::fractional_max_pool3d", [x3f, [2, 2, 3], [6, 4, 5], s3])
    c.add("aten::fractional_max_pool3d", [x3f, [1, 3, 2], [6, 2, 6], s3])  # error: 3-D windows stop short


def _activations(c):
    x = floats(3, 4, 5)
    for dt in [torch.float32, torch.float64, torch.bfloat16]:
        c.add("aten::rrelu", [x.to(dt), 0.1, 0.3, False])
        c.add("aten::rrelu", [x.to(dt), 0.1, 0.3, True], seed=5)
        c.add("aten::rrelu_with_noise", [x.to(dt), torch.zeros(3, 4, 5, dtype=dt), 0.2, 0.4, True], seed=6)
        c.add("aten::log_sigmoid_forward", [x.to(dt)])
    c.add("aten::rrelu", [x])
    c.add("aten::rrelu_", [x, 0.125, 1 / 3, True], seed=7)
    c.add("aten::rrelu_", [x.double(), 0.0, 0.5, False])
    c.add("aten::rrelu_with_noise_", [x, torch.zeros(3, 4, 5), 0.1, 0.3, True], seed=8)
    c.add("aten::rrelu_with_noise.out", [x, torch.zeros(3, 4, 5), 0.1, 0.3, True, None, torch.zeros(3, 4, 5)], seed=9)
    c.add("aten::rrelu_with_noise.out", [x, torch.zeros(3, 4, 5), 0.1, 0.3, False, None, torch.zeros(3, 4, 5)])
    c.add("aten::rrelu", [x, 0.3, 0.1, True])  # error: lower > upper
    c.add("aten::rrelu", [x.half(), 0.1, 0.3, True])
    c.add("aten::log_sigmoid_forward.output", [x, empty_out(), empty_out()])
    c.add("aten::log_sigmoid_forward", [x.long()])
    w = floats(6, 3, seed=13)
    ids = torch.tensor([[0, 2], [2, 5]])
    c.add("aten::embedding_renorm", [w, ids, 1.0, 2.0], rtol=1e-5, atol=1e-6)
    c.add("aten::embedding_renorm", [w.double(), ids, 0.5, 1.0])
    c.add("aten::embedding_renorm.out", [w, ids, 1.5, 3.0, empty_out()], rtol=1e-5, atol=1e-6)
    c.add("aten::_no_grad_embedding_renorm_", [w, ids, 1.0, 2.0], rtol=1e-5, atol=1e-6)


def _convolutions(c):
    tol = {"rtol": 1e-4, "atol": 1e-4}
    x, w, b = floats(2, 3, 7, 6), floats(4, 3, 3, 2, seed=1), floats(4, seed=2)
    x3, w3, b3 = floats(1, 2, 5, 6, 4), floats(3, 2, 3, 2, 2, seed=3), floats(3, seed=4)
    for op in ["aten::thnn_conv2d", "aten::_slow_conv2d_forward"]:
        c.add(op, [x, w, [3, 2], b, [1, 1], [0, 0]], **tol)
        c.add(op, [x.double(), w.double(), [3, 2], None, [2, 1], [1, 2]])
    # bfloat16 is left out: PyTorch's slow path sums in bfloat16, ember's convolution in float.
    c.add("aten::thnn_conv2d", [x, w, [3, 2]], **tol)
    c.add("aten::thnn_conv2d.out", [x, w, [3, 2], b, [2, 2], [1, 0], empty_out()], **tol)
    c.add("aten::_slow_conv2d_forward.output", [x, w, [3, 2], b, [1, 1], [0, 0], empty_out()], **tol)
    for op in ["aten::slow_conv3d", "aten::slow_conv3d_forward"]:
        c.add(op, [x3, w3, [3, 2, 2], b3, [1, 1, 1], [0, 0, 0]], **tol)
        c.add(op, [x3.double(), w3.double(), [3, 2, 2], None, [2, 1, 2], [1, 0, 1]])
    c.add("aten::slow_conv3d.out", [x3, w3, [3, 2, 2], b3, [1, 1, 1], [0, 1, 0], empty_out()], **tol)
    c.add("aten::slow_conv3d_forward.output", [x3, w3, [3, 2, 2], None, [1, 1, 1], [0, 0, 0], empty_out()], **tol)
    c.add("aten::slow_conv_dilated2d", [x, w, [3, 2], b, [1, 1], [1, 1], [2, 2]], **tol)
    c.add("aten::slow_conv_dilated2d.out", [x, w, [3, 2], None, [2, 1], [0, 0], [1, 2], empty_out()], **tol)
    c.add("aten::slow_conv_dilated3d", [x3, w3, [3, 2, 2], b3, [1, 1, 1], [1, 1, 1], [1, 2, 1]], **tol)
    c.add("aten::slow_conv_dilated3d.out", [x3, w3, [3, 2, 2], None, [1, 1, 1], [0, 0, 0], [2, 1, 1], empty_out()],
          **tol)
    wt, wt3 = floats(3, 4, 3, 2, seed=5), floats(2, 3, 3, 2, 2, seed=6)
    c.add("aten::slow_conv_transpose2d", [x, wt, [3, 2], b, [2, 2], [1, 0], [1, 1], [1, 1]], **tol)
    c.add("aten::slow_conv_transpose2d", [x.double(), wt.double(), [3, 2], None, [1, 2], [0, 1], [0, 1], [2, 1]])
    c.add("aten::slow_conv_transpose2d.out", [x, wt, [3, 2], b, [1, 1], [0, 0], [0, 0], [1, 1], empty_out()], **tol)
    c.add("aten::slow_conv_transpose3d", [x3, wt3, [3, 2, 2], b3, [2, 1, 2], [1, 0, 0], [1, 0, 1], [1, 1, 1]], **tol)
    c.add("aten::slow_conv_transpose3d.out", [x3, wt3, [3, 2, 2], None, [1, 1, 1], [0, 0, 0], [0, 0, 0], [1, 2, 1],
                                              empty_out()], **tol)
    # PyTorch's CPU build runs neither: the reference is the same convolution through conv3d / conv2d.
    wd = floats(2, 1, 3, 2, 2, seed=7)
    c.add("aten::conv_depthwise3d", [x3, wd, [3, 2, 2], None, [1, 1, 1], [1, 0, 1], [1, 1, 2]], **tol,
          ref=lambda i, wt_, k, bias, st, pd, dl: torch.conv3d(i, wt_, bias, st, pd, dl, i.size(1)))
    c.add("aten::_nnpack_spatial_convolution", [x, w, b, [1, 0], [2, 1]], **tol,
          ref=lambda i, wt_, bias, pd, st: torch.conv2d(i, wt_, bias, st, pd))
    xt, wtbc, btbc = floats(7, 2, 3), floats(3, 3, 4, seed=8), floats(4, seed=9)
    for pad in [0, 1, 2]:
        c.add("aten::conv_tbc", [xt, wtbc, btbc, pad], **tol)
    c.add("aten::conv_tbc", [xt.double(), wtbc.double(), btbc.double()])
    c.add("aten::conv_tbc.out", [xt, wtbc, btbc, 1, empty_out()], **tol)
    # Errors.
    c.add("aten::thnn_conv2d", [x, w, [2, 2]])
    c.add("aten::thnn_conv2d", [x[0], w, [3, 2]])
    c.add("aten::thnn_conv2d", [x.half(), w.half(), [3, 2]])
    c.add("aten::slow_conv3d", [x, w, [3, 2]])
    c.add("aten::conv_tbc", [xt, wtbc[:, :2].contiguous(), btbc])
    c.add("aten::conv_tbc", [xt, wtbc, btbc[:3]])
    c.add("aten::conv_tbc", [xt[0], wtbc, btbc])


def _utilities(c):
    tol = {"rtol": 1e-5, "atol": 1e-5}
    v = floats(4, 3, 2)
    for dim in [0, 1, 2, -1]:
        c.add("aten::norm_except_dim", [v, 2, dim], **tol)
        g = torch.ops.aten.norm_except_dim(floats(4, 3, 2, seed=1), 2, dim)
        c.add("aten::_weight_norm", [v, g, dim], **tol)
    c.add("aten::norm_except_dim", [v.double(), 3, 1])
    c.add("aten::norm_except_dim", [v, 1, -1], **tol)
    for dim, gshape in [(0, (4, 1, 1)), (2, (1, 1, 2))]:
        g = floats(*gshape, seed=2)
        c.add("aten::_weight_norm_interface", [v, g, dim], **tol)
        c.add("aten::_weight_norm_interface", [v.double(), g.double(), dim])
        # bfloat16 weights: float norms, which PyTorch sums with bfloat16 rounding on the way.
        c.add("aten::_weight_norm_interface", [v.to(torch.bfloat16), g.to(torch.bfloat16), dim], rtol=1e-2, atol=1e-2)
        c.add("aten::_weight_norm", [v.half(), g.half(), dim], rtol=2e-3, atol=2e-3)
    c.add("aten::_weight_norm_interface.out", [v, floats(4, 1, 1), 0, empty_out(), empty_out()], **tol)
    c.add("aten::_weight_norm_interface", [v, floats(1, 3, 1), 1])  # error: middle dim
    c.add("aten::_weight_norm_interface", [v.half(), floats(4, 1, 1).half(), 0])

    x = floats(2, 3, 4, 5)
    mask = floats(2, 3, 4, 5, seed=3) > 0.5
    mask[0, 0, 0] = True  # a row all masked: NaN
    for dim in [3, 1, None]:
        c.add("aten::_masked_softmax", [x, mask, dim, 2], **tol)
    c.add("aten::_masked_softmax", [x.double(), mask, 2, 1])
    c.add("aten::_masked_softmax", [x.to(torch.bfloat16), mask, 3, 2])
    c.add("aten::_masked_softmax", [x[0], mask[0], 0, 2], **tol)
    c.add("aten::_masked_softmax.out", [x, mask, 3, 2, empty_out()], **tol)
    c.add("aten::_masked_softmax", [x, mask.float(), 3, 2])  # errors: mask dtype, type, shape, src_mask
    c.add("aten::_masked_softmax", [x, mask, 3, None])
    c.add("aten::_masked_softmax", [x, mask, 3, 5])
    c.add("aten::_masked_softmax", [x, mask[0], 3, 2])
    c.add("aten::_masked_softmax", [x, mask, 3, 0])

    a, w, b = floats(3, 4), floats(5, 4, 6, seed=4), floats(3, 6, seed=5)
    c.add("aten::_trilinear", [a, w, b, [1, 3], [0], [1, 2], [2, 3]], **tol)
    c.add("aten::_trilinear", [a.double(), w.double(), b.double(), [1, 3], [0], [1, 2], [2, 3], 0])
    c.add("aten::_trilinear", [a, floats(3, 4, seed=6), floats(3, 4, seed=7), [], [], [], []], **tol)
    c.add("aten::_trilinear", [a, floats(4, seed=6), floats(3, seed=7), [], [0], [1], [1]], **tol)
    c.add("aten::_trilinear.out", [a, w, b, [1, 3], [0], [1, 2], [2, 3], 1, empty_out()], **tol)

    q, k, val = floats(2, 3, 5, 4), floats(2, 3, 6, 4, seed=8), floats(2, 3, 6, 7, seed=9)
    bool_mask = floats(5, 6, seed=10) > -1.0
    for op in ["aten::_scaled_dot_product_attention", "aten::_scaled_dot_product_attention_math",
               "aten::_scaled_dot_product_attention_forward"]:
        c.add(op, [q, k, val], **tol)
        c.add(op, [q, k, val, None, 0.0, True, True], **tol)
        c.add(op, [q, k, val, bool_mask, 0.0, True], **tol)
        c.add(op, [q, k, val, floats(2, 1, 5, 6, seed=11), 0.0, False], **tol)
    c.add("aten::_scaled_dot_product_attention", [q[0, 0].double(), k[0, 0].double(), val[0, 0].double(), None, 0.0,
                                                  True, True])
    c.add("aten::_scaled_dot_product_attention", [q, k, val, bool_mask, 0.0, False, True])  # error: mask and causal
    c.add("aten::_scaled_dot_product_attention", [q, k[..., :3].contiguous(), val])  # error: E mismatch

    xb = floats(4, 3, 5)
    for rm, rv in [(floats(3, seed=12), floats(3, lo=0.5, hi=2, seed=13)), (None, None)]:
        c.add("aten::batch_norm_update_stats", [xb, rm, rv, 0.1], **tol)
    c.add("aten::batch_norm_update_stats", [floats(6, 2).double(), None, None, 0.3])
    c.add("aten::batch_norm_update_stats.out", [xb, None, None, 0.1, empty_out(), empty_out()], **tol)

    # SyncBatchNorm's statistics have CUDA kernels only: the reference is the statistics of the
    # whole batch, the op combining the per-replica ones.
    def stats(t, eps):
        var, mean = torch.var_mean(t, [0, 2], unbiased=False)
        return mean, torch.rsqrt(var + eps)
    xs = floats(7, 3, 4, seed=14)
    parts = [xs[:2], xs[2:3], xs[3:]]
    means = torch.stack([stats(p, 1e-5)[0] for p in parts])
    invstds = torch.stack([stats(p, 1e-5)[1] for p in parts])
    counts = torch.tensor([8.0, 4.0, 16.0])
    c.add("aten::batch_norm_stats", [xs, 1e-5], **tol, ref=lambda t, eps: stats(t, eps))
    c.add("aten::batch_norm_gather_stats_with_counts", [xs, means, invstds, None, None, 0.1, 1e-5, counts], **tol,
          ref=lambda t, m, i, rm, rv, mo, eps, n: stats(xs, eps))
    even = torch.stack([stats(xs[:2], 1e-5)[0], stats(xs[2:4], 1e-5)[0]])
    even_inv = torch.stack([stats(xs[:2], 1e-5)[1], stats(xs[2:4], 1e-5)[1]])
    c.add("aten::batch_norm_gather_stats", [xs, even, even_inv, floats(3), floats(3, lo=0.5, hi=2), 0.1, 1e-5, 8],
          **tol, ref=lambda t, m, i, rm, rv, mo, eps, n: stats(xs[:4], eps))

    seqs = [floats(3, 2), floats(5, 2, seed=1), floats(1, 2, seed=2)]
    c.add("aten::pad_sequence", [seqs])
    c.add("aten::pad_sequence", [seqs, True, -1.5])
    c.add("aten::pad_sequence", [[floats(2), floats(4, seed=1)], True])
    c.add("aten::pad_sequence", [[torch.tensor([1, 2]), torch.tensor([3])], False, 7.0])
    c.add("aten::pad_sequence", [[]])  # errors
    c.add("aten::pad_sequence", [[floats(3, 2), floats(5, 3)]])
    c.add("aten::_pack_sequence", [floats(6, 2), torch.tensor([3, 2, 1]), torch.tensor([2, 0, 1]),
                                   torch.tensor([1, 2, 0])])
    c.add("aten::_pack_sequence", [floats(3), torch.tensor([2, 1]), None, None])


def _antialias(c):
    tol = {"rtol": 1e-5, "atol": 1e-5}
    x = floats(2, 3, 17, 13)
    for op in ["aten::_upsample_bilinear2d_aa", "aten::_upsample_bicubic2d_aa"]:
        # Downscaling (the filter widens), upscaling, one dim unchanged, to a single pixel.
        for size in [[5, 4], [8, 13], [17, 6], [34, 20], [1, 1], [6, 27]]:
            for ac in [False, True]:
                c.add(op, [x, size, ac], **tol)
        c.add(op, [x.double(), [7, 3], False])
        c.add(op, [x, [6, 5], False, 0.4, 0.45], **tol)  # explicit scales define the source positions
        c.add(op, [x.permute(0, 1, 3, 2), [4, 9], False], **tol)
        c.add(op, [floats(0, 3, 17, 13), [4, 5], False])
        c.add(op + ".vec", [x, None, False, [0.3, 0.55]], **tol)
        c.add(op + ".vec", [x, [9, 5], True, None], **tol)
        c.add(op + ".out", [x, [5, 4], False, None, None, empty_out()], **tol)
        c.add(op + ".vec_out", [x, None, False, [0.5, 0.5], empty_out()], **tol)
        # Errors: dtypes, sizes, ranks, both or neither of size and scales, an empty channel dim.
        c.add(op, [x.to(torch.bfloat16), [5, 4], False])
        c.add(op, [x, [0, 4], False])
        c.add(op, [x, [4], False])
        c.add(op, [x[0], [5, 4], False])
        c.add(op + ".vec", [x, [3, 3], False, [0.5, 0.5]])
        c.add(op + ".vec", [x, None, False, None])
        c.add(op, [floats(2, 0, 17, 13), [5, 4], False])


def _legacy_interpolate(c):
    # The builtins older archives call: a scale gives floor(in * scale) and no scales reach the kernel.
    tol = {"rtol": 1e-5, "atol": 1e-5}
    x3, x4, x5 = floats(1, 2, 5), floats(2, 2, 4, 5), floats(1, 2, 3, 4, 3)
    c.add("aten::__interpolate", [x4, 3], **tol)
    c.add("aten::__interpolate", [x4, None, 1.7, "bilinear"], **tol)
    c.add("aten::__interpolate", [x4, None, 1.5, "bicubic", True], **tol)
    c.add("aten::__interpolate", [x3, None, 2.5, "linear", False], **tol)
    c.add("aten::__interpolate", [x5, 4, None, "trilinear"], **tol)
    c.add("aten::__interpolate", [x5, None, 0.7, "area"], **tol)
    c.add("aten::__interpolate", [x4, 3, 1.5], **tol)  # size wins
    c.add("aten::__interpolate.size_list", [x4, [3, 7], None, "bilinear", True], **tol)
    c.add("aten::__interpolate.scale_list", [x4, None, [1.5, 0.5], "bicubic", False], **tol)
    c.add("aten::__interpolate.scale_list", [x3, None, [2.0], "nearest"], **tol)
    c.add("aten::__interpolate.size_list_scale_list", [x4, [6, 2], None, "area"], **tol)
    c.add("aten::__interpolate.size_list_scale_list", [x5, None, [2.0, 1.0, 0.5], "nearest"], **tol)
    c.add("aten::__upsample", [x4, None, 2], **tol)
    c.add("aten::__upsample", [x4, 3, None, "bilinear"], **tol)
    c.add("aten::__upsample.size_list", [x4, [3, 7], None, "bicubic", True], **tol)
    c.add("aten::__upsample_bilinear", [x4, 6], **tol)
    c.add("aten::__upsample_bilinear", [x4, None, 2], **tol)
    c.add("aten::__upsample_bilinear.size_list", [x4, [3, 8]], **tol)
    c.add("aten::__upsample_bilinear.scale_list", [x4, None, [2, 3]], **tol)
    c.add("aten::__upsample_bilinear.size_list_scale_list", [x4, [5, 5], None], **tol)
    c.add("aten::__upsample_nearest", [x4, None, 2], **tol)
    c.add("aten::__upsample_nearest.size_list", [x5, [4, 5, 6]], **tol)
    # Errors: antialias, nearest-exact, align_corners with nearest, a mode of another rank.
    c.add("aten::__interpolate.size_list", [x4, [3, 3], None, "bilinear", False, None, True])
    c.add("aten::__interpolate", [x4, None, 1.5, "nearest-exact"])
    c.add("aten::__interpolate", [x4, None, 1.5, "nearest", True])
    c.add("aten::__interpolate", [x3, 4, None, "bilinear"])


def cases(c):
    _grid_sampler(c)
    _affine_grid(c)
    _blocks(c)
    _losses(c)
    _ctc(c)
    _pooling(c)
    _activations(c)
    _convolutions(c)
    _utilities(c)
    _antialias(c)
    _legacy_interpolate(c)
