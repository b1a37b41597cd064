"""Differential cases for the pooling family: max_pool1d/2d/3d (with and without indices),
avg_pool1d/2d/3d, adaptive_avg_pool1d/2d/3d, adaptive_max_pool1d/2d/3d.

One adapter (ops_pool.cpp), "pool": args "fn" (the function's name), "kernel_size", "stride",
"padding", "dilation", "ceil_mode", "count_include_pad", "divisor_override", "output_size"
(all lists, as the aten schemas take them); the input is the only tensor."""
import torch
import torch.nn.functional as F

A = torch.ops.aten
DTYPES = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64,
          torch.float16, torch.bfloat16, torch.float32, torch.float64]


def dname(dt):
    return str(dt).replace("torch.", "")


def values(shape, dt, seed=0):
    g = torch.Generator().manual_seed(seed)
    if dt == torch.bool:
        return torch.randint(0, 2, shape, generator=g).bool()
    if dt.is_floating_point:
        return torch.randn(shape, generator=g).to(dt)
    lo = 0 if dt == torch.uint8 else -50
    return torch.randint(lo, 50, shape, generator=g).to(dt)


def tol(dt):
    if dt == torch.bfloat16:
        return {"rtol": 1.6e-2, "atol": 1e-2}
    if dt == torch.float16:
        return {"rtol": 1e-3, "atol": 1e-3}
    return {}


def call(fn, x, a):
    """PyTorch's answer for one case (same argument order as the aten schemas)."""
    k, s, p, d = a.get("kernel_size"), a.get("stride", []), a.get("padding", [0]), a.get("dilation", [1])
    cm = a.get("ceil_mode", False)
    if fn.startswith("max_pool"):
        return getattr(A, fn)(x, k, s, p, d, cm)
    if fn == "avg_pool1d":
        return A.avg_pool1d(x, k, s, p, cm, a.get("count_include_pad", True))
    if fn.startswith("avg_pool"):
        return getattr(A, fn)(x, k, s, p, cm, a.get("count_include_pad", True), a.get("divisor_override"))
    return getattr(A, fn)(x, a["output_size"])


def pytorch_error(f, prefix=48):
    """The start of PyTorch's message for a call that must fail (ember words it the same)."""
    try:
        f()
    except Exception as e:  # noqa: BLE001
        return str(e).split("\n")[0][:prefix]
    raise AssertionError("expected PyTorch to raise")


def add(c, name, fn, x, check_strides=False, error_contains=None, **a):
    args = dict(a, fn=fn)
    if error_contains == "auto":
        error_contains = pytorch_error(lambda: call(fn, x, a))
    extra = {} if error_contains else tol(x.dtype)
    c.add(f"pool.{name}", "pool", [x], lambda t: call(fn, t, a), args, check_strides=check_strides,
          error_contains=error_contains, **extra)


def channels_last(t):
    return t.contiguous(memory_format=torch.channels_last)


def dtype_cases(c):
    for dt in DTYPES:
        n = dname(dt)
        x1, x2, x3 = values((2, 3, 9), dt), values((2, 3, 7, 6), dt), values((1, 2, 5, 4, 6), dt)
        for fn, x, k in [("max_pool1d", x1, [3]), ("max_pool1d_with_indices", x1, [3]), ("max_pool2d", x2, [3, 2]),
                         ("max_pool2d_with_indices", x2, [3, 2]), ("max_pool3d", x3, [2, 2, 3]),
                         ("max_pool3d_with_indices", x3, [2, 2, 3])]:
            add(c, f"{fn}.{n}", fn, x, kernel_size=k, error_contains=None)
        add(c, f"avg_pool1d.{n}", "avg_pool1d", x1, kernel_size=[3])
        add(c, f"avg_pool2d.{n}", "avg_pool2d", x2, kernel_size=[3, 2])
        add(c, f"avg_pool3d.{n}", "avg_pool3d", x3, kernel_size=[2, 2, 3])
        add(c, f"adaptive_avg_pool1d.{n}", "adaptive_avg_pool1d", x1, output_size=[4])
        add(c, f"adaptive_avg_pool2d.{n}", "adaptive_avg_pool2d", x2, output_size=[3, 4])
        add(c, f"adaptive_avg_pool2d.global.{n}", "adaptive_avg_pool2d", x2, output_size=[1, 1])
        add(c, f"_adaptive_avg_pool2d.{n}", "_adaptive_avg_pool2d", x2, output_size=[1, 1])
        add(c, f"adaptive_avg_pool3d.{n}", "adaptive_avg_pool3d", x3, output_size=[2, 3, 4])
        add(c, f"adaptive_max_pool1d.{n}", "adaptive_max_pool1d", x1, output_size=[4])
        add(c, f"adaptive_max_pool2d.{n}", "adaptive_max_pool2d", x2, output_size=[3, 4])
        add(c, f"adaptive_max_pool3d.{n}", "adaptive_max_pool3d", x3, output_size=[2, 3, 4])


def max_cases(c):
    f = torch.float32
    x = values((2, 3, 11, 10), f)
    opts = [
        dict(kernel_size=[3], stride=[2], padding=[1]),
        dict(kernel_size=[3, 2], stride=[2, 1], padding=[1, 1], dilation=[1, 2]),
        dict(kernel_size=[3], stride=[2], padding=[1], ceil_mode=True),
        dict(kernel_size=[2], stride=[3], ceil_mode=True),
        dict(kernel_size=[4, 3], stride=[3, 2], padding=[2, 1], dilation=[2, 3], ceil_mode=True),
        dict(kernel_size=[5], padding=[2], stride=[1]),
        dict(kernel_size=[11, 10]),
    ]
    for i, o in enumerate(opts):
        for fn in ["max_pool2d", "max_pool2d_with_indices"]:
            add(c, f"{fn}.opts{i}", fn, x, **o)
            add(c, f"{fn}.opts{i}.channels_last", fn, channels_last(x), check_strides=True, **o)
            add(c, f"{fn}.opts{i}.double", fn, x.double(), **o)
    # Strided and non-contiguous inputs.
    add(c, "max_pool2d.transposed", "max_pool2d", values((2, 3, 10, 9), f).transpose(2, 3), kernel_size=[3],
        stride=[2], padding=[1])
    add(c, "max_pool2d.sliced", "max_pool2d", values((2, 6, 12, 12), f)[:, ::2, 1::2, ::3], kernel_size=[2])
    add(c, "max_pool2d_with_indices.sliced", "max_pool2d_with_indices", values((2, 6, 12, 12), f)[:, ::2, 1:, ::2],
        kernel_size=[3], stride=[2], padding=[1])
    add(c, "max_pool2d.unbatched", "max_pool2d", values((3, 8, 7), f), kernel_size=[3], stride=[2], padding=[1])
    add(c, "max_pool2d_with_indices.unbatched", "max_pool2d_with_indices", values((3, 8, 7), f), kernel_size=[2])
    add(c, "max_pool2d.one_pixel", "max_pool2d", values((2, 4, 1, 1), f), kernel_size=[1])
    add(c, "max_pool2d.one_pixel_padded", "max_pool2d", values((2, 4, 1, 1), f), kernel_size=[3], stride=[1],
        padding=[1])
    add(c, "max_pool2d.kernel_over_input", "max_pool2d", values((1, 2, 2, 3), f), kernel_size=[4], stride=[1],
        padding=[2])
    add(c, "max_pool2d.zero_batch", "max_pool2d", values((0, 3, 6, 6), f), kernel_size=[2])
    add(c, "max_pool2d_with_indices.zero_batch", "max_pool2d_with_indices", values((0, 3, 6, 6), f), kernel_size=[2])
    add(c, "max_pool2d.wide", "max_pool2d", values((1, 4, 19, 67), f), kernel_size=[3], stride=[2], padding=[1])
    add(c, "max_pool2d.resnet", "max_pool2d", values((1, 16, 56, 56), f), kernel_size=[3], stride=[2], padding=[1])
    add(c, "max_pool2d.resnet_channels_last", "max_pool2d", channels_last(values((2, 16, 28, 28), f)),
        kernel_size=[3], stride=[2], padding=[1], check_strides=True)
    # Stride 2 along the width takes the vectorised even-lane pass: widths around and past two
    # vectors, kernels 2..5, paddings 0..2, ceil mode, NaNs and infinities inside the vector part.
    for w in [5, 33, 34, 35, 47, 64, 113]:
        xs = values((2, 3, 7, w), f)
        for k, p, ceil in [(3, 1, False), (2, 0, False), (3, 0, True), (5, 2, False), (4, 1, True)]:
            o = dict(kernel_size=[3, k], stride=[2, 2], padding=[1, p], ceil_mode=ceil)
            add(c, f"max_pool2d.stride2.w{w}.k{k}p{p}{'c' if ceil else ''}", "max_pool2d", xs, **o)
        add(c, f"max_pool2d.stride2.w{w}.double", "max_pool2d", xs.double(), kernel_size=[3], stride=[2], padding=[1])
        add(c, f"max_pool2d.stride2.w{w}.one_row", "max_pool2d", xs, kernel_size=[1, 3], stride=[1, 2], padding=[0, 1])
    wide_nan = values((1, 2, 3, 70), f)
    wide_nan[0, 0, 1, 20] = float("nan")
    wide_nan[0, 0, 2, 41] = float("inf")
    wide_nan[0, 1, 0, 33] = float("nan")
    wide_nan[0, 1, 1, 64] = float("-inf")
    add(c, "max_pool2d.stride2.nan", "max_pool2d", wide_nan, kernel_size=[3], stride=[2], padding=[1])
    add(c, "max_pool1d.stride2.nan", "max_pool1d", wide_nan.flatten(2), kernel_size=[3], stride=[2], padding=[1])
    nan = values((1, 2, 6, 6), f)
    nan[0, 0, 1, 1] = float("nan")
    nan[0, 1, 4, 2] = float("nan")
    nan[0, 1, 4, 4] = float("nan")
    nan[0, 0, 3, 3] = float("inf")
    nan[0, 1, 0, 0] = float("-inf")
    for fn in ["max_pool2d", "max_pool2d_with_indices", "max_pool1d", "max_pool1d_with_indices"]:
        t = nan if "2d" in fn else nan.flatten(2)
        add(c, f"{fn}.nan", fn, t, kernel_size=[3], stride=[2], padding=[1])
    add(c, "max_pool2d.nan_channels_last", "max_pool2d", channels_last(nan), kernel_size=[2])
    ties = torch.tensor([[[[1.0, 1.0, 2.0], [2.0, 1.0, 2.0], [0.0, 2.0, 2.0]]]])
    add(c, "max_pool2d_with_indices.ties", "max_pool2d_with_indices", ties, kernel_size=[2], stride=[1])
    add(c, "max_pool2d.all_neg_inf", "max_pool2d", torch.full((1, 1, 4, 4), float("-inf")), kernel_size=[2])
    # 1-D.
    x1 = values((2, 5, 17), f)
    for fn in ["max_pool1d", "max_pool1d_with_indices"]:
        add(c, f"{fn}.params", fn, x1, kernel_size=[4], stride=[3], padding=[2], dilation=[2], ceil_mode=True)
        add(c, f"{fn}.unbatched", fn, x1[0], kernel_size=[3])
        add(c, f"{fn}.strided", fn, x1.transpose(0, 1), kernel_size=[2], stride=[1])
        add(c, f"{fn}.zero_batch", fn, values((0, 3, 8), f), kernel_size=[2])
    add(c, "max_pool1d.empty_output", "max_pool1d", values((2, 3, 5), f), kernel_size=[7])
    add(c, "max_pool1d.negative_output", "max_pool1d", x1[0], kernel_size=[7], stride=[1], padding=[0],
        dilation=[3])
    # 3-D.
    x3 = values((2, 3, 6, 7, 8), f)
    for fn in ["max_pool3d", "max_pool3d_with_indices"]:
        add(c, f"{fn}.params", fn, x3, kernel_size=[3, 2, 3], stride=[2, 1, 2], padding=[1, 1, 0],
            dilation=[1, 2, 1], ceil_mode=True)
        add(c, f"{fn}.unbatched", fn, x3[0], kernel_size=[2])
        add(c, f"{fn}.channels_last", fn, x3.contiguous(memory_format=torch.channels_last_3d), kernel_size=[2])


def avg_cases(c):
    f = torch.float32
    x = values((2, 3, 11, 10), f)
    opts = [
        dict(kernel_size=[3], stride=[2], padding=[1]),
        dict(kernel_size=[3], stride=[2], padding=[1], count_include_pad=False),
        dict(kernel_size=[3, 2], stride=[2, 3], padding=[1, 1], ceil_mode=True),
        dict(kernel_size=[3, 2], stride=[2, 3], padding=[1, 1], ceil_mode=True, count_include_pad=False),
        dict(kernel_size=[2], stride=[3], ceil_mode=True),
        dict(kernel_size=[3], stride=[2], padding=[1], divisor_override=5),
        dict(kernel_size=[4, 5], stride=[1], padding=[2, 2], ceil_mode=True, divisor_override=-3),
        dict(kernel_size=[11, 10]),
    ]
    for i, o in enumerate(opts):
        add(c, f"avg_pool2d.opts{i}", "avg_pool2d", x, **o)
        add(c, f"avg_pool2d.opts{i}.channels_last", "avg_pool2d", channels_last(x), check_strides=True, **o)
        add(c, f"avg_pool2d.opts{i}.int64", "avg_pool2d", values(x.shape, torch.int64), **o)
        add(c, f"avg_pool2d.opts{i}.bfloat16", "avg_pool2d", x.bfloat16(), **o)
    add(c, "avg_pool2d.int64_negative", "avg_pool2d", torch.tensor([[[[-7, 0], [0, 0]]]]), kernel_size=[2])
    add(c, "avg_pool2d.strided", "avg_pool2d", values((2, 6, 12, 12), f)[:, ::2, 1:, ::3], kernel_size=[2])
    add(c, "avg_pool2d.unbatched", "avg_pool2d", values((3, 8, 7), f), kernel_size=[3], stride=[2], padding=[1])
    add(c, "avg_pool2d.zero_batch", "avg_pool2d", values((0, 3, 6, 6), f), kernel_size=[2])
    add(c, "avg_pool2d.one_pixel_padded", "avg_pool2d", values((2, 4, 1, 1), f), kernel_size=[3], stride=[1],
        padding=[1], count_include_pad=False)
    add(c, "avg_pool2d.resnet", "avg_pool2d", values((1, 16, 56, 56), f), kernel_size=[2])
    x1 = values((2, 5, 17), f)
    add(c, "avg_pool1d.params", "avg_pool1d", x1, kernel_size=[4], stride=[3], padding=[2], ceil_mode=True,
        count_include_pad=False)
    add(c, "avg_pool1d.unbatched", "avg_pool1d", x1[0], kernel_size=[3], padding=[1])
    add(c, "avg_pool1d.strided", "avg_pool1d", x1.transpose(0, 1), kernel_size=[2])
    x3 = values((2, 3, 6, 7, 8), f)
    add(c, "avg_pool3d.params", "avg_pool3d", x3, kernel_size=[3, 2, 3], stride=[2, 1, 2], padding=[1, 1, 0],
        ceil_mode=True)
    add(c, "avg_pool3d.no_pad_count", "avg_pool3d", x3, kernel_size=[3], stride=[2], padding=[1],
        count_include_pad=False)
    add(c, "avg_pool3d.divisor", "avg_pool3d", x3, kernel_size=[2], divisor_override=3)
    add(c, "avg_pool3d.unbatched", "avg_pool3d", x3[0], kernel_size=[2])
    add(c, "avg_pool3d.int64_padded", "avg_pool3d", values((1, 2, 4, 5, 6), torch.int64), kernel_size=[2], padding=[1])


def adaptive_cases(c):
    f = torch.float32
    x = values((2, 3, 11, 10), f)
    for o in [[1, 1], [3, 4], [11, 10], [7, 3], [20, 13], [0, 3], [1, 5]]:
        tag = "x".join(map(str, o))
        add(c, f"adaptive_avg_pool2d.{tag}", "adaptive_avg_pool2d", x, output_size=o)
        add(c, f"adaptive_avg_pool2d.{tag}.channels_last", "adaptive_avg_pool2d", channels_last(x), output_size=o,
            check_strides=True)
        add(c, f"adaptive_max_pool2d.{tag}", "adaptive_max_pool2d", x, output_size=o)
        add(c, f"adaptive_max_pool2d.{tag}.channels_last", "adaptive_max_pool2d", channels_last(x), output_size=o,
            check_strides=True)
    add(c, "adaptive_avg_pool2d.strided", "adaptive_avg_pool2d", values((2, 6, 12, 12), f)[:, ::2, 1:, ::3],
        output_size=[2, 3])
    add(c, "adaptive_avg_pool2d.unbatched", "adaptive_avg_pool2d", x[0], output_size=[3, 3])
    add(c, "adaptive_avg_pool2d.unbatched_global", "adaptive_avg_pool2d", x[0], output_size=[1, 1])
    add(c, "adaptive_avg_pool2d.rank2_global", "adaptive_avg_pool2d", x[0, 0], output_size=[1, 1])
    add(c, "adaptive_avg_pool2d.zero_batch", "adaptive_avg_pool2d", values((0, 3, 6, 6), f), output_size=[2, 2])
    add(c, "adaptive_avg_pool2d.global_large", "adaptive_avg_pool2d", values((2, 8, 56, 56), f), output_size=[1, 1])
    add(c, "adaptive_avg_pool2d.global_large_channels_last", "adaptive_avg_pool2d",
        channels_last(values((2, 64, 7, 7), f)), output_size=[1, 1], check_strides=True)
    add(c, "adaptive_avg_pool2d.double", "adaptive_avg_pool2d", x.double(), output_size=[4, 6])
    add(c, "adaptive_max_pool2d.strided", "adaptive_max_pool2d", values((2, 6, 12, 12), f)[:, ::2, 1:, ::3],
        output_size=[2, 3])
    add(c, "adaptive_max_pool2d.unbatched", "adaptive_max_pool2d", x[0], output_size=[3, 3])
    nan = values((1, 2, 6, 6), f)
    nan[0, 0, 1, 1] = float("nan")
    nan[0, 1, 5, 5] = float("nan")
    add(c, "adaptive_max_pool2d.nan", "adaptive_max_pool2d", nan, output_size=[4, 4])
    x1 = values((2, 5, 17), f)
    for fn in ["adaptive_avg_pool1d", "adaptive_max_pool1d"]:
        add(c, f"{fn}.params", fn, x1, output_size=[5])
        add(c, f"{fn}.unbatched", fn, x1[0], output_size=[1])
        add(c, f"{fn}.strided", fn, x1.transpose(0, 1), output_size=[3])
        add(c, f"{fn}.upsample", fn, x1, output_size=[30])
    x3 = values((2, 3, 6, 7, 8), f)
    for fn in ["adaptive_avg_pool3d", "adaptive_max_pool3d"]:
        add(c, f"{fn}.params", fn, x3, output_size=[4, 3, 5])
        add(c, f"{fn}.global", fn, x3, output_size=[1, 1, 1])
        add(c, f"{fn}.unbatched", fn, x3[0], output_size=[2, 2, 2])


def error_cases(c):
    x = values((1, 2, 5, 5), torch.float32)
    e = "error"
    bad = [
        ("max_pool2d", x, dict(kernel_size=[1, 2, 3])),
        ("max_pool2d", x, dict(kernel_size=[2], stride=[1, 1, 1])),
        ("max_pool2d", x, dict(kernel_size=[2], padding=[1, 1, 1])),
        ("max_pool2d", x, dict(kernel_size=[2], dilation=[1, 1, 1])),
        ("max_pool2d", x, dict(kernel_size=[0])),
        ("max_pool2d", x, dict(kernel_size=[2], stride=[0])),
        ("max_pool2d", x, dict(kernel_size=[2], dilation=[0])),
        ("max_pool2d", x, dict(kernel_size=[2], padding=[2])),
        ("max_pool2d", x, dict(kernel_size=[2], padding=[-1])),
        ("max_pool2d", x, dict(kernel_size=[6])),
        ("max_pool2d", x[0, 0], dict(kernel_size=[2])),
        ("max_pool2d", values((1, 0, 4, 4), torch.float32), dict(kernel_size=[2])),
        ("max_pool2d_with_indices", x, dict(kernel_size=[6])),
        ("max_pool1d", x[0], dict(kernel_size=[1, 2])),
        ("max_pool1d", x[0], dict(kernel_size=[2], padding=[2])),
        ("max_pool1d", x, dict(kernel_size=[2])),
        ("max_pool1d", x[0], dict(kernel_size=[0])),
        ("max_pool1d", x[0], dict(kernel_size=[2], stride=[0])),
        ("max_pool1d", x[0], dict(kernel_size=[2], dilation=[0])),
        ("max_pool1d_with_indices", x[0], dict(kernel_size=[7])),
        ("max_pool1d_with_indices", x, dict(kernel_size=[2])),
        ("max_pool3d", x, dict(kernel_size=[6])),
        ("max_pool3d", x[0], dict(kernel_size=[2])),
        ("avg_pool2d", x, dict(kernel_size=[1, 2, 3])),
        ("avg_pool2d", x, dict(kernel_size=[2], padding=[2])),
        ("avg_pool2d", x, dict(kernel_size=[6])),
        ("avg_pool2d", x[0, 0], dict(kernel_size=[2])),
        ("avg_pool2d", x, dict(kernel_size=[2], divisor_override=0)),
        ("avg_pool1d", x[0], dict(kernel_size=[1, 2])),
        ("avg_pool1d", x, dict(kernel_size=[2])),
        ("avg_pool3d", x.unsqueeze(0), dict(kernel_size=[6])),
        ("adaptive_avg_pool2d", x, dict(output_size=[-1, 2])),
        ("adaptive_avg_pool2d", x, dict(output_size=[1, 2, 3])),
        ("adaptive_avg_pool2d", values((1, 2, 0, 3), torch.float32), dict(output_size=[2, 2])),
        ("adaptive_avg_pool2d", x[0, 0], dict(output_size=[2, 2])),
        ("adaptive_avg_pool1d", x[0], dict(output_size=[1, 2])),
        ("adaptive_avg_pool1d", x, dict(output_size=[2])),
        ("adaptive_max_pool2d", x[0, 0], dict(output_size=[2, 2])),
        ("adaptive_max_pool2d", x, dict(output_size=[1, 2, 3])),
        ("adaptive_max_pool2d", values((1, 2, 0, 3), torch.float32), dict(output_size=[2, 2])),
        ("adaptive_max_pool1d", x, dict(output_size=[2])),
        ("adaptive_avg_pool3d", x, dict(output_size=[2, 2])),
        ("adaptive_max_pool3d", x[0], dict(output_size=[2, 2, 2])),
    ]
    for i, (fn, t, a) in enumerate(bad):
        add(c, f"{fn}.error{i}", fn, t, error_contains="auto", **a)


def cases(c):
    dtype_cases(c)
    max_cases(c)
    avg_cases(c)
    adaptive_cases(c)
    error_cases(c)
