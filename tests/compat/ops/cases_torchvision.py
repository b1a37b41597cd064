"""torchvision's operators (torch.ops.torchvision.*, registered by importing torchvision): nms,
roi_align, roi_pool, ps_roi_align, ps_roi_pool, deform_conv2d, in float32 and float64, on ROIs
inside, across and outside the feature map, empty inputs, and argument errors. Cases whose
arguments make torchvision's CPU kernels read out of bounds (a batch index past the batch, rois
without 5 columns in roi_pool) are left out: ember raises there."""
import torch
import torchvision  # noqa: F401 - registers torch.ops.torchvision

from caselib import floats


def boxes(n, seed, size=20.0, dtype=torch.float32):
    g = torch.Generator().manual_seed(seed)
    xy = torch.rand(n, 2, generator=g, dtype=torch.float64) * size
    wh = torch.rand(n, 2, generator=g, dtype=torch.float64) * size / 2
    return torch.cat([xy, xy + wh], 1).to(dtype)


def rois(n, batch, seed, size=12.0, dtype=torch.float32):
    """[n, 5] rows (batch index, x1, y1, x2, y2); some boxes reach past the map or are tiny."""
    g = torch.Generator().manual_seed(seed)
    idx = torch.randint(0, batch, (n, 1), generator=g).double()
    xy = torch.rand(n, 2, generator=g, dtype=torch.float64) * size * 1.2 - size * 0.2
    wh = torch.rand(n, 2, generator=g, dtype=torch.float64) * size * 0.8
    return torch.cat([idx, xy, xy + wh], 1).to(dtype)


def nms_cases(c):
    for dtype, tag in [(torch.float32, "f32"), (torch.float64, "f64")]:
        b = boxes(40, 1, dtype=dtype)
        s = floats(40, lo=0.0, hi=1.0, dtype=dtype, seed=2)
        for thr in [0.0, 0.3, 0.5, 0.7, 1.0]:
            c.add("torchvision::nms", [b, s, thr], name=f"nms_{tag}_{thr}")
        # Equal scores: visited in index order (a stable descending sort).
        ties = torch.round(floats(40, lo=0.0, hi=1.0, dtype=dtype, seed=3) * 4) / 4
        c.add("torchvision::nms", [b, ties, 0.2], name=f"nms_ties_{tag}")
        c.add("torchvision::nms", [b, torch.ones(40, dtype=dtype), 0.4], name=f"nms_all_equal_{tag}")
    # Identical boxes, degenerate (zero-area) boxes, nested boxes.
    same = torch.tensor([[1.0, 1.0, 5.0, 5.0]] * 4 + [[2.0, 2.0, 2.0, 6.0], [2.0, 2.0, 2.0, 6.0]] +
                        [[0.0, 0.0, 10.0, 10.0], [1.0, 1.0, 9.0, 9.0], [3.0, 3.0, 4.0, 4.0]])
    c.add("torchvision::nms", [same, torch.tensor([0.1, 0.9, 0.5, 0.9, 0.3, 0.8, 0.2, 0.7, 0.6]), 0.5], name="nms_degenerate")
    c.add("torchvision::nms", [same, torch.tensor([0.1, 0.9, 0.5, 0.9, 0.3, 0.8, 0.2, 0.7, 0.6]), 0.6], name="nms_nested")
    # Non-contiguous boxes (a transposed [4, N] tensor).
    bt = boxes(12, 4).t().contiguous().t()
    c.add("torchvision::nms", [bt, floats(12, seed=5), 0.3], name="nms_noncontiguous")
    c.add("torchvision::nms", [torch.zeros(0, 4), torch.zeros(0), 0.5], name="nms_empty")
    c.add("torchvision::nms", [torch.zeros(1, 4).double() + torch.tensor([0.0, 0.0, 1.0, 1.0]).double(),
                               torch.ones(1).double(), 0.5], name="nms_one")
    # Errors.
    c.add("torchvision::nms", [torch.rand(4), torch.rand(4), 0.5], name="nms_err_1d")
    c.add("torchvision::nms", [torch.rand(4, 3), torch.rand(4), 0.5], name="nms_err_cols")
    c.add("torchvision::nms", [torch.rand(4, 4), torch.rand(4, 1), 0.5], name="nms_err_scores2d")
    c.add("torchvision::nms", [torch.rand(4, 4), torch.rand(3), 0.5], name="nms_err_count")
    c.add("torchvision::nms", [torch.rand(4, 4), torch.rand(4).double(), 0.5], name="nms_err_dtype")
    c.add("torchvision::nms", [torch.ones(4, 4).long(), torch.ones(4).long(), 0.5], name="nms_err_long")


def roi_common_errors(c, op, extra):
    x = floats(1, 4, 5, 5, seed=7)
    r = torch.tensor([[0, 0.0, 0.0, 3.0, 3.0]])
    c.add(op, [x[0], r, *extra], name=f"{op.split('::')[1]}_err_3d_input")
    c.add(op, [x, r.double(), *extra], name=f"{op.split('::')[1]}_err_dtype")
    c.add(op, [x.long(), r.long(), *extra], name=f"{op.split('::')[1]}_err_long")


def roi_align_cases(c):
    x = floats(2, 3, 10, 12, seed=10)
    r = rois(9, 2, seed=11)
    for aligned in [False, True]:
        for sr in [-1, 0, 2]:
            for scale, ph, pw in [(1.0, 2, 2), (0.5, 3, 4), (2.0, 7, 7)]:
                c.add("torchvision::roi_align", [x, r, scale, ph, pw, sr, aligned],
                      name=f"roi_align_{int(aligned)}_{sr}_{ph}x{pw}")
    c.add("torchvision::roi_align", [x.double(), r.double(), 0.5, 3, 3, -1, True], name="roi_align_f64")
    c.add("torchvision::roi_align", [x.double(), r.double(), 0.25, 2, 5, 3, False], name="roi_align_f64_sr3")
    c.add("torchvision::roi_align", [x.permute(0, 2, 3, 1).contiguous().permute(0, 3, 1, 2), r, 1.0, 3, 3, 2, True],
          name="roi_align_channels_last")
    # Boxes entirely outside the map and an inverted box.
    out = torch.tensor([[0, 30.0, 30.0, 40.0, 40.0], [1, -20.0, -20.0, -5.0, -5.0], [1, 8.0, 8.0, 2.0, 3.0]])
    for aligned in [False, True]:
        c.add("torchvision::roi_align", [x, out, 1.0, 2, 2, -1, aligned], name=f"roi_align_outside_{int(aligned)}")
    c.add("torchvision::roi_align", [x, r[:0], 1.0, 2, 2, -1, False], name="roi_align_no_rois")
    c.add("torchvision::roi_align", [x[:, :0], r, 1.0, 2, 2, -1, False], name="roi_align_no_channels")
    c.add("torchvision::roi_align", [x, r[:, :4].contiguous(), 1.0, 2, 2, -1, False], name="roi_align_err_rois4")
    c.add("torchvision::roi_align", [x, r[0], 1.0, 2, 2, -1, False], name="roi_align_err_rois1d")
    roi_common_errors(c, "torchvision::roi_align", [1.0, 2, 2, -1, False])


def roi_pool_cases(c):
    x = floats(2, 3, 10, 12, seed=12)
    r = rois(9, 2, seed=13)
    for scale, ph, pw in [(1.0, 2, 2), (0.5, 3, 4), (2.0, 7, 7), (1.0, 1, 1)]:
        c.add("torchvision::roi_pool", [x, r, scale, ph, pw], name=f"roi_pool_{scale}_{ph}x{pw}")
    c.add("torchvision::roi_pool", [x.double(), r.double(), 0.5, 3, 3], name="roi_pool_f64")
    out = torch.tensor([[0, 30.0, 30.0, 40.0, 40.0], [1, -20.0, -20.0, -5.0, -5.0], [1, 8.0, 8.0, 2.0, 3.0]])
    c.add("torchvision::roi_pool", [x, out, 1.0, 2, 2], name="roi_pool_outside")
    c.add("torchvision::roi_pool", [x, r[:0], 1.0, 2, 2], name="roi_pool_no_rois")
    c.add("torchvision::roi_pool", [x[:, :0], r, 1.0, 2, 2], name="roi_pool_no_channels")
    roi_common_errors(c, "torchvision::roi_pool", [1.0, 2, 2])


def ps_cases(c):
    x = floats(2, 18, 10, 12, seed=14)
    r = rois(7, 2, seed=15)
    for scale, ph, pw in [(1.0, 3, 3), (0.5, 1, 2), (2.0, 3, 2)]:
        for sr in [-1, 2]:
            c.add("torchvision::ps_roi_align", [x, r, scale, ph, pw, sr], name=f"ps_roi_align_{scale}_{ph}x{pw}_{sr}")
        c.add("torchvision::ps_roi_pool", [x, r, scale, ph, pw], name=f"ps_roi_pool_{scale}_{ph}x{pw}")
    c.add("torchvision::ps_roi_align", [x.double(), r.double(), 0.5, 3, 3, -1], name="ps_roi_align_f64")
    c.add("torchvision::ps_roi_pool", [x.double(), r.double(), 0.5, 3, 3], name="ps_roi_pool_f64")
    c.add("torchvision::ps_roi_align", [x, r[:0], 1.0, 3, 3, -1], name="ps_roi_align_no_rois")
    c.add("torchvision::ps_roi_pool", [x, r[:0], 1.0, 3, 3], name="ps_roi_pool_no_rois")
    c.add("torchvision::ps_roi_align", [x[:, :0], r, 1.0, 3, 3, -1], name="ps_roi_align_no_channels")
    c.add("torchvision::ps_roi_align", [x[:, :16].contiguous(), r, 1.0, 3, 3, -1], name="ps_roi_align_err_channels")
    c.add("torchvision::ps_roi_pool", [x[:, :16].contiguous(), r, 1.0, 3, 3], name="ps_roi_pool_err_channels")
    c.add("torchvision::ps_roi_align", [x, r[:, :4].contiguous(), 1.0, 3, 3, -1], name="ps_roi_align_err_rois4")
    c.add("torchvision::ps_roi_pool", [x, r[:, :4].contiguous(), 1.0, 3, 3], name="ps_roi_pool_err_rois4")
    roi_common_errors(c, "torchvision::ps_roi_align", [1.0, 2, 2, -1])
    roi_common_errors(c, "torchvision::ps_roi_pool", [1.0, 2, 2])


def deform_args(n, cin, h, w, cout, k, stride, pad, dil, groups, ogroups, use_mask, seed, dtype=torch.float32,
                spread=2.0):
    oh = (h + 2 * pad - (dil * (k - 1) + 1)) // stride + 1
    ow = (w + 2 * pad - (dil * (k - 1) + 1)) // stride + 1
    x = floats(n, cin, h, w, dtype=dtype, seed=seed)
    wt = floats(cout, cin // groups, k, k, dtype=dtype, seed=seed + 1)
    off = floats(n, 2 * ogroups * k * k, oh, ow, lo=-spread, hi=spread, dtype=dtype, seed=seed + 2)
    mask = (floats(n, ogroups * k * k, oh, ow, lo=0.0, hi=1.0, dtype=dtype, seed=seed + 3) if use_mask
            else torch.zeros(n, 0, dtype=dtype))
    bias = floats(cout, dtype=dtype, seed=seed + 4)
    return [x, wt, off, mask, bias, stride, stride, pad, pad, dil, dil, groups, ogroups, use_mask]


def deform_cases(c):
    configs = [  # n, cin, h, w, cout, k, stride, pad, dil, groups, ogroups
        (2, 4, 7, 6, 6, 3, 1, 0, 1, 1, 1),
        (2, 4, 7, 6, 6, 3, 1, 1, 1, 2, 2),
        (1, 6, 9, 9, 4, 3, 2, 1, 1, 2, 3),
        (3, 2, 8, 7, 3, 2, 1, 2, 2, 1, 2),
        (1, 3, 5, 5, 2, 1, 1, 0, 1, 1, 1),
    ]
    for i, cfg in enumerate(configs):
        for use_mask in [True, False]:
            c.add("torchvision::deform_conv2d", deform_args(*cfg, use_mask, seed=20 + i),
                  name=f"deform_conv2d_{i}_{'mask' if use_mask else 'nomask'}", rtol=1e-4, atol=1e-4)
    c.add("torchvision::deform_conv2d", deform_args(*configs[1], True, seed=30, dtype=torch.float64),
          name="deform_conv2d_f64")
    c.add("torchvision::deform_conv2d", deform_args(*configs[0], True, seed=31, spread=12.0),
          name="deform_conv2d_far_offsets", rtol=1e-4, atol=1e-4)
    c.add("torchvision::deform_conv2d", deform_args(*configs[0], False, seed=32, spread=0.0),
          name="deform_conv2d_zero_offsets", rtol=1e-4, atol=1e-4)
    a = deform_args(*configs[0], True, seed=33)
    c.add("torchvision::deform_conv2d", [a[0][:0], a[1], a[2][:0], a[3][:0]] + a[4:], name="deform_conv2d_batch0")
    # Errors.
    c.add("torchvision::deform_conv2d", [a[0][0]] + a[1:], name="deform_conv2d_err_3d")
    c.add("torchvision::deform_conv2d", a[:2] + [a[2][:, :10].contiguous()] + a[3:], name="deform_conv2d_err_offset_ch")
    c.add("torchvision::deform_conv2d", a[:3] + [a[3][:, :5].contiguous()] + a[4:], name="deform_conv2d_err_mask_ch")
    c.add("torchvision::deform_conv2d", a[:11] + [3] + a[12:], name="deform_conv2d_err_groups")
    c.add("torchvision::deform_conv2d", a[:7] + [1, 1] + a[9:], name="deform_conv2d_err_offset_dims")
    c.add("torchvision::deform_conv2d", a[:7] + [-1] + a[8:], name="deform_conv2d_err_pad")
    c.add("torchvision::deform_conv2d", a[:4] + [a[4][:3]] + a[5:], name="deform_conv2d_err_bias")
    c.add("torchvision::deform_conv2d", [a[0].double()] + a[1:], name="deform_conv2d_err_dtype")
    c.add("torchvision::deform_conv2d", a[:3] + [torch.zeros(0)] + a[4:13] + [False], name="deform_conv2d_err_mask_batch")
    c.add("torchvision::deform_conv2d", [a[0][:, :, :2].contiguous()] + a[1:], name="deform_conv2d_err_small")


def backward_cases(c):
    """_roi_align_backward / _roi_pool_backward on the gradient of a random loss, argmax from the
    forward pass."""
    x = floats(2, 3, 10, 12, seed=40)
    r = rois(9, 2, seed=41)
    for aligned in [False, True]:
        for sr, ph, pw, scale in [(-1, 2, 2, 1.0), (2, 3, 4, 0.5), (0, 7, 7, 2.0)]:
            g = floats(9, 3, ph, pw, seed=42 + ph)
            c.add("torchvision::_roi_align_backward", [g, r, scale, ph, pw, 2, 3, 10, 12, sr, aligned],
                  name=f"roi_align_backward_{int(aligned)}_{sr}_{ph}x{pw}")
    g = floats(9, 3, 3, 3, dtype=torch.float64, seed=43)
    c.add("torchvision::_roi_align_backward", [g, r.double(), 0.5, 3, 3, 2, 3, 10, 12, -1, True],
          name="roi_align_backward_f64")
    c.add("torchvision::_roi_align_backward", [g[:0], r.double()[:0], 0.5, 3, 3, 2, 3, 10, 12, -1, True],
          name="roi_align_backward_no_rois")
    c.add("torchvision::_roi_align_backward", [g, r, 0.5, 3, 3, 2, 3, 10, 12, -1, True], name="roi_align_backward_err_dtype")
    c.add("torchvision::_roi_align_backward", [g.long(), r.long(), 0.5, 3, 3, 2, 3, 10, 12, -1, True],
          name="roi_align_backward_err_long")
    for scale, ph, pw in [(1.0, 2, 2), (0.5, 3, 4), (2.0, 7, 7)]:
        _, argmax = torch.ops.torchvision.roi_pool(x, r, scale, ph, pw)
        g = floats(9, 3, ph, pw, seed=44 + ph)
        c.add("torchvision::_roi_pool_backward", [g, r, argmax, scale, ph, pw, 2, 3, 10, 12],
              name=f"roi_pool_backward_{ph}x{pw}")
    _, argmax = torch.ops.torchvision.roi_pool(x.double(), r.double(), 1.0, 2, 2)
    g = floats(9, 3, 2, 2, dtype=torch.float64, seed=45)
    c.add("torchvision::_roi_pool_backward", [g, r.double(), argmax, 1.0, 2, 2, 2, 3, 10, 12], name="roi_pool_backward_f64")
    c.add("torchvision::_roi_pool_backward", [g, r.double(), argmax.long(), 1.0, 2, 2, 2, 3, 10, 12],
          name="roi_pool_backward_err_argmax_long")


def ps_backward_cases(c):
    x = floats(2, 18, 10, 12, seed=50)
    r = rois(7, 2, seed=51)
    for scale, ph, pw in [(1.0, 3, 3), (0.5, 1, 2), (2.0, 3, 2)]:
        g = floats(7, 18 // (ph * pw), ph, pw, seed=52 + ph)
        for sr in [-1, 2]:
            _, mapping = torch.ops.torchvision.ps_roi_align(x, r, scale, ph, pw, sr)
            c.add("torchvision::_ps_roi_align_backward", [g, r, mapping, scale, ph, pw, sr, 2, 18, 10, 12],
                  name=f"ps_roi_align_backward_{scale}_{ph}x{pw}_{sr}")
        _, mapping = torch.ops.torchvision.ps_roi_pool(x, r, scale, ph, pw)
        c.add("torchvision::_ps_roi_pool_backward", [g, r, mapping, scale, ph, pw, 2, 18, 10, 12],
              name=f"ps_roi_pool_backward_{scale}_{ph}x{pw}")
    _, mapping = torch.ops.torchvision.ps_roi_pool(x.double(), r.double(), 0.5, 3, 3)
    g = floats(7, 2, 3, 3, dtype=torch.float64, seed=53)
    c.add("torchvision::_ps_roi_pool_backward", [g, r.double(), mapping, 0.5, 3, 3, 2, 18, 10, 12],
          name="ps_roi_pool_backward_f64")
    c.add("torchvision::_ps_roi_align_backward", [g, r.double(), mapping, 0.5, 3, 3, -1, 2, 18, 10, 12],
          name="ps_roi_align_backward_f64")
    c.add("torchvision::_ps_roi_align_backward", [g, r, mapping, 0.5, 3, 3, -1, 2, 18, 10, 12],
          name="ps_roi_align_backward_err_dtype")


def deform_backward_cases(c):
    configs = [  # n, cin, h, w, cout, k, stride, pad, dil, groups, ogroups
        (2, 4, 7, 6, 6, 3, 1, 1, 1, 2, 2),
        (1, 6, 9, 9, 4, 3, 2, 1, 1, 2, 3),
        (3, 2, 8, 7, 3, 2, 1, 2, 2, 1, 2),
    ]
    for i, cfg in enumerate(configs):
        for use_mask in [True, False]:
            a = deform_args(*cfg, use_mask, seed=60 + i)
            out = torch.ops.torchvision.deform_conv2d(*a)
            grad = floats(*out.shape, seed=70 + i)
            c.add("torchvision::_deform_conv2d_backward", [grad] + a,
                  name=f"deform_conv2d_backward_{i}_{'mask' if use_mask else 'nomask'}", rtol=1e-4, atol=1e-4)
    a = deform_args(*configs[0], True, seed=63, dtype=torch.float64)
    grad = floats(2, 6, 7, 6, dtype=torch.float64, seed=73)
    c.add("torchvision::_deform_conv2d_backward", [grad] + a, name="deform_conv2d_backward_f64")


def cases(c):
    nms_cases(c)
    deform_backward_cases(c)
    ps_backward_cases(c)
    backward_cases(c)
    roi_align_cases(c)
    roi_pool_cases(c)
    ps_cases(c)
    deform_cases(c)
