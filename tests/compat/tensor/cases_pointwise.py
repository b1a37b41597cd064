"""Differential cases for the pointwise family: type promotion over every dtype pair, broadcasting,
layouts (transposed, sliced, expanded, 0-dim, zero-size), Python scalars, NaN/inf, integer
overflow, division and remainder signs, out= and in-place forms, and error cases.

Adapters (ops_pointwise.cpp) take a "form" arg:
  "tt"      op(in[0], in[1])               "ts"  op(in[0], args.other)    "st"  op(args.self, in[0])
  "inplace" in[0].op_(in[1] or args.other) "out" op_out(in[-1], in[0], in[1])
plus op-specific args (alpha, rounding_mode, value, weight, min, max).
"""
import torch

DTYPES = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64,
          torch.float16, torch.bfloat16, torch.float32, torch.float64]
INTEGRAL = DTYPES[1:6]
FLOATING = DTYPES[6:]
NUMERIC = DTYPES[1:]


def dname(dt):
    return str(dt).replace("torch.", "")


def values(shape, dt, nonzero=False, lo=None, hi=9):
    """Small values of dtype dt; exact in every float type."""
    if dt == torch.bool:
        v = torch.randint(0, 2, shape).bool()
        return torch.ones(shape, dtype=torch.bool) if nonzero else v
    if lo is None:
        lo = 0 if dt == torch.uint8 else -8
    if dt.is_floating_point:
        v = torch.randint(lo * 4, hi * 4, shape).to(torch.float64) / 4
    else:
        v = torch.randint(lo, hi, shape)
    if nonzero:
        v = torch.where(v == 0, torch.ones_like(v), v)
    return v.to(dt)


def T(*v, dtype=None):
    return torch.tensor(v, dtype=dtype)


NAN, INF = float("nan"), float("inf")

# op name -> (torch function, in-place method name or None, supported scalar-first)
BINARY = {
    "add": (torch.add, "add_", False),
    "sub": (torch.sub, "sub_", False),
    "mul": (torch.mul, "mul_", False),
    "div": (torch.div, "div_", False),
    "floor_divide": (torch.floor_divide, "floor_divide_", False),
    "remainder": (torch.remainder, "remainder_", True),
    "fmod": (torch.fmod, "fmod_", False),
    "pow": (torch.pow, "pow_", True),
    "atan2": (torch.atan2, "atan2_", False),
    "maximum": (torch.maximum, None, False),
    "minimum": (torch.minimum, None, False),
    "fmax": (torch.fmax, None, False),
    "fmin": (torch.fmin, None, False),
    "eq": (torch.eq, "eq_", False),
    "ne": (torch.ne, "ne_", False),
    "lt": (torch.lt, "lt_", False),
    "le": (torch.le, "le_", False),
    "gt": (torch.gt, "gt_", False),
    "ge": (torch.ge, "ge_", False),
    "logical_and": (torch.logical_and, "logical_and_", False),
    "logical_or": (torch.logical_or, "logical_or_", False),
    "logical_xor": (torch.logical_xor, "logical_xor_", False),
    "bitwise_and": (torch.bitwise_and, "bitwise_and_", True),
    "bitwise_or": (torch.bitwise_or, "bitwise_or_", True),
    "bitwise_xor": (torch.bitwise_xor, "bitwise_xor_", True),
    "bitwise_left_shift": (torch.bitwise_left_shift, "bitwise_left_shift_", True),
    "bitwise_right_shift": (torch.bitwise_right_shift, "bitwise_right_shift_", True),
}
TENSOR_ONLY = {"atan2", "maximum", "minimum", "fmax", "fmin", "logical_and", "logical_or", "logical_xor"}
DIVISIONS = {"div", "floor_divide", "remainder", "fmod"}
SHIFTS = {"bitwise_left_shift", "bitwise_right_shift"}
# Ops whose full dtype-pair matrix is generated (the rest get the diagonal and a few pairs).
MATRIX = ["add", "mul", "div", "lt", "eq", "maximum", "bitwise_and", "remainder", "atan2", "logical_or"]


def operands(op, shape_a, shape_b, da, db):
    """Inputs that keep op well defined (no integer division by zero, sane shift counts)."""
    a = values(shape_a, da)
    if op in SHIFTS:
        b = values(shape_b, db, lo=0, hi=8)
    elif op == "pow":
        a = values(shape_a, da, lo=-3, hi=4)
        b = values(shape_b, db, lo=0, hi=4)
    else:
        b = values(shape_b, db, nonzero=op in DIVISIONS)
    return a, b


def fn_of(op, kw):
    f = BINARY[op][0]
    return lambda a, b: f(a, b, **kw)


def binary_cases(c, op):
    f, inplace, scalar_first = BINARY[op]
    kw_variants = [({}, {})]
    if op in ("add", "sub"):
        kw_variants.append(({"alpha": 2}, {"alpha": 2}))
    if op == "div":
        kw_variants += [({"rounding_mode": "trunc"}, {"rounding_mode": "trunc"}),
                        ({"rounding_mode": "floor"}, {"rounding_mode": "floor"})]
    pairs = [(x, y) for x in DTYPES for y in DTYPES] if op in MATRIX else \
        [(x, x) for x in DTYPES] + [(torch.int32, torch.float32), (torch.uint8, torch.int8),
                                    (torch.float16, torch.bfloat16), (torch.bool, torch.int64),
                                    (torch.int64, torch.float64)]
    for tkw, akw in kw_variants:
        suffix = "".join(f".{k}_{v}" for k, v in akw.items())
        for da, db in pairs:
            a, b = operands(op, (3, 4), (4,), da, db)
            c.add(f"pointwise.{op}{suffix}.{dname(da)}_{dname(db)}", op, [a, b],
                  lambda a, b, tkw=tkw: f(a, b, **tkw), args=dict(akw, form="tt"))
        # Python scalars of each kind against a tensor of each dtype.
        for dt in ([] if op in TENSOR_ONLY else DTYPES):
            for sname, s in (("int", 3), ("float", 2.5), ("bool", True), ("negint", -2)):
                if op in SHIFTS and (sname != "int"):
                    continue
                if op == "pow" and sname == "negint":
                    s = -2.0 if dt.is_floating_point else -2
                a = values((5,), dt)
                c.add(f"pointwise.{op}{suffix}.ts_{dname(dt)}_{sname}", op, [a],
                      lambda a, s=s, tkw=tkw: f(a, s, **tkw), args=dict(akw, form="ts", other=s))
                if scalar_first:
                    b = values((5,), dt, nonzero=op in DIVISIONS, lo=0 if op in ("pow",) + tuple(SHIFTS) else None,
                               hi=4 if op == "pow" else 9)
                    c.add(f"pointwise.{op}{suffix}.st_{dname(dt)}_{sname}", op, [b],
                          lambda b, s=s, tkw=tkw: f(s, b, **tkw), args=dict(akw, form="st", self=s))
    layout_cases(c, op)
    if inplace:
        inplace_cases(c, op, inplace)
    out_cases(c, op)


def layout_cases(c, op):
    f = BINARY[op][0]
    fdt = torch.int64 if op in ("bitwise_and", "bitwise_or", "bitwise_xor") or op in SHIFTS else torch.float32
    a, b = operands(op, (4, 3), (4, 3), fdt, fdt)
    c.add(f"pointwise.{op}.transposed", op, [a.t(), b.t()], f, args={"form": "tt"}, check_strides=True)
    c.add(f"pointwise.{op}.transposed_first", op, [a.t(), b.t().contiguous()], f, args={"form": "tt"},
          check_strides=True)
    if op not in TENSOR_ONLY:
        c.add(f"pointwise.{op}.transposed_scalar", op, [a.t()], lambda x: f(x, 2), args={"form": "ts", "other": 2},
              check_strides=True)
    big, _ = operands(op, (6, 8), (1,), fdt, fdt)
    _, b2 = operands(op, (1,), (3, 1), fdt, fdt)
    c.add(f"pointwise.{op}.sliced_offset", op, [big[1:4, 2:8:2], b2], f, args={"form": "tt"}, check_strides=True)
    row = operands(op, (1,), (5,), fdt, fdt)[1]
    c.add(f"pointwise.{op}.expanded", op, [row.expand(3, 5), row.view(5, 1).expand(5, 5)[:3]], f,
          args={"form": "tt"})
    x0, y0 = operands(op, (), (), fdt, fdt)
    c.add(f"pointwise.{op}.zero_dim", op, [x0, y0], f, args={"form": "tt"})
    c.add(f"pointwise.{op}.zero_dim_with_dims", op, [x0, operands(op, (2, 3), (2, 3), fdt, fdt)[1]], f,
          args={"form": "tt"})
    c.add(f"pointwise.{op}.zero_size", op, [torch.empty(0, 3, dtype=fdt), operands(op, (3,), (3,), fdt, fdt)[1]],
          f, args={"form": "tt"})
    # 0-dim tensors of another dtype rank below dimensioned tensors.
    if fdt == torch.float32:
        c.add(f"pointwise.{op}.half_with_double_0dim", op,
              [operands(op, (4,), (1,), torch.float16, torch.float16)[0], T(2.0, dtype=torch.float64)], f,
              args={"form": "tt"})
    c.add(f"pointwise.{op}.int8_with_long_0dim", op,
          [operands(op, (4,), (1,), torch.int8, torch.int8)[0], T(3)], f, args={"form": "tt"})
    c.add(f"pointwise.{op}.broadcast_mismatch", op, [torch.ones(2, 3, dtype=fdt), torch.ones(2, 4, dtype=fdt)], f,
          args={"form": "tt"})
    if op not in SHIFTS and op not in ("bitwise_and", "bitwise_or", "bitwise_xor"):
        big = torch.randn(300, 257).to(fdt)
        other = torch.randn(257).abs().add(0.5).to(fdt)
        c.add(f"pointwise.{op}.large_broadcast", op, [big, other], f, args={"form": "tt"})
        c.add(f"pointwise.{op}.large_transposed", op, [big.t(), big.t() * 0 + 1.5], f, args={"form": "tt"},
              check_strides=True)


def inplace_cases(c, op, method):
    fdt = torch.int64 if op.startswith("bitwise") else torch.float32
    a, b = operands(op, (3, 4), (4,), fdt, fdt)
    c.add(f"pointwise.{op}.inplace", op, [a, b], lambda a, b: getattr(a, method)(b), args={"form": "inplace"})
    a, b = operands(op, (4, 3), (3,), fdt, fdt)
    c.add(f"pointwise.{op}.inplace_view", op, [a.t(), b.view(3, 1)], lambda a, b: getattr(a, method)(b),
          args={"form": "inplace"}, check_strides=True)
    a, b = operands(op, (3,), (2, 3), fdt, fdt)
    c.add(f"pointwise.{op}.inplace_broadcast_self", op, [a, b], lambda a, b: getattr(a, method)(b),
          args={"form": "inplace"})
    a = values((4,), torch.int64, nonzero=True, lo=0)
    if op not in TENSOR_ONLY:
        c.add(f"pointwise.{op}.inplace_int_float_scalar", op, [a], lambda a: getattr(a, method)(1.5),
              args={"form": "inplace", "other": 1.5})
    a = values((4,), torch.float16, nonzero=True, lo=1)
    b = values((4,), torch.float64, nonzero=True, lo=1)
    if not op.startswith("bitwise"):
        c.add(f"pointwise.{op}.inplace_half_double", op, [a, b], lambda a, b: getattr(a, method)(b),
              args={"form": "inplace"})


def out_cases(c, op):
    f = BINARY[op][0]
    fdt = torch.int64 if op.startswith("bitwise") else torch.float32
    a, b = operands(op, (2, 3), (3,), fdt, fdt)
    c.add(f"pointwise.{op}.out_resize", op, [a, b, torch.empty(5, dtype=fdt)],
          lambda a, b, o: f(a, b, out=o), args={"form": "out"})
    c.add(f"pointwise.{op}.out_same_shape", op, [a, b, torch.empty(2, 3, dtype=fdt)],
          lambda a, b, o: f(a, b, out=o), args={"form": "out"})
    c.add(f"pointwise.{op}.out_float64", op, [a, b, torch.empty(2, 3, dtype=torch.float64)],
          lambda a, b, o: f(a, b, out=o), args={"form": "out"})
    ai, bi = operands(op, (2, 3), (3,), torch.int32, torch.int32)
    c.add(f"pointwise.{op}.out_int_to_int64", op, [ai, bi, torch.empty(0, dtype=torch.int64)],
          lambda a, b, o: f(a, b, out=o), args={"form": "out"})
    if not op.startswith("bitwise"):
        c.add(f"pointwise.{op}.out_float_to_long", op, [a, b, torch.empty(2, 3, dtype=torch.int64)],
              lambda a, b, o: f(a, b, out=o), args={"form": "out"})
        c.add(f"pointwise.{op}.out_float_to_bool", op, [a, b, torch.empty(2, 3, dtype=torch.bool)],
              lambda a, b, o: f(a, b, out=o), args={"form": "out"})
    c.add(f"pointwise.{op}.out_transposed_resize", op, [a.t().contiguous().t(), b, torch.empty(1, dtype=fdt)],
          lambda a, b, o: f(a, b, out=o), args={"form": "out"}, check_strides=True)


def special_values(c):
    fv = T(NAN, INF, -INF, 0.0, -0.0, 1.0, -1.0, 2.5, -7.5, 1e30)
    gv = T(1.0, NAN, 2.0, -0.0, 0.0, INF, -INF, -2.5, 2.0, 1e-30)
    for op in ["add", "sub", "mul", "div", "floor_divide", "remainder", "fmod", "pow", "atan2", "maximum",
               "minimum", "fmax", "fmin", "eq", "ne", "lt", "le", "gt", "ge", "logical_and", "logical_xor"]:
        for dt in (torch.float32, torch.float64, torch.float16, torch.bfloat16):
            c.add(f"pointwise.{op}.special_{dname(dt)}", op, [fv.to(dt), gv.to(dt)], BINARY[op][0],
                  args={"form": "tt"})
        if op in TENSOR_ONLY:
            continue
        c.add(f"pointwise.{op}.special_nan_scalar", op, [fv], lambda a, f=BINARY[op][0]: f(a, NAN),
              args={"form": "ts", "other": NAN})
        c.add(f"pointwise.{op}.special_inf_scalar", op, [fv], lambda a, f=BINARY[op][0]: f(a, -INF),
              args={"form": "ts", "other": -INF})
    for rm in ("trunc", "floor"):
        c.add(f"pointwise.div.special_{rm}", "div", [fv, gv], lambda a, b, rm=rm: torch.div(a, b, rounding_mode=rm),
              args={"form": "tt", "rounding_mode": rm})


def integer_cases(c):
    signs_a = T(-7, 7, -7, 7, -8, 8, 0, -1)
    signs_b = T(3, -3, -3, 3, 2, -2, 5, 4)
    for dt in (torch.int8, torch.int16, torch.int32, torch.int64):
        for op in ("remainder", "fmod", "floor_divide"):
            c.add(f"pointwise.{op}.signs_{dname(dt)}", op, [signs_a.to(dt), signs_b.to(dt)], BINARY[op][0],
                  args={"form": "tt"})
        for rm in ("trunc", "floor"):
            c.add(f"pointwise.div.signs_{rm}_{dname(dt)}", "div", [signs_a.to(dt), signs_b.to(dt)],
                  lambda a, b, rm=rm: torch.div(a, b, rounding_mode=rm), args={"form": "tt", "rounding_mode": rm})
        info = torch.iinfo(dt)
        ext = T(info.max, info.min, info.max - 1, -1, 1).to(dt)
        for op in ("add", "sub", "mul"):
            c.add(f"pointwise.{op}.overflow_{dname(dt)}", op, [ext, ext.flip(0)], BINARY[op][0], args={"form": "tt"})
        c.add(f"pointwise.add.overflow_scalar_{dname(dt)}", "add", [ext], lambda a: a + 100,
              args={"form": "ts", "other": 100})
        c.add(f"pointwise.pow.overflow_{dname(dt)}", "pow", [T(3, -3, 2, 7).to(dt), T(40, 41, 63, 5).to(dt)],
              torch.pow, args={"form": "tt"})
        c.add(f"pointwise.pow.negative_exponent_{dname(dt)}", "pow", [T(-1, 1, 2, 0, -2).to(dt),
                                                                       T(-3, -3, -1, 2, -2).to(dt)],
              torch.pow, args={"form": "tt"})
        for op in ("div", "remainder", "fmod", "floor_divide"):
            kw = {"rounding_mode": "trunc"} if op == "div" else {}
            c.add(f"pointwise.{op}.int_div_by_zero_{dname(dt)}", op, [T(1, 2).to(dt), T(1, 0).to(dt)],
                  lambda a, b, op=op, kw=kw: BINARY[op][0](a, b, **kw), args=dict(kw, form="tt"),
                  error_contains="ZeroDivisionError")
    c.add("pointwise.div.int_by_zero_scalar_floor", "div", [T(3, 4)], lambda a: torch.div(a, 0, rounding_mode="floor"),
          args={"form": "ts", "other": 0, "rounding_mode": "floor"}, error_contains="ZeroDivisionError")
    # INT_MIN // -1 is left out: PyTorch's CPU kernel dies of SIGFPE there (ember wraps).
    c.add("pointwise.uint8.wrap_300", "add", [T(200, 3, dtype=torch.uint8)], lambda a: a + 300,
          args={"form": "ts", "other": 300})
    c.add("pointwise.uint8.wrap_minus1", "add", [T(200, 0, dtype=torch.uint8)], lambda a: a + (-1),
          args={"form": "ts", "other": -1})
    for dt in (torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8):
        bits = torch.iinfo(dt).bits
        c.add(f"pointwise.bitwise_left_shift.edge_{dname(dt)}", "bitwise_left_shift",
              [T(1, -1, 3, 5).to(dt), T(bits - 1, 1, 2, 0).to(dt)], torch.bitwise_left_shift, args={"form": "tt"})
        c.add(f"pointwise.bitwise_right_shift.edge_{dname(dt)}", "bitwise_right_shift",
              [T(-8, 100, -1, 5).to(dt), T(1, 3, bits - 1, 0).to(dt)], torch.bitwise_right_shift,
              args={"form": "tt"})


def error_cases(c):
    b = T(True, False)
    i = T(5, -3)
    f = T(1.5, -2.5)
    c.add("pointwise.err.sub.bool_bool", "sub", [b, b], torch.sub, args={"form": "tt"})
    c.add("pointwise.err.sub.int_bool", "sub", [i, b], torch.sub, args={"form": "tt"})
    c.add("pointwise.err.add.float_alpha_int", "add", [i, i], lambda a, b: torch.add(a, b, alpha=1.5),
          args={"form": "tt", "alpha": 1.5})
    c.add("pointwise.err.add.bool_alpha_float", "add", [f, f], lambda a, b: torch.add(a, b, alpha=True),
          args={"form": "tt", "alpha": True})
    c.add("pointwise.err.add.bool_bool_alpha", "add", [b, b], lambda a, b: torch.add(a, b, alpha=2),
          args={"form": "tt", "alpha": 2})
    c.add("pointwise.err.div.bad_rounding_mode", "div", [f, f], lambda a, b: torch.div(a, b, rounding_mode="round"),
          args={"form": "tt", "rounding_mode": "round"})
    c.add("pointwise.err.pow.int_negative_scalar", "pow", [i], lambda a: torch.pow(a, -1),
          args={"form": "ts", "other": -1})
    c.add("pointwise.err.pow.float_negative_scalar", "pow", [f], lambda a: torch.pow(a, -1),
          args={"form": "ts", "other": -1})
    c.add("pointwise.err.bitwise_and.float_scalar", "bitwise_and", [i], lambda a: torch.bitwise_and(a, 1.5),
          args={"form": "ts", "other": 1.5})
    c.add("pointwise.err.add.inplace_float_into_long", "add", [i, f], lambda a, b: a.add_(b), args={"form": "inplace"})


def where_cases(c):
    for dt in DTYPES:
        for dt2 in dict.fromkeys((torch.bool, torch.int64, torch.float32, torch.float16, dt)):
            cond = torch.randint(0, 2, (3, 4)).bool()
            a = values((3, 4), dt)
            b = values((4,), dt2)
            c.add(f"pointwise.where.{dname(dt)}_{dname(dt2)}", "where", [cond, a, b], torch.where,
                  args={"form": "ttt"})
    cond = torch.randint(0, 2, (2, 3)).bool()
    x = values((2, 3), torch.int32)
    for sname, s in (("int", 7), ("float", 2.5), ("bool", True)):
        c.add(f"pointwise.where.scalar_other_{sname}", "where", [cond, x], lambda c_, x, s=s: torch.where(c_, x, s),
              args={"form": "tts", "other": s})
        c.add(f"pointwise.where.scalar_self_{sname}", "where", [cond, x], lambda c_, x, s=s: torch.where(c_, s, x),
              args={"form": "tst", "self": s})
    c.add("pointwise.where.scalars_int_float", "where", [cond], lambda c_: torch.where(c_, 1, 2.5),
          args={"form": "tss", "self": 1, "other": 2.5})
    c.add("pointwise.where.scalars_int_int", "where", [cond], lambda c_: torch.where(c_, 1, 2),
          args={"form": "tss", "self": 1, "other": 2})
    c.add("pointwise.where.broadcast_cond", "where", [cond[:, :1], values((1, 3), torch.float32),
                                                      values((2, 1), torch.float64)],
          torch.where, args={"form": "ttt"})
    c.add("pointwise.where.uint8_cond", "where", [torch.randint(0, 2, (4,)).to(torch.uint8), values((4,), torch.float32),
                                                  values((4,), torch.float32)], torch.where, args={"form": "ttt"})
    c.add("pointwise.where.float_cond", "where", [values((4,), torch.float32), values((4,), torch.float32),
                                                  values((4,), torch.float32)], torch.where, args={"form": "ttt"})
    c.add("pointwise.where.transposed", "where", [cond.t(), x.t(), x.t().to(torch.float32)], torch.where,
          args={"form": "ttt"}, check_strides=True)
    c.add("pointwise.where.out", "where", [cond, x, x, torch.empty(0, dtype=torch.int32)],
          lambda c_, a, b, o: torch.where(c_, a, b, out=o), args={"form": "out"})


def clamp_cases(c):
    for dt in DTYPES:
        x = values((3, 4), dt)
        for lo, hi in ((-2, 3), (1.5, None), (None, 2), (3, 1), (-2.5, 2.5), (True, None)):
            nm = f"{lo}_{hi}".replace(".", "p").replace("-", "m")
            c.add(f"pointwise.clamp.{dname(dt)}_{nm}", "clamp", [x], lambda x, lo=lo, hi=hi: torch.clamp(x, lo, hi),
                  args={"form": "scalar", "min": lo, "max": hi})
        lo_t = values((4,), dt)
        hi_t = values((3, 1), dt)
        c.add(f"pointwise.clamp.tensor_{dname(dt)}", "clamp", [x, lo_t, hi_t], torch.clamp, args={"form": "tensor"})
    fv = T(NAN, INF, -INF, 0.5, -3.0, 3.0)
    c.add("pointwise.clamp.special", "clamp", [fv], lambda x: torch.clamp(x, -1, 1),
          args={"form": "scalar", "min": -1, "max": 1})
    c.add("pointwise.clamp.nan_bound_tensor", "clamp", [fv, T(NAN, 0., 0., 0., 0., NAN), T(1., 1., 1., 1., 1., 1.)],
          torch.clamp, args={"form": "tensor"})
    c.add("pointwise.clamp.only_min_tensor", "clamp_min", [fv, T(0.)], torch.clamp_min, args={"form": "tensor"})
    c.add("pointwise.clamp.only_max_tensor", "clamp_max", [fv, T(0.)], torch.clamp_max, args={"form": "tensor"})
    c.add("pointwise.clamp.int_min_tensor_float", "clamp", [T(5, -3), T(0.)], lambda x, lo: torch.clamp(x, min=lo),
          args={"form": "tensor_min"})
    c.add("pointwise.clamp_min.scalar", "clamp_min", [T(5, -3)], lambda x: torch.clamp_min(x, 0),
          args={"form": "scalar", "value": 0})
    c.add("pointwise.clamp_max.scalar_float", "clamp_max", [T(5, -3)], lambda x: torch.clamp_max(x, 0.5),
          args={"form": "scalar", "value": 0.5})
    c.add("pointwise.clamp.none", "clamp", [T(5, -3)], lambda x: torch.clamp(x),
          args={"form": "scalar", "min": None, "max": None})
    x = values((4, 3), torch.float32)
    c.add("pointwise.clamp.inplace_view", "clamp", [x.t()], lambda x: x.clamp_(-1, 1),
          args={"form": "inplace", "min": -1, "max": 1}, check_strides=True)
    c.add("pointwise.clamp.inplace_long_float_bound", "clamp", [T(5, -3)], lambda x: x.clamp_(0.5, 1),
          args={"form": "inplace", "min": 0.5, "max": 1})
    c.add("pointwise.clamp.out", "clamp", [x, torch.empty(0)], lambda x, o: torch.clamp(x, -1, 1, out=o),
          args={"form": "out", "min": -1, "max": 1})
    c.add("pointwise.clamp.transposed", "clamp", [x.t()], lambda x: torch.clamp(x, -1, 1),
          args={"form": "scalar", "min": -1, "max": 1}, check_strides=True)


def addc_cases(c):
    for op, f in (("addcmul", torch.addcmul), ("addcdiv", torch.addcdiv)):
        for dt in DTYPES:
            s, a = values((3, 4), dt), values((4,), dt)
            b = values((3, 1), dt, nonzero=True)
            for v in (1, 0.5, 2):
                c.add(f"pointwise.{op}.{dname(dt)}_v{v}".replace(".5", "p5"), op, [s, a, b],
                      lambda s, a, b, v=v: f(s, a, b, value=v), args={"form": "ttt", "value": v}, rtol=1e-2 if dt in
                      (torch.float16, torch.bfloat16) else None)
        s = values((3,), torch.float32)
        c.add(f"pointwise.{op}.mixed_int_float", op, [s, values((3,), torch.int32), values((3,), torch.float64,
                                                                                           nonzero=True)],
              lambda s, a, b: f(s, a, b), args={"form": "ttt"})
        c.add(f"pointwise.{op}.int_operands", op, [s, values((3,), torch.int32), values((3,), torch.int64,
                                                                                       nonzero=True)],
              lambda s, a, b: f(s, a, b), args={"form": "ttt"})
        x = values((4, 3), torch.float32)
        c.add(f"pointwise.{op}.inplace_view", op, [x.t(), values((4,), torch.float32), values((3, 1), torch.float32,
                                                                                              nonzero=True)],
              lambda s, a, b, op=op: getattr(s, op + "_")(a, b, value=2), args={"form": "inplace", "value": 2})
        c.add(f"pointwise.{op}.out", op, [x, x, x.abs() + 1, torch.empty(0)],
              lambda s, a, b, o: f(s, a, b, out=o), args={"form": "out"})
        c.add(f"pointwise.{op}.broadcast_error", op, [torch.ones(3), torch.ones(4), torch.ones(3)], f,
              args={"form": "ttt"})


def lerp_cases(c):
    for dt in FLOATING:
        s, e = values((3, 4), dt), values((4,), dt)
        for w in (0.25, 0.75, -1.0, 2):
            c.add(f"pointwise.lerp.{dname(dt)}_w{w}".replace(".", "p").replace("-", "m"), "lerp", [s, e],
                  lambda s, e, w=w: torch.lerp(s, e, w), args={"form": "scalar", "weight": w})
        w = torch.rand(3, 1).to(dt) * 2 - 0.5
        c.add(f"pointwise.lerp.tensor_{dname(dt)}", "lerp", [s, e, w], torch.lerp, args={"form": "tensor"})
    s = values((3,), torch.float32)
    c.add("pointwise.lerp.dtype_mismatch_end", "lerp", [s, s.double()], lambda s, e: torch.lerp(s, e, 0.5),
          args={"form": "scalar", "weight": 0.5})
    c.add("pointwise.lerp.dtype_mismatch_weight", "lerp", [s, s, s.double()], torch.lerp, args={"form": "tensor"})
    c.add("pointwise.lerp.int", "lerp", [T(1, 2), T(3, 4)], lambda s, e: torch.lerp(s, e, 0.5),
          args={"form": "scalar", "weight": 0.5})
    c.add("pointwise.lerp.special", "lerp", [T(NAN, INF, 0., 1.), T(1., 1., INF, NAN)],
          lambda s, e: torch.lerp(s, e, 0.5), args={"form": "scalar", "weight": 0.5})
    x = values((4, 3), torch.float32)
    c.add("pointwise.lerp.inplace_view", "lerp", [x.t(), values((3,), torch.float32)],
          lambda s, e: s.lerp_(e, 0.3), args={"form": "inplace", "weight": 0.3})
    c.add("pointwise.lerp.out", "lerp", [x, x * 2, torch.empty(0)], lambda s, e, o: torch.lerp(s, e, 0.5, out=o),
          args={"form": "out", "weight": 0.5})


def operator_cases(c):
    a = values((2, 3), torch.int64, nonzero=True)
    f = values((2, 3), torch.float32, nonzero=True)
    for name, fn in (("add", lambda x, y: x + y), ("sub", lambda x, y: x - y), ("mul", lambda x, y: x * y),
                     ("truediv", lambda x, y: x / y), ("mod", lambda x, y: x % y), ("and", lambda x, y: x & y),
                     ("or", lambda x, y: x | y), ("xor", lambda x, y: x ^ y), ("lshift", lambda x, y: x << y),
                     ("rshift", lambda x, y: x >> y), ("lt", lambda x, y: x < y), ("ge", lambda x, y: x >= y),
                     ("eq", lambda x, y: x == y), ("ne", lambda x, y: x != y)):
        b = a.flip(0).abs() if name.endswith("shift") else a.flip(0)
        c.add(f"pointwise.operator.{name}", "operator", [a, b], fn, args={"operator": name})
    for name, fn in (("radd", lambda x: 2 + x), ("rsub", lambda x: 2 - x), ("rmul", lambda x: 2.5 * x),
                     ("rtruediv", lambda x: 3 / x)):
        c.add(f"pointwise.operator.{name}_int", "operator_scalar", [a], fn, args={"operator": name})
        c.add(f"pointwise.operator.{name}_float", "operator_scalar", [f], fn, args={"operator": name})
    c.add("pointwise.rsub.tensor", "rsub", [f, a], lambda x, y: torch.rsub(x, y, alpha=2), args={"alpha": 2})
    c.add("pointwise.rsub.scalar", "rsub", [a], lambda x: torch.rsub(x, 3), args={"other": 3})
    c.add("pointwise.result_type.matrix", "result_type",
          [values((2,), dt) for dt in DTYPES] + [T(1.0, dtype=torch.float64), T(1)],
          lambda *ts: torch.tensor([int(dt_code(torch.result_type(x, y))) for x in ts for y in ts]),
          args={})


_CODES = {torch.uint8: 0, torch.int8: 1, torch.int16: 2, torch.int32: 3, torch.int64: 4, torch.float16: 5,
          torch.float32: 6, torch.float64: 7, torch.bool: 11, torch.bfloat16: 15}


def dt_code(dt):
    return _CODES[dt]


def cases(c):
    for op in BINARY:
        binary_cases(c, op)
    special_values(c)
    integer_cases(c)
    error_cases(c)
    where_cases(c)
    clamp_cases(c)
    addc_cases(c)
    lerp_cases(c)
    operator_cases(c)
