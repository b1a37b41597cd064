"""Binary arithmetic, comparisons, logical/bitwise ops, where, clamp, addcmul/addcdiv, lerp."""
import torch

from caselib import bools, empty_out, floats, ints, positive

ARITH = ["add", "sub", "rsub"]
NO_ALPHA = ["mul", "div", "true_divide", "remainder", "fmod"]
CMP = ["eq", "ne", "lt", "le", "gt", "ge"]
BITWISE = ["bitwise_and", "bitwise_or", "bitwise_xor"]


def cases(c):
    f = floats(2, 3)
    g = floats(3, seed=1)
    i8 = ints(2, 3, dtype=torch.int8)
    i64 = ints(3, seed=2)
    nonzero = torch.tensor([1, -2, 3])
    # add/sub/rsub: Tensor and Scalar overloads, alpha, promotion with Python numbers.
    for op in ARITH:
        c.add(f"aten::{op}.Tensor", [f, g, 2])
        c.add(f"aten::{op}.Tensor", [i8, i64])
        c.add(f"aten::{op}.Tensor", [i8, f])
        c.add(f"aten::{op}.Scalar", [i8, 1000])
        c.add(f"aten::{op}.Scalar", [i64, 2.5, 2])
        c.add(f"aten::{op}.Scalar", [f, True])
    for op in ["add", "sub"]:
        c.add(f"aten::{op}_.Tensor", [f, g, 0.5])
        c.add(f"aten::{op}_.Scalar", [i64, 3])
        c.add(f"aten::{op}_.Scalar", [i64, 2.5])  # float into an int tensor: error
        c.add(f"aten::{op}.out", [f, g, 1, empty_out()])
        c.add(f"aten::{op}.Scalar_out", [f, 2, 1, empty_out()])
    c.add("aten::sub.Tensor", [bools(3), bools(3, seed=1)])  # subtracting bools: error
    c.add("aten::subtract.Tensor", [f, g, 3])
    c.add("aten::rsub.Tensor_out", [f, g, 1, empty_out()])
    for op in NO_ALPHA:
        c.add(f"aten::{op}.Tensor", [f, g])
        c.add(f"aten::{op}.Tensor", [i64, nonzero])
        c.add(f"aten::{op}.Scalar", [i64, 2])
        c.add(f"aten::{op}.Scalar", [f, -1.5])
        c.add(f"aten::{op}_.Tensor", [f, g])
        c.add(f"aten::{op}_.Scalar", [f, 3])
    c.add("aten::mul.Scalar", [i8, 100])
    c.add("aten::mul.Scalar", [bools(3), True])
    c.add("aten::mul.out", [f, g, empty_out(torch.float64)])
    c.add("aten::mul.Scalar_out", [i64, 2, empty_out(torch.int64)])
    c.add("aten::div.Tensor", [i64, torch.tensor(0)])
    c.add("aten::div_.Tensor", [i64.clone(), nonzero])  # true division into int64: error
    for mode in ["trunc", "floor", None]:
        c.add("aten::div.Tensor_mode", [i64, nonzero, mode])
        c.add("aten::div.Tensor_mode", [f, g, mode])
        c.add("aten::div.Scalar_mode", [i64, -2, mode])
        c.add("aten::div_.Tensor_mode", [f, g, mode])
        c.add("aten::div.out_mode", [f, g, mode, empty_out()])
    c.add("aten::div.Tensor_mode", [i64, torch.tensor([0, 1, 1]), "floor"])  # ZeroDivisionError
    c.add("aten::div.Tensor_mode", [f, g, "round"])
    c.add("aten::floor_divide", [i64, nonzero])
    c.add("aten::floor_divide.Scalar", [f, 0.7])
    c.add("aten::remainder.Scalar_Tensor", [7, nonzero])
    c.add("aten::pow.Tensor_Tensor", [f.abs(), g])
    c.add("aten::pow.Tensor_Scalar", [i64, 2])
    c.add("aten::pow.Tensor_Scalar", [i64, -1])
    c.add("aten::pow.Tensor_Scalar", [f, 0.5])
    c.add("aten::pow.Scalar", [2, i64.abs()])
    c.add("aten::pow.Scalar", [2.5, g])
    c.add("aten::pow_.Scalar", [f.abs(), 3])
    c.add("aten::atan2", [f, g])
    c.add("aten::atan2", [i64, nonzero])
    for op in ["maximum", "minimum", "fmax", "fmin"]:
        c.add(f"aten::{op}", [f, torch.tensor([0.0, float("nan"), 1.0])])
        c.add(f"aten::{op}.out", [i64, nonzero, empty_out(torch.int64)])
    for op in CMP:
        c.add(f"aten::{op}.Tensor", [f, g])
        c.add(f"aten::{op}.Tensor", [i64, torch.tensor(1.5)])
        c.add(f"aten::{op}.Scalar", [i64, 1])
        c.add(f"aten::{op}.Scalar", [f, 0.25])
        c.add(f"aten::{op}_.Scalar", [f, 0])
        c.add(f"aten::{op}.Tensor_out", [f, g, empty_out(torch.float32)])
    c.add("aten::eq.Tensor", [torch.tensor([float("nan"), 1.0]), torch.tensor([float("nan"), 1.0])])
    c.add("aten::greater.Scalar", [f, 0])
    c.add("aten::not_equal.Tensor", [i64, nonzero])
    for op in ["logical_and", "logical_or", "logical_xor"]:
        c.add(f"aten::{op}", [f, i64])
        c.add(f"aten::{op}_", [bools(3), bools(3, seed=1)])
    for op in BITWISE:
        c.add(f"aten::{op}.Tensor", [i64, nonzero])
        c.add(f"aten::{op}.Scalar", [bools(3), True])
        c.add(f"aten::{op}.Scalar_Tensor", [6, i64])
        c.add(f"aten::{op}.Tensor", [f, g])  # floats: error
    c.add("aten::__and__.Tensor", [bools(3), bools(3, seed=1)])
    c.add("aten::__or__.Scalar", [i64, 8])
    c.add("aten::__ixor__.Scalar", [i64, 3])
    c.add("aten::bitwise_left_shift.Tensor_Scalar", [i64, 2])
    c.add("aten::__rshift__.Scalar", [torch.tensor([-8, 8]), 1])
    c.add("aten::where.self", [bools(2, 3), f, g])
    c.add("aten::where.ScalarOther", [bools(3), i64, 0.5])
    c.add("aten::where.ScalarSelf", [bools(3), 2, i64])
    c.add("aten::where.Scalar", [bools(3), 1, 0])
    c.add("aten::where", [torch.tensor([[0, 1], [2, 0]])])
    c.add("aten::clamp", [f, -1, 1])
    c.add("aten::clamp", [i64, None, 2.5])
    c.add("aten::clamp", [f])  # neither bound: error
    c.add("aten::clamp.Tensor", [f, g, None])
    c.add("aten::clamp_", [f, 0.0, None])
    c.add("aten::clip", [i64, -1, 1])
    c.add("aten::clamp_min", [f, 0.5])
    c.add("aten::clamp_max.Tensor", [f, g])
    c.add("aten::clamp.out", [f, -0.5, 0.5, empty_out()])
    c.add("aten::addcmul", [f, g, g, 0.5])
    c.add("aten::addcdiv", [f, g, positive(3), -2])
    c.add("aten::addcdiv", [i64, i64, nonzero])  # integer division: error
    c.add("aten::addcmul_", [f, g, g])
    c.add("aten::lerp.Scalar", [f, g.expand(2, 3), 0.25])
    c.add("aten::lerp.Tensor", [f, g.expand(2, 3), positive(2, 3)])
    c.add("aten::eq.Tensor_list", [[torch.tensor(1)], [torch.tensor(1)]])
    a = torch.tensor([1.0, float("nan"), float("inf"), 2.0, -float("inf")])
    b = torch.tensor([1.0 + 1e-6, float("nan"), float("inf"), 2.1, float("inf")])
    c.add("aten::isclose", [a, b])
    c.add("aten::isclose", [a, b, 0.1, 0.0, True])
    c.add("aten::isclose", [torch.tensor([1, 2, 5]), torch.tensor([1, 3, 3]), 0.0, 1.5])
    c.add("aten::isclose", [torch.tensor([True, False]), torch.tensor([True, True])])
    c.add("aten::isclose", [a, torch.tensor([1, 2, 3, 4, 5])])  # dtypes differ: error
    c.add("aten::isclose", [a, b, -1.0])  # error
    c.add("aten::allclose", [a, b])
    c.add("aten::allclose", [f, f + 1e-7])
    c.add("aten::equal", [f, f.clone()])
    c.add("aten::equal", [a, a])
    c.add("aten::equal", [i64, i64.double()])
    c.add("aten::equal", [f, f[:1]])
