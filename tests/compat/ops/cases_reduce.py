"""Reductions, max/min with indices, var/std, norm, all/any, cumulative ops, softmax."""
import torch

from caselib import bools, empty_out, floats, ints

F64 = torch.float64


def cases(c):
    x = floats(3, 4)
    i = ints(3, 4, dtype=torch.int32)
    nan = torch.tensor([[1.0, float("nan")], [2.0, 3.0]])
    tol = {"rtol": 1e-5, "atol": 1e-5}
    c.add("aten::sum", [x], **tol)
    c.add("aten::sum", [i])
    c.add("aten::sum", [i, F64])
    c.add("aten::sum", [bools(5)])
    c.add("aten::sum.dim_IntList", [x, [1], True], **tol)
    c.add("aten::sum.dim_IntList", [x, None], **tol)
    c.add("aten::sum.dim_IntList", [x, [], False], **tol)
    c.add("aten::sum.dim_IntList", [x, [0, -1]], **tol)
    c.add("aten::sum.dim_IntList", [x, [2]])  # dim out of range: error
    c.add("aten::sum.IntList_out", [x, [0], False, None, empty_out(F64)], **tol)
    c.add("aten::nansum", [nan])
    c.add("aten::mean", [x], **tol)
    c.add("aten::mean", [i])  # integer mean: error
    c.add("aten::mean", [i, F64])
    c.add("aten::mean.dim", [x, [0], True], **tol)
    c.add("aten::prod", [i])
    c.add("aten::prod.dim_int", [x, 1, False], **tol)
    c.add("aten::logsumexp", [x, [1]], **tol)
    c.add("aten::logsumexp", [i, [0], True], **tol)
    c.add("aten::max", [x])
    c.add("aten::max", [nan])
    c.add("aten::min", [i])
    c.add("aten::max", [torch.empty(0)])  # error
    c.add("aten::max.dim", [x, 1])
    c.add("aten::max.dim", [torch.tensor([[1, 3, 3], [2, 2, 1]]), 1, True])
    c.add("aten::min.dim", [x, 0])
    c.add("aten::max.dim_max", [x, 1, False, empty_out(), empty_out(torch.int64)])
    c.add("aten::max.other", [x, floats(4, seed=3)])
    c.add("aten::min.other", [i, torch.tensor(0, dtype=torch.int32)])
    c.add("aten::amax", [x, [0]])
    c.add("aten::amin", [x, [], True])
    c.add("aten::aminmax", [x])
    c.add("aten::aminmax", [x, 1, True])
    c.add("aten::argmax", [x])
    c.add("aten::argmax", [x, 1, True])
    c.add("aten::argmin", [i, 0])
    for name in ["var", "std"]:
        c.add(f"aten::{name}", [x], **tol)
        c.add(f"aten::{name}", [x, False], **tol)
        c.add(f"aten::{name}.dim", [x, [1], True, True], **tol)
        c.add(f"aten::{name}.correction", [x, [0], 0], **tol)
        c.add(f"aten::{name}.correction", [x, None, None, True], **tol)
        c.add(f"aten::{name}_mean", [x], **tol)
        c.add(f"aten::{name}_mean.dim", [x, [1], False, True], **tol)
        c.add(f"aten::{name}_mean.correction", [x, [0], 2], **tol)
    c.add("aten::var", [i])  # integer var: error
    c.add("aten::norm.Scalar", [x], **tol)
    c.add("aten::norm.Scalar", [x, 1], **tol)
    c.add("aten::norm.ScalarOpt_dim", [x, 3, [1], True], **tol)
    c.add("aten::norm.ScalarOpt_dim", [x, float("inf"), [0]], **tol)
    c.add("aten::norm.ScalarOpt_dim", [x, None, [0, 1]], **tol)
    c.add("aten::norm.ScalarOpt_dtype", [x, 2, F64], **tol)
    c.add("aten::all", [i])
    c.add("aten::all", [torch.tensor([1, 2], dtype=torch.uint8)])
    c.add("aten::all.dim", [bools(3, 4), 1])
    c.add("aten::any", [x])
    c.add("aten::any.dim", [i, 0, True])
    c.add("aten::cumsum", [x, 1], **tol)
    c.add("aten::cumsum", [i, 0])
    c.add("aten::cumsum", [i, 0, F64])
    c.add("aten::cumsum_", [i, 1])
    c.add("aten::cumprod", [floats(5, lo=0.5, hi=1.5), 0], **tol)
    c.add("aten::cummax", [x, 1])
    c.add("aten::cummin", [i, 0])
    c.add("aten::softmax.int", [x, 1], **tol)
    c.add("aten::softmax.int", [x, 0, F64], **tol)
    c.add("aten::log_softmax.int", [x, -1], **tol)
    c.add("aten::softmax.int", [i, 0])  # integers without a dtype: error
