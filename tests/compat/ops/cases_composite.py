"""Operators PyTorch composes from others: cpu, positive, square, mH, flips, atleast_Nd, stacks,
meshgrid, trace, logaddexp, hypot, deg2rad/rad2deg, dist."""
import torch

from caselib import empty_out, floats, ints

F64 = torch.float64


def cases(c):
    m = floats(3, 4)
    v = floats(3, seed=1)
    i = ints(3, 4)
    s0 = torch.tensor(2.0)
    tol = {"rtol": 1e-5, "atol": 1e-6}
    c.add("aten::cpu", [m])
    c.add("aten::positive", [i])
    c.add("aten::positive", [torch.tensor([True])])  # error
    c.add("aten::square", [m], **tol)
    c.add("aten::square", [i])
    c.add("aten::square_", [m], **tol)
    c.add("aten::square.out", [i, empty_out(torch.int64)])
    c.add("aten::mH", [floats(2, 3, 4)])
    c.add("aten::mH", [v])  # 1-D: error
    c.add("aten::fliplr", [m])
    c.add("aten::fliplr", [v])  # error
    c.add("aten::flipud", [m])
    for n in ["1", "2", "3"]:
        for t in [s0, v, m, floats(2, 3, 4)]:
            c.add(f"aten::atleast_{n}d", [t])
        c.add(f"aten::atleast_{n}d.Sequence", [[s0, v, m]])
    c.add("aten::hstack", [[v, v]])
    c.add("aten::hstack", [[m, i]])
    c.add("aten::hstack", [[s0, v]])
    c.add("aten::hstack", [[]])  # error
    c.add("aten::vstack", [[v, v]])
    c.add("aten::vstack", [[m, floats(1, 4)]])
    c.add("aten::dstack", [[m, m]])
    c.add("aten::dstack", [[v, v]])
    c.add("aten::column_stack", [[v, v, floats(3, 2)]])
    c.add("aten::column_stack", [[s0, torch.tensor([1.0])]])
    c.add("aten::hstack.out", [[v, v], empty_out()])
    c.add("aten::vstack.out", [[v, v], empty_out(F64)])
    c.add("aten::meshgrid.indexing", [[v, floats(2)], "ij"])
    c.add("aten::meshgrid.indexing", [[v, floats(2), floats(4)], "xy"])
    c.add("aten::meshgrid.indexing", [[v], "xy"])
    c.add("aten::meshgrid.indexing", [[v, floats(2)], "yx"])  # error
    c.add("aten::meshgrid", [[s0, v]])
    c.add("aten::meshgrid", [[m]])  # 2-D: error
    c.add("aten::trace", [m])
    c.add("aten::trace", [i])
    c.add("aten::trace", [v])  # error
    c.add("aten::trace.out", [m, empty_out()])
    special = torch.tensor([float("inf"), -float("inf"), float("inf"), 1.0, float("nan")])
    other = torch.tensor([float("inf"), -float("inf"), 0.0, 2.0, 1.0])
    for op in ["logaddexp", "logaddexp2"]:
        c.add(f"aten::{op}", [m, floats(4, seed=3)], **tol)
        c.add(f"aten::{op}", [special, other], **tol)
        c.add(f"aten::{op}", [i, i], **tol)
        c.add(f"aten::{op}.out", [v, v, empty_out(F64)], **tol)
    c.add("aten::hypot", [m, floats(4, seed=3)], **tol)
    c.add("aten::hypot", [i, i])  # error
    c.add("aten::hypot_", [m, v.reshape(3, 1)], **tol)
    c.add("aten::hypot.out", [m, m, empty_out()], **tol)
    for op in ["deg2rad", "rad2deg"]:
        c.add(f"aten::{op}", [m], **tol)
        c.add(f"aten::{op}", [i])
        c.add(f"aten::{op}_", [m.double()])
        c.add(f"aten::{op}.out", [m, empty_out(F64)], **tol)
    c.add("aten::dist", [m, floats(4, seed=3)], **tol)
    c.add("aten::dist", [m, m.flip(0), 1], **tol)
    c.add("aten::dist", [m, m.flip(1), float("inf")], **tol)
    c.add("aten::dist.out", [v, v.flip(0), 3, empty_out()], **tol)
    more_cases(c)
    shape_cases(c)


def more_cases(c):
    m = floats(3, 4)
    v = floats(3, seed=1)
    i = ints(3, 4)
    tol = {"rtol": 1e-5, "atol": 1e-6}
    c.add("aten::count_nonzero", [i])
    c.add("aten::count_nonzero", [i, 1])
    c.add("aten::count_nonzero.dim_IntList", [m > 0, [0, 1]])
    c.add("aten::count_nonzero.dim_IntList", [i, [0]])
    c.add("aten::count_nonzero.out", [i, 0, empty_out(torch.int64)])
    c.add("aten::repeat_interleave.Tensor", [torch.tensor([1, 0, 3])])
    c.add("aten::repeat_interleave.Tensor", [torch.tensor([1, -1])])  # error
    c.add("aten::repeat_interleave.self_int", [m, 2])
    c.add("aten::repeat_interleave.self_int", [m, 2, 1])
    c.add("aten::repeat_interleave.self_Tensor", [m, torch.tensor([1, 2, 0]), 0])
    c.add("aten::repeat_interleave.self_Tensor", [m, torch.tensor(2), -1])
    c.add("aten::repeat_interleave.self_Tensor", [m, torch.tensor([1, 2]), 0])  # error
    for k in [-1, 0, 1, 2, 3, 5]:
        c.add("aten::rot90", [m, k])
    c.add("aten::rot90", [floats(2, 3, 4), 1, [2, 0]])
    c.add("aten::rot90", [m, 1, [0, 0]])  # error
    c.add("aten::rot90", [v])  # error
    c.add("aten::rot90.out", [m, 1, [1, 0], empty_out()])
    p = floats(5, lo=0.01, hi=0.99)
    c.add("aten::logit", [p], **tol)
    c.add("aten::logit", [floats(5, lo=-0.5, hi=1.5), 0.1], **tol)
    c.add("aten::logit_", [p.double(), None], **tol)
    c.add("aten::logit.out", [p, 0.2, empty_out()], **tol)
    x = torch.tensor([0.0, 0.0, 1.0, 2.0, -1.0])
    y = torch.tensor([0.0, float("nan"), 2.0, -1.0, 3.0])
    c.add("aten::xlogy.Tensor", [x, y], **tol)
    c.add("aten::xlogy.Tensor", [ints(4), ints(4, lo=1, seed=3)], **tol)
    c.add("aten::xlogy.Scalar_Other", [x, 3], **tol)
    c.add("aten::xlogy.Scalar_Self", [2, y], **tol)
    c.add("aten::xlogy_.Tensor", [x, y], **tol)
    c.add("aten::xlogy.OutTensor", [x, y, empty_out(torch.float64)], **tol)
    z = torch.tensor([1.0, -2.0, 0.0, -0.0, 3.0])
    w = torch.tensor([-1.0, 1.0, -0.0, 2.0, float("nan")])
    c.add("aten::copysign.Tensor", [z, w])
    c.add("aten::copysign.Tensor", [ints(4), ints(4, seed=5)])
    c.add("aten::copysign.Scalar", [z, -1])
    c.add("aten::copysign_.Tensor", [z, w])
    c.add("aten::copysign.out", [z, w, empty_out()])
    c.add("aten::sinc", [torch.tensor([0.0, 0.5, -1.5, 2.0])], **tol)
    c.add("aten::sinc", [ints(4)], **tol)
    c.add("aten::sinc_", [floats(4)], **tol)
    c.add("aten::select_scatter", [m, floats(4, seed=8), 0, 1])
    c.add("aten::select_scatter", [m, floats(3, seed=8), 1, -1])
    c.add("aten::select_scatter", [m, floats(5), 0, 1])  # error
    c.add("aten::slice_scatter", [m, floats(3, 2, seed=8), 1, 0, 4, 2])
    c.add("aten::slice_scatter", [m, floats(1, 4, seed=8), 0, -1])
    c.add("aten::slice_scatter.out", [m, floats(3, 2, seed=8), 1, 2, None, 1, empty_out()])


def shape_cases(c):
    m = floats(3, 7)
    v = floats(7, seed=2)
    x3 = floats(2, 4, 6)
    tol = {"rtol": 1e-5, "atol": 1e-6}
    c.add("aten::tensor_split.sections", [v, 3])
    c.add("aten::tensor_split.sections", [m, 4, 1])
    c.add("aten::tensor_split.sections", [m, 0])  # error
    c.add("aten::tensor_split.sections", [torch.tensor(1.0), 2])  # error
    c.add("aten::tensor_split.indices", [v, [2, 5]])
    c.add("aten::tensor_split.indices", [m, [5, 2, 100], 1])
    c.add("aten::tensor_split.indices", [m, [-2], -1])
    c.add("aten::tensor_split.tensor_indices_or_sections", [v, torch.tensor(3)])
    c.add("aten::tensor_split.tensor_indices_or_sections", [v, torch.tensor([1, 4])])
    c.add("aten::tensor_split.tensor_indices_or_sections", [v, torch.tensor([1.0])])  # error
    c.add("aten::hsplit.int", [x3, 2])
    c.add("aten::hsplit.int", [v, 7])
    c.add("aten::hsplit.int", [x3, 3])  # not divisible: error
    c.add("aten::hsplit.array", [m, [1, 3]])
    c.add("aten::vsplit.int", [x3, 2])
    c.add("aten::vsplit.int", [v, 1])  # 1-D: error
    c.add("aten::vsplit.array", [m, [1]])
    c.add("aten::dsplit.int", [x3, 3])
    c.add("aten::dsplit.array", [x3, [2, 4]])
    c.add("aten::dsplit.int", [m, 1])  # 2-D: error
    c.add("aten::diag", [v])
    c.add("aten::diag", [v, 2])
    c.add("aten::diag", [floats(3), -1])
    c.add("aten::diag", [m])
    c.add("aten::diag", [m, 3])
    c.add("aten::diag", [m, -2])
    c.add("aten::diag", [x3])  # error
    c.add("aten::diag.out", [v, 0, empty_out()])
    c.add("aten::row_stack", [[v, v]])
    c.add("aten::row_stack.out", [[m, v.reshape(1, 7)], empty_out()])
    c.add("aten::argwhere", [m > 0])
    c.add("aten::argwhere", [ints(4)])
    c.add("aten::msort", [m])
    c.add("aten::msort.out", [m, empty_out()])
    wide = torch.tensor([-1e20, -3.0, -0.5, -1e-6, 0.0, 1e-6, 0.5, 3.0, 1e20])
    for name in ["asinh", "arcsinh"]:
        c.add(f"aten::{name}", [wide], **tol)
        c.add(f"aten::{name}", [wide.double()], rtol=1e-12, atol=1e-15)
        c.add(f"aten::{name}_", [floats(4)], **tol)
        c.add(f"aten::{name}.out", [ints(4), empty_out()], **tol)
    big = torch.tensor([0.5, 1.0, 1.0 + 1e-6, 1.5, 10.0, 1e20])
    for name in ["acosh", "arccosh"]:
        c.add(f"aten::{name}", [big], **tol)
        c.add(f"aten::{name}", [big.double()], rtol=1e-12, atol=1e-15)
        c.add(f"aten::{name}_", [big.clone()], **tol)
        c.add(f"aten::{name}.out", [big, empty_out(torch.float64)], **tol)
    unit = torch.tensor([-1.0, -0.999, -0.5, -1e-7, 0.0, 1e-7, 0.5, 0.999, 1.0, 2.0])
    for name in ["atanh", "arctanh"]:
        c.add(f"aten::{name}", [unit], **tol)
        c.add(f"aten::{name}", [unit.double()], rtol=1e-12, atol=1e-15)
        c.add(f"aten::{name}_", [floats(4, lo=-0.9, hi=0.9)], **tol)
        c.add(f"aten::{name}.out", [unit, empty_out()], **tol)
