"""Differential cases for the normalisation family: batch_norm / native_batch_norm /
_batch_norm_impl_index (evaluation and training, running statistics updated in place),
layer_norm / native_layer_norm, group_norm / native_group_norm, instance_norm.

One adapter (ops_norm.cpp), "norm": args "fn", "present" (which of weight, bias, running_mean,
running_var follow the input, in that order), "training", "momentum", "eps",
"normalized_shape", "num_groups", "use_input_stats". Ops that write the running statistics
also return them (after the call) so that the in-place update is compared."""
import torch

A = torch.ops.aten
PARAMS = ["weight", "bias", "running_mean", "running_var"]


def rnd(shape, dt=torch.float32, seed=0, lo=None):
    g = torch.Generator().manual_seed(seed)
    t = torch.randn(shape, generator=g, dtype=torch.float64)
    if lo is not None:
        t = t.abs() + lo
    return t.to(dt)


def tol(dt):
    if dt == torch.bfloat16:
        return {"rtol": 2e-2, "atol": 3e-2}
    if dt == torch.float32:
        return {"rtol": 1e-4, "atol": 1e-4}
    return {}


def pytorch_error(f, prefix=48):
    try:
        f()
    except Exception as e:  # noqa: BLE001
        return str(e).split("\n")[0][:prefix]
    raise AssertionError("expected PyTorch to raise")


def call(fn, x, p, a):
    w, b, rm, rv = (p.get(k) for k in PARAMS)
    mom, eps = a.get("momentum", 0.1), a.get("eps", 1e-5)
    if fn == "batch_norm":
        return (A.batch_norm(x, w, b, rm, rv, a["training"], mom, eps, False),) + tuple(
            t for t in (rm, rv) if t is not None)
    if fn == "native_batch_norm":
        return A.native_batch_norm(x, w, b, rm, rv, a["training"], mom, eps) + tuple(
            t for t in (rm, rv) if t is not None)
    if fn == "_batch_norm_impl_index":
        r = A._batch_norm_impl_index(x, w, b, rm, rv, a["training"], mom, eps, False)
        return r[:4] + (torch.tensor(r[4]),)
    if fn == "layer_norm":
        return A.layer_norm(x, a["normalized_shape"], w, b, eps, False)
    if fn == "native_layer_norm":
        return A.native_layer_norm(x, a["normalized_shape"], w, b, eps)
    if fn == "group_norm":
        return A.group_norm(x, a["num_groups"], w, b, eps, False)
    if fn == "native_group_norm":
        n, c = x.shape[0], x.shape[1]
        hxw = 1
        for s in x.shape[2:]:
            hxw *= s
        return A.native_group_norm(x, w, b, n, c, hxw, a["num_groups"], eps)
    if fn == "instance_norm":
        return (A.instance_norm(x, w, b, rm, rv, a["use_input_stats"], mom, eps, False),) + tuple(
            t for t in (rm, rv) if t is not None)
    raise ValueError(fn)


def add(c, name, fn, x, params=None, error=False, check_strides=False, t=None, **a):
    params = {k: v for k, v in (params or {}).items() if v is not None}
    present = [k for k in PARAMS if k in params]
    inputs = [x] + [params[k] for k in present]
    args = dict(a, fn=fn, present=present)

    def run(*ts):
        p = dict(zip(present, [v.clone() for v in ts[1:]]))
        return call(fn, ts[0], p, a)
    extra = tol(x.dtype) if t is None else t
    if error:
        extra = {"error_contains": pytorch_error(lambda: run(*inputs))}
    c.add(f"norm.{name}", "norm", inputs, run, args, check_strides=check_strides, **extra)


def cl(t):
    return t.contiguous(memory_format=torch.channels_last)


def batch_cases(c):
    x = rnd((4, 3, 5, 6))
    C = 3
    w, b, rm, rv = rnd(C, seed=1), rnd(C, seed=2), rnd(C, seed=3), rnd(C, seed=4, lo=0.2)
    full = dict(weight=w, bias=b, running_mean=rm, running_var=rv)
    for fn in ["batch_norm", "native_batch_norm", "_batch_norm_impl_index"]:
        for training in [False, True]:
            tag = "train" if training else "eval"
            add(c, f"{fn}.{tag}", fn, x, full, training=training, momentum=0.3, eps=1e-3)
            add(c, f"{fn}.{tag}.channels_last", fn, cl(x), full, training=training, check_strides=True)
            add(c, f"{fn}.{tag}.no_affine", fn, x, dict(running_mean=rm, running_var=rv), training=training)
            add(c, f"{fn}.{tag}.double", fn, x.double(), {k: v.double() for k, v in full.items()}, training=training)
            add(c, f"{fn}.{tag}.bfloat16", fn, x.bfloat16(), {k: v.bfloat16() for k, v in full.items()},
                training=training)
            add(c, f"{fn}.{tag}.bfloat16_mixed", fn, x.bfloat16(), full, training=training)
        add(c, f"{fn}.train.no_stats", fn, x, dict(weight=w, bias=b), training=True)
    add(c, "batch_norm.eval.2d", "batch_norm", rnd((5, 3)), full, training=False)
    add(c, "batch_norm.train.2d", "batch_norm", rnd((5, 3)), full, training=True)
    add(c, "batch_norm.train.3d", "batch_norm", rnd((2, 3, 7)), full, training=True, momentum=0.0)
    add(c, "batch_norm.train.5d", "batch_norm", rnd((2, 3, 2, 3, 4)), full, training=True, momentum=1.0)
    add(c, "batch_norm.eval.5d_channels_last", "batch_norm",
        rnd((2, 3, 2, 3, 4)).contiguous(memory_format=torch.channels_last_3d), full, training=False,
        check_strides=True)
    add(c, "batch_norm.eval.strided", "batch_norm", rnd((4, 6, 5, 8))[:, ::2, :, 1::2], full, training=False)
    add(c, "batch_norm.train.strided", "batch_norm", rnd((4, 6, 5, 8))[:, ::2, :, 1::2], full, training=True)
    add(c, "batch_norm.eval.strided_params", "batch_norm", x,
        {k: rnd(6, seed=i, lo=0.2)[::2] for i, k in enumerate(PARAMS)}, training=False)
    add(c, "batch_norm.train.strided_params", "batch_norm", x,
        {k: rnd(6, seed=i, lo=0.2)[::2] for i, k in enumerate(PARAMS)}, training=True)
    add(c, "batch_norm.train.one_value", "batch_norm", rnd((1, 3, 1, 1)), dict(weight=w, bias=b), training=True)
    add(c, "batch_norm.eval.large", "batch_norm", rnd((2, 16, 28, 28)),
        {k: rnd(16, seed=i, lo=0.2) for i, k in enumerate(PARAMS)}, training=False)
    add(c, "batch_norm.eval.large_channels_last", "batch_norm", cl(rnd((2, 16, 28, 28))),
        {k: rnd(16, seed=i, lo=0.2) for i, k in enumerate(PARAMS)}, training=False, check_strides=True)
    # Channels-last rows go through the kernel as one stream with the factors repeated to a
    # period: channel counts that do and do not divide it, runs that end mid-period.
    for shape in [(2, 24, 9, 7), (1, 40, 5, 5), (1, 7, 11, 13), (3, 144, 3, 3), (1, 1152, 2, 3), (2, 5, 1, 1)]:
        params = {k: rnd(shape[1], seed=i, lo=0.2) for i, k in enumerate(PARAMS)}
        for training in [False, True]:
            tag = "train" if training else "eval"
            add(c, f"batch_norm.{tag}.channels_last_c{shape[1]}", "batch_norm", cl(rnd(shape)), params,
                training=training, check_strides=True)
    add(c, "batch_norm.train.large", "batch_norm", rnd((4, 8, 32, 32)),
        {k: rnd(8, seed=i, lo=0.2) for i, k in enumerate(PARAMS)}, training=True)
    add(c, "batch_norm.eval.zero_batch", "batch_norm", rnd((0, 3, 4)), full, training=False)
    add(c, "batch_norm.train.zero_batch", "batch_norm", rnd((0, 3, 4)), full, training=True)
    # Errors.
    add(c, "batch_norm.error.weight_size", "batch_norm", x, dict(weight=rnd(2)), training=True, error=True)
    add(c, "batch_norm.error.mean_size", "batch_norm", x, dict(running_mean=rnd(4), running_var=rv), training=False,
        error=True)
    add(c, "batch_norm.error.eval_no_mean", "batch_norm", x, {}, training=False, error=True)
    add(c, "batch_norm.error.eval_no_var", "batch_norm", x, dict(running_mean=rm), training=False, error=True)
    add(c, "batch_norm.error.rank1", "batch_norm", rnd(5), {}, training=True, error=True)
    add(c, "batch_norm.error.mixed_double", "batch_norm", x.double(), dict(running_mean=rm, running_var=rv),
        training=False, error=True)
    for dt in [torch.int64, torch.float16]:
        add(c, f"batch_norm.error.{dt}".replace("torch.", ""), "batch_norm", x.to(dt),
            {k: v.to(dt) for k, v in full.items()}, training=False, error=True)


def layer_cases(c):
    x = rnd((3, 4, 5, 6))
    for fn in ["layer_norm", "native_layer_norm"]:
        for shape in [[6], [5, 6], [4, 5, 6], [3, 4, 5, 6]]:
            tag = "x".join(map(str, shape))
            p = dict(weight=rnd(shape, seed=1), bias=rnd(shape, seed=2))
            add(c, f"{fn}.{tag}", fn, x, p, normalized_shape=shape, eps=1e-3)
            add(c, f"{fn}.{tag}.no_affine", fn, x, {}, normalized_shape=shape)
            add(c, f"{fn}.{tag}.weight_only", fn, x, dict(weight=p["weight"]), normalized_shape=shape)
            add(c, f"{fn}.{tag}.bias_only", fn, x, dict(bias=p["bias"]), normalized_shape=shape)
        add(c, f"{fn}.double", fn, x.double(), dict(weight=rnd(6, torch.float64), bias=rnd(6, torch.float64)),
            normalized_shape=[6])
        add(c, f"{fn}.bfloat16", fn, x.bfloat16(), dict(weight=rnd(6, torch.bfloat16), bias=rnd(6, torch.bfloat16)),
            normalized_shape=[6])
        add(c, f"{fn}.channels_last", fn, cl(x), dict(weight=rnd(6)), normalized_shape=[6], check_strides=True)
        add(c, f"{fn}.strided", fn, x.transpose(1, 3), dict(weight=rnd(4)[::1]), normalized_shape=[4])
        add(c, f"{fn}.strided_weight", fn, x, dict(weight=rnd(12)[::2], bias=rnd(12)[1::2]), normalized_shape=[6])
        add(c, f"{fn}.zero_rows", fn, rnd((0, 6)), {}, normalized_shape=[6])
        add(c, f"{fn}.constant_rows", fn, torch.ones(3, 8) * 2.5, {}, normalized_shape=[8])
    add(c, "layer_norm.wide", "layer_norm", rnd((64, 768)), dict(weight=rnd(768, seed=1), bias=rnd(768, seed=2)),
        normalized_shape=[768])
    add(c, "layer_norm.offset_values", "layer_norm", rnd((4, 300)) + 1000.0, {}, normalized_shape=[300],
        t={"rtol": 1e-3, "atol": 5e-3})
    add(c, "layer_norm.error.empty_shape", "layer_norm", x, {}, normalized_shape=[], error=True)
    add(c, "layer_norm.error.weight_shape", "layer_norm", x, dict(weight=rnd(5)), normalized_shape=[6], error=True)
    add(c, "layer_norm.error.bias_shape", "layer_norm", x, dict(bias=rnd(5)), normalized_shape=[6], error=True)
    add(c, "layer_norm.error.input_shape", "layer_norm", x, {}, normalized_shape=[5], error=True)
    add(c, "layer_norm.error.weight_dtype", "layer_norm", x.bfloat16(), dict(weight=rnd(6)), normalized_shape=[6],
        error=True)
    add(c, "layer_norm.error.int", "layer_norm", x.long(), {}, normalized_shape=[6], error=True)


def group_cases(c):
    x = rnd((3, 6, 5, 4))
    for fn in ["group_norm", "native_group_norm"]:
        for g in [1, 2, 3, 6]:
            add(c, f"{fn}.g{g}", fn, x, dict(weight=rnd(6, seed=1), bias=rnd(6, seed=2)), num_groups=g, eps=1e-3)
        add(c, f"{fn}.no_affine", fn, x, {}, num_groups=3)
        add(c, f"{fn}.double", fn, x.double(), dict(weight=rnd(6, torch.float64)), num_groups=2)
        add(c, f"{fn}.bfloat16", fn, x.bfloat16(), dict(weight=rnd(6, torch.bfloat16)), num_groups=2)
        add(c, f"{fn}.channels_last", fn, cl(x), dict(bias=rnd(6)), num_groups=3, check_strides=True)
        add(c, f"{fn}.rank2", fn, rnd((4, 6)), dict(weight=rnd(6)), num_groups=3)
        add(c, f"{fn}.rank3", fn, rnd((4, 6, 7)), {}, num_groups=2)
        add(c, f"{fn}.zero_batch", fn, rnd((0, 6, 3)), {}, num_groups=2)
    add(c, "group_norm.strided", "group_norm", rnd((3, 12, 5, 4))[:, ::2], {}, num_groups=2)
    add(c, "group_norm.error.groups", "group_norm", x, {}, num_groups=4, error=True)
    add(c, "group_norm.error.weight", "group_norm", x, dict(weight=rnd(3)), num_groups=3, error=True)
    add(c, "group_norm.error.bias", "group_norm", x, dict(bias=rnd((2, 3))), num_groups=3, error=True)
    add(c, "group_norm.error.rank1", "group_norm", rnd(6), {}, num_groups=1, error=True)
    add(c, "group_norm.error.dtype", "group_norm", x.bfloat16(), dict(weight=rnd(6)), num_groups=3, error=True)


def instance_cases(c):
    x = rnd((3, 4, 5, 6))
    C = 4
    full = dict(weight=rnd(C, seed=1), bias=rnd(C, seed=2), running_mean=rnd(C, seed=3),
                running_var=rnd(C, seed=4, lo=0.2))
    add(c, "instance_norm.stats", "instance_norm", x, full, use_input_stats=True, momentum=0.2)
    add(c, "instance_norm.no_running", "instance_norm", x, dict(weight=full["weight"]), use_input_stats=True)
    add(c, "instance_norm.running", "instance_norm", x, full, use_input_stats=False)
    add(c, "instance_norm.channels_last", "instance_norm", cl(x), {}, use_input_stats=True, check_strides=True)
    add(c, "instance_norm.rank3", "instance_norm", rnd((2, 4, 9)), full, use_input_stats=True)
    add(c, "instance_norm.double", "instance_norm", x.double(), {}, use_input_stats=True)
    add(c, "instance_norm.error.no_running", "instance_norm", x, {}, use_input_stats=False, error=True)


def cases(c):
    batch_cases(c)
    layer_cases(c)
    group_cases(c)
    instance_cases(c)
