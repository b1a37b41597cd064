"""Activations, softmax family, normalize, dropout family."""
from case_support import X, T, arg, case

CASES = []
add = CASES.append

for name, extra in [("relu", ""), ("relu6", ""), ("selu", ""), ("celu", ""), ("celu", ", alpha=0.5"),
                    ("elu", ""), ("elu", ", 2.0"), ("silu", ""), ("mish", ""), ("hardswish", ""),
                    ("hardsigmoid", ""), ("hardtanh", ""), ("hardtanh", ", -0.5, 0.5"),
                    ("hardtanh", ", min_val=-2.0, max_val=0.25"), ("leaky_relu", ""),
                    ("leaky_relu", ", 0.2"), ("leaky_relu", ", negative_slope=0.3"), ("logsigmoid", ""),
                    ("softplus", ""), ("softplus", ", beta=2.0, threshold=1.0"), ("softshrink", ""),
                    ("softshrink", ", lambd=0.3"), ("hardshrink", ""), ("hardshrink", ", 1.0"),
                    ("tanhshrink", ""), ("softsign", ""), ("sigmoid", ""), ("tanh", ""), ("gelu", ""),
                    ("gelu", ", approximate='tanh'"), ("gelu", ", approximate='none'"),
                    ("rrelu", ""), ("rrelu", ", 0.1, 0.3"), ("rrelu", ", lower=0.2, upper=0.4, training=False")]:
    label = name + "_" + str(len([c for c in CASES if c.name.startswith(name + "_")]))
    add(case(label, "F." + name + "(x" + extra + ")", X(2, 5)))

add(case("relu_inplace_mutates", "F.relu(x, inplace=True)", X(6)))
add(case("relu_inplace_positional", "F.relu(x, True)", X(6, seed=3)))
add(case("elu_inplace", "F.elu(x, 1.5, True)", X(6, seed=4)))
add(case("leaky_relu_inplace", "F.leaky_relu(x, 0.1, inplace=True)", X(6, seed=5)))
add(case("hardtanh_inplace", "F.hardtanh(x, inplace=True)", X(6, seed=6)))
add(case("selu_inplace", "F.selu(x, True)", X(6, seed=7)))
add(case("silu_inplace", "F.silu(x, inplace=True)", X(6, seed=8)))
add(case("hardswish_inplace", "F.hardswish(x, True)", X(6, seed=9)))
add(case("threshold_basic", "F.threshold(x, 0.5, -1.0)", X(3, 4)))
add(case("threshold_kw", "F.threshold(x, threshold=0.1, value=20.0)", X(3, 4)))
add(case("threshold_inplace", "F.threshold(x, 0.0, 0.0, True)", X(3, 4)))
add(case("relu_int", "F.relu(x)", X(5, dtype="int64", lo=-5, hi=5)))
add(case("relu_0d", "F.relu(x)", X(seed=2)))
add(case("glu_default", "F.glu(x)", X(2, 6)))
add(case("glu_dim0", "F.glu(x, 0)", X(4, 3)))
add(case("glu_kw", "F.glu(x, dim=1)", X(2, 4, 3)))
add(case("glu_scalar_error", "F.glu(x)", X(), error="glu does not support scalars because halving size must be even"))
add(case("glu_odd_error", "F.glu(x)", X(3), error="Halving dimension must be even"))
add(case("prelu", "F.prelu(x, w)", X(2, 3, 4), T("w", 3)))
add(case("prelu_single", "F.prelu(x, w)", X(2, 3), T("w", 1)))

# softmax family: dim=None picks dim 0 for 0-, 1- and 3-d inputs, else 1.
for fn in ["softmax", "softmin", "log_softmax"]:
    add(case(fn + "_dim1", "F." + fn + "(x, 1)", X(3, 4)))
    add(case(fn + "_dim_kw", "F." + fn + "(x, dim=-1)", X(2, 3, 4)))
    add(case(fn + "_none_2d", "F." + fn + "(x)", X(3, 4)))
    add(case(fn + "_none_1d", "F." + fn + "(x)", X(5)))
    add(case(fn + "_none_3d", "F." + fn + "(x)", X(2, 3, 4)))
    add(case(fn + "_none_4d", "F." + fn + "(x)", X(2, 3, 2, 2)))
    add(case(fn + "_dtype", "F." + fn + "(x, 1, dtype=torch.float64)", X(3, 4)))
    add(case(fn + "_stacklevel", "F." + fn + "(x, 0, 5)", X(3, 4)))
    add(case(fn + "_bad_dim", "F." + fn + "(x, 3)", X(3, 4), error="Dimension out of range"))
add(case("softmax_0d", "F.softmax(x)", X()))

add(case("normalize_default", "F.normalize(x)", X(3, 4)))
add(case("normalize_p1_dim0", "F.normalize(x, 1.0, 0)", X(3, 4)))
add(case("normalize_kw", "F.normalize(x, p=3.0, dim=-1, eps=1e-3)", X(2, 3, 4)))
add(case("normalize_zero_row", "F.normalize(x)", T("x", 2, 3, data=[0, 0, 0, 0, 0, 0])))
add(case("normalize_out", "F.normalize(x, out=o)", X(2, 3), T("o", 2, 3)))

add(case("gumbel_softmax_shape", "F.gumbel_softmax(x, tau=0.5).sum(-1)", X(3, 5)))
add(case("gumbel_softmax_hard_sum", "F.gumbel_softmax(x, hard=True).sum(-1)", X(3, 5)))

# The dropout family: results only where they are deterministic (not training, p 0 or 1).
for fn in ["dropout", "alpha_dropout", "feature_alpha_dropout"]:
    add(case(fn + "_eval", "F." + fn + "(x, p=0.9, training=False)", X(2, 3, 4)))
    add(case(fn + "_positional", "F." + fn + "(x, 0.2, False)", X(2, 3, 4)))
    add(case(fn + "_p_too_big", "F." + fn + "(x, 1.5)", X(2, 3),
             error="dropout probability has to be between 0 and 1, but got 1.5"))
    add(case(fn + "_p_negative", "F." + fn + "(x, p=-0.1, training=False)", X(2, 3),
             error="dropout probability has to be between 0 and 1, but got -0.1"))
add(case("dropout_default_training", "F.dropout(x, 0.0)", X(2, 3)))
add(case("dropout_p1_training", "F.dropout(x, 1.0)", X(2, 3)))
add(case("dropout_inplace_eval", "F.dropout(x, 0.5, False, True)", X(2, 3)))
add(case("dropout_keyword_only_names", "F.dropout(input=x, p=0.3, training=False, inplace=False)", X(2, 3)))
add(case("dropout_unknown_keyword", "F.dropout(x, q=0.3)", X(2, 3), compile_error="q"))
add(case("alpha_dropout_default_not_training", "F.alpha_dropout(x)", X(2, 3)))
for fn, ok, bad in [("dropout1d", (2, 3, 4), (2,)), ("dropout2d", (2, 3, 4, 4), None), ("dropout3d", (2, 3, 2, 2, 2), None)]:
    add(case(fn + "_eval", "F." + fn + "(x, 0.5, False)", X(*ok)))
    add(case(fn + "_p0_training", "F." + fn + "(x, 0.0)", X(*ok)))
    add(case(fn + "_p_error", "F." + fn + "(x, 2.0)", X(*ok),
             error="dropout probability has to be between 0 and 1, but got 2."))
add(case("dropout1d_unbatched", "F.dropout1d(x, 0.5, False)", X(3, 4)))
add(case("dropout1d_bad_dim", "F.dropout1d(x, 0.5)", X(5), error="dropout1d: Expected 2D or 3D input, but received a 1D input"))
add(case("dropout3d_unbatched", "F.dropout3d(x, 0.5, False)", X(3, 2, 2, 2)))
add(case("dropout3d_p1", "F.dropout3d(x, 1.0)", X(2, 3, 2, 2, 2)))
add(case("rrelu_training_keeps_positive", "F.rrelu(x.abs(), training=True)", X(2, 5)))
add(case("rrelu_training_inplace_positive", "F.rrelu(x.abs(), 0.1, 0.2, True, True)", X(2, 5)))
