"""Differential cases for the linalg family: mm, bmm, matmul (every dim combination), addmm,
addmv, addbmm, baddbmm (in-place and out forms), mv, dot, outer, linear, einsum.

Adapters (ops_linalg.cpp) take "beta"/"alpha", "out" (run the _out form), "inplace", and
"equation" for einsum. Sizes include products large enough to take the library routes
(oneDNN / OpenBLAS) and tiny ones that take the built-in kernel."""
import torch

DTYPES = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64,
          torch.float16, torch.bfloat16, torch.float32, torch.float64]
GEMM_DTYPES = [torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64, torch.bfloat16, torch.float32,
               torch.float64]
NAN = float("nan")


def dname(dt):
    return str(dt).replace("torch.", "")


def values(shape, dt):
    if dt == torch.bool:
        return torch.randint(0, 2, shape).bool()
    if dt.is_floating_point:
        return torch.randn(shape).to(dt)
    lo = 0 if dt == torch.uint8 else -9
    return torch.randint(lo, 10, shape).to(dt)


def tol(dt, k=16):
    """Different summation orders: tolerances grow with the inner dimension."""
    if dt == torch.bfloat16:
        # Where PyTorch 1.13 has no oneDNN bfloat16 GEMM for the CPU (AVX2-only machines), its
        # fallback rounds the running sum to bfloat16 after every step of k; ember sums in float.
        return {"rtol": 3e-2, "atol": 2e-2 * max(1, k)}
    if dt == torch.float32:
        return {"rtol": 1e-4, "atol": 1e-5 * max(1, k)}
    if dt == torch.float64:
        return {"rtol": 1e-10, "atol": 1e-12 * max(1, k)}
    return {}


def layouts_2d(m, k, n, dt):
    """(name, a, b) pairs covering the operand layouts the GEMM driver distinguishes."""
    return [
        ("contig", values((m, k), dt), values((k, n), dt)),
        ("a_t", values((k, m), dt).t(), values((k, n), dt)),
        ("b_t", values((m, k), dt), values((n, k), dt).t()),
        ("both_t", values((k, m), dt).t(), values((n, k), dt).t()),
        ("sliced", values((m, 2 * k), dt)[:, ::2], values((k + 3, n), dt)[2:-1]),
        ("expanded", values((1, k), dt).expand(m, k), values((k, 1), dt).expand(k, n)),
    ]


def mm_cases(c):
    for dt in DTYPES:
        if dt in GEMM_DTYPES:
            continue
        c.add(f"linalg.mm.{dname(dt)}.unsupported", "linalg.mm", [values((2, 3), dt), values((3, 2), dt)],
              lambda a, b: torch.mm(a, b), error_contains="not implemented for")
    for dt in GEMM_DTYPES:
        for size_name, (m, k, n) in [("tiny", (3, 4, 5)), ("mid", (40, 33, 37)), ("big", (70, 96, 65))]:
            for lname, a, b in layouts_2d(m, k, n, dt):
                c.add(f"linalg.mm.{dname(dt)}.{size_name}.{lname}", "linalg.mm", [a, b], lambda a, b: torch.mm(a, b),
                      **tol(dt, k))
        a, b = values((5, 7), dt), values((7, 6), dt)
        c.add(f"linalg.mm.{dname(dt)}.out", "linalg.mm", [a, b, torch.empty(0, dtype=dt)],
              lambda a, b, o: torch.mm(a, b, out=o), {"out": True}, **tol(dt, 7))
    a = values((6, 5), torch.float32)
    b = values((5, 4), torch.float32)
    c.add("linalg.mm.out_transposed", "linalg.mm", [a, b, torch.empty(4, 6).t()],
          lambda a, b, o: torch.mm(a, b, out=o), {"out": True}, **tol(torch.float32))
    c.add("linalg.mm.out_strided", "linalg.mm", [a, b, torch.empty(6, 8)[:, ::2]],
          lambda a, b, o: torch.mm(a, b, out=o), {"out": True}, **tol(torch.float32))
    c.add("linalg.mm.k0", "linalg.mm", [torch.ones(3, 0), torch.ones(0, 4)], lambda a, b: torch.mm(a, b))
    c.add("linalg.mm.k0_int", "linalg.mm", [torch.ones(3, 0, dtype=torch.int32), torch.ones(0, 4, dtype=torch.int32)],
          lambda a, b: torch.mm(a, b))
    c.add("linalg.mm.m0", "linalg.mm", [torch.ones(0, 3), torch.ones(3, 4)], lambda a, b: torch.mm(a, b))
    c.add("linalg.mm.nan_inf", "linalg.mm", [torch.tensor([[1.0, NAN], [float("inf"), 1.0]]), torch.ones(2, 2)],
          lambda a, b: torch.mm(a, b))
    big = values((3, 3), torch.int64) * (2 ** 40)
    c.add("linalg.mm.int64_wraps", "linalg.mm", [big, big], lambda a, b: torch.mm(a, b))
    i8 = values((4, 6), torch.int8) * 12
    c.add("linalg.mm.int8_wraps", "linalg.mm", [i8, i8.t()], lambda a, b: torch.mm(a, b))
    c.add("linalg.mm.shape_mismatch", "linalg.mm", [values((2, 3), torch.float32), values((2, 3), torch.float32)],
          lambda a, b: torch.mm(a, b), error_contains="mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)")
    c.add("linalg.mm.not_matrix", "linalg.mm", [values((3,), torch.float32), values((3, 2), torch.float32)],
          lambda a, b: torch.mm(a, b), error_contains="self must be a matrix")
    c.add("linalg.mm.mat2_not_matrix", "linalg.mm", [values((2, 3), torch.float32), values((3,), torch.float32)],
          lambda a, b: torch.mm(a, b), error_contains="mat2 must be a matrix")
    c.add("linalg.mm.mixed_dtype", "linalg.mm", [values((2, 3), torch.float64), values((3, 2), torch.float32)],
          lambda a, b: torch.mm(a, b), error_contains="expected scalar type Double but found Float")


def bmm_cases(c):
    for dt in GEMM_DTYPES:
        for size_name, (bs, m, k, n) in [("tiny", (3, 2, 4, 3)), ("many_small", (33, 8, 9, 7)),
                                         ("big", (2, 70, 80, 66))]:
            a, b = values((bs, m, k), dt), values((bs, k, n), dt)
            c.add(f"linalg.bmm.{dname(dt)}.{size_name}", "linalg.bmm", [a, b], lambda a, b: torch.bmm(a, b),
                  **tol(dt, k))
        a, b = values((4, 5, 3), dt), values((4, 6, 5), dt).transpose(1, 2)
        c.add(f"linalg.bmm.{dname(dt)}.b_t", "linalg.bmm", [a, b], lambda a, b: torch.bmm(a, b), **tol(dt))
        a = values((5, 3, 4), dt).transpose(0, 1)
        c.add(f"linalg.bmm.{dname(dt)}.batch_strided", "linalg.bmm", [a, values((3, 4, 2), dt)],
              lambda a, b: torch.bmm(a, b), **tol(dt))
    a = values((1, 5, 3), torch.float32).expand(4, 5, 3)
    c.add("linalg.bmm.expanded_batch", "linalg.bmm", [a, values((4, 3, 6), torch.float32)],
          lambda a, b: torch.bmm(a, b), **tol(torch.float32))
    c.add("linalg.bmm.out", "linalg.bmm", [values((2, 3, 4), torch.float64), values((2, 4, 5), torch.float64),
                                           torch.empty(0, dtype=torch.float64)],
          lambda a, b, o: torch.bmm(a, b, out=o), {"out": True}, **tol(torch.float64))
    c.add("linalg.bmm.out_transposed", "linalg.bmm", [values((2, 3, 4), torch.float32), values((2, 4, 5), torch.float32),
                                                      torch.empty(2, 5, 3).transpose(1, 2)],
          lambda a, b, o: torch.bmm(a, b, out=o), {"out": True}, **tol(torch.float32))
    c.add("linalg.bmm.bool", "linalg.bmm", [values((1, 2, 2), torch.bool), values((1, 2, 2), torch.bool)],
          lambda a, b: torch.bmm(a, b), error_contains="\"bmm\" not implemented for 'Bool'")
    c.add("linalg.bmm.half", "linalg.bmm", [values((1, 2, 2), torch.float16), values((1, 2, 2), torch.float16)],
          lambda a, b: torch.bmm(a, b), error_contains="\"bmm\" not implemented for 'Half'")
    c.add("linalg.bmm.bad_shape", "linalg.bmm", [torch.ones(2, 2, 3), torch.ones(3, 3, 2)],
          lambda a, b: torch.bmm(a, b),
          error_contains="Expected size for first two dimensions of batch2 tensor to be: [2, 3] but got: [3, 3].")
    c.add("linalg.bmm.not_3d", "linalg.bmm", [torch.ones(2, 3), torch.ones(3, 2)], lambda a, b: torch.bmm(a, b),
          error_contains="batch1 must be a 3D tensor")
    c.add("linalg.bmm.mixed", "linalg.bmm", [torch.ones(1, 2, 3), torch.ones(1, 3, 2, dtype=torch.float64)],
          lambda a, b: torch.bmm(a, b), error_contains="expected scalar type Float but found Double")


MATMUL_SHAPES = [
    ("1d_1d", (5,), (5,)), ("2d_1d", (3, 5), (5,)), ("1d_2d", (5,), (5, 4)), ("2d_2d", (3, 5), (5, 4)),
    ("3d_1d", (2, 3, 5), (5,)), ("3d_2d", (2, 3, 5), (5, 4)), ("1d_3d", (5,), (2, 5, 4)),
    ("2d_3d", (3, 5), (2, 5, 4)), ("3d_3d", (2, 3, 5), (2, 5, 4)), ("bcast", (2, 1, 3, 5), (4, 5, 6)),
    ("bcast_ones", (1, 3, 5), (7, 5, 2)), ("4d_1d", (2, 2, 3, 5), (5,)), ("1d_4d", (5,), (2, 3, 5, 2)),
    ("5d", (2, 1, 2, 3, 4), (3, 1, 4, 2)), ("empty_batch", (0, 3, 5), (5, 2)), ("k0", (2, 3, 0), (0, 4)),
]


def matmul_cases(c):
    for dt in [torch.float32, torch.float64, torch.int64, torch.bfloat16]:
        for name, sa, sb in MATMUL_SHAPES:
            c.add(f"linalg.matmul.{dname(dt)}.{name}", "linalg.matmul", [values(sa, dt), values(sb, dt)],
                  lambda a, b: torch.matmul(a, b), **tol(dt, 5))
    x = values((4, 6, 5), torch.float32)
    c.add("linalg.matmul.noncontig_3d_2d", "linalg.matmul", [x.transpose(0, 1), values((5, 3), torch.float32)],
          lambda a, b: torch.matmul(a, b), **tol(torch.float32))
    big = values((3, 64, 96), torch.float32)
    c.add("linalg.matmul.big_folded", "linalg.matmul", [big, values((96, 80), torch.float32)],
          lambda a, b: torch.matmul(a, b), **tol(torch.float32, 96))
    c.add("linalg.matmul.out", "linalg.matmul", [values((2, 3, 5), torch.float32), values((5, 4), torch.float32),
                                                 torch.empty(0)],
          lambda a, b, o: torch.matmul(a, b, out=o), {"out": True}, **tol(torch.float32))
    c.add("linalg.matmul.zero_dim", "linalg.matmul", [torch.tensor(1.0), torch.ones(2, 3)],
          lambda a, b: torch.matmul(a, b),
          error_contains="both arguments to matmul need to be at least 1D, but they are 0D and 2D")
    c.add("linalg.matmul.mismatch_2d", "linalg.matmul", [torch.ones(2, 3), torch.ones(4, 5)],
          lambda a, b: torch.matmul(a, b), error_contains="mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)")
    c.add("linalg.matmul.mismatch_1d", "linalg.matmul", [torch.ones(3), torch.ones(4)],
          lambda a, b: torch.matmul(a, b), error_contains="inconsistent tensor size")
    c.add("linalg.matmul.batch_mismatch", "linalg.matmul", [torch.ones(2, 2, 3), torch.ones(3, 3, 4)],
          lambda a, b: torch.matmul(a, b),
          error_contains="The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0")
    c.add("linalg.matmul.mixed", "linalg.matmul", [torch.ones(2, 3), torch.ones(3, dtype=torch.float64)],
          lambda a, b: torch.matmul(a, b), error_contains="expected scalar type Float but found Double")
    c.add("linalg.matmul.bool", "linalg.matmul", [torch.ones(2, 3).bool(), torch.ones(3, 2).bool()],
          lambda a, b: torch.matmul(a, b), error_contains="not implemented for 'Bool'")


def addmm_cases(c):
    for dt in GEMM_DTYPES:
        fl = dt.is_floating_point
        beta, alpha = (0.5, -1.5) if fl else (2, 3)
        for lname, a, b in layouts_2d(6, 7, 5, dt)[:3]:
            c.add(f"linalg.addmm.{dname(dt)}.{lname}", "linalg.addmm", [values((6, 5), dt), a, b],
                  lambda s, a, b, be=beta, al=alpha: torch.addmm(s, a, b, beta=be, alpha=al),
                  {"beta": beta, "alpha": alpha}, **tol(dt, 7))
        c.add(f"linalg.addmm.{dname(dt)}.bias_row", "linalg.addmm", [values((5,), dt), values((6, 7), dt),
                                                                    values((7, 5), dt)],
              lambda s, a, b: torch.addmm(s, a, b), **tol(dt, 7))
        c.add(f"linalg.addmm.{dname(dt)}.inplace", "linalg.addmm", [values((6, 5), dt), values((6, 7), dt),
                                                                   values((7, 5), dt)],
              lambda s, a, b, be=beta, al=alpha: s.addmm_(a, b, beta=be, alpha=al),
              {"beta": beta, "alpha": alpha, "inplace": True}, **tol(dt, 7))
    big = [values((96,), torch.float32), values((64, 80), torch.float32), values((80, 96), torch.float32)]
    c.add("linalg.addmm.big_bias", "linalg.addmm", big, lambda s, a, b: torch.addmm(s, a, b), **tol(torch.float32, 80))
    nan_self = torch.full((3, 4), NAN)
    c.add("linalg.addmm.beta0_ignores_nan", "linalg.addmm", [nan_self, values((3, 2), torch.float32),
                                                             values((2, 4), torch.float32)],
          lambda s, a, b: torch.addmm(s, a, b, beta=0), {"beta": 0})
    c.add("linalg.addmm.beta0_ignores_nan_double", "linalg.addmm",
          [nan_self.double(), values((3, 80), torch.float64), values((80, 4), torch.float64)],
          lambda s, a, b: torch.addmm(s, a, b, beta=0), {"beta": 0}, **tol(torch.float64, 80))
    li = [values((2, 2), torch.int64) * 3, values((2, 3), torch.int64), values((3, 2), torch.int64)]
    c.add("linalg.addmm.int_float_scalars", "linalg.addmm", li,
          lambda s, a, b: torch.addmm(s, a, b, beta=1.5, alpha=2.7), {"beta": 1.5, "alpha": 2.7})
    c.add("linalg.addmm.out", "linalg.addmm", [values((4,), torch.float32), values((3, 5), torch.float32),
                                               values((5, 4), torch.float32), torch.empty(0)],
          lambda s, a, b, o: torch.addmm(s, a, b, out=o), {"out": True}, **tol(torch.float32))
    c.add("linalg.addmm.k0", "linalg.addmm", [torch.ones(3, 4), torch.ones(3, 0), torch.ones(0, 4)],
          lambda s, a, b: torch.addmm(s, a, b, beta=2), {"beta": 2})
    c.add("linalg.addmm.bad_self", "linalg.addmm", [torch.ones(3, 3), torch.ones(2, 3), torch.ones(3, 2)],
          lambda s, a, b: torch.addmm(s, a, b), error_contains="The expanded size of the tensor (2) must match")
    c.add("linalg.addmm.self_dtype", "linalg.addmm",
          [torch.ones(2, 2, dtype=torch.float64), torch.ones(2, 3), torch.ones(3, 2)],
          lambda s, a, b: torch.addmm(s, a, b), error_contains="self and mat2 must have the same dtype")
    c.add("linalg.addmm.inplace_bad_self", "linalg.addmm", [torch.ones(1, 2), torch.ones(2, 3), torch.ones(3, 2)],
          lambda s, a, b: s.addmm_(a, b), {"inplace": True},
          error_contains="Bad in-place call: input tensor size [1, 2] and output tensor size [2, 2] should match")


def batch_add_cases(c):
    for dt in [torch.float32, torch.float64, torch.int32, torch.int64, torch.bfloat16, torch.uint8]:
        fl = dt.is_floating_point
        beta, alpha = (0.5, 2.0) if fl else (2, 3)
        args = {"beta": beta, "alpha": alpha}
        b1, b2 = values((3, 4, 5), dt), values((3, 5, 6), dt)
        c.add(f"linalg.baddbmm.{dname(dt)}", "linalg.baddbmm", [values((3, 4, 6), dt), b1, b2],
              lambda s, a, b, be=beta, al=alpha: torch.baddbmm(s, a, b, beta=be, alpha=al), args, **tol(dt, 5))
        c.add(f"linalg.baddbmm.{dname(dt)}.bcast_self", "linalg.baddbmm", [values((6,), dt), b1, b2],
              lambda s, a, b: torch.baddbmm(s, a, b), **tol(dt, 5))
        c.add(f"linalg.baddbmm.{dname(dt)}.inplace", "linalg.baddbmm", [values((3, 4, 6), dt), b1, b2],
              lambda s, a, b, be=beta, al=alpha: s.baddbmm_(a, b, beta=be, alpha=al), dict(args, inplace=True),
              **tol(dt, 5))
        c.add(f"linalg.addbmm.{dname(dt)}", "linalg.addbmm", [values((4, 6), dt), b1, b2],
              lambda s, a, b, be=beta, al=alpha: torch.addbmm(s, a, b, beta=be, alpha=al), args, **tol(dt, 15))
        c.add(f"linalg.addbmm.{dname(dt)}.inplace", "linalg.addbmm", [values((4, 6), dt), b1, b2],
              lambda s, a, b, be=beta, al=alpha: s.addbmm_(a, b, beta=be, alpha=al), dict(args, inplace=True),
              **tol(dt, 15))
    f = torch.float32
    c.add("linalg.baddbmm.out", "linalg.baddbmm", [values((2, 3, 4), f), values((2, 3, 5), f), values((2, 5, 4), f),
                                                   torch.empty(0)],
          lambda s, a, b, o: torch.baddbmm(s, a, b, out=o), {"out": True}, **tol(f))
    c.add("linalg.addbmm.out", "linalg.addbmm", [values((3, 4), f), values((2, 3, 5), f), values((2, 5, 4), f),
                                                 torch.empty(0)],
          lambda s, a, b, o: torch.addbmm(s, a, b, out=o), {"out": True}, **tol(f))
    # beta=0: the documented result ignores self. PyTorch 1.13's small-batch baddbmm kernel instead
    # multiplies its uninitialised result buffer by 0 and returns NaN wherever that memory held
    # NaN or inf (it varies from run to run), so the expected values come from bmm.
    c.add("linalg.baddbmm.beta0", "linalg.baddbmm", [values((2, 3, 4), f), values((2, 3, 5), f),
                                                    values((2, 5, 4), f)],
          lambda s, a, b: torch.bmm(a, b), {"beta": 0}, **tol(f))
    c.add("linalg.addbmm.transposed_batches", "linalg.addbmm",
          [values((3, 4), f), values((3, 2, 5), f).transpose(0, 1), values((2, 4, 5), f).transpose(1, 2)],
          lambda s, a, b: torch.addbmm(s, a, b), **tol(f, 10))
    c.add("linalg.baddbmm.bad_self", "linalg.baddbmm", [torch.ones(3, 2, 2), torch.ones(2, 2, 3), torch.ones(2, 3, 2)],
          lambda s, a, b: torch.baddbmm(s, a, b), error_contains="The expanded size of the tensor (2) must match")
    c.add("linalg.addbmm.batch_mismatch", "linalg.addbmm", [torch.ones(2, 2), torch.ones(2, 2, 3), torch.ones(3, 3, 2)],
          lambda s, a, b: torch.addbmm(s, a, b),
          error_contains="batch1 and batch2 must have same number of batches, got 2 and 3")
    c.add("linalg.addbmm.size_mismatch", "linalg.addbmm", [torch.ones(2, 2), torch.ones(2, 2, 3), torch.ones(2, 4, 2)],
          lambda s, a, b: torch.addbmm(s, a, b), error_contains="Incompatible matrix sizes for bmm (2x3 and 4x2)")


def vector_cases(c):
    for dt in GEMM_DTYPES:
        m, v = values((6, 9), dt), values((9,), dt)
        c.add(f"linalg.mv.{dname(dt)}", "linalg.mv", [m, v], lambda m, v: torch.mv(m, v), **tol(dt, 9))
        c.add(f"linalg.mv.{dname(dt)}.transposed", "linalg.mv", [values((9, 6), dt).t(), values((18,), dt)[::2]],
              lambda m, v: torch.mv(m, v), **tol(dt, 9))
        c.add(f"linalg.addmv.{dname(dt)}", "linalg.addmv", [values((6,), dt), m, v],
              lambda s, m, v: torch.addmv(s, m, v, beta=2, alpha=3), {"beta": 2, "alpha": 3}, **tol(dt, 9))
        c.add(f"linalg.addmv.{dname(dt)}.inplace", "linalg.addmv", [values((6,), dt), m, v],
              lambda s, m, v: s.addmv_(m, v), {"inplace": True}, **tol(dt, 9))
        x, y = values((50,), dt), values((100,), dt)[::2]
        c.add(f"linalg.dot.{dname(dt)}", "linalg.dot", [x, y], lambda x, y: torch.dot(x, y), **tol(dt, 50))
    big = values((1000,), torch.float32)
    c.add("linalg.dot.big", "linalg.dot", [big, big], lambda x, y: torch.dot(x, y), **tol(torch.float32, 1000))
    c.add("linalg.dot.empty", "linalg.dot", [torch.ones(0), torch.ones(0)], lambda x, y: torch.dot(x, y))
    c.add("linalg.dot.expanded", "linalg.dot", [torch.tensor([2.0]).expand(5), values((5,), torch.float32)],
          lambda x, y: torch.dot(x, y), **tol(torch.float32))
    i8 = torch.full((3,), 100, dtype=torch.int8)
    c.add("linalg.dot.int8_wraps", "linalg.dot", [i8, torch.full((3,), 3, dtype=torch.int8)],
          lambda x, y: torch.dot(x, y))
    c.add("linalg.dot.2d", "linalg.dot", [torch.ones(2, 2), torch.ones(2, 2)], lambda x, y: torch.dot(x, y),
          error_contains="1D tensors expected, but got 2D and 2D tensors")
    c.add("linalg.dot.size", "linalg.dot", [torch.ones(2), torch.ones(3)], lambda x, y: torch.dot(x, y),
          error_contains="inconsistent tensor size, expected tensor [2] and src [3] to have the same number of "
                         "elements, but got 2 and 3 elements respectively")
    c.add("linalg.dot.dtype", "linalg.dot", [torch.ones(2), torch.ones(2, dtype=torch.float64)],
          lambda x, y: torch.dot(x, y),
          error_contains="dot : expected both vectors to have same dtype, but found Float and Double")
    c.add("linalg.dot.bool", "linalg.dot", [torch.ones(2).bool(), torch.ones(2).bool()],
          lambda x, y: torch.dot(x, y), error_contains="\"dot\" not implemented for 'Bool'")
    c.add("linalg.mv.1d", "linalg.mv", [torch.ones(3), torch.ones(3)], lambda m, v: torch.mv(m, v),
          error_contains="vector + matrix @ vector expected, got 1, 1, 1")
    c.add("linalg.mv.size", "linalg.mv", [torch.ones(2, 3), torch.ones(2)], lambda m, v: torch.mv(m, v),
          error_contains="size mismatch, got 2, 2x3,2")
    c.add("linalg.mv.out", "linalg.mv", [values((4, 3), torch.float32), values((3,), torch.float32), torch.empty(0)],
          lambda m, v, o: torch.mv(m, v, out=o), {"out": True}, **tol(torch.float32))
    c.add("linalg.addmv.self_other_dtype", "linalg.addmv",
          [values((2,), torch.float64), values((2, 3), torch.float32), values((3,), torch.float32)],
          lambda s, m, v: torch.addmv(s, m, v), **tol(torch.float32))
    c.add("linalg.addmv.scalar_self", "linalg.addmv",
          [torch.tensor(1.5), values((2, 3), torch.float32), values((3,), torch.float32)],
          lambda s, m, v: torch.addmv(s, m, v), **tol(torch.float32))
    c.add("linalg.addmv.bad_self", "linalg.addmv", [torch.ones(3), torch.ones(2, 3), torch.ones(3)],
          lambda s, m, v: torch.addmv(s, m, v), error_contains="size mismatch, got 3, 2x3,3")
    c.add("linalg.addmv.beta0_nan", "linalg.addmv", [torch.full((2,), NAN), values((2, 3), torch.float32),
                                                     values((3,), torch.float32)],
          lambda s, m, v: torch.addmv(s, m, v, beta=0), {"beta": 0}, **tol(torch.float32))
    for dt in DTYPES:
        c.add(f"linalg.outer.{dname(dt)}", "linalg.outer", [values((4,), dt), values((3,), dt)],
              lambda a, b: torch.outer(a, b))
    c.add("linalg.outer.mixed", "linalg.outer", [values((4,), torch.int32), values((3,), torch.float32)],
          lambda a, b: torch.outer(a, b))
    c.add("linalg.outer.2d", "linalg.outer", [torch.ones(2, 3), torch.ones(3)], lambda a, b: torch.outer(a, b),
          error_contains="outer: Expected 1-D argument self, but got 2-D")
    c.add("linalg.ger", "linalg.ger", [values((4,), torch.float32), values((3,), torch.float32)],
          lambda a, b: torch.ger(a, b))


def linear_cases(c):
    f = torch.float32
    w, bias = values((4, 3), f), values((4,), f)
    for name, shape in [("1d", (3,)), ("2d", (5, 3)), ("3d", (2, 5, 3)), ("4d", (2, 2, 5, 3))]:
        x = values(shape, f)
        c.add(f"linalg.linear.{name}", "linalg.linear", [x, w, bias], lambda x, w, b: torch.nn.functional.linear(x, w, b),
              **tol(f))
        c.add(f"linalg.linear.{name}.nobias", "linalg.linear", [x, w], lambda x, w: torch.nn.functional.linear(x, w),
              **tol(f))
    x = values((5, 2, 3), f).transpose(0, 1)
    c.add("linalg.linear.3d_noncontig", "linalg.linear", [x, w, bias],
          lambda x, w, b: torch.nn.functional.linear(x, w, b), **tol(f))
    c.add("linalg.linear.big", "linalg.linear", [values((64, 256), f), values((128, 256), f), values((128,), f)],
          lambda x, w, b: torch.nn.functional.linear(x, w, b), **tol(f, 256))
    c.add("linalg.linear.double", "linalg.linear",
          [values((5, 3), torch.float64), values((4, 3), torch.float64), values((4,), torch.float64)],
          lambda x, w, b: torch.nn.functional.linear(x, w, b), **tol(torch.float64))
    c.add("linalg.linear.int", "linalg.linear",
          [values((5, 3), torch.int64), values((4, 3), torch.int64), values((4,), torch.int64)],
          lambda x, w, b: torch.nn.functional.linear(x, w, b))
    c.add("linalg.linear.bad_bias", "linalg.linear", [torch.ones(2, 3), torch.ones(4, 3), torch.ones(3)],
          lambda x, w, b: torch.nn.functional.linear(x, w, b),
          error_contains="The expanded size of the tensor (4) must match the existing size (3)")
    c.add("linalg.linear.mismatch", "linalg.linear", [torch.ones(2, 3), torch.ones(4, 2)],
          lambda x, w: torch.nn.functional.linear(x, w),
          error_contains="mat1 and mat2 shapes cannot be multiplied (2x3 and 2x4)")
    c.add("linalg.linear.out", "linalg.linear", [values((5, 3), f), w, bias, torch.empty(0)],
          lambda x, w, b, o: torch._C._nn.linear(x, w, b, out=o), {"out": True}, **tol(f))


EINSUM = [
    ("ij,jk->ik", [(3, 4), (4, 5)]), ("ij,jk", [(3, 4), (4, 5)]), ("ij->ji", [(3, 4)]), ("ii->i", [(4, 4)]),
    ("ii", [(4, 4)]), ("ij->", [(3, 4)]), ("ij->j", [(3, 4)]), ("i,i->", [(5,), (5,)]), ("i,j->ij", [(3,), (4,)]),
    ("bij,bjk->bik", [(2, 3, 4), (2, 4, 5)]), ("bij,bkj->bik", [(2, 3, 4), (2, 5, 4)]),
    ("...ij,...jk->...ik", [(2, 3, 4), (4, 5)]), ("...ij,...jk", [(2, 1, 3, 4), (5, 4, 2)]),
    ("i...->...", [(3, 2, 4)]), ("...i->i", [(2, 3)]), ("b...,b...->b...", [(2, 3, 4), (2, 1, 4)]),
    ("iij->j", [(3, 3, 5)]), ("ijk,jl,lk->i", [(2, 3, 4), (3, 5), (5, 4)]), ("abc,cd,de->abe", [(2, 3, 4), (4, 5),
                                                                                                (5, 6)]),
    ("Ab,bC->AC", [(3, 4), (4, 2)]), ("i j -> j i", [(3, 4)]), ("ij,ij->ij", [(3, 4), (3, 4)]),
    ("ij,kj->ikj", [(2, 3), (4, 3)]), ("bhqd,bhkd->bhqk", [(2, 3, 5, 8), (2, 3, 6, 8)]),
    ("i,i,i->", [(4,), (4,), (4,)]), ("ij,j->i", [(3, 1), (4,)]), ("ik,k->", [(3, 4), (4,)]),
    ("i,i->", [(0,), (0,)]), ("ijk->kji", [(2, 3, 4)]), ("ij,jk->ki", [(3, 4), (4, 5)]),
]


def einsum_cases(c):
    for i, (eq, shapes) in enumerate(EINSUM):
        for dt in [torch.float32, torch.float64, torch.int32]:
            ops = [values(s, dt) for s in shapes]
            k = 1
            for s in shapes:
                for d in s:
                    k = max(k, d)
            c.add(f"linalg.einsum.{i}.{dname(dt)}", "linalg.einsum", ops,
                  lambda *t, e=eq: torch.einsum(e, *t), {"equation": eq}, **tol(dt, k * k))
    c.add("linalg.einsum.bool_outer", "linalg.einsum", [values((3,), torch.bool), values((2,), torch.bool)],
          lambda a, b: torch.einsum("i,j->ij", a, b), {"equation": "i,j->ij"})
    x = values((4, 6), torch.float32)[:, ::2]
    c.add("linalg.einsum.strided", "linalg.einsum", [x, values((3, 5), torch.float32)],
          lambda a, b: torch.einsum("ij,jk->ik", a, b), {"equation": "ij,jk->ik"}, **tol(torch.float32))
    errors = [
        ("bad_size", "ij,jk->ik", [(2, 3), (4, 5)], "subscript j has size 4 for operand 1 which does not broadcast "
                                                    "with previously seen size 3"),
        ("fewer_ops", "ij,jk", [(2, 3)], "fewer operands were provided than specified in the equation"),
        ("more_ops", "i", [(3,), (3,)], "more operands were provided than specified in the equation"),
        ("out_missing", "ij->ik", [(2, 3)], "output subscript k does not appear in the equation for any input operand"),
        ("out_repeat", "ij->ii", [(3, 3)], "output subscript i appears more than once in the output"),
        ("bad_char", "i1,i", [(2, 3), (3,)], "invalid subscript given at index 1 in the equation string, subscripts "
                                             "must be in [a-zA-Z]"),
        ("two_ellipses", "...i...,i", [(2, 3), (3,)], "found '.' for operand 0 for which an ellipsis was already found"),
        ("too_many_subs", "ijk,i", [(2, 3), (3,)], "the number of subscripts in the equation (3) does not match the "
                                                   "number of dimensions (2) for operand 0 and no ellipsis was given"),
        ("diag_mismatch", "ii->i", [(3, 4)], "subscript i is repeated for operand 0 but the sizes don't match, 4 != 3"),
        ("mixed", "ij,jk->ik", [(2, 3), (3, 5)], "expected scalar type Float but found Double"),
    ]
    for name, eq, shapes, msg in errors:
        ops = [values(s, torch.float32) for s in shapes]
        if name == "mixed":
            ops[1] = ops[1].double()
        c.add(f"linalg.einsum.error.{name}", "linalg.einsum", ops, lambda *t, e=eq: torch.einsum(e, *t),
              {"equation": eq}, error_contains=msg)


def cases(c):
    torch.manual_seed(0)
    mm_cases(c)
    bmm_cases(c)
    matmul_cases(c)
    addmm_cases(c)
    batch_add_cases(c)
    vector_cases(c)
    linear_cases(c)
    einsum_cases(c)
