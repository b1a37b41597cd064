// Tensor ops of the unary family: elementwise math functions, rounding, predicates and
// activations, with PyTorch 1.13's names, argument order and dtype rules:
//  - math functions (exp, log, sin, sqrt, sigmoid, erf, reciprocal, ...) compute integer and
//    bool inputs in the default float dtype; out= may be any dtype the result can be cast to;
//  - abs, neg, sign, floor/ceil/round/trunc keep the input dtype (rounding an integer tensor is
//    a copy); out= must have exactly that dtype ("Found dtype Long but expected Int");
//  - activations (gelu, silu, elu, ...) need a floating input, except relu/hardtanh, which also
//    take integers;
//  - predicates (isnan, isinf, logical_not, signbit, ...) give bool tensors.
// Half and BFloat16 compute in float. Every op comes as a function, an in-place `op_(self)` and
// `op_out(out, self)` where ATen has them.
#pragma once

#include <optional>
#include <string_view>

#include "ember/tensor/tensor.h"

namespace ember {

#define EMBER_DECLARE_UNARY(op)                \
  Tensor op(const Tensor& self);               \
  Tensor& op##_(Tensor& self);                 \
  Tensor& op##_out(Tensor& out, const Tensor& self);

// ---- sign and magnitude (keep the dtype; bool is rejected by abs/neg) ----
EMBER_DECLARE_UNARY(abs)
EMBER_DECLARE_UNARY(absolute)
EMBER_DECLARE_UNARY(neg)
EMBER_DECLARE_UNARY(negative)
EMBER_DECLARE_UNARY(sign)  // -1, 0 or 1; 0 for NaN
EMBER_DECLARE_UNARY(sgn)   // sign for real tensors

// ---- exponentials and logarithms (integers promote to the default float dtype) ----
EMBER_DECLARE_UNARY(exp)
EMBER_DECLARE_UNARY(exp2)
EMBER_DECLARE_UNARY(expm1)
EMBER_DECLARE_UNARY(log)
EMBER_DECLARE_UNARY(log2)
EMBER_DECLARE_UNARY(log10)
EMBER_DECLARE_UNARY(log1p)
EMBER_DECLARE_UNARY(sqrt)
EMBER_DECLARE_UNARY(rsqrt)
EMBER_DECLARE_UNARY(reciprocal)

// ---- trigonometric and hyperbolic functions ----
EMBER_DECLARE_UNARY(sin)
EMBER_DECLARE_UNARY(cos)
EMBER_DECLARE_UNARY(tan)
EMBER_DECLARE_UNARY(asin)
EMBER_DECLARE_UNARY(acos)
EMBER_DECLARE_UNARY(atan)
EMBER_DECLARE_UNARY(arcsin)
EMBER_DECLARE_UNARY(arccos)
EMBER_DECLARE_UNARY(arctan)
EMBER_DECLARE_UNARY(sinh)
EMBER_DECLARE_UNARY(cosh)
EMBER_DECLARE_UNARY(tanh)

// ---- special functions ----
EMBER_DECLARE_UNARY(sigmoid)
EMBER_DECLARE_UNARY(erf)
EMBER_DECLARE_UNARY(erfc)
EMBER_DECLARE_UNARY(erfinv)

// ---- rounding: identity copies for integer tensors; round is half-to-even ----
EMBER_DECLARE_UNARY(floor)
EMBER_DECLARE_UNARY(ceil)
EMBER_DECLARE_UNARY(round)
EMBER_DECLARE_UNARY(trunc)
EMBER_DECLARE_UNARY(fix)
EMBER_DECLARE_UNARY(frac)  // x - trunc(x); floating only
// round(x, decimals): rounds to a multiple of 10^-decimals; floating only.
Tensor round(const Tensor& self, int64_t decimals);
Tensor& round_(Tensor& self, int64_t decimals);
Tensor& round_out(Tensor& out, const Tensor& self, int64_t decimals);

// ---- logical and bitwise ----
EMBER_DECLARE_UNARY(logical_not)  // bool result; out= and self may have any dtype
EMBER_DECLARE_UNARY(bitwise_not)  // integral and bool only

// ---- predicates: bool results ----
Tensor isnan(const Tensor& self);
Tensor isinf(const Tensor& self);
Tensor isfinite(const Tensor& self);
Tensor isposinf(const Tensor& self);
Tensor& isposinf_out(Tensor& out, const Tensor& self);
Tensor isneginf(const Tensor& self);
Tensor& isneginf_out(Tensor& out, const Tensor& self);
Tensor signbit(const Tensor& self);
Tensor& signbit_out(Tensor& out, const Tensor& self);

// nan_to_num: NaN -> nan (default 0), +inf -> posinf, -inf -> neginf (defaults: the dtype's
// largest and lowest finite values). Integer and bool tensors are copied unchanged.
Tensor nan_to_num(const Tensor& self, std::optional<double> nan = std::nullopt,
                  std::optional<double> posinf = std::nullopt, std::optional<double> neginf = std::nullopt);
Tensor& nan_to_num_(Tensor& self, std::optional<double> nan = std::nullopt,
                    std::optional<double> posinf = std::nullopt, std::optional<double> neginf = std::nullopt);
Tensor& nan_to_num_out(Tensor& out, const Tensor& self, std::optional<double> nan = std::nullopt,
                       std::optional<double> posinf = std::nullopt, std::optional<double> neginf = std::nullopt);

// ---- activations ----
Tensor relu(const Tensor& self);  // integers allowed, bool rejected; relu(NaN) is NaN
Tensor& relu_(Tensor& self);
Tensor relu6(const Tensor& self);  // hardtanh(self, 0, 6)
Tensor& relu6_(Tensor& self);
// approximate: "none" (exact, with erf) or "tanh".
Tensor gelu(const Tensor& self, std::string_view approximate = "none");
Tensor& gelu_(Tensor& self, std::string_view approximate = "none");
Tensor& gelu_out(Tensor& out, const Tensor& self, std::string_view approximate = "none");
EMBER_DECLARE_UNARY(silu)
EMBER_DECLARE_UNARY(mish)
EMBER_DECLARE_UNARY(hardswish)
EMBER_DECLARE_UNARY(hardsigmoid)
// softplus: log1p(exp(beta * x)) / beta, or x where beta * x > threshold.
Tensor softplus(const Tensor& self, const Scalar& beta = 1, const Scalar& threshold = 20);
Tensor& softplus_out(Tensor& out, const Tensor& self, const Scalar& beta = 1, const Scalar& threshold = 20);
Tensor hardtanh(const Tensor& self, const Scalar& min_val = -1, const Scalar& max_val = 1);
Tensor& hardtanh_(Tensor& self, const Scalar& min_val = -1, const Scalar& max_val = 1);
Tensor& hardtanh_out(Tensor& out, const Tensor& self, const Scalar& min_val = -1, const Scalar& max_val = 1);
Tensor leaky_relu(const Tensor& self, const Scalar& negative_slope = 0.01);
Tensor& leaky_relu_(Tensor& self, const Scalar& negative_slope = 0.01);
Tensor& leaky_relu_out(Tensor& out, const Tensor& self, const Scalar& negative_slope = 0.01);
// elu: scale * x for x > 0, scale * alpha * (exp(input_scale * x) - 1) otherwise.
Tensor elu(const Tensor& self, const Scalar& alpha = 1, const Scalar& scale = 1, const Scalar& input_scale = 1);
Tensor& elu_(Tensor& self, const Scalar& alpha = 1, const Scalar& scale = 1, const Scalar& input_scale = 1);
Tensor& elu_out(Tensor& out, const Tensor& self, const Scalar& alpha = 1, const Scalar& scale = 1,
                const Scalar& input_scale = 1);
Tensor selu(const Tensor& self);
Tensor& selu_(Tensor& self);
Tensor celu(const Tensor& self, const Scalar& alpha = 1.0);
Tensor& celu_(Tensor& self, const Scalar& alpha = 1.0);

#undef EMBER_DECLARE_UNARY

// ---- C++ operators ----
Tensor operator-(const Tensor& self);  // neg
Tensor operator~(const Tensor& self);  // bitwise_not

}  // namespace ember
