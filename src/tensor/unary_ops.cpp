// Unary math functions, sign/magnitude and rounding ops (see ember/tensor/ops/unary.h).
#include <cmath>
#include <type_traits>

#include "ember/tensor/ops/spectral.h"
#include "ember/tensor/ops/unary.h"
#include "tensor/kernels/unary_math.h"
#include "tensor/elementwise.h"
#include "tensor/unary_common.h"
#include "tensor/storage_watch.h"

namespace ember {

using unary_detail::Dest;

// ---- math functions: integers and bool compute in the default float dtype ----

#define EMBER_FLOAT_MATH(name, Op)                                                          \
  static Tensor name##Impl(const Tensor& self, const Dest& dest) {                          \
    return unary_detail::floatMath(UnaryOp::Op, self, dest);                                \
  }                                                                                         \
  EMBER_UNARY_FORMS(name, name##Impl)

EMBER_FLOAT_MATH(exp, Exp)
EMBER_FLOAT_MATH(exp2, Exp2)
EMBER_FLOAT_MATH(expm1, Expm1)
EMBER_FLOAT_MATH(log, Log)
EMBER_FLOAT_MATH(log2, Log2)
EMBER_FLOAT_MATH(log10, Log10)
EMBER_FLOAT_MATH(log1p, Log1p)
EMBER_FLOAT_MATH(sqrt, Sqrt)
EMBER_FLOAT_MATH(rsqrt, Rsqrt)
EMBER_FLOAT_MATH(reciprocal, Reciprocal)
EMBER_FLOAT_MATH(sin, Sin)
EMBER_FLOAT_MATH(cos, Cos)
EMBER_FLOAT_MATH(tan, Tan)
EMBER_FLOAT_MATH(asin, Asin)
EMBER_FLOAT_MATH(acos, Acos)
EMBER_FLOAT_MATH(atan, Atan)
EMBER_FLOAT_MATH(arcsin, Asin)
EMBER_FLOAT_MATH(arccos, Acos)
EMBER_FLOAT_MATH(arctan, Atan)
EMBER_FLOAT_MATH(sinh, Sinh)
EMBER_FLOAT_MATH(cosh, Cosh)
EMBER_FLOAT_MATH(tanh, Tanh)
EMBER_FLOAT_MATH(sigmoid, Sigmoid)
EMBER_FLOAT_MATH(erf, Erf)
EMBER_FLOAT_MATH(erfc, Erfc)
EMBER_FLOAT_MATH(erfinv, Erfinv)
#undef EMBER_FLOAT_MATH

// ---- sign and magnitude: the dtype is kept ----

namespace {

Tensor absImpl(const Tensor& self, const Dest& dest) {
  // The magnitude of a complex tensor is real: in place is refused, out= takes it if it can.
  if (self.is_complex()) {
    EMBER_CHECK(dest.kind != Dest::Kind::InPlace, "In-place abs is not supported for complex tensors.");
    Tensor r = complexAbs(self);
    if (dest.kind == Dest::Kind::Fresh) return r;
    Tensor out = *dest.out;
    checkCanCastOutput(r.dtype(), out.dtype());
    resizeOutput(out, r.sizes(), r.strides());
    out.copy_(r);
    return out;
  }
  return unary_detail::sameDtypeUnary(UnaryOp::Abs, self, dest, "abs_cpu", false, []<typename T>(T x) -> T {
    if constexpr (std::is_signed_v<T>) return x < 0 ? unary_detail::wrappingNeg(x) : x;
    else return x;
  });
}

Tensor negImpl(const Tensor& self, const Dest& dest) {
  EMBER_CHECK(self.dtype() != ScalarType::Bool,
              "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, "
              "use the `~` or `logical_not()` operator instead.");
  if (self.is_complex()) return unary_detail::complexMath(UnaryOp::Neg, self, dest);
  return unary_detail::sameDtypeUnary(UnaryOp::Neg, self, dest, "neg_cpu", false,
                                      []<typename T>(T x) -> T { return unary_detail::wrappingNeg(x); });
}

Tensor signImpl(const Tensor& self, const Dest& dest) {
  EMBER_CHECK(!self.is_complex(),
              "Unlike NumPy, torch.sign is not intended to support complex numbers. Please use torch.sgn instead.");
  return unary_detail::sameDtypeUnary(UnaryOp::Sign, self, dest, "sign_cpu", true,
                                      []<typename T>(T x) -> T { return unary_math::sign(x); });
}

// sgn is sign for real dtypes and z / |z| for complex ones.
Tensor sgnImpl(const Tensor& self, const Dest& dest) {
  if (self.is_complex()) return unary_detail::complexMath(UnaryOp::Sign, self, dest);
  return signImpl(self, dest);
}

// Rounding an integer tensor is a copy; bool is rejected.
template <UnaryOp kOp>
Tensor roundingImpl(const Tensor& self, const Dest& dest) {
  const char* name = kOp == UnaryOp::Floor ? "floor_vml_cpu"
                     : kOp == UnaryOp::Ceil ? "ceil_vml_cpu"
                     : kOp == UnaryOp::Round ? "round_vml_cpu"
                                             : "trunc_vml_cpu";
  return unary_detail::sameDtypeUnary(kOp, self, dest, name, false, []<typename T>(T x) -> T { return x; });
}

Tensor floorImpl(const Tensor& self, const Dest& dest) { return roundingImpl<UnaryOp::Floor>(self, dest); }
Tensor ceilImpl(const Tensor& self, const Dest& dest) { return roundingImpl<UnaryOp::Ceil>(self, dest); }
Tensor roundImpl(const Tensor& self, const Dest& dest) { return roundingImpl<UnaryOp::Round>(self, dest); }
Tensor truncImpl(const Tensor& self, const Dest& dest) { return roundingImpl<UnaryOp::Trunc>(self, dest); }

Tensor fracImpl(const Tensor& self, const Dest& dest) {
  return unary_detail::floatOnlyUnary(UnaryOp::Frac, self, dest, "frac_cpu");
}

Tensor roundDecimalsImpl(const Tensor& self, int64_t decimals, const Dest& dest) {
  UnaryParams p;
  p.a = std::pow(10.0, static_cast<double>(decimals < 0 ? -decimals : decimals));
  p.b = decimals < 0 ? 1.0 : 0.0;
  return unary_detail::floatOnlyUnary(UnaryOp::RoundDecimals, self, dest, "round_cpu", p);
}

}  // namespace

EMBER_UNARY_FORMS(abs, absImpl)
EMBER_UNARY_FORMS(absolute, absImpl)
EMBER_UNARY_FORMS(neg, negImpl)
EMBER_UNARY_FORMS(negative, negImpl)
EMBER_UNARY_FORMS(sign, signImpl)
EMBER_UNARY_FORMS(sgn, sgnImpl)
EMBER_UNARY_FORMS(floor, floorImpl)
EMBER_UNARY_FORMS(ceil, ceilImpl)
EMBER_UNARY_FORMS(round, roundImpl)
EMBER_UNARY_FORMS(trunc, truncImpl)
EMBER_UNARY_FORMS(fix, truncImpl)
EMBER_UNARY_FORMS(frac, fracImpl)

Tensor round(const Tensor& self, int64_t decimals) { return roundDecimalsImpl(self, decimals, Dest::fresh()); }
Tensor& round_(Tensor& self, int64_t decimals) {
  detail::noteWrite(self);
  roundDecimalsImpl(self, decimals, Dest::inplace(self));
  return self;
}
Tensor& round_out(Tensor& out, const Tensor& self, int64_t decimals) {
  detail::noteWrite(out);
  roundDecimalsImpl(self, decimals, Dest::into(out));
  return out;
}
Tensor Tensor::round(int64_t decimals) const { return ember::round(*this, decimals); }
Tensor& Tensor::round_(int64_t decimals) { return ember::round_(*this, decimals); }

Tensor operator-(const Tensor& self) { return neg(self); }

}  // namespace ember
