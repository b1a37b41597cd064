"""Differential cases for the smaller NN families: embedding, embedding_renorm_, _embedding_bag
(every mode, offsets, per_sample_weights, include_last_offset, padding_idx), dropout and its
variants (seeded: ember draws PyTorch's CPU stream), native_dropout, pixel_shuffle /
pixel_unshuffle / channel_shuffle, cosine_similarity, pairwise_distance, frobenius_norm,
_softmax / _log_softmax.

One adapter (ops_nn.cpp), "nn": args "fn" and the function's named arguments; "seed" seeds the
default generator first."""
import torch

A = torch.ops.aten
DTYPES = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64,
          torch.float16, torch.bfloat16, torch.float32, torch.float64]


def rnd(shape, dt=torch.float32, seed=0):
    g = torch.Generator().manual_seed(seed)
    return torch.randn(shape, generator=g, dtype=torch.float64).to(dt)


def values(shape, dt, seed=0):
    g = torch.Generator().manual_seed(seed)
    if dt == torch.bool:
        return torch.randint(0, 2, shape, generator=g).bool()
    if dt.is_floating_point:
        return torch.randn(shape, generator=g).to(dt)
    return torch.randint(-5, 6, shape, generator=g).to(dt)


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


def call(fn, ts, a):
    if "seed" in a:
        torch.manual_seed(a["seed"])
    x = ts[0]
    if fn == "embedding":
        return A.embedding(x, ts[1])
    if fn == "embedding_renorm_":
        w = x.clone()
        A.embedding_renorm_(w, ts[1], a["max_norm"], a["norm_type"])
        return w
    if fn == "_embedding_bag":
        psw = ts[3] if len(ts) > 3 else None
        return A._embedding_bag(x, ts[1], ts[2], False, a.get("mode", 0), False, psw, a.get("include_last_offset", False),
                                a.get("padding_idx", -1))
    if fn in ("dropout", "feature_dropout", "alpha_dropout", "feature_alpha_dropout"):
        return getattr(A, fn)(x, a["p"], a["train"])
    if fn.endswith("dropout_"):
        y = x.clone()
        getattr(A, fn)(y, a["p"], a["train"])
        return y
    if fn == "native_dropout":
        return A.native_dropout(x, a["p"], a.get("train"))
    if fn in ("pixel_shuffle", "pixel_unshuffle", "channel_shuffle"):
        return getattr(A, fn)(x, a["factor"])
    if fn == "cosine_similarity":
        return A.cosine_similarity(x, ts[1], a.get("dim", 1), a.get("eps", 1e-8))
    if fn == "pairwise_distance":
        return A.pairwise_distance(x, ts[1], a.get("p", 2.0), a.get("eps", 1e-6), a.get("keepdim", False))
    if fn == "frobenius_norm":
        return A.frobenius_norm(x) if "dim" not in a else A.frobenius_norm(x, a["dim"], a.get("keepdim", False))
    if fn in ("_softmax", "_log_softmax"):
        return getattr(A, fn)(x, a["dim"], a.get("half_to_float", False))
    raise ValueError(fn)


def add(c, name, fn, inputs, error=False, check_strides=False, contains=None, t=None, **a):
    args = dict(a, fn=fn)
    kw = tol(inputs[0].dtype) if t is None else t
    if error:
        kw = {"error_contains": contains if contains is not None else pytorch_error(lambda: call(fn, inputs, a))}
    c.add(f"nn.{name}", "nn", inputs, lambda *ts: call(fn, ts, a), args, check_strides=check_strides, **kw)


def embedding_cases(c):
    w = rnd((10, 4))
    for dt in DTYPES:
        add(c, f"embedding.{str(dt)[6:]}", "embedding", [values((10, 4), dt), torch.tensor([[1, 2], [9, 0]])])
    add(c, "embedding.int_indices", "embedding", [w, torch.tensor([3, 3, 1], dtype=torch.int32)])
    add(c, "embedding.scalar_index", "embedding", [w, torch.tensor(4)])
    add(c, "embedding.strided", "embedding", [rnd((10, 8))[:, ::2], torch.tensor([[0, 5, 9]]).t()])
    add(c, "embedding.empty", "embedding", [w, torch.zeros(0, 3, dtype=torch.long)])
    add(c, "embedding.error.float_indices", "embedding", [w, torch.tensor([1.0])], error=True)
    add(c, "embedding.error.weight_rank", "embedding", [w[0], torch.tensor([1])], error=True)
    add(c, "embedding.error.range", "embedding", [w, torch.tensor([10])], error=True)
    add(c, "embedding.error.negative", "embedding", [w, torch.tensor([-1])], error=True)
    for nt in [2.0, 1.0, 3.0]:
        add(c, f"embedding_renorm_.p{nt}", "embedding_renorm_", [w * 3, torch.tensor([1, 1, 2, 7])], max_norm=1.5,
            norm_type=nt)
    idx = torch.tensor([1, 2, 4, 5, 4, 3, 2, 0, 9, 2])
    off = torch.tensor([0, 2, 2, 5, 8])
    for mode in [0, 1, 2]:
        for pad in [-1, 2]:
            for last in [False, True]:
                o = torch.cat([off, torch.tensor([10])]) if last else off
                add(c, f"_embedding_bag.m{mode}.pad{pad}.last{int(last)}", "_embedding_bag", [w, idx, o], mode=mode,
                    padding_idx=pad, include_last_offset=last)
    add(c, "_embedding_bag.per_sample_weights", "_embedding_bag", [w, idx, off, rnd(10, seed=3)], mode=0)
    add(c, "_embedding_bag.per_sample_weights_pad", "_embedding_bag", [w, idx, off, rnd(10, seed=3)], mode=0,
        padding_idx=4)
    add(c, "_embedding_bag.int_indices", "_embedding_bag", [w, idx.int(), off.int()], mode=1)
    add(c, "_embedding_bag.double", "_embedding_bag", [w.double(), idx, off], mode=1)
    add(c, "_embedding_bag.half", "_embedding_bag", [w.half(), idx, off], mode=0, t={"rtol": 2e-3, "atol": 2e-3})
    add(c, "_embedding_bag.empty_indices", "_embedding_bag", [w, idx[:0], torch.tensor([0, 0])], mode=1)
    add(c, "_embedding_bag.all_padding_mean", "_embedding_bag", [w, torch.tensor([3, 3]), torch.tensor([0])],
        mode=1, padding_idx=3)
    add(c, "_embedding_bag.error.first_offset", "_embedding_bag", [w, idx, torch.tensor([1, 3])], error=True)
    add(c, "_embedding_bag.error.dtype", "_embedding_bag", [w.bfloat16(), idx, off], error=True)
    add(c, "_embedding_bag.error.indices", "_embedding_bag", [w, idx.float(), off], error=True)
    add(c, "_embedding_bag.error.psw_mode", "_embedding_bag", [w, idx, off, rnd(10)], mode=1, error=True)
    add(c, "_embedding_bag.error.psw_size", "_embedding_bag", [w, idx, off, rnd(9)], mode=0, error=True)
    add(c, "_embedding_bag.error.range", "_embedding_bag", [w, torch.tensor([1, 10]), torch.tensor([0])],
        error=True, contains="out of bounds")


def dropout_cases(c):
    x = rnd((4, 6, 3, 3))
    for fn in ["dropout", "feature_dropout", "alpha_dropout", "feature_alpha_dropout"]:
        for p in [0.0, 0.3, 1.0]:
            for train in [False, True]:
                add(c, f"{fn}.p{p}.train{int(train)}", fn, [x], p=p, train=train, seed=7)
                add(c, f"{fn}_.p{p}.train{int(train)}", fn + "_", [x], p=p, train=train, seed=8)
        add(c, f"{fn}.double", fn, [x.double()], p=0.5, train=True, seed=3)
        add(c, f"{fn}.bfloat16", fn, [x.bfloat16()], p=0.5, train=True, seed=3)
        add(c, f"{fn}.strided", fn, [x.transpose(1, 3)], p=0.4, train=True, seed=4)
        add(c, f"{fn}.error.p", fn, [x], p=1.5, train=True, error=True)
        add(c, f"{fn}.int_eval", fn, [values((3, 4), torch.int64)], p=0.5, train=False)
        add(c, f"{fn}.error.int_train", fn, [values((3, 4), torch.int64)], p=0.5, train=True, seed=1, error=True)
    add(c, "feature_dropout.error.rank", "feature_dropout", [x[0, 0, 0]], p=0.5, train=True, error=True)
    add(c, "dropout.large", "dropout", [rnd((64, 100))], p=0.5, train=True, seed=11)
    for p in [0.0, 0.25, 1.0]:
        add(c, f"native_dropout.p{p}", "native_dropout", [x], p=p, train=True, seed=5)
    add(c, "native_dropout.eval", "native_dropout", [x], p=0.5, train=False)
    add(c, "native_dropout.none_train", "native_dropout", [x], p=0.5, seed=6)


def shuffle_cases(c):
    for dt in DTYPES:
        n = str(dt)[6:]
        add(c, f"pixel_shuffle.{n}", "pixel_shuffle", [values((2, 8, 3, 2), dt)], factor=2)
        add(c, f"pixel_unshuffle.{n}", "pixel_unshuffle", [values((2, 2, 4, 6), dt)], factor=2)
        add(c, f"channel_shuffle.{n}", "channel_shuffle", [values((2, 6, 3, 2), dt)], factor=3)
    x = rnd((2, 18, 3, 4))
    cl = x.contiguous(memory_format=torch.channels_last)
    add(c, "pixel_shuffle.r3", "pixel_shuffle", [x], factor=3)
    add(c, "pixel_shuffle.channels_last", "pixel_shuffle", [cl], factor=3, check_strides=True)
    add(c, "pixel_shuffle.unbatched", "pixel_shuffle", [x[0]], factor=3)
    add(c, "pixel_shuffle.5d", "pixel_shuffle", [rnd((2, 3, 8, 2, 2))], factor=2)
    add(c, "pixel_shuffle.strided", "pixel_shuffle", [x.transpose(2, 3)], factor=1)
    add(c, "pixel_unshuffle.r3", "pixel_unshuffle", [rnd((2, 2, 6, 9))], factor=3)
    add(c, "pixel_unshuffle.channels_last", "pixel_unshuffle",
        [rnd((2, 2, 6, 9)).contiguous(memory_format=torch.channels_last)], factor=3, check_strides=True)
    add(c, "channel_shuffle.g2", "channel_shuffle", [x], factor=2)
    add(c, "channel_shuffle.channels_last", "channel_shuffle", [cl], factor=6, check_strides=True)
    add(c, "channel_shuffle.3d", "channel_shuffle", [rnd((2, 6, 5))], factor=2)
    for name, fn, t, f in [("rank", "pixel_shuffle", rnd((8, 2)), 2), ("channels", "pixel_shuffle", rnd((1, 6, 2, 2)), 2),
                           ("factor", "pixel_shuffle", rnd((1, 8, 2, 2)), 0),
                           ("height", "pixel_unshuffle", rnd((1, 2, 5, 6)), 2),
                           ("width", "pixel_unshuffle", rnd((1, 2, 4, 5)), 2),
                           ("groups", "channel_shuffle", rnd((1, 6, 2, 2)), 4),
                           ("zero_groups", "channel_shuffle", rnd((1, 6, 2, 2)), 0),
                           ("rank2", "channel_shuffle", rnd((6, 2)), 2)]:
        add(c, f"{fn}.error.{name}", fn, [t], factor=f, error=True)


def similarity_cases(c):
    for dt in DTYPES:
        n = str(dt)[6:]
        a, b = values((3, 5), dt, 0), values((3, 5), dt, 1)
        add(c, f"cosine_similarity.{n}", "cosine_similarity", [a, b])
        add(c, f"pairwise_distance.{n}", "pairwise_distance", [a, b])
        add(c, f"frobenius_norm.{n}", "frobenius_norm", [a])
        add(c, f"frobenius_norm.dim.{n}", "frobenius_norm", [a], dim=[0, 1])
        add(c, f"_softmax.{n}", "_softmax", [a], dim=1)
        add(c, f"_log_softmax.{n}", "_log_softmax", [a], dim=0)
    x, y = rnd((4, 6, 3)), rnd((4, 6, 3), seed=1)
    for d in [0, 1, 2, -1]:
        add(c, f"cosine_similarity.dim{d}", "cosine_similarity", [x, y], dim=d)
    add(c, "cosine_similarity.broadcast", "cosine_similarity", [rnd((2, 3, 1)), rnd((1, 3, 4), seed=1)])
    add(c, "cosine_similarity.zero", "cosine_similarity", [torch.zeros(2, 3), torch.ones(2, 3)])
    add(c, "cosine_similarity.tiny", "cosine_similarity", [torch.full((1, 3), 1e-5), torch.full((1, 3), 1e-5)])
    add(c, "cosine_similarity.eps", "cosine_similarity", [x * 1e-3, y], eps=0.1)
    add(c, "cosine_similarity.int_float", "cosine_similarity", [values((3, 4), torch.int64), rnd((3, 4), seed=2)])
    for p in [2.0, 1.0, 3.0, 0.0, float("inf")]:
        add(c, f"pairwise_distance.p{p}", "pairwise_distance", [x, y], p=p)
    add(c, "pairwise_distance.keepdim", "pairwise_distance", [x, y], keepdim=True, eps=0.0)
    add(c, "pairwise_distance.broadcast", "pairwise_distance", [x, y[0]])
    add(c, "pairwise_distance.1d", "pairwise_distance", [x[0, 0], y[0, 0]])
    add(c, "pairwise_distance.0d", "pairwise_distance", [torch.tensor(1.0), torch.tensor(2.5)])
    for dims in [[0], [1], [-1], [0, 2], [2, 1], []]:
        add(c, f"frobenius_norm.dims{dims}", "frobenius_norm", [x], dim=dims)
        add(c, f"frobenius_norm.dims{dims}.keepdim", "frobenius_norm", [x], dim=dims, keepdim=True)
    add(c, "frobenius_norm.error.three", "frobenius_norm", [x], dim=[0, 1, 2], error=True)
    add(c, "frobenius_norm.error.same", "frobenius_norm", [x], dim=[1, 1], error=True)
    add(c, "_softmax.error.half_to_float", "_softmax", [x], dim=1, half_to_float=True, error=True)
    add(c, "_softmax.strided", "_softmax", [x.transpose(0, 2)], dim=1)
    add(c, "_log_softmax.strided", "_log_softmax", [x.transpose(0, 2)], dim=-1)


def cases(c):
    embedding_cases(c)
    dropout_cases(c)
    shuffle_cases(c)
    similarity_cases(c)
