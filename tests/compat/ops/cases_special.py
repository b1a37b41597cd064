"""torch.special (and the aliases lgamma, digamma, polygamma, mvlgamma, igamma, igammac, i0):
each function on a grid of ordinary values and edge cases (0, -0, negative numbers, poles,
large arguments, NaN, +-inf) in float32 and float64, integer and bool inputs (computed in the
default float dtype), out= forms, broadcasting, Scalar overloads and the errors PyTorch raises.
Tolerances are torch.testing's defaults per dtype (what PyTorch's OpInfo tests use)."""
import torch

from caselib import empty_out, floats, ints

NAN, INF = float("nan"), float("inf")
GRID = [NAN, INF, -INF, 0.0, -0.0, 1e-300, 1e-20, 1e-3, 0.1, 0.5, 1.0, 1.5, 2.0, 2.5, 3.7, 5.0, 7.9, 8.1, 10.0,
        19.5, 24.9, 25.1, 29.9, 30.5, 50.0, 100.0, 700.0, 800.0, 1e10, -1e-3, -0.3, -0.5, -1.0, -1.5, -2.0,
        -2.5, -3.7, -7.5, -10.0, -24.9, -25.1, -31.0, -100.0, -800.0]

UNARY = ["special_gammaln", "special_digamma", "special_psi", "special_erfcx", "special_ndtr", "special_log_ndtr",
         "special_entr", "special_bessel_j0", "special_bessel_j1", "special_bessel_y0", "special_bessel_y1",
         "special_modified_bessel_i0", "special_modified_bessel_i1", "special_modified_bessel_k0",
         "special_modified_bessel_k1", "special_scaled_modified_bessel_k0", "special_scaled_modified_bessel_k1",
         "special_spherical_bessel_j0", "special_i0", "special_i0e", "special_i1", "special_i1e",
         "special_airy_ai", "lgamma", "digamma", "i0"]

POLYNOMIALS = ["chebyshev_polynomial_t", "chebyshev_polynomial_u", "chebyshev_polynomial_v",
               "chebyshev_polynomial_w", "shifted_chebyshev_polynomial_t", "shifted_chebyshev_polynomial_u",
               "shifted_chebyshev_polynomial_v", "shifted_chebyshev_polynomial_w", "hermite_polynomial_h",
               "hermite_polynomial_he", "laguerre_polynomial_l", "legendre_polynomial_p"]


# Points where PyTorch 1.13 itself is off (checked against mpmath at 40 digits; ember's values
# agree with mpmath): J1(1e10) has the wrong sign, and in float32 Ai(-800)'s phase 2/3 x^1.5 is
# too large for single precision.
# Between -2.6 and -2.09 PyTorch's Ai is off by up to 3e-6 (its float64 cases get atol=4e-6).
PYTORCH_OFF = {"special_bessel_j1": [1e10], "special_airy_ai": [-800.0, -2.5]}


def grid(dtype, op=None):
    skip = PYTORCH_OFF.get(op, [])
    return torch.tensor([v for v in GRID if v not in skip], dtype=dtype)


def unary_cases(c):
    for op in UNARY:
        c.add(f"aten::{op}", [grid(torch.float64, op)])
        c.add(f"aten::{op}", [grid(torch.float32, op)])
        c.add(f"aten::{op}", [floats(3, 4, lo=-12, hi=12, dtype=torch.float64, seed=7).t()], atol=1e-6)  # strided
        c.add(f"aten::{op}", [ints(6)])
        c.add(f"aten::{op}", [torch.tensor([True, False])])
        c.add(f"aten::{op}", [grid(torch.float16)])  # error (not implemented for Half)
        c.add(f"aten::{op}.out", [floats(5, seed=2), empty_out()])
        tol = {"atol": 4e-6} if op == "special_airy_ai" else {}
        c.add(f"aten::{op}.out", [floats(5, seed=2, dtype=torch.float64), empty_out(torch.float64)], **tol)
        c.add(f"aten::{op}.out", [floats(5, seed=2), empty_out(torch.int64)])  # error: can't cast
    for op in ["lgamma_", "digamma_", "i0_"]:
        c.add(f"aten::{op}", [floats(2, 3, seed=3)])
        c.add(f"aten::{op}", [ints(4)])  # error: result type Float into Long
    bf16 = {"rtol": 1.6e-2, "atol": 1e-5}
    for op in ["i0", "lgamma", "digamma", "special_ndtr", "special_entr", "special_i0e"]:
        c.add(f"aten::{op}", [floats(6, lo=0.2, hi=6, seed=4).bfloat16()], **bf16)
    c.add("aten::polygamma", [1, floats(6, lo=0.2, hi=6, seed=4).bfloat16()], **bf16)
    c.add("aten::mvlgamma", [floats(6, lo=2, hi=6, seed=4).bfloat16(), 2], **bf16)
    c.add("aten::igamma", [floats(6, lo=0.2, hi=6, seed=4).bfloat16(), floats(6, lo=0.2, hi=6, seed=5).bfloat16()],
          **bf16)
    c.add("aten::special_xlog1py", [floats(6, seed=4).bfloat16(), floats(6, lo=0, hi=3, seed=5).bfloat16()], **bf16)
    c.add("aten::special_i1", [floats(6, seed=4).bfloat16()])  # error: BFloat16
    # Fine grids across the method boundaries of the Bessel functions and Ai. PyTorch 1.13's J0,
    # J1, Y0 and Y1 are off by up to 7e-7 for 5 < |x| < 5.7, and its Ai by up to 3e-6 for
    # -2.6 < x < -2.09 (mpmath agrees with ember there), hence the absolute tolerances.
    fine = torch.linspace(-40, 40, 801, dtype=torch.float64)
    for op in ["special_bessel_j0", "special_bessel_j1", "special_bessel_y0", "special_bessel_y1"]:
        c.add(f"aten::{op}", [fine], atol=1e-6)
    for op in ["special_i0e", "special_i1e", "special_scaled_modified_bessel_k0", "special_scaled_modified_bessel_k1"]:
        c.add(f"aten::{op}", [fine])
    c.add("aten::special_airy_ai", [torch.linspace(-30, 20, 501, dtype=torch.float64)], atol=4e-6)
    c.add("aten::special_modified_bessel_k0", [torch.linspace(0.01, 30, 300, dtype=torch.float64)])
    c.add("aten::special_modified_bessel_k1", [torch.linspace(0.01, 30, 300, dtype=torch.float64)])


def gamma_cases(c):
    g64, g32 = grid(torch.float64), grid(torch.float32)
    for n in [0, 1, 2, 3, 5]:
        c.add("aten::polygamma", [n, g64])
        c.add("aten::special_polygamma", [n, g32])
    c.add("aten::polygamma", [1, ints(6)])
    c.add("aten::polygamma", [-1, g64])  # error: negative n
    c.add("aten::polygamma.out", [2, floats(4, seed=5), empty_out(torch.float64)])
    c.add("aten::special_polygamma.out", [1, floats(4, seed=5), empty_out()])
    c.add("aten::polygamma_", [floats(4, seed=5), 1])
    for p in [1, 2, 3, 5]:
        x = floats(6, lo=2.5, hi=9, dtype=torch.float64, seed=p)
        c.add("aten::mvlgamma", [x, p])
        c.add("aten::special_multigammaln", [x.float(), p])
    c.add("aten::mvlgamma", [torch.tensor([0.1, -3.0, 2.0]), 3])
    c.add("aten::mvlgamma", [ints(4, lo=3, hi=9), 2])
    c.add("aten::mvlgamma", [torch.tensor([True]), 2])  # error: bool
    c.add("aten::mvlgamma", [floats(3), 0])  # error: p < 1
    c.add("aten::mvlgamma_", [floats(3, lo=3, hi=5), 2])
    c.add("aten::mvlgamma.out", [floats(3, lo=3, hi=5), 2, empty_out(torch.float64)])
    c.add("aten::special_multigammaln.out", [floats(3, lo=3, hi=5), 2, empty_out()])
    # zeta(x, q): the domain corners, then a broadcast grid.
    s = torch.tensor([1.0, 0.5, 2.0, 2.0, 2.0, 3.0, 2.5, INF, NAN, 2.0, -1.0, 1.5, 4.0, 30.0, 1.0001], dtype=torch.float64)
    q = torch.tensor([1.0, 1.0, 0.0, -1.0, -1.5, -2.5, -2.5, 2.0, 1.0, INF, 1.0, 0.01, 1e-5, 2.0, 3.0], dtype=torch.float64)
    c.add("aten::special_zeta", [s, q])
    c.add("aten::special_zeta", [s.float(), q.float()])
    xs = torch.tensor([1.1, 2.0, 3.5, 7.0, 12.0], dtype=torch.float64).reshape(5, 1)
    qs = torch.tensor([0.1, 0.5, 1.0, 2.5, 9.0, 10.5, 100.0, -0.5, -3.5], dtype=torch.float64)
    c.add("aten::special_zeta", [xs, qs])
    c.add("aten::special_zeta", [ints(3, lo=2, hi=5), ints(3, lo=1, hi=4, seed=1)])
    c.add("aten::special_zeta.self_scalar", [2, qs])
    c.add("aten::special_zeta.other_scalar", [xs, 3])
    c.add("aten::special_zeta.out", [xs, qs, empty_out(torch.float64)])
    c.add("aten::special_zeta.self_scalar_out", [2.5, qs, empty_out(torch.float64)])
    c.add("aten::special_zeta.other_scalar_out", [xs, 2.0, empty_out(torch.float64)])
    c.add("aten::special_zeta", [xs, floats(2, 3)])  # error: shapes do not broadcast
    # Incomplete gamma: edge pairs, then a grid over a and x.
    a = torch.tensor([0., 0., 1., 1., -1., 1., INF, INF, 2., 1e-3, 100., 0.5, NAN, 1e4, 5.0], dtype=torch.float64)
    x = torch.tensor([0., 1., 0., INF, 1., -1., 1., INF, 2., 0.5, 101., 30., 1., 1e4 + 50, 1e-30], dtype=torch.float64)
    av = torch.tensor([0.01, 0.1, 0.5, 1.0, 2.5, 10.0, 50.0, 300.0], dtype=torch.float64).reshape(8, 1)
    xv = torch.tensor([1e-4, 0.05, 0.5, 1.0, 2.0, 4.5, 9.0, 11.5, 40.0, 60.0, 280.0, 350.0], dtype=torch.float64)
    for op in ["igamma", "igammac", "special_gammainc", "special_gammaincc"]:
        c.add(f"aten::{op}", [a, x])
        c.add(f"aten::{op}", [av, xv])
        c.add(f"aten::{op}", [av.float(), xv.float()])
        c.add(f"aten::{op}", [av.float(), ints(3, lo=1, hi=5)])  # int promotes with a float
        c.add(f"aten::{op}", [ints(3, lo=1, hi=5), ints(3, lo=1, hi=5)])  # error: integers
        c.add(f"aten::{op}.out", [av, xv, empty_out(torch.float64)])
    c.add("aten::igamma_", [av.expand(8, 12).clone(), xv])
    c.add("aten::igammac_", [floats(3, lo=0.5, hi=4), floats(3, lo=0.5, hi=4, seed=1)])


def error_function_cases(c):
    p = torch.tensor([NAN, 0.0, 1.0, -0.1, 1.1, 1e-300, 1e-100, 1e-10, 1e-3, 0.02, 0.3, 0.5, 0.7, 0.975,
                      0.999999, 1 - 1e-16], dtype=torch.float64)
    c.add("aten::special_ndtri", [p])
    c.add("aten::special_ndtri", [p.float()])
    c.add("aten::special_ndtri", [torch.linspace(0, 1, 101, dtype=torch.float64)])
    c.add("aten::special_ndtri.out", [p, empty_out(torch.float64)])
    c.add("aten::special_ndtri", [ints(4, lo=0, hi=2)])
    c.add("aten::special_log_ndtr", [torch.linspace(-60, 10, 141, dtype=torch.float64)])
    c.add("aten::special_erfcx", [torch.linspace(-27, 40, 135, dtype=torch.float64)])
    c.add("aten::special_ndtr", [torch.linspace(-40, 10, 101, dtype=torch.float64)])
    x = torch.tensor([0., 0., 1., NAN, 2., -1., 0., 3.5, -2.0], dtype=torch.float64)
    y = torch.tensor([NAN, -1., -1., 0., 3., INF, -2., 1e-10, 0.5], dtype=torch.float64)
    c.add("aten::special_xlog1py", [x, y])
    # More elements than one thread's grain (32768): the work is split over the pool.
    c.add("aten::special_zeta", [floats(170, 1, lo=1.5, hi=6, dtype=torch.float64, seed=8),
                                 floats(200, lo=0.1, hi=20, dtype=torch.float64, seed=9)])
    c.add("aten::special_xlog1py", [x.float(), y.float()])
    c.add("aten::special_xlog1py", [x.half(), y.half()], rtol=1e-3, atol=1e-5)
    c.add("aten::special_xlog1py", [ints(4), ints(4, lo=0, hi=3)])
    c.add("aten::special_xlog1py", [x.reshape(9, 1), y[:4]])
    c.add("aten::special_xlog1py.self_scalar", [2, y])
    c.add("aten::special_xlog1py.other_scalar", [x, 0.5])
    c.add("aten::special_xlog1py.out", [x, y, empty_out(torch.float64)])
    c.add("aten::special_xlog1py.self_scalar_out", [3.0, y, empty_out(torch.float64)])
    c.add("aten::special_xlog1py.other_scalar_out", [x, 2, empty_out(torch.float64)])


def polynomial_cases(c):
    xs = torch.tensor([NAN, -INF, INF, -2.5, -1.0, -0.999, -0.7, -0.3, 0.0, 0.2, 0.5, 0.9, 1.0, 1.3, 3.0],
                      dtype=torch.float64).reshape(15, 1)
    ns = torch.tensor([-1, 0, 1, 2, 3, 5, 7, 8, 9, 12, 20], dtype=torch.int64)
    for name in POLYNOMIALS:
        op = f"aten::special_{name}"
        c.add(op, [xs, ns])
        c.add(op, [xs.float(), ns])  # float32 rounding as PyTorch's (fused multiply-adds)
        c.add(op, [xs, ns.double()])
        c.add(op, [ints(4, lo=-2, hi=3), ints(4, lo=0, hi=6, seed=1)])
        c.add(op, [torch.tensor([True, False]), torch.tensor([True, True])])
        c.add(f"{op}.x_scalar", [0.5, ns])
        c.add(f"{op}.n_scalar", [xs, 4])
        c.add(f"{op}.out", [xs, ns, empty_out(torch.float64)])
        c.add(f"{op}.x_scalar_out", [-0.25, ns, empty_out()])
        c.add(f"{op}.n_scalar_out", [xs, 3, empty_out(torch.float64)])
        c.add(op, [xs.half(), ns])  # error: Half
    c.add("aten::special_chebyshev_polynomial_t", [xs, torch.tensor([NAN, INF, 2.7, -0.5], dtype=torch.float64)])


def cases(c):
    unary_cases(c)
    gamma_cases(c)
    error_function_cases(c)
    polynomial_cases(c)
