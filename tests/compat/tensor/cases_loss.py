"""Differential cases for the loss family: mse_loss, l1_loss, smooth_l1_loss, huber_loss,
binary_cross_entropy(_with_logits), nll_loss / nll_loss2d / nll_loss_nd (and their *_forward
kernels), cross_entropy_loss (class indices, class probabilities, label smoothing), every
reduction.

One adapter (ops_loss.cpp), "loss": args "fn", "reduction", "beta" / "delta", "ignore_index",
"label_smoothing", "present" (which of weight, pos_weight follow input and target)."""
import torch

A = torch.ops.aten
DTYPES = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64,
          torch.float16, torch.bfloat16, torch.float32, torch.float64]


def rnd(shape, dt=torch.float32, seed=0):
    g = torch.Generator().manual_seed(seed)
    return torch.randn(shape, generator=g, dtype=torch.float64).to(dt)


def prob(shape, dt=torch.float32, seed=0):
    g = torch.Generator().manual_seed(seed)
    return torch.rand(shape, generator=g, dtype=torch.float64).to(dt)


def ints(shape, hi, seed=0, dt=torch.int64):
    g = torch.Generator().manual_seed(seed)
    return torch.randint(0, hi, shape, generator=g).to(dt)


def values(shape, dt, seed=0):
    if dt == torch.bool:
        return ints(shape, 2, seed).bool()
    if dt.is_floating_point:
        return rnd(shape, dt, seed)
    return ints(shape, 5, seed, dt)


def tol(dt):
    if dt == torch.bfloat16:
        return {"rtol": 2e-2, "atol": 2e-2}
    if dt == torch.float16:
        return {"rtol": 2e-3, "atol": 2e-3}
    if dt == torch.float32:
        return {"rtol": 1e-5, "atol": 1e-5}
    return {}


def pytorch_error(f, prefix=48):
    try:
        f()
    except Exception as e:  # noqa: BLE001
        return str(e).split("\n")[0][:prefix]
    raise AssertionError("expected PyTorch to raise")


def call(fn, x, t, extra, a):
    red = a.get("reduction", 1)
    w = extra.get("weight")
    if fn in ("mse_loss", "l1_loss"):
        return getattr(A, fn)(x, t, red)
    if fn == "smooth_l1_loss":
        return A.smooth_l1_loss(x, t, red, a.get("beta", 1.0))
    if fn == "huber_loss":
        return A.huber_loss(x, t, red, a.get("delta", 1.0))
    if fn == "binary_cross_entropy":
        return A.binary_cross_entropy(x, t, w, red)
    if fn == "binary_cross_entropy_with_logits":
        return A.binary_cross_entropy_with_logits(x, t, w, extra.get("pos_weight"), red)
    ii = a.get("ignore_index", -100)
    if fn in ("nll_loss", "nll_loss2d", "nll_loss_nd", "nll_loss_forward", "nll_loss2d_forward"):
        return getattr(A, fn)(x, t, w, red, ii)
    if fn == "cross_entropy_loss":
        return A.cross_entropy_loss(x, t, w, red, ii, a.get("label_smoothing", 0.0))
    raise ValueError(fn)


def add(c, name, fn, x, t, extra=None, error=False, t_override=None, **a):
    extra = {k: v for k, v in (extra or {}).items() if v is not None}
    present = [k for k in ["weight", "pos_weight"] if k in extra]
    inputs = [x, t] + [extra[k] for k in present]
    args = dict(a, fn=fn, present=present)

    def run(*ts):
        return call(fn, ts[0], ts[1], dict(zip(present, ts[2:])), a)
    kw = tol(x.dtype) if t_override is None else t_override
    if error:
        kw = {"error_contains": pytorch_error(lambda: run(*inputs))}
    c.add(f"loss.{name}", "loss", inputs, run, args, **kw)


def elementwise_cases(c):
    for dt in DTYPES:
        n = str(dt)[6:]
        x, y = values((3, 4), dt, 0), values((3, 4), dt, 1)
        for fn in ["mse_loss", "l1_loss", "smooth_l1_loss", "huber_loss", "binary_cross_entropy_with_logits"]:
            add(c, f"{fn}.{n}", fn, x, y, reduction=0)
        if dt.is_floating_point:
            add(c, f"binary_cross_entropy.{n}", "binary_cross_entropy", prob((3, 4), dt), prob((3, 4), dt, 1))
    x, y = rnd((4, 5)), rnd((4, 5), seed=1)
    for red in [0, 1, 2]:
        add(c, f"mse_loss.r{red}", "mse_loss", x, y, reduction=red)
        add(c, f"l1_loss.r{red}", "l1_loss", x, y, reduction=red)
        for beta in [1.0, 0.5, 0.0, 3.0]:
            add(c, f"smooth_l1_loss.r{red}.b{beta}", "smooth_l1_loss", x, y, reduction=red, beta=beta)
        for delta in [1.0, 0.3, 4.0]:
            add(c, f"huber_loss.r{red}.d{delta}", "huber_loss", x, y, reduction=red, delta=delta)
        p, q = prob((4, 5)), prob((4, 5), seed=1)
        add(c, f"binary_cross_entropy.r{red}", "binary_cross_entropy", p, q, reduction=red)
        add(c, f"binary_cross_entropy.weight.r{red}", "binary_cross_entropy", p, q, dict(weight=prob((4, 5), seed=2)),
            reduction=red)
        add(c, f"bce_logits.r{red}", "binary_cross_entropy_with_logits", x * 5, q, reduction=red)
        add(c, f"bce_logits.weights.r{red}", "binary_cross_entropy_with_logits", x * 5, q,
            dict(weight=prob((5,), seed=3), pos_weight=prob((5,), seed=4) * 3), reduction=red)
    add(c, "mse_loss.broadcast", "mse_loss", x, y[0], reduction=0)
    add(c, "mse_loss.strided", "mse_loss", x.t(), rnd((10, 4))[::2], reduction=1)
    add(c, "mse_loss.double", "mse_loss", x.double(), y.double(), reduction=1)
    add(c, "l1_loss.int_none", "l1_loss", ints((3, 4), 5), ints((3, 4), 5, 1), reduction=0)
    add(c, "l1_loss.int_mean", "l1_loss", ints((3, 4), 5), ints((3, 4), 5, 1), reduction=1, error=True)
    add(c, "bce.edges", "binary_cross_entropy", torch.tensor([0.0, 1.0, 0.5, 1e-30]),
        torch.tensor([1.0, 0.0, 0.5, 1.0]), reduction=0)
    add(c, "bce.error.range", "binary_cross_entropy", torch.tensor([0.5, 1.5]), torch.tensor([0.0, 1.0]), error=True)
    add(c, "bce.error.nan", "binary_cross_entropy", torch.tensor([0.5, float("nan")]), torch.tensor([0.0, 1.0]),
        error=True)
    add(c, "bce.broadcast", "binary_cross_entropy", prob((3, 4)), prob((4,)), reduction=1)
    add(c, "bce_logits.extreme", "binary_cross_entropy_with_logits", torch.tensor([-100.0, 100.0, 0.0, 30.0]),
        torch.tensor([1.0, 0.0, 0.5, 1.0]), reduction=0)
    add(c, "bce_logits.pos_weight_broadcast", "binary_cross_entropy_with_logits", x, prob((4, 5)),
        dict(pos_weight=prob((4, 1), seed=5)), reduction=0)
    add(c, "bce_logits.error.broadcast", "binary_cross_entropy_with_logits", x, prob((5,)), reduction=0, error=True)
    add(c, "smooth_l1_loss.error.beta", "smooth_l1_loss", x, y, beta=-1.0, error=True)
    add(c, "huber_loss.error.delta", "huber_loss", x, y, delta=0.0, error=True)
    add(c, "mse_loss.empty_mean", "mse_loss", rnd((0, 3)), rnd((0, 3)), reduction=1)


def nll_cases(c):
    logp = rnd((5, 4)).log_softmax(1)
    t = torch.tensor([0, 3, 1, 1, 2])
    w = prob((4,), seed=7) + 0.1
    for fn in ["nll_loss", "nll_loss_forward", "nll_loss_nd"]:
        for red in [0, 1, 2]:
            add(c, f"{fn}.r{red}", fn, logp, t, reduction=red)
            add(c, f"{fn}.weight.r{red}", fn, logp, t, dict(weight=w), reduction=red)
            add(c, f"{fn}.ignore.r{red}", fn, logp, t, dict(weight=w), reduction=red, ignore_index=1)
            add(c, f"{fn}.unbatched.r{red}", fn, logp[0], t[1], dict(weight=w), reduction=red)
        add(c, f"{fn}.all_ignored", fn, logp, torch.full((5,), 2), reduction=1, ignore_index=2)
        add(c, f"{fn}.empty.mean", fn, logp[:0], t[:0], reduction=1)
        add(c, f"{fn}.empty.sum", fn, logp[:0], t[:0], reduction=2)
        add(c, f"{fn}.strided", fn, rnd((4, 10)).t()[:, :3], torch.tensor([0, 2, 1, 2, 2, 0, 1, 2, 0, 1]), reduction=1)
        add(c, f"{fn}.double", fn, logp.double(), t, dict(weight=w.double()), reduction=1)
        add(c, f"{fn}.bfloat16", fn, logp.bfloat16(), t, dict(weight=w.bfloat16()), reduction=1)
    logp4 = rnd((2, 3, 4, 5)).log_softmax(1)
    t4 = ints((2, 4, 5), 3)
    t4[0, 1, 2] = -100
    for fn in ["nll_loss2d", "nll_loss2d_forward", "nll_loss_nd"]:
        for red in [0, 1, 2]:
            add(c, f"{fn}.spatial.r{red}", fn, logp4, t4, dict(weight=prob((3,), seed=3)), reduction=red)
        add(c, f"{fn}.spatial.ignore", fn, logp4, t4.clamp(min=0), reduction=1, ignore_index=0)
        add(c, f"{fn}.spatial.channels_last", fn, logp4.contiguous(memory_format=torch.channels_last), t4,
            reduction=0)
    logp3 = rnd((2, 3, 7)).log_softmax(1)
    t3 = ints((2, 7), 3)
    logp5 = rnd((2, 3, 2, 3, 4)).log_softmax(1)
    t5 = ints((2, 2, 3, 4), 3)
    for red in [0, 1, 2]:
        add(c, f"nll_loss_nd.3d.r{red}", "nll_loss_nd", logp3, t3, reduction=red)
        add(c, f"nll_loss_nd.5d.r{red}", "nll_loss_nd", logp5, t5, reduction=red)
    add(c, "nll_loss_nd.3d.empty", "nll_loss_nd", logp3[:0], t3[:0], reduction=0)
    errs = [
        ("nll_loss", logp, t.int(), {}), ("nll_loss", logp, torch.tensor([0, 4, 1, 1, 2]), {}),
        ("nll_loss", logp, torch.tensor([0, -1, 1, 1, 2]), {}), ("nll_loss", logp3, t3, {}),
        ("nll_loss", logp, t.view(5, 1), {}), ("nll_loss", logp, t[:3], {}),
        ("nll_loss", logp, t, dict(weight=w[:3])), ("nll_loss", logp.long(), t, {}),
        ("nll_loss2d", logp, t, {}), ("nll_loss2d", logp4, t4[:, 0], {}), ("nll_loss2d", logp4, t4[:, :, :4], {}),
        ("nll_loss_nd", torch.tensor(1.0), t, {}), ("nll_loss_nd", logp3, t3[:1], {}),
        ("nll_loss_nd", logp3, ints((2, 6), 3), {}),
    ]
    for i, (fn, x, tt, extra) in enumerate(errs):
        add(c, f"{fn}.error{i}", fn, x, tt, extra, error=True)


def cross_entropy_cases(c):
    x = rnd((5, 4)) * 3
    t = torch.tensor([0, 3, 1, 1, 2])
    w = prob((4,), seed=7) + 0.1
    probs = prob((5, 4), seed=3).softmax(1)
    x4, t4 = rnd((2, 3, 4, 5)), ints((2, 4, 5), 3)
    for red in [0, 1, 2]:
        r = f"r{red}"
        add(c, f"ce.index.{r}", "cross_entropy_loss", x, t, reduction=red)
        add(c, f"ce.index.weight.{r}", "cross_entropy_loss", x, t, dict(weight=w), reduction=red)
        add(c, f"ce.index.ignore.{r}", "cross_entropy_loss", x, t, dict(weight=w), reduction=red, ignore_index=3)
        add(c, f"ce.index.spatial.{r}", "cross_entropy_loss", x4, t4, reduction=red)
        add(c, f"ce.index.unbatched.{r}", "cross_entropy_loss", x[0], t[0], reduction=red)
        for ls in [0.1, 1.0]:
            add(c, f"ce.smooth{ls}.{r}", "cross_entropy_loss", x, t, reduction=red, label_smoothing=ls)
            add(c, f"ce.smooth{ls}.weight.{r}", "cross_entropy_loss", x, t, dict(weight=w), reduction=red,
                label_smoothing=ls)
            add(c, f"ce.smooth{ls}.ignore.{r}", "cross_entropy_loss", x, t, dict(weight=w), reduction=red,
                ignore_index=1, label_smoothing=ls)
            add(c, f"ce.smooth{ls}.spatial.{r}", "cross_entropy_loss", x4, t4, reduction=red, label_smoothing=ls)
            add(c, f"ce.prob.smooth{ls}.{r}", "cross_entropy_loss", x, probs, reduction=red, label_smoothing=ls)
        add(c, f"ce.prob.{r}", "cross_entropy_loss", x, probs, reduction=red)
        add(c, f"ce.prob.weight.{r}", "cross_entropy_loss", x, probs, dict(weight=w), reduction=red)
        add(c, f"ce.prob.spatial.{r}", "cross_entropy_loss", x4, rnd((2, 3, 4, 5), seed=5).softmax(1),
            dict(weight=prob((3,), seed=1)), reduction=red)
        add(c, f"ce.prob.unbatched.{r}", "cross_entropy_loss", x[0], probs[0], reduction=red)
    add(c, "ce.prob.empty", "cross_entropy_loss", x[:0], probs[:0], reduction=1)
    add(c, "ce.double", "cross_entropy_loss", x.double(), t, dict(weight=w.double()), reduction=1)
    add(c, "ce.bfloat16", "cross_entropy_loss", x.bfloat16(), t, reduction=1, t_override={"rtol": 2e-2, "atol": 3e-2})
    add(c, "ce.large_logits", "cross_entropy_loss", x * 1000, t, reduction=0)
    errs = [(x, t.int(), {}, {}), (x, probs.long(), {}, {}), (x, probs, {}, dict(ignore_index=0)),
            (x, t, {}, dict(label_smoothing=2.0)), (x, probs, {}, dict(label_smoothing=2.0)),
            (x, probs, dict(weight=w[:3]), {}), (x.long(), t, {}, {})]
    for i, (xx, tt, extra, a) in enumerate(errs):
        add(c, f"ce.error{i}", "cross_entropy_loss", xx, tt, extra, error=True, **a)


def cases(c):
    elementwise_cases(c)
    nll_cases(c)
    cross_entropy_cases(c)
