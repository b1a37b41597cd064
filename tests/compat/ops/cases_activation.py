"""threshold, hardshrink, softshrink, log_sigmoid, glu, prelu, and the composite ops added with
them: one_hot, unsafe_split/chunk, ravel, take_along_dim, conj/real, nanmean, special_* aliases."""
import torch

from caselib import empty_out, floats, ints


def cases(c):
    f = floats(2, 6, lo=-4, hi=4)
    i = ints(2, 3)
    nan = torch.tensor([float("nan"), 0.5, -0.2, 2.0])
    tol = {"rtol": 1e-5, "atol": 1e-6}
    c.add("aten::threshold", [f, 0.5, -1])
    c.add("aten::threshold", [i, 0, 7])
    c.add("aten::threshold", [nan, 0.0, 9.0])
    c.add("aten::threshold_", [f, 0, 0])
    c.add("aten::threshold.out", [f, 1, 2, empty_out()])
    c.add("aten::hardshrink", [f])
    c.add("aten::hardshrink", [f, 1.5])
    c.add("aten::hardshrink.out", [f, 0.1, empty_out()])
    c.add("aten::softshrink", [f])
    c.add("aten::softshrink", [f, 2])
    c.add("aten::softshrink", [f, -1])  # error
    c.add("aten::log_sigmoid", [floats(8, lo=-50, hi=50)], **tol)
    c.add("aten::log_sigmoid", [i])  # error
    c.add("aten::log_sigmoid.out", [f, empty_out()], **tol)
    c.add("aten::glu", [f], **tol)
    c.add("aten::glu", [f, 0], **tol)
    c.add("aten::glu", [floats(3, 3)])  # odd: error
    c.add("aten::glu.out", [f, 1, empty_out()], **tol)
    c.add("aten::prelu", [floats(2, 3, 4), torch.tensor([0.1, 0.2, 0.3])])
    c.add("aten::prelu", [floats(2, 3), torch.tensor([0.25])])
    c.add("aten::prelu", [floats(5), torch.tensor([0.25])])
    c.add("aten::prelu", [floats(2, 3), torch.tensor([0.1, 0.2])])  # error
    c.add("aten::one_hot", [torch.tensor([0, 2, 1])])
    c.add("aten::one_hot", [torch.tensor([[0, 2], [1, 1]]), 4])
    c.add("aten::one_hot", [torch.tensor([0, 3]), 3])  # error
    c.add("aten::one_hot", [torch.tensor([0.0])])  # error
    c.add("aten::unsafe_chunk", [f, 3, 1])
    c.add("aten::unsafe_split.Tensor", [f, 4, 1])
    c.add("aten::unsafe_split_with_sizes", [f, [1, 5], 1])
    c.add("aten::ravel", [f.t()])
    idx = torch.tensor([[0, 5], [2, 1]])
    c.add("aten::take_along_dim", [f, idx, 1])
    c.add("aten::take_along_dim", [f, torch.tensor([[1], [0]]), 1])
    c.add("aten::take_along_dim", [f, torch.tensor([3, 11])])
    c.add("aten::take_along_dim", [floats(2, 3, 4), torch.tensor([[[0], [1], [2]]]), 2])
    c.add("aten::take_along_dim.out", [f, idx, 1, empty_out()])
    c.add("aten::conj", [f])
    c.add("aten::resolve_conj", [f])
    c.add("aten::resolve_neg", [f])
    c.add("aten::real", [f])
    c.add("aten::nanmean", [torch.tensor([[1.0, float("nan")], [3.0, 4.0]])], **tol)
    c.add("aten::nanmean", [torch.tensor([[1.0, float("nan")], [3.0, 4.0]]), [1], True], **tol)
    c.add("aten::nanmean", [i])  # error
    c.add("aten::nanmean.out", [f, [0], False, None, empty_out()], **tol)
    x = floats(5, lo=0.05, hi=0.95)
    for op in ["expit", "erf", "erfc", "exp2", "expm1", "log1p", "sinc"]:
        c.add(f"aten::special_{op}", [x], **tol)
        c.add(f"aten::special_{op}.out", [x, empty_out()], **tol)
    c.add("aten::special_logit", [x], **tol)
    c.add("aten::special_logit.out", [x, 0.1, empty_out()], **tol)
    c.add("aten::special_erfinv", [floats(5, lo=-0.9, hi=0.9)], **tol)
    c.add("aten::special_round", [f, 1])
    c.add("aten::special_round.out", [f, 0, empty_out()])
    c.add("aten::special_softmax", [f, 1], **tol)
    c.add("aten::special_log_softmax", [f, 0, torch.float64], **tol)
    c.add("aten::special_logsumexp", [f, [1]], **tol)
    c.add("aten::special_xlogy", [f.abs(), f.abs()], **tol)
    c.add("aten::special_xlogy.self_scalar", [2, f.abs()], **tol)
    c.add("aten::special_xlogy.other_scalar", [f, 3], **tol)
    remaining_variants(c)


def remaining_variants(c):
    """out= and alias forms of the composite and activation ops."""
    v = floats(3)
    m = floats(3, 4)
    tol = {"rtol": 1e-5, "atol": 1e-6}
    c.add("aten::column_stack.out", [[v, v], empty_out()])
    c.add("aten::dstack.out", [[m, m], empty_out()])
    c.add("aten::copysign.Scalar_out", [v, -2, empty_out()])
    c.add("aten::copysign_.Scalar", [v, -0.0])
    c.add("aten::count_nonzero.dim_IntList_out", [m > 0, [1], empty_out(torch.int64)])
    c.add("aten::cuda", [v])  # no CUDA: error
    c.add("aten::mH.a", [m])
    c.add("aten::prelu.out", [floats(2, 3), torch.tensor([0.5, 0.1, 0.2]), empty_out()])
    c.add("aten::repeat_interleave.Tensor_out", [torch.tensor([2, 1]), None, empty_out(torch.int64)])
    c.add("aten::select_scatter.out", [m, floats(4, seed=9), 0, 2, empty_out()])
    c.add("aten::sinc.out", [v, empty_out()], **tol)
    c.add("aten::softshrink.out", [v, 0.3, empty_out()])
    c.add("aten::special_erfinv.out", [floats(3, lo=-0.9, hi=0.9), empty_out()], **tol)
    c.add("aten::special_logsumexp.out", [m, [1], False, empty_out()], **tol)
    c.add("aten::special_xlogy.out", [v.abs(), v.abs(), empty_out()], **tol)
    c.add("aten::special_xlogy.self_scalar_out", [3, v.abs(), empty_out()], **tol)
    c.add("aten::special_xlogy.other_scalar_out", [v, 2.5, empty_out()], **tol)
    c.add("aten::xlogy.OutScalar_Other", [v, 2.5, empty_out()], **tol)
    c.add("aten::xlogy.OutScalar_Self", [3, v.abs(), empty_out()], **tol)
    c.add("aten::xlogy_.Scalar_Other", [v, 0.5], **tol)
