"""Differential cases for the shape family: copy_/to conversions, views (with exact geometry),
cat/stack, flip, roll, repeat, tile, tril/triu."""
import torch

DTYPES = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64,
          torch.float16, torch.bfloat16, torch.float32, torch.float64]


def dname(dt):
    return str(dt).replace("torch.", "")


def sources():
    special = torch.tensor([float("nan"), float("inf"), -float("inf"), -1.5, 2.7, 300.0, -300.0, 3e9, 1e20,
                            65504.0, 65520.0, 0.1, -0.0, 0.0, 1.0, -2.5], dtype=torch.float64)
    ints = torch.tensor([0, 1, -1, 127, 128, 255, 256, -129, 40000, -40000, 2**31, 2**40 + 5, -2**63, 2**63 - 1,
                         16777217, 7], dtype=torch.int64)
    return special, ints


def copy_cases(c):
    special, ints = sources()
    for src_dt in DTYPES:
        base = (special if src_dt.is_floating_point else ints).to(src_dt)
        for dst_dt in DTYPES:
            n = f"{dname(src_dt)}_to_{dname(dst_dt)}"
            c.add(f"shape.to.{n}", "to", [base], lambda x, d=dst_dt: x.to(d), args={"dtype": dname(dst_dt)})
            dst = torch.zeros(4, 8, dtype=dst_dt)[:, ::2]
            c.add(f"shape.copy_.strided_{n}", "copy_", [dst, base.view(4, 4).t()], lambda d, s: d.copy_(s))
    x = torch.randn(3, 4)
    c.add("shape.copy_.broadcast_row", "copy_", [torch.zeros(2, 3, 4), x[0]], lambda d, s: d.copy_(s))
    c.add("shape.copy_.broadcast_0dim", "copy_", [torch.zeros(2, 3, dtype=torch.int32), torch.tensor(2.9)],
          lambda d, s: d.copy_(s))
    c.add("shape.copy_.shape_mismatch", "copy_", [torch.zeros(2, 3), torch.ones(4)], lambda d, s: d.copy_(s),
          error_contains="must match the size of tensor b (4)")
    c.add("shape.copy_.not_broadcastable_to_out", "copy_", [torch.zeros(3), torch.ones(1, 3)],
          lambda d, s: d.copy_(s), error_contains="doesn't match the broadcast shape")
    c.add("shape.copy_.into_expanded", "copy_", [torch.zeros(3).expand(2, 3), torch.ones(3)],
          lambda d, s: d.copy_(s), error_contains="more than one element of the written-to tensor")
    c.add("shape.copy_.empty", "copy_", [torch.zeros(0, 3), torch.ones(3)], lambda d, s: d.copy_(s))
    big = torch.randn(300, 500)
    c.add("shape.copy_.large_transposed_to_half", "copy_", [torch.zeros(500, 300, dtype=torch.float16), big.t()],
          lambda d, s: d.copy_(s))
    for g, t in {"transposed": torch.randn(4, 3).t(), "sliced": torch.randn(4, 6)[:, ::2],
                 "perm_sliced": torch.randn(4, 3).t()[::2], "zero_dim": torch.tensor(1.5)}.items():
        c.add(f"shape.clone.{g}", "clone", [t], lambda x: x.clone(), check_strides=True)
        c.add(f"shape.to.{g}_double", "to", [t], lambda x: x.to(torch.float64), args={"dtype": "float64"},
              check_strides=True)
        c.add(f"shape.contiguous.{g}", "contiguous", [t], lambda x: x.contiguous(), check_strides=True)
    # NCHW <-> channels-last copies (a tiled transpose for 4-byte elements): RGB images, channel
    # and pixel counts off the 16x16 tile, batches, int32, and the layouts that share their bytes.
    cl = torch.channels_last
    for shape, dt in [((1, 3, 7, 9), torch.float32), ((2, 5, 3, 4), torch.float32), ((2, 40, 6, 6), torch.int32),
                      ((1, 33, 17, 1), torch.float32), ((1, 1, 4, 4), torch.float32), ((2, 3, 5, 5), torch.float64)]:
        t = (torch.randn(shape) * 100).to(dt)
        tag = "x".join(map(str, shape)) + "_" + str(dt).split(".")[1]
        c.add(f"shape.contiguous.from_channels_last_{tag}", "contiguous", [t.contiguous(memory_format=cl)],
              lambda x: x.contiguous(), check_strides=True)
        c.add(f"shape.copy_.into_channels_last_{tag}", "copy_", [torch.zeros(shape, dtype=dt).contiguous(memory_format=cl), t],
              lambda d, x: d.copy_(x), check_strides=True)


def view_cases(c):
    x = torch.randn(2, 3, 4)
    p = x.permute(1, 0, 2)
    s = torch.randn(4, 6)[1:, ::2]
    V = lambda name, op, inputs, fn, args=None, err=None: c.add(  # noqa: E731
        f"shape.{name}", op, inputs, fn, args=args, check_strides=err is None, error_contains=err)
    V("view.infer", "view", [x], lambda t: t.view(4, -1), {"size": [4, -1]})
    V("view.permuted_ok", "view", [p], lambda t: t.view(3, 2, 2, 2), {"size": [3, 2, 2, 2]})
    V("view.permuted_bad", "view", [p], lambda t: t.view(6, 4), {"size": [6, 4]}, "view size is not compatible")
    V("view.sliced", "view", [x[:, :, :2]], lambda t: t.view(6, 2), {"size": [6, 2]})
    V("view.zero_size", "view", [torch.randn(0, 3)], lambda t: t.view(3, 0, 2), {"size": [3, 0, 2]})
    V("view.zero_dim", "view", [torch.tensor(2.0)], lambda t: t.view(1, 1), {"size": [1, 1]})
    V("view.ambiguous", "view", [torch.randn(0, 3)], lambda t: t.view(-1, 0), {"size": [-1, 0]}, "ambiguous")
    V("view.bad_numel", "view", [x], lambda t: t.view(5, -1), {"size": [5, -1]}, "is invalid for input of size 24")
    V("reshape.copy", "reshape", [p], lambda t: t.reshape(6, 4), {"size": [6, 4]})
    V("reshape.view", "reshape", [s], lambda t: t.reshape(-1), {"size": [-1]})
    V("as_strided.basic", "as_strided", [x], lambda t: t.as_strided((3, 3), (1, 2), 2),
      {"size": [3, 3], "stride": [1, 2], "offset": 2})
    V("transpose.neg", "transpose", [x], lambda t: t.transpose(-1, 0), {"dim0": -1, "dim1": 0})
    V("transpose.oor", "transpose", [x], lambda t: t.transpose(0, 3), {"dim0": 0, "dim1": 3}, "out of range")
    V("t.2d", "t", [s], lambda t: t.t())
    V("t.1d", "t", [torch.randn(3)], lambda t: t.t())
    V("t.3d", "t", [x], lambda t: t.t(), None, "t() expects a tensor with <= 2 dimensions")
    V("permute.basic", "permute", [s[None]], lambda t: t.permute(2, 0, 1), {"dims": [2, 0, 1]})
    V("permute.dup", "permute", [x], lambda t: t.permute(0, 0, 1), {"dims": [0, 0, 1]}, "duplicate dims")
    V("expand.new_dims", "expand", [torch.randn(3, 1)], lambda t: t.expand(2, 3, 4), {"size": [2, 3, 4]})
    V("expand.minus_one", "expand", [s[:, :1]], lambda t: t.expand(-1, 5), {"size": [-1, 5]})
    V("expand.zero_dim", "expand", [torch.tensor(1.0)], lambda t: t.expand(2, 1), {"size": [2, 1]})
    V("expand.bad", "expand", [x], lambda t: t.expand(3, 3, 4), {"size": [3, 3, 4]}, "must match the existing size")
    V("expand.leading_minus_one", "expand", [x], lambda t: t.expand(-1, 2, 3, 4), {"size": [-1, 2, 3, 4]},
      "isn't allowed in a leading, non-existing dimension")
    V("squeeze.all", "squeeze", [torch.randn(3, 1, 2, 1)[::2]], lambda t: t.squeeze())
    V("squeeze.dim", "squeeze_dim", [torch.randn(3, 1, 2)], lambda t: t.squeeze(-2), {"dim": -2})
    V("squeeze.zero_dim", "squeeze_dim", [torch.tensor(1.0)], lambda t: t.squeeze(0), {"dim": 0})
    V("unsqueeze.end", "unsqueeze", [s], lambda t: t.unsqueeze(2), {"dim": 2})
    V("unsqueeze.neg", "unsqueeze", [s], lambda t: t.unsqueeze(-3), {"dim": -3})
    V("flatten.mid", "flatten", [x], lambda t: t.flatten(1, 2), {"start": 1, "end": 2})
    V("flatten.noncontig", "flatten", [p], lambda t: t.flatten(), {"start": 0, "end": -1})
    V("flatten.zero_dim", "flatten", [torch.tensor(3.0)], lambda t: t.flatten(), {"start": 0, "end": -1})
    V("unflatten.infer", "unflatten", [x], lambda t: t.unflatten(2, (2, -1)), {"dim": 2, "sizes": [2, -1]})
    V("unflatten.bad", "unflatten", [x], lambda t: t.unflatten(2, (3, 2)), {"dim": 2, "sizes": [3, 2]},
      "don't multiply up")
    for i, (st, en, step) in enumerate([(1, None, 2), (-10, 10, 1), (4, 2, 1), (None, -1, 3), (-2, None, 1)]):
        V(f"slice.case{i}", "slice", [s], lambda t, st=st, en=en, step=step: torch.ops.aten.slice(t, 1, st, en, step),
          {"dim": 1, "start": st, "end": en, "step": step})
    V("slice.step0", "slice", [s], lambda t: torch.ops.aten.slice(t, 0, 0, 2, 0),
      {"dim": 0, "start": 0, "end": 2, "step": 0}, "slice step must be positive")
    V("narrow.neg_start", "narrow", [s], lambda t: t.narrow(1, -2, 2), {"dim": 1, "start": -2, "length": 2})
    V("narrow.too_long", "narrow", [s], lambda t: t.narrow(1, 2, 2), {"dim": 1, "start": 2, "length": 2}, "exceeds")
    V("select.neg", "select", [x], lambda t: t.select(-1, -1), {"dim": -1, "index": -1})
    V("select.oor", "select", [x], lambda t: t.select(1, 3), {"dim": 1, "index": 3}, "out of range")
    V("split.int", "split", [x], lambda t: t.split(2, 2), {"split_size": 2, "dim": 2})
    V("split.uneven", "split", [torch.randn(7, 2)], lambda t: t.split(3), {"split_size": 3, "dim": 0})
    V("split.sizes", "split_with_sizes", [x], lambda t: t.split_with_sizes([1, 0, 3], -1),
      {"sizes": [1, 0, 3], "dim": -1})
    V("split.sizes_bad", "split_with_sizes", [x], lambda t: t.split_with_sizes([1, 2], -1),
      {"sizes": [1, 2], "dim": -1}, "sum exactly to 4")
    V("chunk.uneven", "chunk", [torch.randn(6, 2)], lambda t: t.chunk(4), {"chunks": 4, "dim": 0})
    V("chunk.empty", "chunk", [torch.randn(0, 2)], lambda t: t.chunk(3), {"chunks": 3, "dim": 0})
    V("unbind.dim1", "unbind", [p], lambda t: t.unbind(1), {"dim": 1})
    V("diagonal.offset", "diagonal", [x], lambda t: t.diagonal(1, -1, 1), {"offset": 1, "dim1": -1, "dim2": 1})
    V("diagonal.neg", "diagonal", [s], lambda t: t.diagonal(-2), {"offset": -2, "dim1": 0, "dim2": 1})
    V("diagonal.off_end", "diagonal", [s], lambda t: t.diagonal(7), {"offset": 7, "dim1": 0, "dim2": 1})
    V("movedim.list", "movedim", [x], lambda t: t.movedim((0, 1), (2, 0)), {"source": [0, 1], "destination": [2, 0]})
    V("movedim.int", "movedim", [x], lambda t: t.movedim(-1, 0), {"source": [-1], "destination": [0]})
    V("movedim.repeat", "movedim", [x], lambda t: t.movedim((0, 0), (1, 2)), {"source": [0, 0], "destination": [1, 2]},
      "repeated dim in `source`")
    V("unfold.basic", "unfold", [torch.randn(2, 7)], lambda t: t.unfold(1, 3, 2), {"dim": 1, "size": 3, "step": 2})
    V("mT.batch", "mT", [x], lambda t: t.mT)
    V("T.3d", "numpy_T", [x], lambda t: t.permute(2, 1, 0))


def shape_op_cases(c):
    a = torch.randn(2, 3)
    b = torch.arange(4).view(2, 2)
    c.add("shape.cat.promote", "cat", [a, b], lambda x, y: torch.cat([x, y], 1), args={"dim": 1}, check_strides=True)
    c.add("shape.cat.legacy_empty", "cat", [torch.ones(0, dtype=torch.float64), b], lambda x, y: torch.cat([x, y], -1),
          args={"dim": -1})
    c.add("shape.cat.legacy_promote", "cat", [torch.ones(0, dtype=torch.int8), torch.ones(2, dtype=torch.uint8)],
          lambda x, y: torch.cat([x, y]), args={"dim": 0})
    c.add("shape.cat.all_legacy", "cat", [torch.ones(0), torch.ones(0, dtype=torch.int64)],
          lambda x, y: torch.cat([x, y], 0), args={"dim": 0})
    c.add("shape.cat.transposed", "cat", [a.t(), a.t()], lambda x, y: torch.cat([x, y], 1), args={"dim": 1},
          check_strides=True)
    cl = torch.randn(2, 3, 4, 5).contiguous(memory_format=torch.channels_last)
    c.add("shape.cat.channels_last", "cat", [cl, cl], lambda x, y: torch.cat([x, y], 1), args={"dim": 1},
          check_strides=True)
    c.add("shape.cat.bool_int8", "cat", [torch.tensor([True, False]), torch.tensor([3, -4], dtype=torch.int8)],
          lambda x, y: torch.cat([x, y]), args={"dim": 0})
    c.add("shape.cat.half_bf16", "cat", [torch.randn(2).half(), torch.randn(2).bfloat16()],
          lambda x, y: torch.cat([x, y]), args={"dim": 0})
    c.add("shape.cat.zero_dim", "cat", [a, torch.tensor(1.0)], lambda x, y: torch.cat([x, y]), args={"dim": 0},
          error_contains="zero-dimensional tensor (at position 1)")
    c.add("shape.cat.size_mismatch", "cat", [a, torch.ones(3, 3)], lambda x, y: torch.cat([x, y], 1),
          args={"dim": 1}, error_contains="Sizes of tensors must match except in dimension 1")
    c.add("shape.cat.dim_oor", "cat", [a, a], lambda x, y: torch.cat([x, y], 2), args={"dim": 2},
          error_contains="out of range")
    c.add("shape.cat_out.double", "cat_out", [torch.empty(0, dtype=torch.float64), a, a],
          lambda o, x, y: torch.cat([x, y], 0, out=o), args={"dim": 0})
    c.add("shape.cat_out.bad_cast", "cat_out", [torch.empty(0, dtype=torch.int64), a, a],
          lambda o, x, y: torch.cat([x, y], 0, out=o), args={"dim": 0}, error_contains="can't be cast")
    c.add("shape.stack.dim2", "stack", [a, a.t().t()], lambda x, y: torch.stack([x, y], 2), args={"dim": 2},
          check_strides=True)
    c.add("shape.stack.zero_dim", "stack", [torch.tensor(1.0), torch.tensor(2)], lambda x, y: torch.stack([x, y]),
          args={"dim": 0})
    c.add("shape.stack.mismatch", "stack", [a, a.t()], lambda x, y: torch.stack([x, y]), args={"dim": 0},
          error_contains="stack expects each tensor to be equal size")
    s = torch.randn(4, 6)[:, ::2]
    for name, t in {"contig": a, "transposed": a.t(), "sliced": s, "int": torch.arange(12).view(3, 4).t(),
                    "empty": torch.randn(0, 3).t(), "batch": torch.randn(2, 3, 4).permute(2, 0, 1)}.items():
        c.add(f"shape.flip.{name}", "flip", [t], lambda x: x.flip(0, -1), args={"dims": [0, -1]}, check_strides=True)
        c.add(f"shape.roll.{name}", "roll", [t], lambda x: x.roll((1, -5), (0, 1)),
              args={"shifts": [1, -5], "dims": [0, 1]}, check_strides=True)
        c.add(f"shape.roll.{name}_flat", "roll", [t], lambda x: x.roll(2), args={"shifts": [2], "dims": []})
        c.add(f"shape.repeat.{name}", "repeat", [t], lambda x: x.repeat(2, 1, 3), args={"repeats": [2, 1, 3]})
        c.add(f"shape.tile.{name}", "tile", [t], lambda x: x.tile((2,)), args={"dims": [2]})
        for k in (-1, 0, 2):
            c.add(f"shape.tril.{name}_{k}", "tril", [t], lambda x, k=k: x.tril(k), args={"diagonal": k},
                  check_strides=True)
            c.add(f"shape.triu.{name}_{k}", "triu", [t], lambda x, k=k: x.triu(k), args={"diagonal": k},
                  check_strides=True)
    c.add("shape.flip.dup", "flip", [a], lambda x: x.flip(0, -2), args={"dims": [0, -2]},
          error_contains="appears multiple times")
    c.add("shape.roll.mismatch", "roll", [a], lambda x: x.roll((1, 2), 0), args={"shifts": [1, 2], "dims": [0]},
          error_contains="shifts and dimensions must align")
    c.add("shape.repeat.too_few", "repeat", [a], lambda x: x.repeat(2), args={"repeats": [2]},
          error_contains="can not be smaller")
    c.add("shape.repeat.zero", "repeat", [a], lambda x: x.repeat(0, 2, 1), args={"repeats": [0, 2, 1]})
    base = torch.randn(3, 5)
    c.add("shape.tril_.view", "tril_", [base, base[:, 1:]], lambda b, v: (v.tril_(-1), b)[1], args={"diagonal": -1})
    c.add("shape.triu_.bool", "triu_", [torch.ones(3, 3, dtype=torch.bool)], lambda x: x.triu_(),
          args={"diagonal": 0})


def alias_cases(c):
    # In-place writes through views are visible through the base.
    base = torch.zeros(3, 4)
    c.add("shape.alias.copy_through_select", "copy_through_view", [base, torch.tensor([1.0, 2.0, 3.0])],
          lambda b, v: (b.select(1, 2).copy_(v), b)[1])


def cases(c):
    copy_cases(c)
    view_cases(c)
    shape_op_cases(c)
    alias_cases(c)
