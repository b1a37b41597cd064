"""Differential cases for the upsampling family: nearest / nearest-exact 1-3d, linear1d,
bilinear2d, bicubic2d, trilinear3d, in explicit form (output size and scales) and `.vec` form
(output size or scale factors), align_corners both ways, channels-last, strided inputs.

One adapter (ops_upsample.cpp), "upsample": args "fn" (aten name without overload), "vec"
(bool), "output_size" (list or null), "scales" (explicit form: list of float-or-null),
"scale_factors" (vec form: list or null), "align_corners"."""
import torch

A = torch.ops.aten
DTYPES = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64,
          torch.float16, torch.bfloat16, torch.float32, torch.float64]
NEAREST = ["upsample_nearest1d", "upsample_nearest2d", "upsample_nearest3d",
           "_upsample_nearest_exact1d", "_upsample_nearest_exact2d", "_upsample_nearest_exact3d"]
LINEAR = ["upsample_linear1d", "upsample_bilinear2d", "upsample_bicubic2d", "upsample_trilinear3d"]
SPATIAL = {"upsample_nearest1d": 1, "upsample_nearest2d": 2, "upsample_nearest3d": 3,
           "_upsample_nearest_exact1d": 1, "_upsample_nearest_exact2d": 2, "_upsample_nearest_exact3d": 3,
           "upsample_linear1d": 1, "upsample_bilinear2d": 2, "upsample_bicubic2d": 2, "upsample_trilinear3d": 3}


def values(shape, dt, seed=0):
    g = torch.Generator().manual_seed(seed)
    if dt == torch.bool:
        return torch.randint(0, 2, shape, generator=g).bool()
    if dt.is_floating_point:
        return torch.randn(shape, generator=g).to(dt)
    return torch.randint(0, 100, shape, generator=g).to(dt)


def tol(dt):
    if dt == torch.bfloat16:
        return {"rtol": 3e-2, "atol": 6e-2}
    if dt == torch.float32:
        return {"rtol": 1e-5, "atol": 1e-5}
    return {}


def pytorch_error(f, prefix=48):
    try:
        f()
    except Exception as e:  # noqa: BLE001
        return str(e).split("\n")[0][:prefix]
    raise AssertionError("expected PyTorch to raise")


def call(fn, x, a):
    f = getattr(A, fn)
    lin = fn in LINEAR
    if a.get("vec"):
        if lin:
            return f(x, a.get("output_size"), a.get("align_corners", False), a.get("scale_factors"))
        return f(x, a.get("output_size"), a.get("scale_factors"))
    scales = a.get("scales", [])
    if lin:
        return f(x, a["output_size"], a.get("align_corners", False), *scales)
    return f(x, a["output_size"], *scales)


def add(c, name, fn, x, check_strides=False, error=False, **a):
    args = dict(a, fn=fn)
    extra = tol(x.dtype)
    if error:
        extra = {"error_contains": pytorch_error(lambda: call(fn, x, a))}
    c.add(f"upsample.{name}", "upsample", [x], lambda t: call(fn, t, a), args, check_strides=check_strides, **extra)


def shape_for(s, n=2, ch=3, base=(4, 5, 6)):
    return (n, ch) + tuple(base[3 - s:])


def dtype_cases(c):
    for fn in NEAREST + LINEAR:
        s = SPATIAL[fn]
        for dt in DTYPES:
            x = values(shape_for(s), dt)
            add(c, f"{fn}.{str(dt)[6:]}", fn, x, output_size=[7, 9, 11][:s])


def size_cases(c):
    for fn in NEAREST + LINEAR:
        s = SPATIAL[fn]
        x = values(shape_for(s), torch.float32)
        sizes = {"up": [7, 9, 11][:s], "down": [3, 2, 4][:s], "same": list(x.shape[2:]), "double": [2 * v for v in x.shape[2:]],
                 "one": [1] * s, "odd": [13, 3, 17][:s]}
        aligns = [False, True] if fn in LINEAR else [False]
        for tag, size in sizes.items():
            for al in aligns:
                sfx = ".align" if al else ""
                add(c, f"{fn}.{tag}{sfx}", fn, x, output_size=size, align_corners=al)
        add(c, f"{fn}.double_precision", fn, x.double(), output_size=[7, 9, 11][:s])
        # Explicit scales that disagree with the size ratio: they define the source positions.
        # (Scales below size / input size make PyTorch 1.13's trilinear kernel read out of bounds.)
        add(c, f"{fn}.scales", fn, x, output_size=[7, 9, 11][:s], scales=[1.7, 2.3, 1.9][:s])
        add(c, f"{fn}.scales_none", fn, x, output_size=[7, 9, 11][:s], scales=[None, 2.5, None][:s])
        # .vec: scale factors (size = floor(in * factor)) or an output size.
        add(c, f"{fn}.vec_factors", fn, x, vec=True, output_size=None, scale_factors=[1.5, 2.7, 0.6][:s])
        add(c, f"{fn}.vec_factors2", fn, x, vec=True, output_size=None, scale_factors=[2.0, 2.0, 2.0][:s])
        add(c, f"{fn}.vec_size", fn, x, vec=True, output_size=[5, 8, 3][:s], scale_factors=None)
        if fn in LINEAR:
            add(c, f"{fn}.vec_factors.align", fn, x, vec=True, output_size=None, scale_factors=[1.5, 2.7, 0.6][:s],
                align_corners=True)
        # Layouts.
        strided = values(shape_for(s, base=(8, 10, 12)), torch.float32)[(slice(None), slice(None)) + (slice(None, None, 2),) * s]
        add(c, f"{fn}.strided", fn, strided, output_size=[6, 5, 7][:s])
        add(c, f"{fn}.transposed", fn, x.transpose(0, 1), output_size=[6, 5, 7][:s])
        if s >= 2:
            fmt = torch.channels_last if s == 2 else torch.channels_last_3d
            add(c, f"{fn}.channels_last", fn, x.contiguous(memory_format=fmt), output_size=[7, 9, 11][:s],
                check_strides=True)
            add(c, f"{fn}.channels_last_factors", fn, x.contiguous(memory_format=fmt), vec=True, output_size=None,
                scale_factors=[1.3, 2.0, 0.7][:s], check_strides=True)
        add(c, f"{fn}.zero_batch", fn, values(shape_for(s, n=0), torch.float32), output_size=[3, 4, 5][:s])
        add(c, f"{fn}.one_pixel", fn, values(shape_for(s, base=(1, 1, 1)), torch.float32), output_size=[3, 4, 5][:s])
    add(c, "upsample_bilinear2d.large", "upsample_bilinear2d", values((1, 8, 56, 56), torch.float32),
        output_size=[112, 112])
    add(c, "upsample_bilinear2d.large_channels_last", "upsample_bilinear2d",
        values((1, 8, 28, 28), torch.float32).contiguous(memory_format=torch.channels_last), output_size=[56, 56],
        check_strides=True)
    add(c, "upsample_bilinear2d.bfloat16_channels_last", "upsample_bilinear2d",
        values((1, 4, 5, 6), torch.bfloat16).contiguous(memory_format=torch.channels_last), output_size=[9, 13],
        check_strides=True)
    impulse = torch.zeros(1, 1, 1, 5, dtype=torch.bfloat16)
    impulse[0, 0, 0, 2] = 1
    for fn in ["upsample_bicubic2d", "upsample_bilinear2d"]:
        add(c, f"{fn}.bfloat16_impulse", fn, impulse, output_size=[1, 9])
        add(c, f"{fn}.bfloat16_impulse_align", fn, impulse, output_size=[1, 9], align_corners=True)
    add(c, "upsample_nearest2d.uint8_channels_last", "upsample_nearest2d",
        values((1, 4, 5, 6), torch.uint8).contiguous(memory_format=torch.channels_last), output_size=[9, 13],
        check_strides=True)


def error_cases(c):
    x = values((1, 2, 3, 4), torch.float32)
    bad = [
        ("upsample_bilinear2d", x[0], dict(output_size=[4, 4])),
        ("upsample_bilinear2d", x, dict(output_size=[4])),
        ("upsample_bilinear2d", x, dict(output_size=[0, 4])),
        ("upsample_bilinear2d", values((1, 2, 0, 4), torch.float32), dict(output_size=[2, 4])),
        ("upsample_bilinear2d", values((1, 0, 3, 4), torch.float32), dict(output_size=[2, 4])),
        ("upsample_bilinear2d", x, dict(vec=True, output_size=[4, 4], scale_factors=[2.0, 2.0])),
        ("upsample_bilinear2d", x, dict(vec=True, output_size=None, scale_factors=None)),
        ("upsample_bilinear2d", x, dict(vec=True, output_size=None, scale_factors=[2.0])),
        ("upsample_bilinear2d", x, dict(vec=True, output_size=[2], scale_factors=None)),
        ("upsample_nearest2d", x[0], dict(output_size=[4, 4])),
        ("upsample_nearest1d", x, dict(output_size=[4])),
        ("upsample_nearest3d", x, dict(output_size=[4, 4, 4])),
        ("upsample_linear1d", x, dict(output_size=[4])),
        ("upsample_trilinear3d", x, dict(output_size=[4, 4, 4])),
        ("upsample_bicubic2d", x, dict(output_size=[4, 4, 4])),
        ("upsample_nearest2d", x, dict(vec=True, output_size=None, scale_factors=[0.1, 1.0])),
    ]
    for i, (fn, t, a) in enumerate(bad):
        add(c, f"{fn}.error{i}", fn, t, error=True, **a)


def cases(c):
    dtype_cases(c)
    size_cases(c)
    error_cases(c)
