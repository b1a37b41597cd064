"""Losses: every reduction, the legacy size_average / reduce flags, weights, edge values, errors."""
from case_support import X, T, arg, case, labels

CASES = []
add = CASES.append

REDUCTIONS = ["mean", "sum", "none"]
LEGACY = [("size_average=False", "sum"), ("reduce=False", "none"), ("size_average=True, reduce=True", "mean"),
          ("size_average=False, reduce=False", "none")]


def pairwise(fn, shape=(3, 4), extra="", target=None):
    tgt = target if target is not None else T("t", *shape, seed=7)
    add(case(fn + "_default", "F." + fn + "(x, t" + extra + ")", X(*shape), tgt))
    for r in REDUCTIONS:
        add(case(fn + "_" + r, "F." + fn + "(x, t" + extra + ", reduction='" + r + "')", X(*shape), tgt))
    add(case(fn + "_bad_reduction", "F." + fn + "(x, t" + extra + ", reduction='foo')", X(*shape), tgt,
             error="foo is not"))


pairwise("l1_loss")
pairwise("mse_loss")
pairwise("smooth_l1_loss")
pairwise("huber_loss")
pairwise("soft_margin_loss", target=T("t", 3, 4, data=[1, -1, 1, 1, -1, -1, 1, -1, 1, 1, -1, 1]))
for legacy, _ in LEGACY:
    add(case("l1_loss_legacy_" + legacy.replace("=", "_").replace(", ", "_"), "F.l1_loss(x, t, " + legacy + ")",
             X(3, 4), T("t", 3, 4)))
    add(case("mse_loss_legacy_" + legacy.replace("=", "_").replace(", ", "_"), "F.mse_loss(x, t, " + legacy + ")",
             X(3, 4), T("t", 3, 4)))
add(case("l1_loss_broadcast", "F.l1_loss(x, t)", X(3, 4), T("t", 4)))
add(case("mse_loss_broadcast_none", "F.mse_loss(x, t, reduction='none')", X(3, 1), T("t", 4)))
add(case("smooth_l1_loss_beta", "F.smooth_l1_loss(x, t, beta=0.5)", X(3, 4), T("t", 3, 4)))
add(case("smooth_l1_loss_beta0", "F.smooth_l1_loss(x, t, beta=0.0)", X(3, 4), T("t", 3, 4)))
add(case("huber_loss_delta", "F.huber_loss(x, t, delta=0.3)", X(3, 4), T("t", 3, 4)))
add(case("mse_loss_positional_legacy", "F.mse_loss(x, t, None, None, 'sum')", X(3, 4), T("t", 3, 4)))

# classification
add(case("nll_loss_default", "F.nll_loss(x, y)", X(4, 5), labels("y", [4], 5)))
for r in REDUCTIONS:
    add(case("nll_loss_" + r, "F.nll_loss(x, y, reduction='" + r + "')", X(4, 5), labels("y", [4], 5)))
add(case("nll_loss_weight", "F.nll_loss(x, y, w)", X(4, 5), labels("y", [4], 5), T("w", 5, lo=0.1, hi=1.0)))
add(case("nll_loss_ignore", "F.nll_loss(x, y, ignore_index=1)", X(4, 5), labels("y", [4], 5, data=[1, 0, 1, 3])))
add(case("nll_loss_2d", "F.nll_loss(x, y)", X(2, 3, 2, 2), labels("y", [2, 2, 2], 3)))
add(case("nll_loss_legacy", "F.nll_loss(x, y, size_average=False)", X(4, 5), labels("y", [4], 5)))
add(case("nll_loss_bad_reduction", "F.nll_loss(x, y, reduction='avg')", X(4, 5), labels("y", [4], 5),
         error="avg is not a valid value for reduction"))
add(case("cross_entropy_default", "F.cross_entropy(x, y)", X(4, 5), labels("y", [4], 5)))
for r in REDUCTIONS:
    add(case("cross_entropy_" + r, "F.cross_entropy(x, y, reduction='" + r + "')", X(4, 5), labels("y", [4], 5)))
add(case("cross_entropy_weight", "F.cross_entropy(x, y, weight=w)", X(4, 5), labels("y", [4], 5),
         T("w", 5, lo=0.1, hi=1.0)))
add(case("cross_entropy_ignore", "F.cross_entropy(x, y, ignore_index=2)", X(4, 5),
         labels("y", [4], 5, data=[2, 0, 4, 2])))
add(case("cross_entropy_smoothing", "F.cross_entropy(x, y, label_smoothing=0.1)", X(4, 5), labels("y", [4], 5)))
add(case("cross_entropy_smoothing_weight_sum", "F.cross_entropy(x, y, w, label_smoothing=0.2, reduction='sum')",
         X(4, 5), labels("y", [4], 5), T("w", 5, lo=0.1, hi=1.0)))
add(case("cross_entropy_probabilities", "F.cross_entropy(x, p)", X(3, 4), T("p", 3, 4, lo=0.0, hi=0.5)))
add(case("cross_entropy_probabilities_smoothing", "F.cross_entropy(x, p, label_smoothing=0.3, reduction='none')",
         X(3, 4), T("p", 3, 4, lo=0.0, hi=0.5)))
add(case("cross_entropy_unbatched", "F.cross_entropy(x, y)", X(5), labels("y", [], 5, data=[3])))
add(case("cross_entropy_spatial", "F.cross_entropy(x, y)", X(2, 3, 4), labels("y", [2, 4], 3)))
add(case("cross_entropy_legacy_reduce", "F.cross_entropy(x, y, reduce=False)", X(4, 5), labels("y", [4], 5)))
add(case("cross_entropy_bad_reduction", "F.cross_entropy(x, y, reduction='all')", X(4, 5), labels("y", [4], 5),
         error="all is not a valid value for reduction"))
add(case("cross_entropy_all_positional", "F.cross_entropy(x, y, None, None, -100, None, 'sum', 0.0)", X(4, 5),
         labels("y", [4], 5)))

P = T("p", 3, 4, lo=0.05, hi=0.95, seed=11)
add(case("bce_default", "F.binary_cross_entropy(p, t)", P, T("t", 3, 4, lo=0.0, hi=1.0)))
for r in REDUCTIONS:
    add(case("bce_" + r, "F.binary_cross_entropy(p, t, reduction='" + r + "')", P, T("t", 3, 4, lo=0.0, hi=1.0)))
add(case("bce_weight", "F.binary_cross_entropy(p, t, w)", P, T("t", 3, 4, lo=0.0, hi=1.0), T("w", 4, lo=0.0)))
add(case("bce_legacy", "F.binary_cross_entropy(p, t, size_average=False)", P, T("t", 3, 4, lo=0.0, hi=1.0)))
add(case("bce_size_error", "F.binary_cross_entropy(p, t)", P, T("t", 4, lo=0.0, hi=1.0),
         error="Using a target size ([4]) that is different to the input size ([3, 4]) is deprecated"))
add(case("bce_logits_default", "F.binary_cross_entropy_with_logits(x, t)", X(3, 4), T("t", 3, 4, lo=0.0, hi=1.0)))
for r in REDUCTIONS:
    add(case("bce_logits_" + r, "F.binary_cross_entropy_with_logits(x, t, reduction='" + r + "')", X(3, 4),
             T("t", 3, 4, lo=0.0, hi=1.0)))
add(case("bce_logits_pos_weight", "F.binary_cross_entropy_with_logits(x, t, pos_weight=pw)", X(3, 4),
         T("t", 3, 4, lo=0.0, hi=1.0), T("pw", 4, lo=0.5, hi=3.0)))
add(case("bce_logits_weight_pos_weight", "F.binary_cross_entropy_with_logits(x, t, w, pos_weight=pw, reduction='sum')",
         X(3, 4), T("t", 3, 4, lo=0.0, hi=1.0), T("w", 3, 1, lo=0.1, hi=1.0), T("pw", 4, lo=0.5, hi=3.0)))
add(case("bce_logits_size_error", "F.binary_cross_entropy_with_logits(x, t)", X(3, 4), T("t", 3, lo=0.0, hi=1.0),
         error="Target size ([3]) must be the same as input size ([3, 4])"))

LOGP = T("lp", 3, 4, lo=-3.0, hi=-0.1, seed=12)
add(case("kl_div_default", "F.kl_div(lp, t)", LOGP, T("t", 3, 4, lo=0.0, hi=1.0)))
for r in ["mean", "sum", "none", "batchmean"]:
    add(case("kl_div_" + r, "F.kl_div(lp, t, reduction='" + r + "')", LOGP, T("t", 3, 4, lo=0.0, hi=1.0)))
add(case("kl_div_zero_target", "F.kl_div(lp, t, reduction='sum')", LOGP,
         T("t", 3, 4, data=[0, 0.5, 0, 1, 0.25, 0, 0, 0, 1, 0, 0.5, 0])))
add(case("kl_div_log_target", "F.kl_div(lp, t, reduction='batchmean', log_target=True)", LOGP,
         T("t", 3, 4, lo=-2.0, hi=0.0)))
add(case("kl_div_legacy", "F.kl_div(lp, t, size_average=False)", LOGP, T("t", 3, 4, lo=0.0, hi=1.0)))
add(case("kl_div_bad_reduction", "F.kl_div(lp, t, reduction='foo')", LOGP, T("t", 3, 4, lo=0.0, hi=1.0),
         error="foo is not a valid value for reduction"))

add(case("poisson_nll_default", "F.poisson_nll_loss(x, t)", X(3, 4), T("t", 3, 4, lo=0.0, hi=4.0)))
add(case("poisson_nll_no_log", "F.poisson_nll_loss(p, t, log_input=False)", P, T("t", 3, 4, lo=0.0, hi=4.0)))
add(case("poisson_nll_full", "F.poisson_nll_loss(x, t, full=True, reduction='none')", X(3, 4),
         T("t", 3, 4, lo=0.0, hi=4.0)))
add(case("poisson_nll_sum_eps", "F.poisson_nll_loss(p, t, False, False, eps=0.1, reduction='sum')", P,
         T("t", 3, 4, lo=0.0, hi=4.0)))
add(case("poisson_nll_bad_reduction", "F.poisson_nll_loss(x, t, reduction='foo')", X(3, 4), T("t", 3, 4),
         error="foo is not valid"))

V = T("v", 3, 4, lo=0.1, hi=2.0, seed=13)
add(case("gaussian_nll_default", "F.gaussian_nll_loss(x, t, v)", X(3, 4), T("t", 3, 4), V))
add(case("gaussian_nll_full_sum", "F.gaussian_nll_loss(x, t, v, full=True, reduction='sum')", X(3, 4), T("t", 3, 4), V))
add(case("gaussian_nll_none_eps", "F.gaussian_nll_loss(x, t, v, eps=0.5, reduction='none')", X(3, 4), T("t", 3, 4), V))
add(case("gaussian_nll_var_one_less_dim", "F.gaussian_nll_loss(x, t, v)", X(3, 4), T("t", 3, 4), T("v", 3, lo=0.1, hi=2.0)))
add(case("gaussian_nll_var_last_one", "F.gaussian_nll_loss(x, t, v)", X(3, 4), T("t", 3, 4), T("v", 3, 1, lo=0.1, hi=2.0)))
add(case("gaussian_nll_var_size_error", "F.gaussian_nll_loss(x, t, v)", X(3, 4), T("t", 3, 4), T("v", 5, lo=0.1),
         error="var is of incorrect size"))
add(case("gaussian_nll_negative_var", "F.gaussian_nll_loss(x, t, v)", X(3, 4), T("t", 3, 4), T("v", 3, 4, lo=-1.0, hi=-0.1),
         error="var has negative entry/entries"))
add(case("gaussian_nll_bad_reduction", "F.gaussian_nll_loss(x, t, v, reduction='foo')", X(3, 4), T("t", 3, 4), V,
         error="foo is not valid"))

PM = [1, -1, 1, 1, -1, -1, 1, -1, 1, 1, -1, 1]
add(case("hinge_embedding_default", "F.hinge_embedding_loss(x, t)", X(3, 4), T("t", 3, 4, data=PM)))
for r in REDUCTIONS:
    add(case("hinge_embedding_" + r, "F.hinge_embedding_loss(x, t, margin=0.5, reduction='" + r + "')", X(3, 4),
             T("t", 3, 4, data=PM)))
add(case("hinge_embedding_bad_reduction", "F.hinge_embedding_loss(x, t, reduction='foo')", X(3, 4), T("t", 3, 4, data=PM),
         error="foo is not a valid value for reduction"))
add(case("margin_ranking_default", "F.margin_ranking_loss(a, b, t)", T("a", 5), T("b", 5, seed=3),
         T("t", 5, data=[1, -1, 1, -1, 1])))
for r in REDUCTIONS:
    add(case("margin_ranking_" + r, "F.margin_ranking_loss(a, b, t, 0.5, reduction='" + r + "')", T("a", 5),
             T("b", 5, seed=3), T("t", 5, data=[1, -1, 1, -1, 1])))
add(case("margin_ranking_dim_error", "F.margin_ranking_loss(a, b, t)", T("a", 2, 3), T("b", 2, 3, seed=3), T("t", 3),
         error="margin_ranking_loss : All input tensors should have same dimension but got sizes: input1: [2, 3], input2: [2, 3], target: [3]"))
add(case("soft_margin_legacy", "F.soft_margin_loss(x, t, reduce=False)", X(3, 4), T("t", 3, 4, data=PM)))
add(case("multilabel_soft_margin_default", "F.multilabel_soft_margin_loss(x, t)", X(3, 4), T("t", 3, 4, lo=0.0, hi=1.0)))
for r in REDUCTIONS:
    add(case("multilabel_soft_margin_" + r, "F.multilabel_soft_margin_loss(x, t, reduction='" + r + "')", X(3, 4),
             T("t", 3, 4, lo=0.0, hi=1.0)))
add(case("multilabel_soft_margin_weight", "F.multilabel_soft_margin_loss(x, t, w)", X(3, 4), T("t", 3, 4, lo=0.0, hi=1.0),
         T("w", 4, lo=0.1, hi=1.0)))
add(case("multilabel_soft_margin_bad_reduction", "F.multilabel_soft_margin_loss(x, t, reduction='foo')", X(3, 4),
         T("t", 3, 4), error="foo is not valid"))
add(case("multi_margin_default", "F.multi_margin_loss(x, y)", X(4, 5), labels("y", [4], 5)))
for r in REDUCTIONS:
    add(case("multi_margin_" + r, "F.multi_margin_loss(x, y, reduction='" + r + "')", X(4, 5), labels("y", [4], 5)))
add(case("multi_margin_p2_margin", "F.multi_margin_loss(x, y, p=2, margin=0.5)", X(4, 5), labels("y", [4], 5)))
add(case("multi_margin_weight", "F.multi_margin_loss(x, y, weight=w, reduction='none')", X(4, 5), labels("y", [4], 5),
         T("w", 5, lo=0.1, hi=1.0)))
add(case("multi_margin_1d", "F.multi_margin_loss(x, y)", X(5), labels("y", [1], 5, data=[2])))
add(case("multi_margin_p3_error", "F.multi_margin_loss(x, y, p=3)", X(4, 5), labels("y", [4], 5),
         error="only p == 1 and p == 2 supported"))
add(case("multi_margin_weight_dim_error", "F.multi_margin_loss(x, y, weight=w)", X(4, 5), labels("y", [4], 5),
         T("w", 5, 1), error="weight must be one-dimensional"))
ML = [3, 0, -1, 1, 1, 2, 4, -1, -1, 0, 0, 0, 0, 0, 0]
add(case("multilabel_margin_default", "F.multilabel_margin_loss(x, y)", X(3, 5), labels("y", [3, 5], 5, data=ML)))
for r in REDUCTIONS:
    add(case("multilabel_margin_" + r, "F.multilabel_margin_loss(x, y, reduction='" + r + "')", X(3, 5),
             labels("y", [3, 5], 5, data=ML)))
add(case("multilabel_margin_1d", "F.multilabel_margin_loss(x, y)", X(4), labels("y", [4], 4, data=[3, 0, -1, 1])))
add(case("cosine_embedding_default", "F.cosine_embedding_loss(a, b, t)", T("a", 4, 3), T("b", 4, 3, seed=3),
         T("t", 4, data=[1, -1, 1, -1])))
for r in REDUCTIONS:
    add(case("cosine_embedding_" + r, "F.cosine_embedding_loss(a, b, t, margin=0.2, reduction='" + r + "')",
             T("a", 4, 3), T("b", 4, 3, seed=3), T("t", 4, data=[1, -1, 1, -1])))
add(case("cosine_embedding_1d", "F.cosine_embedding_loss(a, b, t)", T("a", 3), T("b", 3, seed=3), T("t", data=[-1])))
add(case("triplet_margin_default", "F.triplet_margin_loss(a, p, n)", T("a", 4, 3), T("p", 4, 3, seed=3), T("n", 4, 3, seed=4)))
for r in REDUCTIONS:
    add(case("triplet_margin_" + r, "F.triplet_margin_loss(a, p, n, reduction='" + r + "')", T("a", 4, 3),
             T("p", 4, 3, seed=3), T("n", 4, 3, seed=4)))
add(case("triplet_margin_swap_p1", "F.triplet_margin_loss(a, p, n, margin=2.0, p=1.0, swap=True)", T("a", 4, 3),
         T("p", 4, 3, seed=3), T("n", 4, 3, seed=4)))
add(case("triplet_margin_legacy", "F.triplet_margin_loss(a, p, n, size_average=False)", T("a", 4, 3),
         T("p", 4, 3, seed=3), T("n", 4, 3, seed=4)))
add(case("triplet_margin_dim_error", "F.triplet_margin_loss(a, p, n)", T("a", 4, 3), T("p", 4, 3, seed=3), T("n", 3, seed=4),
         error="2D, 2D and 1D inputs"))

# CTC: log-probabilities (T=6, N=2, C=4), padded or concatenated targets.
CTC_BODY = "    lp = torch.log_softmax(x, 2)\n    return F.ctc_loss(lp, y, il, tl{})\n"


def ctc(name, extra, targets, il, tl, x_sizes=(6, 2, 4), error=None, body=None):
    add(case(name, "", T("x", *x_sizes, seed=71), targets, labels("il", [len(il)], 10, data=il),
             labels("tl", [len(tl)], 10, data=tl), error=error,
             body=body or CTC_BODY.format(extra)))


ctc("ctc_padded_mean", "", labels("y", [2, 3], 4, data=[1, 2, 2, 3, 1, 0]), [6, 5], [3, 2])
ctc("ctc_padded_sum", ", reduction='sum'", labels("y", [2, 3], 4, data=[1, 2, 2, 3, 1, 0]), [6, 5], [3, 2])
ctc("ctc_padded_none", ", reduction='none'", labels("y", [2, 3], 4, data=[1, 2, 2, 3, 1, 0]), [6, 6], [3, 2])
ctc("ctc_concatenated", "", labels("y", [5], 4, data=[1, 2, 2, 3, 1]), [6, 5], [3, 2])
ctc("ctc_blank_3", ", blank=3, reduction='none'", labels("y", [2, 2], 3, data=[0, 1, 2, 2]), [6, 6], [2, 2])
ctc("ctc_empty_target", ", reduction='none'", labels("y", [2, 3], 4, data=[1, 2, 3, 0, 0, 0]), [6, 4], [3, 0])
ctc("ctc_impossible_inf", ", reduction='none'", labels("y", [2, 3], 4, data=[1, 1, 1, 2, 2, 2]), [3, 6], [3, 3])
ctc("ctc_zero_infinity", ", reduction='none', zero_infinity=True", labels("y", [2, 3], 4, data=[1, 1, 1, 2, 2, 2]),
    [3, 6], [3, 3])
ctc("ctc_bad_reduction", ", reduction='foo'", labels("y", [2, 3], 4, data=[1, 2, 2, 3, 1, 0]), [6, 5], [3, 2],
    error="foo is not a valid value for reduction")
add(case("ctc_unbatched", "", T("x", 6, 4, seed=72), labels("y", [3], 4, data=[1, 2, 1]),
         body="    lp = torch.log_softmax(x, 1)\n    return F.ctc_loss(lp, y, torch.tensor(6), torch.tensor(3))\n"))
