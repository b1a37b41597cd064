// aten:: operators of the unary family (elementwise math, rounding, predicates, activations),
// bound to the tensor library with PyTorch 1.13's schemas.
#include "ember/runtime/register_operators.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

// Forms the tensor library has no function for: computed, then written into out.
Tensor& reluOut(Tensor& out, const Tensor& self) { return writeOut(out, relu(self)); }
Tensor& isnanOut(Tensor& out, const Tensor& self) { return writeOut(out, isnan(self)); }
Tensor& isinfOut(Tensor& out, const Tensor& self) { return writeOut(out, isinf(self)); }

// round(self, *, decimals)
void roundDecimals(Stack& s) {
  IValue* a = args(s, 2);
  Tensor r = round(tensorArg(a[0]), intArg(a[1]));
  ret(s, 2, std::move(r));
}
void roundDecimalsInplace(Stack& s) {
  IValue* a = args(s, 2);
  Tensor self = tensorArg(a[0]);
  round_(self, intArg(a[1]));
  ret(s, 2, std::move(self));
}
void roundDecimalsOut(Stack& s) {
  IValue* a = args(s, 3);
  Tensor out = tensorArg(a[2]);
  round_out(out, tensorArg(a[0]), intArg(a[1]));
  ret(s, 3, std::move(out));
}

// nan_to_num(self, float? nan, float? posinf, float? neginf)
template <int kForm>  // 0: functional, 1: in place, 2: out=
void nanToNum(Stack& s) {
  constexpr size_t n = kForm == 2 ? 5 : 4;
  IValue* a = args(s, n);
  Tensor self = tensorArg(a[0]);
  auto nan = optDoubleArg(a[1]), posinf = optDoubleArg(a[2]), neginf = optDoubleArg(a[3]);
  if constexpr (kForm == 0) {
    ret(s, n, nan_to_num(self, nan, posinf, neginf));
  } else if constexpr (kForm == 1) {
    nan_to_num_(self, nan, posinf, neginf);
    ret(s, n, std::move(self));
  } else {
    Tensor out = tensorArg(a[4]);
    nan_to_num_out(out, self, nan, posinf, neginf);
    ret(s, n, std::move(out));
  }
}

// gelu(self, *, str approximate)
void geluOp(Stack& s) {
  IValue* a = args(s, 2);
  Tensor r = gelu(tensorArg(a[0]), stringArg(a[1]));
  ret(s, 2, std::move(r));
}
void geluInplace(Stack& s) {
  IValue* a = args(s, 2);
  Tensor self = tensorArg(a[0]);
  gelu_(self, stringArg(a[1]));
  ret(s, 2, std::move(self));
}
void geluOut(Stack& s) {
  IValue* a = args(s, 3);
  Tensor out = tensorArg(a[2]);
  gelu_out(out, tensorArg(a[0]), stringArg(a[1]));
  ret(s, 3, std::move(out));
}

// Activations with Scalar parameters: (self, Scalar...) in three forms.
template <int kForm>
void softplusOp(Stack& s) {
  constexpr size_t n = kForm == 2 ? 4 : 3;
  IValue* a = args(s, n);
  Tensor self = tensorArg(a[0]);
  Scalar beta = scalarArg(a[1]), threshold = scalarArg(a[2]);
  if constexpr (kForm == 0) {
    ret(s, n, softplus(self, beta, threshold));
  } else {
    Tensor out = tensorArg(a[3]);
    softplus_out(out, self, beta, threshold);
    ret(s, n, std::move(out));
  }
}
template <int kForm>
void hardtanhOp(Stack& s) {
  constexpr size_t n = kForm == 2 ? 4 : 3;
  IValue* a = args(s, n);
  Tensor self = tensorArg(a[0]);
  Scalar lo = scalarArg(a[1]), hi = scalarArg(a[2]);
  if constexpr (kForm == 0) {
    ret(s, n, hardtanh(self, lo, hi));
  } else if constexpr (kForm == 1) {
    hardtanh_(self, lo, hi);
    ret(s, n, std::move(self));
  } else {
    Tensor out = tensorArg(a[3]);
    hardtanh_out(out, self, lo, hi);
    ret(s, n, std::move(out));
  }
}
template <int kForm>
void leakyReluOp(Stack& s) {
  constexpr size_t n = kForm == 2 ? 3 : 2;
  IValue* a = args(s, n);
  Tensor self = tensorArg(a[0]);
  Scalar slope = scalarArg(a[1]);
  if constexpr (kForm == 0) {
    ret(s, n, leaky_relu(self, slope));
  } else if constexpr (kForm == 1) {
    leaky_relu_(self, slope);
    ret(s, n, std::move(self));
  } else {
    Tensor out = tensorArg(a[2]);
    leaky_relu_out(out, self, slope);
    ret(s, n, std::move(out));
  }
}
template <int kForm>
void eluOp(Stack& s) {
  constexpr size_t n = kForm == 2 ? 5 : 4;
  IValue* a = args(s, n);
  Tensor self = tensorArg(a[0]);
  Scalar alpha = scalarArg(a[1]), scale = scalarArg(a[2]), inputScale = scalarArg(a[3]);
  if constexpr (kForm == 0) {
    ret(s, n, elu(self, alpha, scale, inputScale));
  } else if constexpr (kForm == 1) {
    elu_(self, alpha, scale, inputScale);
    ret(s, n, std::move(self));
  } else {
    Tensor out = tensorArg(a[4]);
    elu_out(out, self, alpha, scale, inputScale);
    ret(s, n, std::move(out));
  }
}
template <int kForm>
void celuOp(Stack& s) {
  constexpr size_t n = kForm == 2 ? 3 : 2;
  IValue* a = args(s, n);
  Tensor self = tensorArg(a[0]);
  Scalar alpha = scalarArg(a[1]);
  if constexpr (kForm == 0) {
    ret(s, n, celu(self, alpha));
  } else if constexpr (kForm == 1) {
    celu_(self, alpha);
    ret(s, n, std::move(self));
  } else {
    Tensor out = tensorArg(a[2]);
    writeOut(out, celu(self, alpha), true);
    ret(s, n, std::move(out));
  }
}

#define EMBER_UNARY_OPS(op)                                                                 \
  {"aten::" #op "(Tensor self) -> Tensor", unaryOp<op>},                                    \
      {"aten::" #op "_(Tensor(a!) self) -> Tensor(a!)", unaryInplaceOp<op##_>}, {           \
    "aten::" #op ".out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<op##_out> \
  }

RegisterOperators reg({
    EMBER_UNARY_OPS(abs),
    EMBER_UNARY_OPS(absolute),
    EMBER_UNARY_OPS(neg),
    EMBER_UNARY_OPS(negative),
    EMBER_UNARY_OPS(sign),
    EMBER_UNARY_OPS(sgn),
    EMBER_UNARY_OPS(exp),
    EMBER_UNARY_OPS(exp2),
    EMBER_UNARY_OPS(expm1),
    EMBER_UNARY_OPS(log),
    EMBER_UNARY_OPS(log2),
    EMBER_UNARY_OPS(log10),
    EMBER_UNARY_OPS(log1p),
    EMBER_UNARY_OPS(sqrt),
    EMBER_UNARY_OPS(rsqrt),
    EMBER_UNARY_OPS(reciprocal),
    EMBER_UNARY_OPS(sin),
    EMBER_UNARY_OPS(cos),
    EMBER_UNARY_OPS(tan),
    EMBER_UNARY_OPS(asin),
    EMBER_UNARY_OPS(acos),
    EMBER_UNARY_OPS(atan),
    EMBER_UNARY_OPS(arcsin),
    EMBER_UNARY_OPS(arccos),
    EMBER_UNARY_OPS(arctan),
    EMBER_UNARY_OPS(sinh),
    EMBER_UNARY_OPS(cosh),
    EMBER_UNARY_OPS(tanh),
    EMBER_UNARY_OPS(sigmoid),
    EMBER_UNARY_OPS(erf),
    EMBER_UNARY_OPS(erfc),
    EMBER_UNARY_OPS(erfinv),
    EMBER_UNARY_OPS(floor),
    EMBER_UNARY_OPS(ceil),
    EMBER_UNARY_OPS(round),
    {"aten::round.decimals(Tensor self, *, int decimals) -> Tensor", roundDecimals},
    {"aten::round_.decimals(Tensor(a!) self, *, int decimals) -> Tensor(a!)", roundDecimalsInplace},
    {"aten::round.decimals_out(Tensor self, *, int decimals, Tensor(a!) out) -> Tensor(a!)", roundDecimalsOut},
    EMBER_UNARY_OPS(trunc),
    EMBER_UNARY_OPS(fix),
    EMBER_UNARY_OPS(frac),
    EMBER_UNARY_OPS(logical_not),
    EMBER_UNARY_OPS(bitwise_not),

    // predicates
    {"aten::isnan(Tensor self) -> Tensor", unaryOp<isnan>},
    {"aten::isnan.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<isnanOut>},
    {"aten::isinf(Tensor self) -> Tensor", unaryOp<isinf>},
    {"aten::isinf.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<isinfOut>},
    {"aten::isfinite(Tensor self) -> Tensor", unaryOp<isfinite>},
    {"aten::isposinf(Tensor self) -> Tensor", unaryOp<isposinf>},
    {"aten::isposinf.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<isposinf_out>},
    {"aten::isneginf(Tensor self) -> Tensor", unaryOp<isneginf>},
    {"aten::isneginf.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<isneginf_out>},
    {"aten::signbit(Tensor self) -> Tensor", unaryOp<signbit>},
    {"aten::signbit.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<signbit_out>},
    {"aten::nan_to_num(Tensor self, float? nan=None, float? posinf=None, float? neginf=None) -> Tensor", nanToNum<0>},
    {"aten::nan_to_num_(Tensor(a!) self, float? nan=None, float? posinf=None, float? neginf=None) -> Tensor(a!)",
     nanToNum<1>},
    {"aten::nan_to_num.out(Tensor self, float? nan=None, float? posinf=None, float? neginf=None, *, Tensor(a!) "
     "out) -> Tensor(a!)",
     nanToNum<2>},

    // activations
    {"aten::relu(Tensor self) -> Tensor", unaryOp<relu>},
    {"aten::relu_(Tensor(a!) self) -> Tensor(a!)", unaryInplaceOp<relu_>},
    {"aten::relu.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<reluOut>},
    {"aten::relu6(Tensor self) -> Tensor", unaryOp<relu6>},
    {"aten::relu6_(Tensor(a!) self) -> Tensor(a!)", unaryInplaceOp<relu6_>},
    {"aten::gelu(Tensor self, *, str approximate=\"none\") -> Tensor", geluOp},
    {"aten::gelu_(Tensor(a!) self, *, str approximate=\"none\") -> Tensor(a!)", geluInplace},
    {"aten::gelu.out(Tensor self, *, str approximate=\"none\", Tensor(a!) out) -> Tensor(a!)", geluOut},
    EMBER_UNARY_OPS(silu),
    EMBER_UNARY_OPS(mish),
    EMBER_UNARY_OPS(hardswish),
    EMBER_UNARY_OPS(hardsigmoid),
    {"aten::softplus(Tensor self, Scalar beta=1, Scalar threshold=20) -> Tensor", softplusOp<0>},
    {"aten::softplus.out(Tensor self, Scalar beta=1, Scalar threshold=20, *, Tensor(a!) out) -> Tensor(a!)",
     softplusOp<2>},
    {"aten::hardtanh(Tensor self, Scalar min_val=-1, Scalar max_val=1) -> Tensor", hardtanhOp<0>},
    {"aten::hardtanh_(Tensor(a!) self, Scalar min_val=-1, Scalar max_val=1) -> Tensor(a!)", hardtanhOp<1>},
    {"aten::hardtanh.out(Tensor self, Scalar min_val=-1, Scalar max_val=1, *, Tensor(a!) out) -> Tensor(a!)",
     hardtanhOp<2>},
    {"aten::leaky_relu(Tensor self, Scalar negative_slope=0.01) -> Tensor", leakyReluOp<0>},
    {"aten::leaky_relu_(Tensor(a!) self, Scalar negative_slope=0.01) -> Tensor(a!)", leakyReluOp<1>},
    {"aten::leaky_relu.out(Tensor self, Scalar negative_slope=0.01, *, Tensor(a!) out) -> Tensor(a!)", leakyReluOp<2>},
    {"aten::elu(Tensor self, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1) -> Tensor", eluOp<0>},
    {"aten::elu_(Tensor(a!) self, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1) -> Tensor(a!)", eluOp<1>},
    {"aten::elu.out(Tensor self, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1, *, Tensor(a!) out) -> "
     "Tensor(a!)",
     eluOp<2>},
    {"aten::selu(Tensor self) -> Tensor", unaryOp<selu>},
    {"aten::selu_(Tensor(a!) self) -> Tensor(a!)", unaryInplaceOp<selu_>},
    {"aten::celu(Tensor self, Scalar alpha=1.) -> Tensor", celuOp<0>},
    {"aten::celu_(Tensor(a!) self, Scalar alpha=1.) -> Tensor(a!)", celuOp<1>},
    {"aten::celu.out(Tensor self, Scalar alpha=1., *, Tensor(a!) out) -> Tensor(a!)", celuOp<2>},
});

#undef EMBER_UNARY_OPS

}  // namespace
}  // namespace ember::jit::aten
