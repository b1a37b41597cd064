"""Differential cases for the conv family: conv1d/2d/3d (stride, int/'same'/'valid' padding,
dilation, groups, depthwise, unbatched, channels-last), conv_transpose1d/2d/3d (output_padding,
groups, dilation), aten::convolution and aten::_convolution.

One adapter (ops_conv.cpp), "conv": args "fn" (conv1d, conv2d, conv3d, conv_transpose1d/2d/3d,
convolution, _convolution), "stride", "padding" (list or string), "dilation", "groups",
"output_padding", "transposed"; inputs are input, weight and optionally bias."""
import torch
import torch.nn.functional as F

DTYPES = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64,
          torch.float16, torch.bfloat16, torch.float32, torch.float64]
CONV_DTYPES = [torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64, torch.bfloat16, torch.float32,
               torch.float64]
# bfloat16 transposed convolutions fail inside PyTorch 1.13's oneDNN path on AVX-512 machines
# (a bogus channel-count error); ember computes them, so they are not compared here.
TRANSPOSED_DTYPES = [torch.float32, torch.float64, torch.int64]


def dname(dt):
    return str(dt).replace("torch.", "")


def values(shape, dt):
    if dt == torch.bool:
        return torch.randint(0, 2, shape).bool()
    if dt.is_floating_point:
        return torch.randn(shape).to(dt)
    lo = 0 if dt == torch.uint8 else -3
    return torch.randint(lo, 4, shape).to(dt)


def tol(dt, k=27):
    if dt == torch.bfloat16:
        return {"rtol": 3e-2, "atol": 4e-2 * max(1, k ** 0.5)}
    if dt == torch.float32:
        return {"rtol": 1e-4, "atol": 2e-5 * max(1, k)}
    if dt == torch.float64:
        return {"rtol": 1e-10, "atol": 1e-12 * max(1, k)}
    return {}


FUNCS = {
    "conv1d": F.conv1d, "conv2d": F.conv2d, "conv3d": F.conv3d,
    "conv_transpose1d": F.conv_transpose1d, "conv_transpose2d": F.conv_transpose2d,
    "conv_transpose3d": F.conv_transpose3d,
}


def add_conv(c, name, fn, x, w, b=None, kwargs=None, k=27, dt=torch.float32, check_strides=False,
             error_contains=None):
    kwargs = kwargs or {}
    args = dict(kwargs, fn=fn)
    inputs = [x, w] + ([b] if b is not None else [])
    f = FUNCS[fn]
    extra = {} if error_contains else tol(dt, k)
    c.add(f"conv.{name}", "conv", inputs, lambda *t: f(*t, **kwargs), args, check_strides=check_strides,
          error_contains=error_contains, **extra)


def forward_cases(c):
    for dt in DTYPES:
        n = dname(dt)
        if dt not in CONV_DTYPES:
            add_conv(c, f"conv2d.{n}.unsupported", "conv2d", values((1, 1, 3, 3), dt), values((1, 1, 2, 2), dt),
                     error_contains="not implemented for")
            add_conv(c, f"conv3d.{n}.unsupported", "conv3d", values((1, 1, 3, 3, 3), dt),
                     values((1, 1, 2, 2, 2), dt), error_contains="not implemented for")
            continue
        add_conv(c, f"conv1d.{n}", "conv1d", values((2, 3, 9), dt), values((4, 3, 3), dt), values((4,), dt), dt=dt)
        add_conv(c, f"conv2d.{n}", "conv2d", values((2, 3, 7, 6), dt), values((4, 3, 3, 2), dt), values((4,), dt),
                 dt=dt)
        add_conv(c, f"conv3d.{n}", "conv3d", values((1, 2, 5, 4, 6), dt), values((3, 2, 2, 3, 2), dt),
                 values((3,), dt), dt=dt)
        if dt in (torch.uint8, torch.int8, torch.int16, torch.int32):
            add_conv(c, f"conv2d.{n}.dilated_unsupported", "conv2d", values((1, 2, 6, 5), dt), values((3, 2, 2, 2), dt),
                     kwargs={"dilation": 2}, error_contains="\"slow_conv_dilated<>\" not implemented for")
            add_conv(c, f"conv2d.{n}.params", "conv2d", values((2, 4, 9, 8), dt), values((6, 2, 3, 3), dt),
                     values((6,), dt), {"stride": [2, 1], "padding": [1, 2], "groups": 2}, dt=dt)
        else:
            add_conv(c, f"conv2d.{n}.params", "conv2d", values((2, 4, 9, 8), dt), values((6, 2, 3, 3), dt),
                     values((6,), dt), {"stride": [2, 1], "padding": [1, 2], "dilation": [1, 2], "groups": 2}, dt=dt)
        add_conv(c, f"conv2d.{n}.nobias_same", "conv2d", values((1, 2, 6, 5), dt), values((3, 2, 4, 3), dt),
                 kwargs={"padding": "same"}, dt=dt)
    f = torch.float32
    # Shapes large enough for oneDNN's optimised kernels, and the benchmark's shape.
    add_conv(c, "conv2d.resnet_block", "conv2d", values((1, 64, 14, 14), f), values((64, 64, 3, 3), f),
             values((64,), f), {"padding": 1}, k=576)
    add_conv(c, "conv2d.batch_strided", "conv2d", values((3, 16, 17, 15), f), values((32, 16, 5, 5), f),
             values((32,), f), {"stride": 2, "padding": 2}, k=400)
    add_conv(c, "conv2d.depthwise", "conv2d", values((2, 8, 10, 10), f), values((8, 1, 3, 3), f), values((8,), f),
             {"padding": 1, "groups": 8})
    add_conv(c, "conv2d.depthwise_multiplier", "conv2d", values((2, 4, 10, 10), f), values((8, 1, 3, 3), f),
             kwargs={"groups": 4})
    add_conv(c, "conv2d.depthwise_double", "conv2d", values((2, 8, 10, 10), torch.float64),
             values((8, 1, 3, 3), torch.float64), kwargs={"padding": 1, "groups": 8}, dt=torch.float64)
    # Depthwise (groups == input channels) runs as a direct stencil for every dtype.
    for dt in [torch.float32, torch.float64, torch.bfloat16, torch.int64, torch.int32]:
        dil = 2 if dt != torch.int32 else 1
        add_conv(c, f"conv2d.depthwise_params.{dname(dt)}", "conv2d", values((2, 6, 11, 9), dt),
                 values((12, 1, 3, 2), dt), values((12,), dt),
                 {"stride": [2, 1], "padding": [2, 1], "dilation": [dil, 1], "groups": 6}, dt=dt)
    # Rows wide enough for the register-blocked interior (16 columns at a time) and its borders.
    add_conv(c, "conv2d.depthwise_wide", "conv2d", values((1, 4, 5, 45), f), values((4, 1, 3, 3), f),
             values((4,), f), {"padding": 1, "groups": 4})
    add_conv(c, "conv2d.depthwise_wide_dilated", "conv2d", values((1, 3, 6, 53), f), values((3, 1, 2, 4), f),
             kwargs={"padding": [1, 4], "dilation": [1, 3], "stride": [2, 1], "groups": 3})
    add_conv(c, "conv2d.depthwise_wide_int", "conv2d", values((1, 2, 4, 40), torch.int64),
             values((2, 1, 3, 5), torch.int64), kwargs={"padding": [0, 2], "groups": 2}, dt=torch.int64)
    add_conv(c, "conv1d.depthwise", "conv1d", values((2, 4, 12), f), values((4, 1, 5), f), values((4,), f),
             {"stride": 2, "padding": 3, "groups": 4})
    add_conv(c, "conv3d.depthwise", "conv3d", values((1, 3, 5, 6, 7), f), values((3, 1, 2, 3, 3), f),
             kwargs={"padding": 1, "groups": 3})
    add_conv(c, "conv2d.depthwise_channels_last", "conv2d",
             values((2, 8, 10, 10), f).contiguous(memory_format=torch.channels_last), values((8, 1, 3, 3), f),
             kwargs={"padding": 1, "groups": 8}, check_strides=True)
    add_conv(c, "conv2d.pointwise", "conv2d", values((2, 16, 7, 7), f), values((24, 16, 1, 1), f), values((24,), f),
             k=16)
    add_conv(c, "conv2d.pointwise_double", "conv2d", values((2, 16, 7, 7), torch.float64),
             values((24, 16, 1, 1), torch.float64), k=16, dt=torch.float64)
    add_conv(c, "conv2d.pointwise_strided", "conv2d", values((2, 16, 7, 7), f), values((8, 16, 1, 1), f),
             kwargs={"stride": 2}, k=16)
    add_conv(c, "conv2d.unbatched", "conv2d", values((3, 6, 6), f), values((2, 3, 3, 3), f), values((2,), f))
    add_conv(c, "conv1d.unbatched", "conv1d", values((3, 6), f), values((2, 3, 3), f))
    add_conv(c, "conv3d.unbatched", "conv3d", values((2, 4, 4, 4), f), values((2, 2, 3, 3, 3), f))
    add_conv(c, "conv1d.params", "conv1d", values((2, 4, 20), f), values((6, 2, 3), f), values((6,), f),
             {"stride": 3, "padding": 2, "dilation": 2, "groups": 2})
    add_conv(c, "conv3d.params", "conv3d", values((2, 4, 7, 6, 8), f), values((4, 2, 3, 2, 3), f), values((4,), f),
             {"stride": [2, 1, 2], "padding": [1, 0, 2], "dilation": [1, 2, 1], "groups": 2})
    add_conv(c, "conv3d.params_double", "conv3d", values((2, 4, 7, 6, 8), torch.float64),
             values((4, 2, 3, 2, 3), torch.float64), values((4,), torch.float64),
             {"stride": [2, 1, 2], "padding": [1, 0, 2], "dilation": [1, 2, 1], "groups": 2}, dt=torch.float64)
    for kname, ks, dil in [("odd", (3, 3), 1), ("even", (4, 4), 1), ("even_dil2", (4, 3), (2, 1)),
                           ("mixed", (2, 5), (3, 1))]:
        add_conv(c, f"conv2d.same_{kname}", "conv2d", values((1, 3, 9, 8), f), values((2, 3) + ks, f),
                 values((2,), f), {"padding": "same", "dilation": dil})
        add_conv(c, f"conv2d.same_{kname}_double", "conv2d", values((1, 3, 9, 8), torch.float64),
                 values((2, 3) + ks, torch.float64), kwargs={"padding": "same", "dilation": dil}, dt=torch.float64)
    add_conv(c, "conv1d.same_even", "conv1d", values((1, 2, 9), f), values((3, 2, 4), f), kwargs={"padding": "same"})
    add_conv(c, "conv3d.same", "conv3d", values((1, 2, 5, 6, 4), f), values((2, 2, 2, 3, 2), f),
             kwargs={"padding": "same"})
    add_conv(c, "conv2d.valid", "conv2d", values((1, 3, 9, 8), f), values((2, 3, 4, 3), f),
             kwargs={"padding": "valid"})
    add_conv(c, "conv2d.empty_batch", "conv2d", values((0, 3, 6, 6), f), values((2, 3, 3, 3), f))
    # channels-last: PyTorch returns channels-last results for 4-D convolutions.
    x = values((2, 8, 9, 7), f).contiguous(memory_format=torch.channels_last)
    w = values((6, 8, 3, 3), f)
    add_conv(c, "conv2d.channels_last_input", "conv2d", x, w, values((6,), f), {"padding": 1}, check_strides=True)
    add_conv(c, "conv2d.channels_last_weight", "conv2d", values((2, 8, 9, 7), f),
             w.contiguous(memory_format=torch.channels_last), kwargs={"stride": 2}, check_strides=True)
    add_conv(c, "conv2d.channels_last_double", "conv2d", x.double(), w.double(), kwargs={"padding": 1},
             check_strides=True, dt=torch.float64)
    add_conv(c, "conv2d.channels_last_int", "conv2d", values((2, 3, 5, 5), torch.int64).contiguous(
        memory_format=torch.channels_last), values((2, 3, 3, 3), torch.int64), check_strides=True, dt=torch.int64)
    add_conv(c, "conv2d.channels_last_groups", "conv2d", x, values((8, 2, 3, 3), f), kwargs={"groups": 4},
             check_strides=True)
    add_conv(c, "conv2d.channels_last_1x1", "conv2d", x, values((5, 8, 1, 1), f), check_strides=True, k=8)
    add_conv(c, "conv2d.noncontig_input", "conv2d", values((2, 3, 12, 7), f)[:, :, ::2], values((2, 3, 3, 3), f))
    add_conv(c, "conv2d.int_big_values", "conv2d", torch.randint(-100, 100, (1, 3, 5, 5), dtype=torch.int8),
             torch.randint(-100, 100, (2, 3, 3, 3), dtype=torch.int8), dt=torch.int8)


def pointwise_cases(c):
    """1x1 convolutions run as GEMMs on the operands' own layouts (conv_pointwise.cpp)."""
    f = torch.float32
    cl = torch.channels_last
    x = values((3, 24, 9, 11), f)
    w, b = values((40, 24, 1, 1), f), values((40,), f)
    for stride in (1, 2, 3):
        s = f"s{stride}"
        kw = {"stride": stride}
        add_conv(c, f"conv2d.1x1.{s}.bias", "conv2d", x, w, b, kw, k=24, check_strides=True)
        add_conv(c, f"conv2d.1x1.{s}.nobias", "conv2d", x, w, kwargs=kw, k=24, check_strides=True)
        add_conv(c, f"conv2d.1x1.{s}.cl_input", "conv2d", x.contiguous(memory_format=cl), w, b, kw, k=24,
                 check_strides=True)
        add_conv(c, f"conv2d.1x1.{s}.cl_both", "conv2d", x.contiguous(memory_format=cl),
                 w.contiguous(memory_format=cl), kwargs=kw, k=24, check_strides=True)
        add_conv(c, f"conv2d.1x1.{s}.cl_weight", "conv2d", x, w.contiguous(memory_format=cl), b, kw, k=24,
                 check_strides=True)
    add_conv(c, "conv2d.1x1.batch1", "conv2d", x[:1], w, b, k=24, check_strides=True)
    add_conv(c, "conv2d.1x1.one_pixel", "conv2d", values((2, 24, 1, 1), f), w, b, k=24)
    add_conv(c, "conv2d.1x1.one_out_channel", "conv2d", x, values((1, 24, 1, 1), f), k=24)
    add_conv(c, "conv2d.1x1.one_in_channel", "conv2d", values((2, 1, 5, 7), f), values((6, 1, 1, 1), f),
             values((6,), f), k=1)
    add_conv(c, "conv2d.1x1.rect_stride", "conv2d", x, w, kwargs={"stride": [2, 1]}, k=24)
    # Views: a channel slice and a batch slice (read in place), strided columns, a transposed
    # image, an expanded input, a transposed weight.
    add_conv(c, "conv2d.1x1.channel_slice", "conv2d", values((3, 48, 9, 11), f)[:, 5:29], w, b, k=24)
    add_conv(c, "conv2d.1x1.batch_slice", "conv2d", values((6, 24, 9, 11), f)[1:4], w, k=24)
    add_conv(c, "conv2d.1x1.strided_columns", "conv2d", values((3, 24, 9, 22), f)[..., ::2], w, b, k=24)
    add_conv(c, "conv2d.1x1.transposed_image", "conv2d", values((3, 24, 11, 9), f).transpose(2, 3), w, k=24)
    add_conv(c, "conv2d.1x1.expanded", "conv2d", values((3, 1, 9, 11), f).expand(3, 24, 9, 11), w, k=24)
    add_conv(c, "conv2d.1x1.cl_slice", "conv2d", values((3, 48, 9, 11), f).contiguous(memory_format=cl)[:, 3:27],
             w, k=24, check_strides=True)
    add_conv(c, "conv2d.1x1.weight_t", "conv2d", x, values((24, 40), f).t().reshape(40, 24, 1, 1), b, k=24)
    add_conv(c, "conv1d.1x1", "conv1d", values((2, 24, 13), f), values((40, 24, 1), f), values((40,), f),
             {"stride": 2}, k=24)
    add_conv(c, "conv3d.1x1", "conv3d", values((2, 24, 3, 4, 5), f), values((40, 24, 1, 1, 1), f), k=24)
    add_conv(c, "conv2d.1x1.mobilenet", "conv2d", values((1, 24, 56, 56), f), values((144, 24, 1, 1), f), k=24)
    add_conv(c, "conv2d.1x1.mobilenet_cl", "conv2d", values((1, 320, 7, 7), f).contiguous(memory_format=cl),
             values((1280, 320, 1, 1), f), values((1280,), f), k=320, check_strides=True)
    add_conv(c, "conv2d.1x1.resnet_downsample", "conv2d", values((2, 64, 28, 28), f), values((128, 64, 1, 1), f),
             kwargs={"stride": 2}, k=64)
    d = torch.float64
    add_conv(c, "conv2d.1x1.double_cl", "conv2d", x.double().contiguous(memory_format=cl), w.double(), b.double(),
             {"stride": 2}, k=24, dt=d, check_strides=True)


def depthwise_vector_cases(c):
    """float32 depthwise convolutions on the vectorised plane kernels (kernels/depthwise.isa.cpp)."""
    f = torch.float32
    # Widths below, at and across the vector widths (4, 8, 16 floats), and 1x1 images.
    widths = [1, 3, 7, 8, 13, 16, 17, 31, 40]
    for k in (3, 5):
        for stride in (1, 2):
            for pad in (0, 1, 2):
                for i, wd in enumerate(widths):
                    if wd + 2 * pad < k:
                        continue
                    h = 1 + (i * 3 + k) % 9
                    if h + 2 * pad < k:
                        h = k
                    ch = 3 + i % 4
                    bias = values((ch,), f) if (i + pad) % 2 == 0 else None
                    add_conv(c, f"conv2d.dw.k{k}.s{stride}.p{pad}.w{wd}", "conv2d", values((2, ch, h, wd), f),
                             values((ch, 1, k, k), f), bias, {"stride": stride, "padding": pad, "groups": ch},
                             k=k * k)
    add_conv(c, "conv2d.dw.one_pixel", "conv2d", values((2, 5, 1, 1), f), values((5, 1, 1, 1), f), values((5,), f),
             {"groups": 5}, k=1)
    add_conv(c, "conv2d.dw.one_pixel_k3", "conv2d", values((1, 5, 1, 1), f), values((5, 1, 3, 3), f),
             kwargs={"padding": 1, "groups": 5}, k=9)
    add_conv(c, "conv2d.dw.multiplier2", "conv2d", values((2, 4, 9, 19), f), values((8, 1, 3, 3), f),
             values((8,), f), {"padding": 1, "groups": 4})
    add_conv(c, "conv2d.dw.multiplier3_s2", "conv2d", values((1, 3, 12, 21), f), values((9, 1, 5, 5), f),
             kwargs={"stride": 2, "padding": 2, "groups": 3}, k=25)
    add_conv(c, "conv2d.dw.dilated", "conv2d", values((1, 6, 14, 18), f), values((6, 1, 3, 3), f), values((6,), f),
             {"padding": 2, "dilation": 2, "groups": 6})
    add_conv(c, "conv2d.dw.rect_kernel", "conv2d", values((2, 4, 10, 23), f), values((4, 1, 3, 5), f),
             kwargs={"padding": [1, 2], "groups": 4}, k=15)
    add_conv(c, "conv2d.dw.rect_stride", "conv2d", values((2, 4, 10, 23), f), values((4, 1, 3, 3), f),
             kwargs={"stride": [1, 2], "padding": 1, "groups": 4})
    add_conv(c, "conv2d.dw.stride3", "conv2d", values((2, 4, 11, 29), f), values((4, 1, 3, 3), f),
             kwargs={"stride": 3, "padding": 1, "groups": 4})
    add_conv(c, "conv2d.dw.k7", "conv2d", values((1, 4, 15, 20), f), values((4, 1, 7, 7), f), values((4,), f),
             {"padding": 3, "groups": 4}, k=49)
    add_conv(c, "conv2d.dw.same_even", "conv2d", values((1, 4, 9, 12), f), values((4, 1, 4, 4), f),
             kwargs={"padding": "same", "groups": 4}, k=16)
    add_conv(c, "conv2d.dw.strided_columns", "conv2d", values((2, 4, 9, 34), f)[..., ::2], values((4, 1, 3, 3), f),
             kwargs={"padding": 1, "groups": 4})
    add_conv(c, "conv2d.dw.channel_slice", "conv2d", values((2, 8, 9, 17), f)[:, 2:6], values((4, 1, 3, 3), f),
             kwargs={"stride": 2, "padding": 1, "groups": 4})
    add_conv(c, "conv2d.dw.cl_s2", "conv2d", values((2, 8, 13, 13), f).contiguous(memory_format=torch.channels_last),
             values((8, 1, 3, 3), f), values((8,), f), {"stride": 2, "padding": 1, "groups": 8}, check_strides=True)
    add_conv(c, "conv1d.dw", "conv1d", values((2, 6, 37), f), values((6, 1, 5), f), values((6,), f),
             {"stride": 2, "padding": 2, "groups": 6}, k=5)
    for shape, stride in [((1, 144, 56, 56), 1), ((1, 96, 112, 112), 2), ((1, 960, 7, 7), 1), ((1, 576, 14, 14), 2)]:
        ch = shape[1]
        add_conv(c, f"conv2d.dw.mobilenet_{ch}x{shape[2]}_s{stride}", "conv2d", values(shape, f),
                 values((ch, 1, 3, 3), f), kwargs={"stride": stride, "padding": 1, "groups": ch})


def transposed_cases(c):
    for dt in DTYPES:
        n = dname(dt)
        if dt == torch.bfloat16:
            continue
        if dt not in TRANSPOSED_DTYPES:
            add_conv(c, f"conv_transpose2d.{n}.unsupported", "conv_transpose2d", values((1, 1, 3, 3), dt),
                     values((1, 1, 2, 2), dt), error_contains="not implemented for")
            continue
        add_conv(c, f"conv_transpose1d.{n}", "conv_transpose1d", values((2, 3, 7), dt), values((3, 4, 3), dt),
                 values((4,), dt), dt=dt)
        add_conv(c, f"conv_transpose2d.{n}", "conv_transpose2d", values((2, 3, 5, 4), dt), values((3, 2, 3, 2), dt),
                 values((2,), dt), dt=dt)
        add_conv(c, f"conv_transpose3d.{n}", "conv_transpose3d", values((1, 2, 3, 4, 3), dt),
                 values((2, 3, 2, 3, 2), dt), values((3,), dt), dt=dt)
        add_conv(c, f"conv_transpose2d.{n}.params", "conv_transpose2d", values((2, 4, 5, 6), dt),
                 values((4, 3, 3, 3), dt), values((6,), dt),
                 {"stride": [2, 3], "padding": [1, 2], "output_padding": [1, 2], "groups": 2, "dilation": [1, 1]},
                 dt=dt)
    f = torch.float32
    add_conv(c, "conv_transpose2d.dilation", "conv_transpose2d", values((1, 2, 5, 5), f), values((2, 3, 3, 2), f),
             kwargs={"stride": 2, "dilation": [2, 3], "output_padding": 1})
    add_conv(c, "conv_transpose1d.params", "conv_transpose1d", values((2, 4, 6), f), values((4, 2, 3), f),
             values((4,), f), {"stride": 3, "padding": 1, "output_padding": 2, "groups": 2, "dilation": 2})
    add_conv(c, "conv_transpose3d.params", "conv_transpose3d", values((1, 2, 3, 4, 3), f), values((2, 2, 2, 3, 2), f),
             kwargs={"stride": 2, "padding": 1, "output_padding": 1})
    add_conv(c, "conv_transpose2d.unbatched", "conv_transpose2d", values((3, 4, 4), f), values((3, 2, 3, 3), f))
    add_conv(c, "conv_transpose2d.channels_last", "conv_transpose2d",
             values((2, 4, 5, 5), f).contiguous(memory_format=torch.channels_last), values((4, 3, 3, 3), f),
             kwargs={"stride": 2}, check_strides=True)
    add_conv(c, "conv_transpose2d.big", "conv_transpose2d", values((2, 32, 8, 8), f), values((32, 16, 4, 4), f),
             values((16,), f), {"stride": 2, "padding": 1}, k=512)


def error_cases(c):
    f = torch.float32
    x, w = torch.ones(1, 2, 5, 5), torch.ones(4, 2, 3, 3)
    errs = [
        ("bad_channels", "conv2d", torch.ones(1, 2, 5, 5), torch.ones(1, 3, 3, 3), None, {},
         "Given groups=1, weight of size [1, 3, 3, 3], expected input[1, 2, 5, 5] to have 3 channels, but got 2 "
         "channels instead"),
        ("kernel_too_big", "conv2d", torch.ones(1, 1, 2, 2), torch.ones(1, 1, 3, 3), None, {},
         "Calculated padded input size per channel: (2 x 2). Kernel size: (3 x 3). Kernel size can't be greater "
         "than actual input size"),
        ("bad_rank", "conv2d", torch.ones(5, 5), torch.ones(1, 1, 3, 3), None, {},
         "Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: [5, 5]"),
        ("bad_rank_1d", "conv1d", torch.ones(6), torch.ones(4, 3, 3), None, {},
         "Expected 2D (unbatched) or 3D (batched) input to conv1d, but got input of size: [6]"),
        ("groups_channels", "conv2d", torch.ones(1, 4, 5, 5), torch.ones(4, 3, 3, 3), None, {"groups": 2},
         "Given groups=2, weight of size [4, 3, 3, 3], expected input[1, 4, 5, 5] to have 6 channels, but got 4 "
         "channels instead"),
        ("groups_divisible", "conv2d", torch.ones(1, 4, 5, 5), torch.ones(3, 2, 3, 3), None, {"groups": 2},
         "Given groups=2, expected weight to be divisible by 2 at dimension 0"),
        ("same_strided", "conv2d", torch.ones(1, 1, 5, 5), torch.ones(1, 1, 3, 3), None,
         {"stride": 2, "padding": "same"}, "padding='same' is not supported for strided convolutions"),
        ("bad_padding_string", "conv2d", torch.ones(1, 1, 5, 5), torch.ones(1, 1, 3, 3), None, {"padding": "foo"},
         "Invalid padding string: 'foo'"),
        ("negative_padding", "conv2d", x, w, None, {"padding": -1}, "negative padding is not supported"),
        ("zero_stride", "conv2d", x, w, None, {"stride": 0}, "non-positive stride is not supported"),
        ("zero_dilation", "conv2d", x, w, None, {"dilation": 0}, "dilation should be greater than zero"),
        ("zero_groups", "conv2d", x, w, None, {"groups": 0}, "non-positive groups is not supported"),
        ("stride_length", "conv2d", x, w, None, {"stride": [1, 1, 1]},
         "expected stride to be a single integer value or a list of 2 values to match the convolution dimensions, "
         "but got stride=[1, 1, 1]"),
        ("mixed_dtype", "conv2d", x.double(), w, None, {}, "expected scalar type Double but found Float"),
        ("bias_dtype", "conv2d", x, w, torch.ones(4, dtype=torch.float64), {},
         "Input type (float) and bias type (double) should be the same"),
        ("bias_size", "conv2d", torch.ones(1, 1, 5, 5), torch.ones(2, 1, 3, 3), torch.ones(3), {},
         "Given weight of size [2, 1, 3, 3], expected bias to be 1-dimensional with 2 elements, but got bias of "
         "size [3] instead"),
        ("zero_out_channels", "conv2d", torch.ones(1, 4, 6, 6), torch.ones(0, 4, 3, 3), None, {},
         "Given groups=1, expected weight to be at least 1 at dimension 0"),
        ("transposed_channels", "conv_transpose2d", x, torch.ones(3, 2, 3, 3), None, {},
         "Given transposed=1, weight of size [3, 2, 3, 3], expected input[1, 2, 5, 5] to have 3 channels, but got "
         "2 channels instead"),
        ("transposed_bias", "conv_transpose2d", x, torch.ones(2, 3, 3, 3), torch.ones(2), {},
         "Given transposed=1, weight of size [2, 3, 3, 3], expected bias to be 1-dimensional with 3 elements, but "
         "got bias of size [2] instead"),
        ("output_padding", "conv_transpose2d", torch.ones(1, 1, 5, 5), torch.ones(1, 1, 3, 3), None,
         {"stride": 2, "output_padding": 2},
         "output padding must be smaller than either stride or dilation, but got output_padding_height: 2 "
         "output_padding_width: 2 stride_height: 2 stride_width: 2 dilation_height: 1 dilation_width: 1"),
        ("output_padding_1d", "conv_transpose1d", torch.ones(1, 1, 5), torch.ones(1, 1, 3), None,
         {"stride": 2, "output_padding": 2}, "output padding must be smaller than either stride or dilation, but got "
                                             "output_padding_height: 0 output_padding_width: 2 stride_height: 1"),
        ("output_padding_3d", "conv_transpose3d", torch.ones(1, 1, 5, 5, 5), torch.ones(1, 1, 3, 3, 3), None,
         {"stride": 2, "output_padding": 2}, "output_padding_depth: 2 output_padding_height: 2"),
        ("transposed_int32", "conv_transpose1d", torch.ones(1, 1, 5, dtype=torch.int32),
         torch.ones(1, 1, 3, dtype=torch.int32), None, {},
         "\"slow_conv_transpose2d_out_cpu\" not implemented for 'Int'"),
        ("transposed3d_int32", "conv_transpose3d", torch.ones(1, 1, 3, 3, 3, dtype=torch.int32),
         torch.ones(1, 1, 2, 2, 2, dtype=torch.int32), None, {},
         "\"slow_conv_transpose3d_out_cpu\" not implemented for 'Int'"),
        ("half", "conv1d", torch.ones(1, 1, 5, dtype=torch.half), torch.ones(1, 1, 3, dtype=torch.half), None, {},
         "\"slow_conv2d_cpu\" not implemented for 'Half'"),
        ("bool3d", "conv3d", torch.ones(1, 1, 3, 3, 3, dtype=torch.bool), torch.ones(1, 1, 2, 2, 2, dtype=torch.bool),
         None, {}, "\"compute_columns3d\" not implemented for 'Bool'"),
    ]
    for name, fn, x, w, b, kwargs, msg in errs:
        add_conv(c, f"error.{name}", fn, x, w, b, kwargs, error_contains=msg)


def aten_form_cases(c):
    f = torch.float32
    x, w, b = values((2, 4, 7, 7), f), values((6, 2, 3, 3), f), values((6,), f)
    c.add("conv.convolution.forward", "conv", [x, w, b],
          lambda x, w, b: torch.convolution(x, w, b, [2, 1], [1, 1], [1, 1], False, [0, 0], 2),
          {"fn": "convolution", "stride": [2, 1], "padding": [1, 1], "dilation": [1, 1], "transposed": False,
           "output_padding": [0, 0], "groups": 2}, **tol(f))
    wt = values((4, 3, 3, 3), f)
    c.add("conv.convolution.transposed", "conv", [x, wt],
          lambda x, w: torch.convolution(x, w, None, [2, 2], [1, 1], [1, 1], True, [1, 1], 1),
          {"fn": "convolution", "stride": [2, 2], "padding": [1, 1], "dilation": [1, 1], "transposed": True,
           "output_padding": [1, 1], "groups": 1}, **tol(f))
    c.add("conv._convolution", "conv", [x, w, b],
          lambda x, w, b: torch._convolution(x, w, b, [1, 1], [0, 0], [1, 1], False, [0, 0], 2, False, False, True,
                                             True),
          {"fn": "_convolution", "stride": [1, 1], "padding": [0, 0], "dilation": [1, 1], "transposed": False,
           "output_padding": [0, 0], "groups": 2}, **tol(f))
    c.add("conv.convolution.rank_mismatch", "conv", [torch.ones(2, 5, 5), torch.ones(4, 2, 3, 3)],
          lambda x, w: torch.convolution(x, w, None, [1], [0], [1], False, [0], 1),
          {"fn": "convolution", "stride": [1], "padding": [0], "dilation": [1], "transposed": False,
           "output_padding": [0], "groups": 1},
          error_contains="Expected 4-dimensional input for 4-dimensional weight [4, 2, 3, 3], but got 3-dimensional "
                         "input of size [2, 5, 5] instead")


def cases(c):
    torch.manual_seed(0)
    forward_cases(c)
    pointwise_cases(c)
    depthwise_vector_cases(c)
    transposed_cases(c)
    error_cases(c)
    aten_form_cases(c)
