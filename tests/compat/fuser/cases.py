"""Pointwise chains the fuser turns into prim::TensorExprGroup nodes (see README.md)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "functional"))

from case_support import T, arg, case, tensor  # noqa: E402  (tests/compat/functional/case_support.py)

CASES = []
add = CASES.append

# The 10-op chain, on a partial tile, several tiles and a size the thread pool splits.
for n in (5, 1500, 40000):
    add(case("chain10_%d" % n, "torch.sigmoid(torch.tanh(torch.sqrt(torch.relu((a * b + a) * 0.5 - b) + 1) * a))",
             T("a", n, seed=1), T("b", n, seed=2)))
add(case("chain10_2d", "torch.sqrt(torch.relu((a * b + a) * 0.5 - b) + 1) * a", T("a", 37, 41, seed=3),
         T("b", 37, 41, seed=4)))
add(case("tanh_sigmoid_chain", "torch.sigmoid(torch.tanh(a) * b) + torch.tanh(b) * 0.1", T("a", 3000, seed=5),
         T("b", 3000, seed=6)))
add(case("double_chain", "torch.log1p(torch.exp(a - 2.0 * b)) / (b * b + 1.0)", T("a", 999, seed=7, dtype="float64"),
         T("b", 999, seed=8, dtype="float64")))
add(case("broadcast_rows_cols", "torch.exp(-(a - b) * (a - b)) * 2.0 + a", T("a", 40, 1, seed=9), T("b", 1, 75, seed=10)))
add(case("broadcast_bias", "torch.relu(x * w + bias) - 0.25", T("x", 64, 33, seed=11), T("w", 33, seed=12),
         T("bias", 33, seed=13)))
add(case("zero_dim_operand", "torch.tanh(x * s + s) * 3.0", T("x", 200, seed=14), T("s", seed=15)))
add(case("mixed_float_double", "torch.sin(a * b) + a", T("a", 500, seed=16), T("b", 500, seed=17, dtype="float64")))
add(case("int_times_float_scalar", "torch.exp(i * 0.25) - i", T("i", 600, seed=18, lo=-20, hi=20, dtype="int64")))
add(case("int_arith_wraps_and_divides", "(torch.abs(i * 3 - j) + j) / j", T("i", 700, seed=19, lo=-100, hi=100, dtype="int64"),
         T("j", 700, seed=20, lo=1, hi=9, dtype="int64")))
add(case("int_relu_neg_keep_int", "torch.relu(-(i * 2 + j)) - j", T("i", 300, seed=21, lo=-9, hi=9, dtype="int64"),
         T("j", 300, seed=22, lo=-9, hi=9, dtype="int64")))
add(case("compare_where", "torch.where(a > b, a * 2.0, b - 1.0)", T("a", 2500, seed=23), T("b", 2500, seed=24)))
add(case("compare_outputs_bool", "torch.sigmoid(a) >= torch.tanh(b)", T("a", 800, seed=25), T("b", 800, seed=26)))
add(case("where_mixed_int_float", "torch.where(c, i * 2, x + 1.0)", T("c", 900, seed=27, dtype="bool"),
         T("i", 900, seed=28, lo=-5, hi=5, dtype="int64"), T("x", 900, seed=29)))
add(case("clamp_minimum_maximum", "torch.maximum(torch.clamp(a * 2.0, -1.0, 1.5), torch.minimum(a, b) * 0.5)",
         T("a", 1200, seed=30), T("b", 1200, seed=31)))
add(case("clamp_min_only", "torch.clamp(torch.exp(a) - 2.0, min=0.1) * 3.0", T("a", 1200, seed=32)))
add(case("nan_and_inf", "torch.clamp(torch.relu(torch.log(a) * 2.0), max=3.0) + torch.rsqrt(a)",
         arg("a", tensor([8], data=[1.0, 0.0, -1.0, 1e30, 4.0, 0.5, 2.0, 100.0]))))
add(case("casts", "(a * 10.0).to(torch.int64) * 3 + (a > 0).to(torch.float32).to(torch.int64)", T("a", 1000, seed=33)))
add(case("reciprocal_erf_chain", "torch.erf(torch.reciprocal(a * a + 1.0)) - torch.atan(a)", T("a", 4099, seed=34)))
add(case("rsub_and_alpha", "torch.rsub(a, b, alpha=2) + torch.sub(a, b, alpha=0.5) * torch.add(a, b, alpha=3)",
         T("a", 1000, seed=35), T("b", 1000, seed=36)))
add(case("two_outputs", None, T("a", 2000, seed=37), T("b", 2000, seed=38),
         body="    c = torch.tanh(a * b)\n    d = torch.exp(c) + b\n    return (c, d * 2.0)\n"))
add(case("scalar_arguments", "torch.clamp(x * k + n, -1.0, 1.0) - k", T("x", 1500, seed=39), arg("k", 0.75, "float"),
         arg("n", -1, "int")))
add(case("floor_frac_trunc", "torch.floor(a * 3.0) + torch.frac(a * 3.0) - torch.trunc(b * 2.0)",
         T("a", 1000, seed=40), T("b", 1000, seed=41)))
add(case("activations_with_arguments",
         "torch.nn.functional.hardtanh(torch.nn.functional.elu(torch.nn.functional.leaky_relu(a * 2.0, 0.2), 1.3) "
         "+ torch.nn.functional.softplus(a, 2.0, 3.0), -0.5, 0.7) * torch.nn.functional.hardswish(a)",
         T("a", 3000, seed=44, lo=-4, hi=4)))
add(case("non_broadcastable_error", "torch.tanh(a * b) + 1.0", T("a", 3, 4, seed=42), T("b", 3, 5, seed=43),
         error="must match the size of tensor b"))

# Groups that end in a reduction (tensorexpr_fuser_reductions.h): the chain is computed row by row
# and reduced with the unfused ops' kernels. Short rows, rows of several tiles, one long row (the
# 70000-element mean, reduced in windows), dim lists, keepdim, dtype=, broadcast inputs, a
# non-trailing dim (runs unfused), a 1-element and an empty tensor, and amax's empty-dim error.
add(case("sum_last_dim", "torch.sum(torch.tanh(a * b + a) * 0.5, dim=-1)", T("a", 37, 130, seed=45),
         T("b", 37, 130, seed=46)))
add(case("sum_dims_keepdim_dtype", "torch.sum(torch.exp(a) - b, dim=[1, 2], keepdim=True, dtype=torch.float64)",
         T("a", 6, 20, 30, seed=47), T("b", 6, 20, 30, seed=48)))
add(case("mean_last_two_dims", "torch.mean(torch.relu(a - b) * a, dim=(-2, -1))", T("a", 5, 40, 33, seed=49),
         T("b", 5, 40, 33, seed=50)))
add(case("sum_all", "torch.sum(torch.sigmoid(a) * b)", T("a", 300, 257, seed=51), T("b", 300, 257, seed=52)))
add(case("mean_long_row", "torch.mean(a * b + 1.0)", T("a", 70000, seed=53), T("b", 70000, seed=54)))
add(case("amax_last_dim", "torch.amax(torch.sin(a) * b, dim=-1)", T("a", 70, 1100, seed=55), T("b", 70, 1100, seed=56)))
add(case("amin_keepdim_double", "torch.amin(torch.cos(a) + b, dim=1, keepdim=True)",
         T("a", 33, 65, seed=57, dtype="float64"), T("b", 33, 65, seed=58, dtype="float64")))
add(case("softmax_rows", "torch.softmax(a * b + a, dim=-1)", T("a", 64, 257, seed=59), T("b", 64, 257, seed=60)))
add(case("log_softmax_rows", "torch.log_softmax(torch.tanh(a) * 3.0, dim=1)", T("a", 9, 3000, seed=61)))
add(case("softmax_dtype_double", "torch.softmax(a * 2.0 - 1.0, dim=-1, dtype=torch.float64)", T("a", 20, 50, seed=62)))
add(case("softmax_broadcast_bias", "torch.softmax(x * w + bias, dim=-1)", T("x", 50, 33, seed=63), T("w", 33, seed=64),
         T("bias", 33, seed=65)))
add(case("sum_leading_dim_unfused", "torch.sum(a * b + a, dim=0)", T("a", 40, 30, seed=66), T("b", 40, 30, seed=67)))
add(case("sum_one_element", "torch.sum(a * a + 1.0, dim=-1)", T("a", 1, 1, seed=68)))
add(case("sum_empty_rows", "torch.sum(torch.exp(a) * 2.0, dim=-1)", T("a", 0, 5, seed=69)))
add(case("amax_empty_dim_error", "torch.amax(torch.exp(a) * 2.0, dim=-1)", T("a", 3, 0, seed=70),
         error="Expected reduction dim"))
add(case("chain_output_and_sum", None, T("a", 30, 200, seed=71), T("b", 30, 200, seed=72),
         body="    c = torch.tanh(a * b)\n    d = c * 2.0 + b\n    return (c, torch.sum(d, dim=-1))\n"))

# clamp with tensor bounds (a broadcast row of minimums, one bound None).
add(case("clamp_tensor_bounds", "torch.tanh(torch.clamp(a * 2.0, lo, hi)) + a", T("a", 40, 30, seed=73),
         T("lo", 30, seed=74, lo=-2.0, hi=-0.5), T("hi", 40, 30, seed=75, lo=0.2, hi=2.0)))
add(case("clamp_tensor_min_only", "torch.exp(torch.clamp(a - 1.0, min=lo)) * 0.5", T("a", 500, seed=76),
         T("lo", 500, seed=77)))

# An LSTM cell after its matmuls: gates.chunk(4, 1) -> sigmoid/tanh -> c*f + i*g -> tanh (one group
# reading the four pieces of the gates in place), and a chunk whose pieces broadcast.
LSTM_CELL = ("    gates = torch.mm(x, w_ih) + torch.mm(h, w_hh)\n"
             "    i, f, g, o = gates.chunk(4, 1)\n"
             "    cy = torch.sigmoid(f) * cx + torch.sigmoid(i) * torch.tanh(g)\n"
             "    hy = torch.sigmoid(o) * torch.tanh(cy)\n"
             "    return (hy, cy)\n")
add(case("lstm_cell_chunk", None, T("x", 8, 16, seed=78), T("h", 8, 32, seed=79), T("cx", 8, 32, seed=80),
         T("w_ih", 16, 128, seed=81, lo=-0.3, hi=0.3), T("w_hh", 32, 128, seed=82, lo=-0.3, hi=0.3), body=LSTM_CELL))
add(case("chunk_pieces_broadcast", None, T("a", 6, 10, seed=83), T("b", 1, 5, seed=84),
         body="    p, q = a.chunk(2, 1)\n    return torch.tanh(p * b) - q * 0.5\n"))

# layer_norm rows at the end of a group: with weight and bias, over two trailing dims without them.
add(case("layer_norm_rows", "torch.nn.functional.layer_norm(a * b + a, [33], w, bias)", T("a", 6, 20, 33, seed=85),
         T("b", 6, 20, 33, seed=86), T("w", 33, seed=87), T("bias", 33, seed=88)))
add(case("layer_norm_two_dims", "torch.nn.functional.layer_norm(torch.tanh(a) * 2.0 - a, [5, 70])",
         T("a", 12, 5, 70, seed=89)))

# Two chains reading one value merge into one group with several outputs (as PyTorch merges
# them); merged chains whose results differ in shape (a column against its broadcast) make the
# kernel decline, and the unfused operators give the results.
add(case("merged_chains", None, T("i", 300, 140, seed=90), T("j", 300, 140, seed=91, lo=0.5, hi=2.0),
         body="    a = i * 3.0 + j\n    m = torch.minimum(a, i)\n    q = torch.abs(a) / j\n"
              "    return (m, torch.where(q < j, q, a), a)\n"))
add(case("merged_chains_other_shapes", None, T("a", 40, 1, seed=92), T("b", 1, 30, seed=93),
         body="    c = a * 2.0\n    e = torch.exp(c) - a\n    return (e, torch.tanh(c + b) * b)\n"))

# Chains after torch.cat / torch.stack of known tensors (the concatenation stays outside the
# group, the chains before and after it fuse).
add(case("chain_after_cat_dim1", "torch.tanh(torch.cat([a * b, b], 1)) * 2.0 - 1.0", T("a", 30, 20, seed=94),
         T("b", 30, 20, seed=95)))
add(case("chain_after_cat_dim0_and_stack", None, T("a", 300, 70, seed=96), T("b", 200, 70, seed=97),
         body="    c = torch.cat([a, b], -2)\n    s = torch.stack([b, b * 2.0], 0)\n"
              "    return (torch.sigmoid(c) * c + 1.0, torch.relu(s - 0.5) * s)\n"))

# torch.cat inside the group: each piece's chain is written straight into its slice of the
# result (2 and 3 pieces, dims 0, 1 and -1, broadcasting pieces, a group input as a piece,
# pieces the thread pool splits), and a chain after a fused cat.
add(case("cat_two_chains_dim0", "torch.cat([torch.tanh(a * b), torch.sigmoid(b) - a], 0)", T("a", 300, 140, seed=98),
         T("b", 300, 140, seed=99)))
add(case("cat_three_pieces_dim1_broadcast", "torch.cat([torch.exp(-a * r), c, torch.relu(c * 2.0 - 0.5)], 1)",
         T("a", 50, 30, seed=100), T("r", 30, seed=101), T("c", 50, 7, seed=102)))
add(case("cat_last_dim_3d", "torch.cat([a * 0.5 + b, torch.tanh(b)], -1)", T("a", 4, 1, 9, seed=103),
         T("b", 4, 6, 9, seed=104)))
add(case("cat_then_pointwise", "torch.tanh(torch.cat([a * b, torch.exp(b) - 1.0], 1)) * 2.0",
         T("a", 30, 20, seed=105), T("b", 30, 20, seed=106)))
add(case("cat_double_dim1_long_rows", "torch.cat([torch.log1p(a * a), torch.sqrt(a * a + 1.0)], 1)",
         T("a", 20, 3000, seed=107, dtype="float64")))

# chunk of a value computed in the group (PyTorch's BroadcastingChunk): the LSTM gates' sum with
# a bias (split with the gates) and a one-element bias (read whole), and a chunk along dim 0 of
# a chain whose row operand broadcasts.
LSTM_CELL_BIAS = ("    gates = torch.mm(x, w_ih) + torch.mm(h, w_hh) + b\n"
                  "    i, f, g, o = gates.chunk(4, 1)\n"
                  "    cy = torch.sigmoid(f) * cx + torch.sigmoid(i) * torch.tanh(g)\n"
                  "    hy = torch.sigmoid(o) * torch.tanh(cy)\n"
                  "    return (hy, cy)\n")
add(case("lstm_cell_gates_sum_chunk", None, T("x", 8, 16, seed=108), T("h", 8, 32, seed=109),
         T("cx", 8, 32, seed=110), T("w_ih", 16, 128, seed=111, lo=-0.3, hi=0.3),
         T("w_hh", 32, 128, seed=112, lo=-0.3, hi=0.3), T("b", 128, seed=113), body=LSTM_CELL_BIAS))
add(case("lstm_cell_scalar_bias_chunk", None, T("x", 5, 16, seed=114), T("h", 5, 32, seed=115),
         T("cx", 5, 32, seed=116), T("w_ih", 16, 128, seed=117, lo=-0.3, hi=0.3),
         T("w_hh", 32, 128, seed=118, lo=-0.3, hi=0.3), T("b", 1, seed=119), body=LSTM_CELL_BIAS))
add(case("chunk_dim0_of_chain", None, T("a", 12, 30, seed=120), T("r", 30, seed=121),
         body="    p, q, s = torch.chunk(a * r - 1.0, 3, 0)\n    return torch.tanh(p) * q + torch.exp(s)\n"))

# Register chains (src/runtime/fuser/tile_chain.*): runs of add/sub/mul/div, sqrt, rsqrt,
# reciprocal, relu, abs and neg, each feeding the next, evaluated with the running value in
# registers; every step kind, the running value on either side of sub and div and with itself,
# sizes around the strip and tile widths, a 0-dim operand and a broadcast bias, float64.
CHAIN_BODY = ("    t = torch.reciprocal(-torch.rsqrt(torch.abs(b / (3.0 - a / b))))\n"
              "    u = a - t * t\n"
              "    return (b + torch.sqrt(torch.relu(u))) * 0.5\n")
for n in (7, 129, 1025, 40000):
    add(case("register_chain_%d" % n, None, T("a", n, seed=60 + n % 7), T("b", n, seed=61 + n % 5), body=CHAIN_BODY))
add(case("register_chain_double", None, T("a", 3001, seed=70, dtype="float64"), T("b", 3001, seed=71, dtype="float64"),
         body=CHAIN_BODY))
add(case("register_chain_zero_dim_bias", "torch.relu((x * s + bias) / s - x) * 2.0", T("x", 64, 33, seed=72),
         T("s", seed=73), T("bias", 33, seed=74)))
add(case("register_chain_clamp", "torch.clamp(torch.clamp(a * b, -0.5, 1.5) - b, max=0.25) + a",
         T("a", 2000, seed=75), T("b", 2000, seed=76)))
