"""The `*_backward` operators (src/runtime/ops/aten_backward_ops.cpp), called by name with the same
grad_output and saved values as PyTorch's autograd would pass them: activations, softmax data,
native norms (output_mask forms), convolution_backward, pools with indices, average pools and
padding, losses, view / index backwards, and their out= (`.grad_input`, `.out`) forms."""
import torch

from caselib import empty_out, floats, ints

A = torch.ops.aten
F32, F64 = torch.float32, torch.float64


def _pair(*shape, dtype=F64, lo=-3.0, hi=3.0):
    return floats(*shape, lo=lo, hi=hi, dtype=dtype, seed=1), floats(*shape, lo=lo, hi=hi, dtype=dtype, seed=2)


def activations(c):
    for dt in (F32, F64):
        g, x = _pair(3, 5, dtype=dt)
        tol = {"rtol": 1e-5, "atol": 1e-6} if dt == F32 else {}
        c.add("aten::threshold_backward", [g, x, 0.5])
        c.add("aten::threshold_backward", [g, x, 0])
        c.add("aten::threshold_backward.grad_input", [g, x, -1.0, empty_out(dt)])
        c.add("aten::gelu_backward", [g, x], **tol)
        c.add("aten::silu_backward", [g, x], **tol)
        c.add("aten::silu_backward.grad_input", [g, x, empty_out(dt)], **tol)
        c.add("aten::hardswish_backward", [g, x * 2], **tol)
        c.add("aten::hardswish_backward.out", [g, x * 2, empty_out(dt)], **tol)
        c.add("aten::hardsigmoid_backward", [g, x * 2], **tol)
        c.add("aten::hardsigmoid_backward.grad_input", [g, x * 2, empty_out(dt)], **tol)
        c.add("aten::hardtanh_backward", [g, x, -1, 1])
        c.add("aten::hardtanh_backward.grad_input", [g, x, -0.5, 2.0, empty_out(dt)])
        c.add("aten::elu_backward", [g, 1.0, 1.0, 1.0, False, x], **tol)
        c.add("aten::elu_backward", [g, 0.7, 1.2, 0.5, False, x], **tol)
        y = A.elu(x, 0.7, 1.2, 0.5)
        c.add("aten::elu_backward", [g, 0.7, 1.2, 0.5, True, y], **tol)
        c.add("aten::elu_backward.grad_input", [g, 1.0, 1.0, 1.0, False, x, empty_out(dt)], **tol)
        c.add("aten::leaky_relu_backward", [g, x, 0.01, False])
        c.add("aten::leaky_relu_backward", [g, x, 0.2, True])
        c.add("aten::leaky_relu_backward", [g, x, -0.2, True])  # error
        c.add("aten::leaky_relu_backward.grad_input", [g, x, 0.1, False, empty_out(dt)])
        c.add("aten::softplus_backward", [g, x, 1, 20], **tol)
        c.add("aten::softplus_backward", [g, x, 2.0, 1.0], **tol)
        c.add("aten::softplus_backward.grad_input", [g, x, 1, 20, empty_out(dt)], **tol)
        c.add("aten::mish_backward", [g, x], **tol)
        c.add("aten::log_sigmoid_backward", [g, x, A.log_sigmoid_forward(x)[1]], **tol)
        c.add("aten::log_sigmoid_backward.grad_input", [g, x, A.log_sigmoid_forward(x)[1], empty_out(dt)], **tol)
        c.add("aten::softshrink_backward", [g, x, 0.5])
        c.add("aten::softshrink_backward.grad_input", [g, x, 1, empty_out(dt)])
        c.add("aten::hardshrink_backward", [g, x, 0.5])
        c.add("aten::hardshrink_backward.grad_input", [g, x, 1.5, empty_out(dt)])
        noise = floats(3, 5, lo=0.1, hi=0.3, dtype=dt, seed=3)
        c.add("aten::rrelu_with_noise_backward", [g, x, noise, 0.1, 0.3, True, False])
        c.add("aten::rrelu_with_noise_backward", [g, x, noise, 0.1, 0.3, False, False])
        c.add("aten::rrelu_with_noise_backward.out", [g, x, noise, 0.125, 1 / 3, False, False, empty_out(dt)])
        t = torch.tanh(x)
        s = torch.sigmoid(x)
        c.add("aten::tanh_backward", [g, t], **tol)
        c.add("aten::tanh_backward.grad_input", [g, t, empty_out(dt)], **tol)
        c.add("aten::sigmoid_backward", [g, s], **tol)
        c.add("aten::sigmoid_backward.grad_input", [g, s, empty_out(dt)], **tol)
        p = floats(3, 5, lo=0.01, hi=0.99, dtype=dt, seed=4)
        c.add("aten::logit_backward", [g, p], **tol)
        c.add("aten::logit_backward", [g, p, 0.1], **tol)
        c.add("aten::logit_backward.grad_input", [g, p, None, empty_out(dt)], **tol)
        c.add("aten::infinitely_differentiable_gelu_backward", [g, x], **tol)
        xg = floats(3, 6, dtype=dt, seed=5)
        c.add("aten::glu_backward", [floats(3, 3, dtype=dt, seed=6), xg, 1], **tol)
        c.add("aten::glu_backward", [floats(3, 5, dtype=dt, seed=6), xg, 1])  # error: shape
        c.add("aten::glu_backward.grad_input", [floats(3, 3, dtype=dt, seed=6), xg, 1, empty_out(dt)], **tol)
        xp = floats(2, 3, 4, dtype=dt, seed=7)
        c.add("aten::prelu_backward", [floats(2, 3, 4, dtype=dt, seed=8), xp, torch.tensor([0.1, 0.2, 0.3], dtype=dt)], **tol)
        c.add("aten::prelu_backward", [floats(2, 3, 4, dtype=dt, seed=8), xp, torch.tensor([0.25], dtype=dt)], **tol)
        c.add("aten::prelu_backward.out", [floats(2, 3, 4, dtype=dt, seed=8), xp, torch.tensor([0.25], dtype=dt),
                                           empty_out(dt), empty_out(dt)], **tol)
    g, x = _pair(3, 5)
    c.add("aten::gelu_backward", [g, x], name="gelu_backward_none")
    # keyword-only approximate: the harness passes it by keyword
    c.add("aten::gelu_backward", [g, x, "tanh"], name="gelu_backward_tanh")
    c.add("aten::gelu_backward.grad_input", [g, x, "tanh", empty_out(F64)])


def softmax_dropout(c):
    for dt in (F32, F64):
        tol = {"rtol": 1e-5, "atol": 1e-6} if dt == F32 else {}
        g, x = _pair(3, 4, 5, dtype=dt)
        for dim in (0, 1, -1):
            c.add("aten::_softmax_backward_data", [g, torch.softmax(x, dim), dim, dt], **tol)
            c.add("aten::_log_softmax_backward_data", [g, torch.log_softmax(x, dim), dim, dt], **tol)
        c.add("aten::_softmax_backward_data.out", [g, torch.softmax(x, 1), 1, dt, empty_out(dt)], **tol)
        c.add("aten::_log_softmax_backward_data.out", [g, torch.log_softmax(x, 2), 2, dt, empty_out(dt)], **tol)
        mask = floats(3, 4, 5, seed=9) > 0
        c.add("aten::native_dropout_backward", [g, mask, 2.0])
        c.add("aten::native_dropout_backward.out", [g, mask, 1.25, empty_out(dt)])
        c.add("aten::fake_quantize_per_tensor_affine_cachemask_backward", [g, mask])
        c.add("aten::fake_quantize_per_channel_affine_cachemask_backward", [g, mask])


def norms(c):
    for dt in (F32, F64):
        tol = {"rtol": 1e-4, "atol": 1e-5} if dt == F32 else {"rtol": 1e-9, "atol": 1e-10}
        g, x = _pair(2, 3, 4, dtype=dt)
        w, b = floats(4, dtype=dt, seed=10), floats(4, dtype=dt, seed=11)
        _, m, r = A.native_layer_norm(x, [4], w, b, 1e-5)
        c.add("aten::native_layer_norm_backward", [g, x, [4], m, r, w, b, [True, True, True]], **tol)
        c.add("aten::native_layer_norm_backward", [g, x, [4], m, r, w, b, [True, False, True]], **tol)
        c.add("aten::native_layer_norm_backward", [g, x, [4], m, r, None, None, [True, False, False]], **tol)
        c.add("aten::native_layer_norm_backward", [g, x, [4], m, r, None, None, [True, True, False]])  # error
        w2 = floats(3, 4, dtype=dt, seed=12)
        _, m2, r2 = A.native_layer_norm(x, [3, 4], w2, w2, 1e-5)
        c.add("aten::native_layer_norm_backward", [g, x, [3, 4], m2, r2, w2, w2, [True, True, True]], **tol)
        c.add("aten::native_layer_norm_backward.out", [g, x, [4], m, r, w, b, [True, True, True],
                                                       empty_out(dt), empty_out(dt), empty_out(dt)], **tol)
        # batch norm: NCHW, training (saved stats) and eval (running stats)
        gb, xb = _pair(4, 3, 2, 2, dtype=dt)
        wb, bb = floats(3, dtype=dt, seed=13), floats(3, dtype=dt, seed=14)
        rm, rv = floats(3, dtype=dt, seed=15), floats(3, lo=0.5, hi=2.0, dtype=dt, seed=16)
        _, sm, si = A.native_batch_norm(xb, wb, bb, rm.clone(), rv.clone(), True, 0.1, 1e-5)
        c.add("aten::native_batch_norm_backward", [gb, xb, wb, rm, rv, sm, si, True, 1e-5, [True, True, True]], **tol)
        c.add("aten::native_batch_norm_backward", [gb, xb, None, None, None, sm, si, True, 1e-5, [True, False, False]], **tol)
        c.add("aten::native_batch_norm_backward", [gb, xb, wb, rm, rv, None, None, False, 1e-5, [True, True, True]], **tol)
        c.add("aten::native_batch_norm_backward.out", [gb, xb, wb, rm, rv, sm, si, True, 1e-5, [True, True, True],
                                                       empty_out(dt), empty_out(dt), empty_out(dt)], **tol)
        # group norm: N=2, C=4, HxW=3, 2 groups
        gg, xg = _pair(2, 4, 3, dtype=dt)
        wg = floats(4, dtype=dt, seed=17)
        _, mg, rg = A.native_group_norm(xg, wg, wg, 2, 4, 3, 2, 1e-5)
        c.add("aten::native_group_norm_backward", [gg, xg, mg, rg, wg, 2, 4, 3, 2, [True, True, True]], **tol)
        c.add("aten::native_group_norm_backward", [gg, xg, mg, rg, None, 2, 4, 3, 2, [True, False, False]], **tol)
        c.add("aten::native_group_norm_backward", [gg, xg, mg, rg, wg, 2, 4, 3, 2, [True, False, True]], **tol)
        c.add("aten::native_group_norm_backward", [gg, xg, mg, rg, None, 2, 4, 3, 2, [True, False, True]])  # error
        c.add("aten::native_group_norm_backward", [gg, xg, mg, rg, None, 2, 4, 3, 2, [True, True, True]])  # error
        c.add("aten::native_group_norm_backward.out", [gg, xg, mg, rg, wg, 2, 4, 3, 2, [True, True, True],
                                                       empty_out(dt), empty_out(dt), empty_out(dt)], **tol)


def convolutions(c):
    for dt in (F32, F64):
        tol = {"rtol": 1e-4, "atol": 1e-4} if dt == F32 else {"rtol": 1e-9, "atol": 1e-9}
        x = floats(2, 4, 6, 5, dtype=dt, seed=20)
        w = floats(6, 2, 3, 3, dtype=dt, seed=21)
        y = A.convolution(x, w, None, [2, 1], [1, 0], [1, 2], False, [0, 0], 2)
        g = floats(*y.shape, dtype=dt, seed=22)
        c.add("aten::convolution_backward", [g, x, w, [6], [2, 1], [1, 0], [1, 2], False, [0, 0], 2, [True, True, True]], **tol)
        c.add("aten::convolution_backward", [g, x, w, None, [2, 1], [1, 0], [1, 2], False, [0, 0], 2, [True, False, False]], **tol)
        c.add("aten::convolution_backward", [g, x, w, None, [2, 1], [1, 0], [1, 2], False, [0, 0], 2, [False, True, False]], **tol)
        x1 = floats(2, 3, 7, dtype=dt, seed=23)
        w1 = floats(4, 3, 2, dtype=dt, seed=24)
        g1 = floats(2, 4, 6, dtype=dt, seed=25)
        c.add("aten::convolution_backward", [g1, x1, w1, [4], [1], [0], [1], False, [0], 1, [True, True, True]], **tol)
        # transposed
        wt = floats(4, 3, 3, 3, dtype=dt, seed=26)
        xt = floats(1, 4, 3, 3, dtype=dt, seed=27)
        yt = A.convolution(xt, wt, None, [2, 2], [1, 1], [1, 1], True, [1, 1], 1)
        gt = floats(*yt.shape, dtype=dt, seed=28)
        c.add("aten::convolution_backward", [gt, xt, wt, [3], [2, 2], [1, 1], [1, 1], True, [1, 1], 1, [True, True, True]], **tol)
        x2 = floats(2, 3, 5, 5, dtype=dt, seed=29)
        w2 = floats(4, 3, 3, 3, dtype=dt, seed=30)
        g2 = floats(2, 4, 3, 3, dtype=dt, seed=31)
        c.add("aten::_slow_conv2d_backward.output_mask", [g2, x2, w2, [3, 3], [1, 1], [0, 0], [True, True, True]], **tol)
        c.add("aten::_slow_conv2d_backward.output_mask_out", [g2, x2, w2, [3, 3], [1, 1], [0, 0], [True, True, True],
                                                              empty_out(dt), empty_out(dt), empty_out(dt)], **tol)


def pools(c):
    for dt in (F32, F64):
        tol = {"rtol": 1e-5, "atol": 1e-6} if dt == F32 else {}
        x = floats(2, 3, 6, 5, dtype=dt, seed=40)
        y, idx = A.max_pool2d_with_indices(x, [3, 2], [2, 2], [1, 0], [1, 1], True)
        g = floats(*y.shape, dtype=dt, seed=41)
        c.add("aten::max_pool2d_with_indices_backward", [g, x, [3, 2], [2, 2], [1, 0], [1, 1], True, idx])
        c.add("aten::max_pool2d_with_indices_backward.grad_input", [g, x, [3, 2], [2, 2], [1, 0], [1, 1], True, idx,
                                                                    empty_out(dt)])
        x3 = floats(1, 2, 4, 5, 4, dtype=dt, seed=42)
        y3, idx3 = A.max_pool3d_with_indices(x3, [2, 2, 2], [1, 2, 2], [0, 1, 0], [1, 1, 1], False)
        g3 = floats(*y3.shape, dtype=dt, seed=43)
        c.add("aten::max_pool3d_with_indices_backward", [g3, x3, [2, 2, 2], [1, 2, 2], [0, 1, 0], [1, 1, 1], False, idx3])
        c.add("aten::max_pool3d_with_indices_backward.grad_input", [g3, x3, [2, 2, 2], [1, 2, 2], [0, 1, 0], [1, 1, 1],
                                                                    False, idx3, empty_out(dt)])
        ya, ia = A.adaptive_max_pool2d(x, [4, 3])
        ga = floats(*ya.shape, dtype=dt, seed=44)
        c.add("aten::adaptive_max_pool2d_backward", [ga, x, ia])
        c.add("aten::adaptive_max_pool2d_backward.grad_input", [ga, x, ia, empty_out(dt)])
        ya3, ia3 = A.adaptive_max_pool3d(x3, [3, 2, 2])
        ga3 = floats(*ya3.shape, dtype=dt, seed=45)
        c.add("aten::adaptive_max_pool3d_backward", [ga3, x3, ia3])
        c.add("aten::adaptive_max_pool3d_backward.grad_input", [ga3, x3, ia3, empty_out(dt)])
        for ceil, incl, div in ((False, True, None), (True, False, None), (False, True, 3)):
            yp = A.avg_pool2d(x, [3, 2], [2, 1], [1, 1], ceil, incl, div)
            gp = floats(*yp.shape, dtype=dt, seed=46)
            c.add("aten::avg_pool2d_backward", [gp, x, [3, 2], [2, 1], [1, 1], ceil, incl, div], **tol)
        c.add("aten::avg_pool2d_backward.grad_input", [gp, x, [3, 2], [2, 1], [1, 1], False, True, 3, empty_out(dt)], **tol)
        yp3 = A.avg_pool3d(x3, [2, 2, 2], [2, 2, 2], [1, 0, 1], True, False, None)
        gp3 = floats(*yp3.shape, dtype=dt, seed=47)
        c.add("aten::avg_pool3d_backward", [gp3, x3, [2, 2, 2], [2, 2, 2], [1, 0, 1], True, False, None], **tol)
        c.add("aten::avg_pool3d_backward.grad_input", [gp3, x3, [2, 2, 2], [2, 2, 2], [1, 0, 1], True, False, None,
                                                       empty_out(dt)], **tol)
        gaa = floats(2, 3, 4, 3, dtype=dt, seed=48)
        c.add("aten::_adaptive_avg_pool2d_backward", [gaa, x], **tol)
        c.add("aten::_adaptive_avg_pool2d_backward.out", [gaa, x, empty_out(dt)], **tol)
        gaa3 = floats(1, 2, 3, 2, 3, dtype=dt, seed=49)
        c.add("aten::_adaptive_avg_pool3d_backward", [gaa3, x3], **tol)
        c.add("aten::_adaptive_avg_pool3d_backward.out", [gaa3, x3, empty_out(dt)], **tol)
        c.add("aten::adaptive_avg_pool3d_backward.grad_input", [gaa3, x3, empty_out(dt)], **tol)
        # padding
        x1 = floats(2, 3, 6, dtype=dt, seed=50)
        c.add("aten::reflection_pad1d_backward", [floats(2, 3, 9, dtype=dt, seed=51), x1, [2, 1]])
        c.add("aten::reflection_pad1d_backward.grad_input", [floats(2, 3, 9, dtype=dt, seed=51), x1, [2, 1], empty_out(dt)])
        c.add("aten::replication_pad1d_backward", [floats(2, 3, 10, dtype=dt, seed=52), x1, [3, 1]])
        c.add("aten::replication_pad1d_backward.grad_input", [floats(2, 3, 10, dtype=dt, seed=52), x1, [3, 1],
                                                              empty_out(dt)])
        gpad = floats(2, 3, 9, 7, dtype=dt, seed=53)
        c.add("aten::reflection_pad2d_backward", [gpad, x, [1, 1, 2, 1]])
        c.add("aten::reflection_pad2d_backward.grad_input", [gpad, x, [1, 1, 2, 1], empty_out(dt)])
        c.add("aten::replication_pad2d_backward", [gpad, x, [0, 2, 1, 2]])
        c.add("aten::replication_pad2d_backward.grad_input", [gpad, x, [0, 2, 1, 2], empty_out(dt)])
        gpad3 = floats(1, 2, 6, 7, 6, dtype=dt, seed=54)
        c.add("aten::reflection_pad3d_backward", [gpad3, x3, [1, 1, 1, 1, 1, 1]])
        c.add("aten::reflection_pad3d_backward.grad_input", [gpad3, x3, [1, 1, 1, 1, 1, 1], empty_out(dt)])
        c.add("aten::replication_pad3d_backward", [gpad3, x3, [2, 0, 0, 2, 1, 1]])
        c.add("aten::replication_pad3d_backward.grad_input", [gpad3, x3, [2, 0, 0, 2, 1, 1], empty_out(dt)])


def losses(c):
    for dt in (F32, F64):
        tol = {"rtol": 1e-5, "atol": 1e-6} if dt == F32 else {}
        x, t = _pair(3, 4, dtype=dt)
        for red in (0, 1, 2):
            g = floats(3, 4, dtype=dt, seed=60) if red == 0 else torch.tensor(0.7, dtype=dt)
            c.add("aten::mse_loss_backward", [g, x, t, red], **tol)
            c.add("aten::smooth_l1_loss_backward", [g, x, t, red, 1.0], **tol)
            c.add("aten::smooth_l1_loss_backward", [g, x, t, red, 0.0], **tol)
            c.add("aten::huber_loss_backward", [g, x, t, red, 0.5], **tol)
            p = floats(3, 4, lo=0.05, hi=0.95, dtype=dt, seed=61)
            q = floats(3, 4, lo=0.0, hi=1.0, dtype=dt, seed=62)
            c.add("aten::binary_cross_entropy_backward", [g, p, q, None, red], **tol)
            c.add("aten::binary_cross_entropy_backward", [g, p, q, floats(3, 4, lo=0.1, hi=2, dtype=dt, seed=63), red], **tol)
            sign = torch.where(q > 0.5, 1.0, -1.0).to(dt)
            c.add("aten::soft_margin_loss_backward", [g, x, sign, red], **tol)
        g = torch.tensor(1.3, dtype=dt)
        c.add("aten::mse_loss_backward.grad_input", [g, x, t, 1, empty_out(dt)], **tol)
        c.add("aten::smooth_l1_loss_backward.grad_input", [g, x, t, 1, 0.5, empty_out(dt)], **tol)
        c.add("aten::huber_loss_backward.out", [g, x, t, 2, 1.0, empty_out(dt)], **tol)
        # PyTorch 1.13 leaves an empty grad_input unresized here: give it the right shape
        c.add("aten::binary_cross_entropy_backward.grad_input", [g, p, q, None, 1, torch.empty(3, 4, dtype=dt)], **tol)
        c.add("aten::soft_margin_loss_backward.grad_input", [g, x, sign, 1, empty_out(dt)], **tol)
        # nll_loss: 2-d input, class weights, ignore_index
        logp = torch.log_softmax(floats(4, 5, dtype=dt, seed=64), 1)
        tgt = torch.tensor([0, 4, 2, 2])
        wt = floats(5, lo=0.2, hi=2.0, dtype=dt, seed=65)
        for red in (0, 1, 2):
            for weight, ignore in ((None, -100), (wt, 2)):
                _, tw = A.nll_loss_forward(logp, tgt, weight, red, ignore)
                g = floats(4, dtype=dt, seed=66) if red == 0 else torch.tensor(0.9, dtype=dt)
                c.add("aten::nll_loss_backward", [g, logp, tgt, weight, red, ignore, tw], **tol)
        c.add("aten::nll_loss_backward.grad_input", [torch.tensor(1.0, dtype=dt), logp, tgt, None, 1, -100,
                                                     torch.tensor(4.0, dtype=dt), empty_out(dt)], **tol)
        logp2 = torch.log_softmax(floats(2, 3, 2, 2, dtype=dt, seed=67), 1)
        tgt2 = torch.tensor([[[0, 2], [1, 1]], [[2, 0], [0, 1]]])
        _, tw2 = A.nll_loss2d_forward(logp2, tgt2, None, 1, -100)
        c.add("aten::nll_loss2d_backward", [torch.tensor(0.5, dtype=dt), logp2, tgt2, None, 1, -100, tw2], **tol)
        c.add("aten::nll_loss2d_backward.grad_input", [floats(2, 2, 2, dtype=dt, seed=68), logp2, tgt2, None, 0, -100, tw2,
                                                       empty_out(dt)], **tol)


def views(c):
    for dt in (F32, F64):
        g = floats(3, 5, dtype=dt, seed=70)
        c.add("aten::select_backward", [g, [3, 4, 5], 1, 2])
        c.add("aten::select_backward", [g, [3, 4, 5], 1, -1])
        c.add("aten::select_backward.out", [g, [3, 4, 5], 1, 0, empty_out(dt)])
        c.add("aten::slice_backward", [floats(3, 2, 5, dtype=dt, seed=71), [3, 6, 5], 1, 1, 5, 2])
        c.add("aten::slice_backward", [floats(3, 3, 5, dtype=dt, seed=71), [3, 6, 5], 1, -3, 9223372036854775807, 1])
        c.add("aten::slice_backward.out", [floats(3, 2, 5, dtype=dt, seed=71), [3, 6, 5], 1, 1, 5, 2, empty_out(dt)])
        c.add("aten::diagonal_backward", [floats(3, 2, dtype=dt, seed=72), [4, 2, 3], 0, 1, 0])
        c.add("aten::diagonal_backward", [floats(4, 3, dtype=dt, seed=72), [4, 3, 5], 1, 1, 2])
        c.add("aten::diagonal_backward.out", [floats(4, 2, dtype=dt, seed=72), [4, 3, 5], -1, 1, 2, empty_out(dt)])
        idx = torch.tensor([2, 0, 2])
        c.add("aten::index_select_backward", [floats(3, 3, dtype=dt, seed=73), [3, 4], 1, idx])
        c.add("aten::unfold_backward", [floats(3, 2, 2, dtype=dt, seed=74), [3, 5], 1, 2, 2])
        c.add("aten::unfold_backward", [floats(2, 4, 3, dtype=dt, seed=75), [4, 4], 0, 3, 1])
        c.add("aten::unfold_backward.out", [floats(3, 2, 2, dtype=dt, seed=74), [3, 5], 1, 2, 2, empty_out(dt)])
        c.add("aten::trace_backward", [torch.tensor(1.5, dtype=dt), [3, 4]])
        src = floats(3, 4, dtype=dt, seed=76)
        gi = torch.tensor([[0, 1], [3, 3], [2, 0]])
        c.add("aten::gather_backward", [floats(3, 2, dtype=dt, seed=77), src, 1, gi, False])
        vals, ind = torch.max(src, 1)
        c.add("aten::value_selecting_reduction_backward", [floats(3, dtype=dt, seed=78), 1, ind, [3, 4], False])
        vals, ind = torch.min(src, 0, True)
        c.add("aten::value_selecting_reduction_backward", [floats(1, 4, dtype=dt, seed=79), 0, ind, [3, 4], True])
        ids = torch.tensor([[1, 3, 1], [0, 3, 3]])
        ge = floats(2, 3, 4, dtype=dt, seed=80)
        c.add("aten::embedding_dense_backward", [ge, ids, 5, -1, False])
        c.add("aten::embedding_dense_backward", [ge, ids, 5, 3, False])
        c.add("aten::embedding_dense_backward", [ge, ids, 5, -1, True])
        c.add("aten::embedding_dense_backward.out", [ge, ids, 5, 1, True, empty_out(dt)])
        c.add("aten::embedding_backward", [ge, ids, 5, -1, False, False])


def upsampling(c):
    for dt in (F32, F64):
        tol = {"rtol": 1e-4, "atol": 1e-5} if dt == F32 else {"rtol": 1e-9, "atol": 1e-10}
        shapes = {1: [2, 3, 5], 2: [2, 3, 4, 5], 3: [1, 2, 3, 4, 3]}
        outs = {1: [8], 2: [7, 9], 3: [5, 6, 4]}
        scales = {1: [1.7], 2: [1.8, 1.9], 3: [1.7, 1.6, 1.4]}
        ops = [("upsample_nearest1d", 1, False), ("upsample_nearest2d", 2, False), ("upsample_nearest3d", 3, False),
               ("_upsample_nearest_exact1d", 1, False), ("_upsample_nearest_exact2d", 2, False),
               ("_upsample_nearest_exact3d", 3, False), ("upsample_linear1d", 1, True), ("upsample_bilinear2d", 2, True),
               ("upsample_bicubic2d", 2, True), ("upsample_trilinear3d", 3, True)]
        for op, nd, lin in ops:
            insz, osz = shapes[nd], outs[nd]
            g = floats(*(insz[:2] + osz), dtype=dt, seed=90 + nd)
            for ac in ((False, True) if lin else (None,)):
                lead = [g, osz, insz] + ([ac] if lin else [])
                c.add(f"aten::{op}_backward", lead, **tol)
                c.add(f"aten::{op}_backward", lead + scales[nd], **tol)
                c.add(f"aten::{op}_backward.grad_input", lead + [None] * nd + [empty_out(dt)], **tol)
                vlead = [g, osz, insz] + ([ac] if lin else [])
                c.add(f"aten::{op}_backward.vec", vlead + [None], **tol)
                c.add(f"aten::{op}_backward.vec_out", vlead + [None, empty_out(dt)], **tol)
            # scale factors instead of sizes: the output size is floor(in * scale)
            sf = scales[nd]
            osz2 = [int(i * f) for i, f in zip(insz[2:], sf)]
            g2 = floats(*(insz[:2] + osz2), dtype=dt, seed=95)
            c.add(f"aten::{op}_backward.vec", [g2, None, insz] + ([False] if lin else []) + [sf], **tol)


def more_backwards(c):
    for dt in (F32, F64):
        tol = {"rtol": 1e-4, "atol": 1e-5} if dt == F32 else {"rtol": 1e-9, "atol": 1e-10}
        x = floats(3, 5, dtype=dt, seed=100)
        g = floats(3, 5, dtype=dt, seed=101)
        _, idx = torch.cummax(x, 1)
        c.add("aten::cummaxmin_backward", [g, x, idx, 1])
        _, idx0 = torch.cummin(x, 0)
        c.add("aten::cummaxmin_backward", [g, x, idx0, 0])
        c.add("aten::cumprod_backward", [g, x, 1, torch.cumprod(x, 1)], **tol)
        c.add("aten::diag_backward", [floats(3, dtype=dt, seed=102), [3, 5], 1])
        c.add("aten::diag_backward", [floats(3, 3, dtype=dt, seed=102), [3], 0])
        mask = floats(3, 5, seed=103) > 0
        c.add("aten::masked_select_backward", [floats(int(mask.sum()), dtype=dt, seed=104), x, mask])
        mrow = torch.tensor([True, False, True, True, False])
        c.add("aten::masked_select_backward", [floats(9, dtype=dt, seed=105), x, mrow])
        x1, x2 = floats(2, 4, 3, dtype=dt, seed=106), floats(2, 5, 3, dtype=dt, seed=107)
        for p in (1.0, 2.0, 3.0):
            d = A._cdist_forward(x1, x2, p, None)
            c.add("aten::_cdist_backward", [floats(2, 4, 5, dtype=dt, seed=108), x1, x2, p, d], **tol)
        d = A._cdist_forward(x1, x2, 2.0, None)
        c.add("aten::_cdist_backward.out", [floats(2, 4, 5, dtype=dt, seed=108), x1, x2, 2.0, d, empty_out(dt)], **tol)
        xp = floats(5, 3, dtype=dt, seed=109)
        for p in (1.0, 2.0):
            d = A._pdist_forward(xp, p)
            c.add("aten::_pdist_backward", [floats(10, dtype=dt, seed=110), xp, p, d], **tol)
        c.add("aten::_pdist_backward.out", [floats(10, dtype=dt, seed=110), xp, 2.0, A._pdist_forward(xp, 2.0),
                                            empty_out(dt)], **tol)
        a = floats(3, 3, lo=-1, hi=1, dtype=dt, seed=111)
        c.add("aten::matrix_exp_backward", [a, floats(3, 3, dtype=dt, seed=112)], **tol)
        seq = floats(4, 3, 2, dtype=dt, seed=113)
        packed, bs = A._pack_padded_sequence(seq, torch.tensor([4, 2, 1]), False)
        c.add("aten::_pack_padded_sequence_backward", [floats(*packed.shape, dtype=dt, seed=114), [4, 3, 2], bs, False])
        c.add("aten::_pack_padded_sequence_backward", [floats(*packed.shape, dtype=dt, seed=114), [3, 4, 2], bs, True])
        xc = floats(2, 3, 5, 5, dtype=dt, seed=115)
        w = floats(4, 3, 3, 3, dtype=dt, seed=116)
        gc = floats(2, 4, 3, 3, dtype=dt, seed=117)
        c.add("aten::convolution_backward.out", [gc, xc, w, [4], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, True],
                                                 empty_out(dt), empty_out(dt), empty_out(dt)], **tol)
        c.add("aten::_slow_conv2d_backward.grad_input", [gc, xc, w, [3, 3], [1, 1], [0, 0],
                                                         empty_out(dt), empty_out(dt), empty_out(dt)], **tol)


def bags_segments(c):
    for dt in (F32, F64):
        tol = {"rtol": 1e-5, "atol": 1e-6} if dt == F32 else {}
        w = floats(6, 3, dtype=dt, seed=120)
        idx = torch.tensor([1, 2, 4, 5, 4, 3, 2, 0])
        off = torch.tensor([0, 2, 2, 5])
        g = floats(4, 3, dtype=dt, seed=121)
        psw = floats(8, dtype=dt, seed=122)
        # scale_grad_by_freq=True is not compared: PyTorch 1.13's CPU kernel scales rows by the
        # counts of other indices (and gives NaN in max mode).
        for mode in (0, 1, 2):
            for freq in (False,):
                for pad in (-1, 4):
                    _, o2b, bs, mi = A._embedding_bag(w, idx, off, freq, mode, False, None, False, pad)
                    c.add("aten::_embedding_bag_backward", [g, idx, off, o2b, bs, mi, 6, freq, mode, False, None, pad], **tol)
                    if mode != 0:
                        c.add("aten::_embedding_bag_dense_backward", [g, idx, o2b, bs, mi, 6, freq, mode, None, pad], **tol)
        _, o2b, bs, mi = A._embedding_bag(w, idx, off, False, 0, False, psw, False, -1)
        c.add("aten::_embedding_bag_backward", [g, idx, off, o2b, bs, mi, 6, False, 0, False, psw, -1], **tol)
        c.add("aten::_embedding_bag_per_sample_weights_backward", [g, w, idx, off, o2b, 0, -1], **tol)
        c.add("aten::_embedding_bag_per_sample_weights_backward", [g, w, idx, off, o2b, 0, 2], **tol)
        c.add("aten::_embedding_bag_per_sample_weights_backward", [g, w, idx, off, o2b, 1, -1])  # error: mode
        c.add("aten::_embedding_bag_per_sample_weights_backward.out", [g, w, idx, off, o2b, 0, -1, empty_out(dt)], **tol)
        _, o2b, bs, mi = A._embedding_bag(w, idx, off, False, 1, False, None, False, -1)
        c.add("aten::_embedding_bag_dense_backward.out", [g, idx, o2b, bs, mi, 6, False, 1, None, -1, empty_out(dt)], **tol)
        data = floats(6, 2, dtype=dt, seed=123)
        lengths = torch.tensor([2, 0, 3, 1])
        for red in ("sum", "mean", "max", "min", "prod"):
            out = A.segment_reduce(data, red, lengths=lengths, initial=0.0 if red != "prod" else 1.0)
            gs = floats(*out.shape, dtype=dt, seed=124)
            c.add("aten::_segment_reduce_backward", [gs, out, data, red, lengths, None, 0, 0.0 if red != "prod" else 1.0], **tol)
        out = A.segment_reduce(data, "sum", lengths=lengths)
        c.add("aten::_segment_reduce_backward.out", [floats(*out.shape, dtype=dt, seed=124), out, data, "sum", lengths, None,
                                                     0, None, empty_out(dt)], **tol)
        xb = floats(4, 3, 2, dtype=dt, seed=125)
        gb = floats(4, 3, 2, dtype=dt, seed=126)
        wb = floats(3, dtype=dt, seed=127)
        _, sm, si, _, impl = A._batch_norm_impl_index(xb, wb, wb, None, None, True, 0.1, 1e-5, True)
        c.add("aten::_batch_norm_impl_index_backward", [impl, xb, gb, wb, None, None, sm, si, True, 1e-5, [True, True, True],
                                                        torch.empty(0, dtype=torch.uint8)], rtol=1e-4, atol=1e-5)


def second_order(c):
    for dt in (F32, F64):
        tol = {"rtol": 1e-4, "atol": 1e-4} if dt == F32 else {"rtol": 1e-9, "atol": 1e-9}
        x = floats(2, 4, 6, 5, dtype=dt, seed=130)
        w = floats(6, 2, 3, 3, dtype=dt, seed=131)
        args = [[2, 1], [1, 0], [1, 2], False, [0, 0], 2]
        y = A.convolution(x, w, None, *args)
        gO = floats(*y.shape, dtype=dt, seed=132)
        ggI, ggW, ggb = floats(*x.shape, dtype=dt, seed=133), floats(*w.shape, dtype=dt, seed=134), floats(6, dtype=dt, seed=135)
        c.add("aten::_convolution_double_backward", [ggI, ggW, ggb, gO, w, x] + args + [[True, True, True]], **tol)
        c.add("aten::_convolution_double_backward", [None, ggW, None, gO, w, x] + args + [[True, True, True]], **tol)
        c.add("aten::_convolution_double_backward", [ggI, None, ggb, gO, w, x] + args + [[True, True, True]], **tol)
        c.add("aten::_convolution_double_backward", [ggI, ggW, None, gO, w, x] + args + [[True, False, True]], **tol)
        wt = floats(4, 3, 3, 3, dtype=dt, seed=136)
        xt = floats(1, 4, 3, 3, dtype=dt, seed=137)
        targs = [[2, 2], [1, 1], [1, 1], True, [1, 1], 1]
        yt = A.convolution(xt, wt, None, *targs)
        c.add("aten::_convolution_double_backward", [floats(*xt.shape, dtype=dt, seed=138), floats(*wt.shape, dtype=dt, seed=139),
                                                     None, floats(*yt.shape, dtype=dt, seed=140), wt, xt] + targs
              + [[True, True, True]], **tol)
        xg = floats(3, 6, dtype=dt, seed=141)
        gg = floats(3, 3, dtype=dt, seed=142)
        gx = A.glu_backward(gg, xg, 1)
        dgg, dx = floats(3, 3, dtype=dt, seed=143), floats(3, 6, dtype=dt, seed=144)
        c.add("aten::glu_backward_jvp", [gx, gg, xg, dgg, dx, 1], **tol)
        c.add("aten::glu_backward_jvp.out", [gx, gg, xg, dgg, dx, 1, empty_out(dt)], **tol)


def dtypes(c):
    """Integer and mixed-dtype arguments: results or errors as PyTorch's."""
    gi, xi = ints(3, 4, seed=150), ints(3, 4, seed=151)
    c.add("aten::threshold_backward", [gi, xi, 0])
    c.add("aten::threshold_backward", [gi.to(torch.int32), xi.to(torch.int32), 1])
    c.add("aten::hardtanh_backward", [gi, xi, -1, 1])
    c.add("aten::leaky_relu_backward", [gi, xi, 0.1, False])
    c.add("aten::sigmoid_backward", [gi, xi])
    c.add("aten::gelu_backward", [gi, xi])
    c.add("aten::select_backward", [gi, [2, 3, 4], 0, 1])
    c.add("aten::slice_backward", [gi, [3, 6], 1, 0, 4, 1])
    g, x = _pair(3, 4)
    c.add("aten::threshold_backward", [g, x.to(F32), 0.5])
    c.add("aten::silu_backward", [g.to(F32), x], rtol=1e-5, atol=1e-6)
    c.add("aten::_softmax_backward_data", [g.to(F32), torch.softmax(x, 1).to(F32), 1, F64], rtol=1e-5, atol=1e-6)
    c.add("aten::threshold_backward", [g, floats(3, 5, dtype=F64), 0.5])  # error: shapes
    c.add("aten::native_dropout_backward", [g, floats(3, 4, seed=9) > 0, 2])
    li = torch.ones(1, 1, 2, 2, dtype=torch.long)
    c.add("aten::max_pool2d_with_indices_backward", [li[..., :1, :1].contiguous(), li, [2, 2], [2, 2], [0, 0], [1, 1], False,
                                                     torch.zeros(1, 1, 1, 1, dtype=torch.long)])  # error: Long
    c.add("aten::upsample_nearest1d_backward", [torch.ones(1, 1, 4, dtype=torch.long), [4], [1, 1, 2]])  # error: Long
    c.add("aten::reflection_pad1d_backward", [torch.ones(1, 1, 4, dtype=torch.long), torch.ones(1, 1, 2, dtype=torch.long),
                                              [1, 1]])  # error: Long
    c.add("aten::masked_select_backward", [torch.ones(6, dtype=torch.long), gi[:2, :3].contiguous(), gi[:2, :3] > 0])
    c.add("aten::gather_backward", [gi, xi, 1, torch.zeros(3, 4, dtype=torch.long), False])


def cases(c):
    activations(c)
    softmax_dropout(c)
    norms(c)
    convolutions(c)
    pools(c)
    losses(c)
    views(c)
    upsampling(c)
    more_backwards(c)
    bags_segments(c)
    second_order(c)
    dtypes(c)
