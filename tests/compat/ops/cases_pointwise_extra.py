"""gcd, lcm, heaviside, ldexp, nextafter, float_power, frexp, angle, conj_physical."""
import torch

from caselib import bools, empty_out, floats, ints


def cases(c):
    f = floats(2, 3)
    g = floats(3, seed=1)
    d = floats(3, 2, dtype=torch.float64, seed=2)
    i64 = ints(2, 3, lo=-30, hi=31)
    j64 = ints(3, lo=-30, hi=31, seed=1)
    i8 = ints(2, 3, lo=-100, hi=100, dtype=torch.int8, seed=3)
    special = torch.tensor([0.0, -0.0, 1.5, -2.0, float("inf"), float("-inf"), float("nan")])
    for op in ["gcd", "lcm"]:
        c.add(f"aten::{op}", [i64, j64])
        c.add(f"aten::{op}", [i8, ints(3, dtype=torch.int8, seed=4)])
        c.add(f"aten::{op}", [i64.t(), ints(3, 2, seed=5)])  # non-contiguous
        c.add(f"aten::{op}", [torch.tensor([0, 0, -9223372036854775807]), torch.tensor([0, 5, 3])])
        c.add(f"aten::{op}", [torch.empty(0, 3, dtype=torch.int64), j64])
        c.add(f"aten::{op}", [f, g])  # floats: error
        c.add(f"aten::{op}", [bools(3), bools(3, seed=1)])  # bools: error
        c.add(f"aten::{op}_", [i64.clone(), j64])
        c.add(f"aten::{op}.out", [i64, j64, empty_out(torch.int64)])
        c.add(f"aten::{op}.out", [i64, j64, empty_out(torch.float32)])
    c.add("aten::heaviside", [torch.tensor([-1.5, 0.0, 2.0, float("nan"), -0.0]), torch.tensor([0.5])])
    c.add("aten::heaviside", [ints(4, 3), ints(3, seed=1)])
    c.add("aten::heaviside", [bools(5), bools(5, seed=2)])
    c.add("aten::heaviside", [f, ints(3)])  # different dtypes: error
    c.add("aten::heaviside_", [f.clone(), g])
    c.add("aten::heaviside.out", [f.t(), torch.tensor(7.0), empty_out()])
    c.add("aten::ldexp.Tensor", [f, ints(3, seed=3)])
    c.add("aten::ldexp.Tensor", [ints(3), ints(3, seed=3)])
    c.add("aten::ldexp.Tensor", [d, torch.tensor([[1], [2], [-3]])])
    c.add("aten::ldexp_", [f.clone(), ints(3, seed=3)])
    c.add("aten::ldexp.out", [f, ints(3, seed=3), empty_out()])
    for op in ["aten::nextafter"]:
        c.add(op, [f, g], rtol=0, atol=0)
        c.add(op, [special, torch.tensor(0.0)], rtol=0, atol=0)
        c.add(op, [special, torch.tensor(float("inf"))], rtol=0, atol=0)
        c.add(op, [d, torch.tensor([1.0], dtype=torch.float64)], rtol=0, atol=0)
        edge = torch.tensor([0.0, -0.0, 1e-45, -1e-45, 3.4028234e38, -3.4028234e38, 1.0, -1.0, 2.0])
        c.add(op, [edge, edge.flip(0)], rtol=0, atol=0)
        c.add(op, [edge, torch.tensor(float("-inf"))], rtol=0, atol=0)
        c.add(op, [edge.double(), torch.tensor([float("inf")], dtype=torch.float64)], rtol=0, atol=0)
        c.add(op, [torch.tensor([float("inf"), float("-inf"), 0.0]), torch.tensor([0.0, 0.0, -0.0])], rtol=0, atol=0)
        c.add(op, [f.to(torch.bfloat16), g.to(torch.bfloat16)], rtol=0, atol=0)
        c.add(op, [ints(3), ints(3, seed=1)], rtol=0, atol=0)  # integers: error
        c.add(op, [f.t(), torch.tensor(1.0, dtype=torch.float64)], rtol=0, atol=0)
    c.add("aten::nextafter_", [f.clone(), g])
    c.add("aten::nextafter.out", [f, g, empty_out()])
    c.add("aten::float_power.Tensor_Tensor", [f.abs(), g])
    c.add("aten::float_power.Tensor_Tensor", [ints(3), ints(3, lo=0, seed=1)])
    c.add("aten::float_power.Tensor_Scalar", [f, 2])
    c.add("aten::float_power.Tensor_Scalar", [ints(2, 3), 0.5])
    c.add("aten::float_power.Scalar", [2, ints(3)])
    c.add("aten::float_power.Scalar", [1.5, f.t()])
    c.add("aten::float_power_.Tensor", [d.abs(), d])
    c.add("aten::float_power_.Scalar", [d.clone(), 3])
    c.add("aten::float_power_.Scalar", [f.clone(), 3])  # float32 base: error
    c.add("aten::float_power.Tensor_Tensor_out", [f, g, empty_out(torch.float64)])
    c.add("aten::float_power.Tensor_Tensor_out", [f, g, empty_out(torch.float32)])  # error
    c.add("aten::float_power.Tensor_Scalar_out", [f, 2, empty_out(torch.float64)])
    c.add("aten::float_power.Scalar_out", [3, g, empty_out(torch.float64)])
    c.add("aten::frexp.Tensor", [special])
    c.add("aten::frexp.Tensor", [d.t()])
    c.add("aten::frexp.Tensor", [f.to(torch.float16)])
    c.add("aten::frexp.Tensor", [ints(3)])  # error
    c.add("aten::frexp.Tensor_out", [f, empty_out(), empty_out(torch.int32)])
    c.add("aten::frexp.Tensor_out", [f, empty_out(), empty_out(torch.int64)])  # error
    c.add("aten::angle", [special])
    c.add("aten::angle", [ints(2, 3)])
    c.add("aten::angle", [bools(4)])
    c.add("aten::angle", [d.t()])
    c.add("aten::angle.out", [f, empty_out()])
    c.add("aten::conj_physical", [f])
    c.add("aten::conj_physical", [ints(2, 3).t()])
    c.add("aten::conj_physical_", [f.clone()])
    c.add("aten::conj_physical.out", [i64, empty_out(torch.int64)])
