// aten:: bindings of the less common pointwise functions (ember/tensor/ops/pointwise_extra.h):
// gcd, lcm, heaviside, ldexp, nextafter, float_power, frexp, angle, conj_physical, with
// PyTorch 1.13's schemas including the in-place and out= forms.
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/pointwise_extra.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

// float_power(Tensor, Scalar, *, out) and float_power(Scalar, Tensor, *, out).
void floatPowerTensorScalarOut(Stack& s) {
  IValue* a = args(s, 3);
  Tensor out = tensorArg(a[2]);
  float_power_out(out, tensorArg(a[0]), scalarArg(a[1]));
  ret(s, 3, std::move(out));
}
void floatPowerScalarTensorOut(Stack& s) {
  IValue* a = args(s, 3);
  Tensor out = tensorArg(a[2]);
  float_power_out(out, scalarArg(a[0]), tensorArg(a[1]));
  ret(s, 3, std::move(out));
}
Tensor floatPowerTT(const Tensor& a, const Tensor& b) { return float_power(a, b); }
Tensor floatPowerTS(const Tensor& a, const Scalar& b) { return float_power(a, b); }
Tensor floatPowerST(const Scalar& a, const Tensor& b) { return float_power(a, b); }
Tensor& floatPowerTTOut(Tensor& out, const Tensor& a, const Tensor& b) { return float_power_out(out, a, b); }
Tensor& floatPowerInplaceT(Tensor& self, const Tensor& b) { return float_power_(self, b); }
Tensor& floatPowerInplaceS(Tensor& self, const Scalar& b) { return float_power_(self, b); }

template <bool kOut>
void frexpOp(Stack& s) {
  constexpr size_t n = kOut ? 3 : 1;
  IValue* a = args(s, n);
  if constexpr (kOut) {
    Tensor mantissa = tensorArg(a[1]), exponent = tensorArg(a[2]);
    frexp_out(mantissa, exponent, tensorArg(a[0]));
    ret2(s, n, {std::move(mantissa), std::move(exponent)});
  } else {
    ret2(s, n, frexp(tensorArg(a[0])));
  }
}

#define EMBER_BINARY_FORMS(op, arg)                                                                          \
  {"aten::" #op "(Tensor self, Tensor " arg ") -> Tensor", binaryOp<op>},                                    \
      {"aten::" #op "_(Tensor(a!) self, Tensor " arg ") -> Tensor(a!)", binaryInplaceOp<op##_>}, {           \
    "aten::" #op ".out(Tensor self, Tensor " arg ", *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<op##_out> \
  }

RegisterOperators reg({
    EMBER_BINARY_FORMS(gcd, "other"),
    EMBER_BINARY_FORMS(lcm, "other"),
    EMBER_BINARY_FORMS(heaviside, "values"),
    EMBER_BINARY_FORMS(nextafter, "other"),
    {"aten::ldexp.Tensor(Tensor self, Tensor other) -> Tensor", binaryOp<ldexp>},
    {"aten::ldexp_(Tensor(a!) self, Tensor other) -> Tensor(a!)", binaryInplaceOp<ldexp_>},
    {"aten::ldexp.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<ldexp_out>},
    {"aten::float_power.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor", binaryOp<floatPowerTT>},
    {"aten::float_power.Tensor_Tensor_out(Tensor self, Tensor exponent, *, Tensor(a!) out) -> Tensor(a!)",
     binaryOutOp<floatPowerTTOut>},
    {"aten::float_power.Scalar(Scalar self, Tensor exponent) -> Tensor", scalarBinaryOp<floatPowerST>},
    {"aten::float_power.Scalar_out(Scalar self, Tensor exponent, *, Tensor(a!) out) -> Tensor(a!)",
     floatPowerScalarTensorOut},
    {"aten::float_power.Tensor_Scalar(Tensor self, Scalar exponent) -> Tensor", binaryScalarOp<floatPowerTS>},
    {"aten::float_power.Tensor_Scalar_out(Tensor self, Scalar exponent, *, Tensor(a!) out) -> Tensor(a!)",
     floatPowerTensorScalarOut},
    {"aten::float_power_.Tensor(Tensor(a!) self, Tensor exponent) -> Tensor(a!)",
     binaryInplaceOp<floatPowerInplaceT>},
    {"aten::float_power_.Scalar(Tensor(a!) self, Scalar exponent) -> Tensor(a!)",
     binaryScalarInplaceOp<floatPowerInplaceS>},
    {"aten::frexp.Tensor(Tensor self) -> (Tensor mantissa, Tensor exponent)", frexpOp<false>},
    {"aten::frexp.Tensor_out(Tensor self, *, Tensor(a!) mantissa, Tensor(b!) exponent) -> (Tensor(a!) mantissa, "
     "Tensor(b!) exponent)",
     frexpOp<true>},
    {"aten::angle(Tensor self) -> Tensor", unaryOp<angle>},
    {"aten::angle.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<angle_out>},
    {"aten::conj_physical(Tensor self) -> Tensor", unaryOp<conj_physical>},
    {"aten::conj_physical_(Tensor(a!) self) -> Tensor(a!)", unaryInplaceOp<conj_physical_>},
    {"aten::conj_physical.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<conj_physical_out>},
});

#undef EMBER_BINARY_FORMS

}  // namespace
}  // namespace ember::jit::aten
