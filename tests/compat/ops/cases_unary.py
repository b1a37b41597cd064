"""Elementwise math, rounding, predicates and activations."""
import torch

from caselib import empty_out, floats, ints, positive

FLOAT_OPS = ["exp", "exp2", "expm1", "sin", "cos", "tan", "atan", "sinh", "cosh", "tanh", "sigmoid", "erf",
             "erfc", "arctan", "frac"]
POSITIVE_OPS = ["log", "log2", "log10", "log1p", "sqrt", "rsqrt", "reciprocal"]
UNIT_OPS = ["asin", "acos", "arcsin", "arccos", "erfinv"]
KEEP_DTYPE = ["abs", "absolute", "neg", "negative", "sign", "sgn", "floor", "ceil", "round", "trunc", "fix"]
ACTIVATIONS = ["relu", "silu", "mish", "hardswish", "hardsigmoid", "selu", "relu6"]


def cases(c):
    f = floats(2, 3)
    d = floats(4, dtype=torch.float64, seed=1)
    i = ints(5)
    special = torch.tensor([float("nan"), float("inf"), -float("inf"), 0.5, -2.5, 0.0])
    for op in FLOAT_OPS:
        c.add(f"aten::{op}", [f], rtol=1e-5, atol=1e-6)
        c.add(f"aten::{op}", [d], rtol=1e-12, atol=1e-12)
        c.add(f"aten::{op}", [i], rtol=1e-5, atol=1e-6)  # integers promote (frac of an int: error)
        c.add(f"aten::{op}_", [f], rtol=1e-5, atol=1e-6)
        c.add(f"aten::{op}.out", [f, empty_out(torch.float64)], rtol=1e-5, atol=1e-6)
    for op in POSITIVE_OPS:
        c.add(f"aten::{op}", [positive(2, 3)], rtol=1e-5, atol=1e-6)
        c.add(f"aten::{op}", [i.abs() + 1], rtol=1e-5, atol=1e-6)
        c.add(f"aten::{op}_", [positive(3, seed=4)], rtol=1e-5, atol=1e-6)
    for op in UNIT_OPS:
        c.add(f"aten::{op}", [floats(5, lo=-0.9, hi=0.9)], rtol=1e-5, atol=1e-6)
    for op in KEEP_DTYPE:
        c.add(f"aten::{op}", [f])
        c.add(f"aten::{op}", [i])
        c.add(f"aten::{op}", [special])
        c.add(f"aten::{op}_", [f])
        c.add(f"aten::{op}.out", [i, empty_out(torch.int64)])
        c.add(f"aten::{op}.out", [i, empty_out(torch.int32)])  # dtype mismatch: error
    c.add("aten::neg", [torch.tensor([True, False])])  # error
    c.add("aten::round.decimals", [d, 2])
    c.add("aten::round_.decimals", [f, 1])
    for op in ["isnan", "isinf", "isfinite", "isposinf", "isneginf", "signbit", "logical_not"]:
        c.add(f"aten::{op}", [special])
        c.add(f"aten::{op}", [i])
    c.add("aten::logical_not.out", [i, empty_out(torch.int32)])
    c.add("aten::bitwise_not", [i])
    c.add("aten::bitwise_not", [torch.tensor([True, False])])
    c.add("aten::bitwise_not", [f])  # error
    c.add("aten::nan_to_num", [special])
    c.add("aten::nan_to_num", [special, 1.0, 2.0, -2.0])
    c.add("aten::nan_to_num_", [special.double(), None, 100.0])
    for op in ACTIVATIONS:
        c.add(f"aten::{op}", [floats(2, 4, lo=-8, hi=8)], rtol=1e-5, atol=1e-6)
        c.add(f"aten::{op}_", [floats(2, 4, lo=-8, hi=8)], rtol=1e-5, atol=1e-6)
    c.add("aten::relu", [i])
    c.add("aten::relu.out", [d, empty_out()])
    c.add("aten::gelu", [f], rtol=1e-5, atol=1e-6)
    c.add("aten::gelu", [f, "tanh"], rtol=1e-5, atol=1e-6)
    c.add("aten::gelu", [f, "cubic"])  # error
    c.add("aten::softplus", [f, 2, 1], rtol=1e-5, atol=1e-6)
    c.add("aten::hardtanh", [f, -0.5, 0.5])
    c.add("aten::hardtanh_", [i, -1, 1])
    c.add("aten::leaky_relu", [f, 0.2])
    c.add("aten::elu", [f, 1.5, 1, 1], rtol=1e-5, atol=1e-6)
    c.add("aten::celu", [f, 2.0], rtol=1e-5, atol=1e-6)
    c.add("aten::elu", [i])  # integer: error
