"""Differential cases for the padding family: constant_pad_nd, reflection_pad1d/2d/3d,
replication_pad1d/2d/3d, _pad_circular, aten::pad (every mode) and _pad_enum.

One adapter (ops_pad.cpp), "pad": args "fn", "pad" (list), "value" (number, for constant_pad_nd
and pad), "mode" (string for pad, int for _pad_enum)."""
import torch

A = torch.ops.aten
DTYPES = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64,
          torch.float16, torch.bfloat16, torch.float32, torch.float64]
MODES = {"reflect": 0, "replicate": 1, "circular": 2, "constant": 3}


def values(shape, dt, seed=0):
    g = torch.Generator().manual_seed(seed)
    if dt == torch.bool:
        return torch.randint(0, 2, shape, generator=g).bool()
    if dt.is_floating_point:
        return torch.randn(shape, generator=g).to(dt)
    return torch.randint(0, 100, shape, generator=g).to(dt)


def pytorch_error(f, prefix=48):
    try:
        f()
    except Exception as e:  # noqa: BLE001
        return str(e).split("\n")[0][:prefix]
    raise AssertionError("expected PyTorch to raise")


def call(fn, x, a):
    if fn == "constant_pad_nd":
        return A.constant_pad_nd(x, a["pad"], a.get("value", 0))
    if fn == "pad":
        return A.pad(x, a["pad"], a.get("mode", "constant"), a.get("value"))
    if fn == "_pad_enum":
        return A._pad_enum(x, a["pad"], a["mode"], a.get("value"))
    return getattr(A, fn)(x, a["pad"])


def add(c, name, fn, x, check_strides=False, error=False, contains=None, **a):
    args = dict(a, fn=fn)
    extra = {}
    if error:
        extra = {"error_contains": contains if contains is not None else pytorch_error(lambda: call(fn, x, a))}
    c.add(f"pad.{name}", "pad", [x], lambda t: call(fn, t, a), args, check_strides=check_strides, **extra)


def cases(c):
    for dt in DTYPES:
        n = str(dt)[6:]
        x = values((2, 3, 4, 5), dt)
        add(c, f"constant_pad_nd.{n}", "constant_pad_nd", x, pad=[1, 2, 0, 1], value=1)
        for fn, k in [("reflection_pad1d", 1), ("reflection_pad2d", 2), ("reflection_pad3d", 3),
                      ("replication_pad1d", 1), ("replication_pad2d", 2), ("replication_pad3d", 3)]:
            t = x[0] if k == 1 else x
            add(c, f"{fn}.{n}", fn, t if k < 3 else x.unsqueeze(0), pad=[1, 2, 2, 1, 1, 0][:2 * k])
        add(c, f"circular.{n}", "_pad_circular", x, pad=[1, 2, 2, 1])
    f = torch.float32
    x = values((2, 3, 4, 5), f)
    cl = x.contiguous(memory_format=torch.channels_last)
    # constant_pad_nd
    for i, p in enumerate([[1, 1], [0, 2, 3, 0], [1, 1, 1, 1, 1, 1, 1, 1], [-1, 2], [-2, -1, 1, 1], [0, 0],
                           [-1, 0, 0, -2], [2, -3, -1, 1, 1, 0]]):
        add(c, f"constant_pad_nd.pad{i}", "constant_pad_nd", x, pad=p, value=-2.5)
        add(c, f"constant_pad_nd.pad{i}.channels_last", "constant_pad_nd", cl, pad=p, check_strides=True)
    add(c, "constant_pad_nd.int_float_value", "constant_pad_nd", values((3, 4), torch.int32), pad=[1, 1], value=2.7)
    add(c, "constant_pad_nd.bool_value", "constant_pad_nd", values((3, 4), torch.bool), pad=[1, 1, 1, 0], value=True)
    add(c, "constant_pad_nd.inf_value", "constant_pad_nd", x, pad=[1, 1], value=float("-inf"))
    add(c, "constant_pad_nd.strided", "constant_pad_nd", x.transpose(1, 3)[:, ::2], pad=[1, 2, 3, 4])
    add(c, "constant_pad_nd.scalar_input", "constant_pad_nd", torch.tensor(3.0), pad=[])
    add(c, "constant_pad_nd.zero_size", "constant_pad_nd", values((0, 3), f), pad=[1, 1])
    add(c, "constant_pad_nd.zero_size_padded", "constant_pad_nd", values((0, 3), f), pad=[1, 1, 2, 0])
    # Reflection / replication / circular with every shape of pad, negative pads included.
    for fn, k in [("reflection_pad1d", 1), ("reflection_pad2d", 2), ("reflection_pad3d", 3),
                  ("replication_pad1d", 1), ("replication_pad2d", 2), ("replication_pad3d", 3)]:
        base = values((2, 3, 5, 6, 7), f)
        batched = base[(0,) * (3 - k)] if k < 3 else base
        unbatched = batched[0]
        pads = [[2, 3, 1, 4, 2, 0], [0, 0, 0, 0, 0, 0], [-1, 2, 3, -2, 1, 1], [4, 4, 4, 4, 4, 4], [-2, -2, 1, 1, 0, 0]]
        for i, p in enumerate(pads):
            add(c, f"{fn}.pad{i}", fn, batched, pad=p[:2 * k])
            add(c, f"{fn}.pad{i}.unbatched", fn, unbatched, pad=p[:2 * k])
        add(c, f"{fn}.strided", fn, batched.transpose(-1, -2)[..., ::2], pad=[1, 1, 1, 1, 1, 1][:2 * k])
        add(c, f"{fn}.double", fn, batched.double(), pad=[1, 2, 1, 2, 1, 2][:2 * k])
        add(c, f"{fn}.zero_batch", fn, values((0,) + tuple(batched.shape[1:]), f), pad=[1, 1, 1, 1, 1, 1][:2 * k])
        add(c, f"{fn}.error.rank", fn, values((2,) * (k + 3), f), pad=[1, 1, 1, 1, 1, 1][:2 * k], error=True)
        # PyTorch's 1-D reflection message starts with a stray digit ("2input (W: 7)is too small").
        add(c, f"{fn}.error.too_small", fn, batched, pad=[-7, -7, -7, -7, -7, -7][:2 * k], error=True,
            contains="is too small" if fn == "reflection_pad1d" else None)
    add(c, "reflection_pad2d.error.pad_too_big_w", "reflection_pad2d", x, pad=[5, 0, 0, 0], error=True)
    add(c, "reflection_pad2d.error.pad_too_big_h", "reflection_pad2d", x, pad=[0, 0, 0, 4], error=True)
    add(c, "reflection_pad1d.error.pad_too_big", "reflection_pad1d", x[0], pad=[0, 5], error=True)
    add(c, "reflection_pad3d.error.pad_too_big", "reflection_pad3d", x.unsqueeze(0), pad=[0, 0, 0, 0, 0, 3],
        error=True)
    add(c, "reflection_pad2d.channels_last", "reflection_pad2d", cl, pad=[1, 2, 1, 2], check_strides=True)
    add(c, "replication_pad2d.channels_last", "replication_pad2d", cl, pad=[1, 2, 1, 2], check_strides=True)
    for i, p in enumerate([[1, 2], [1, 2, 2, 1], [-1, 2, 2, -1], [5, 5, 0, 0], [0, 0, 0, 0], [-2, -1, 1, -3]]):
        add(c, f"_pad_circular.pad{i}", "_pad_circular", x, pad=p if len(p) == 4 else p)
    add(c, "_pad_circular.3d", "_pad_circular", x[0], pad=[2, 3])
    add(c, "_pad_circular.5d", "_pad_circular", values((1, 2, 3, 4, 5), f), pad=[1, 1, 2, 2, 3, 3])
    add(c, "_pad_circular.error.wrap", "_pad_circular", x, pad=[6, 0, 0, 0], error=True)
    add(c, "_pad_circular.error.size", "_pad_circular", x, pad=[1, 1, 1, 1, 1, 1], error=True)
    add(c, "_pad_circular.error.negative", "_pad_circular", x, pad=[-4, -3, 0, 0], error=True)
    # aten::pad routes by mode and rank.
    for mode in MODES:
        for i, (t, p) in enumerate([(x[0], [1, 2]), (x, [1, 2]), (x, [1, 2, 2, 1]), (x[0], [1, 1, 2, 2]),
                                    (x.unsqueeze(0), [1, 1, 1, 1, 1, 1]), (x, [1, 1, 1, 1, 1, 1])]):
            add(c, f"pad.{mode}.case{i}", "pad", t, pad=p, mode=mode)
            add(c, f"_pad_enum.{mode}.case{i}", "_pad_enum", t, pad=p, mode=MODES[mode])
    add(c, "pad.constant_value", "pad", x, pad=[1, 1], mode="constant", value=3.5)
    add(c, "pad.error.value", "pad", x, pad=[1, 1], mode="reflect", value=1.0, error=True)
    add(c, "pad.error.zero_value", "pad", x, pad=[1, 1], mode="reflect", value=0.0, error=True)
    add(c, "_pad_enum.zero_value", "_pad_enum", x[0], pad=[1, 1], mode=1, value=0.0)
    add(c, "_pad_enum.error.value", "_pad_enum", x[0], pad=[1, 1], mode=1, value=2.0, error=True)
    add(c, "_pad_enum.error.mode", "_pad_enum", x[0], pad=[1, 1], mode=4, error=True)
    add(c, "pad.error.mode", "pad", x, pad=[1, 1], mode="wrap", error=True)
    add(c, "pad.error.odd", "pad", x, pad=[1, 1, 1], mode="reflect", error=True)
    add(c, "pad.error.long", "pad", x, pad=[1] * 10, mode="replicate", error=True)
    add(c, "pad.error.rank", "pad", x[0, 0, 0], pad=[1, 1], mode="reflect", error=True)
    add(c, "pad.error.constant_odd", "pad", x, pad=[1], mode="constant", error=True)
    add(c, "constant_pad_nd.error.odd", "constant_pad_nd", x, pad=[1, 2, 3], error=True)
    add(c, "constant_pad_nd.error.long", "constant_pad_nd", x, pad=[1] * 10, error=True)
    add(c, "constant_pad_nd.error.negative", "constant_pad_nd", x, pad=[-3, -3, 1, 1], error=True)
