// pow, atan2, maximum/minimum, fmax/fmin.
#include <cmath>
#include <limits>

#include "complex_dispatch.h"
#include "ember/tensor/ops/pointwise.h"
#include "pointwise_common.h"
#include "tensor/storage_watch.h"

namespace ember {

namespace {

constexpr PwSpec kPromote{ResultRule::Promote, false};
constexpr PwSpec kToFloat{ResultRule::PromoteIntToFloat, false};

// Integer power by squaring, wrapping on overflow; negative exponents give 1, +-1 or 0.
template <typename T>
T powInt(T base, T exp) {
  if constexpr (std::is_signed_v<T>) {
    if (exp < 0) {
      if (base == 1) return 1;
      if (base == -1) return (exp % 2) ? T(-1) : T(1);
      return 0;
    }
  }
  T result = 1;
  while (exp) {
    if (exp & 1) result = wrapMul(result, base);
    exp = static_cast<T>(exp / 2);
    base = wrapMul(base, base);
  }
  return result;
}

// Complex powers, with the same special-cased exponents as the real ones.
void complexPowKernel(Elementwise& it) {
  visitComplexDtype(it.computeDtype(), [&]<typename C>() {
    if (it.isScalarInput(1)) {
      const C e = it.scalarValue<C>(1);
      if (e == C(2)) return it.run2<C, C, C>([](C a, C) { return a * a; });
      if (e == C(3)) return it.run2<C, C, C>([](C a, C) { return a * a * a; });
      if (e == C(0.5)) return it.run2<C, C, C>([](C a, C) { return std::sqrt(a); });
      if (e == C(-1)) return it.run2<C, C, C>([](C a, C) { return C(1) / a; });
    }
    it.run2<C, C, C>([](C a, C b) { return std::pow(a, b); });
  }, "pow");
}

void powKernel(Elementwise& it) {
  if (isComplexType(it.computeDtype())) return complexPowKernel(it);
  visitNumericDtype(it.computeDtype(), [&]<typename T>() {
    using M = opmath_t<T>;
    if constexpr (std::is_integral_v<T>) {
      it.run2<T, T, T>([](T a, T b) { return powInt(a, b); });
    } else if (it.isScalarInput(1)) {
      // Common exponents as PyTorch special-cases them (exact squares, reciprocals).
      const M e = static_cast<M>(it.scalarValue<T>(1));
      if (e == M(2)) it.run2<T, T, T>([](M a, M) { return a * a; });
      else if (e == M(3)) it.run2<T, T, T>([](M a, M) { return a * a * a; });
      else if (e == M(0.5)) it.run2<T, T, T>([](M a, M) { return std::sqrt(a); });
      else if (e == M(-1)) it.run2<T, T, T>([](M a, M) { return M(1) / a; });
      else if (e == M(-2)) it.run2<T, T, T>([](M a, M) { return M(1) / (a * a); });
      else it.run2<T, T, T>([](M a, M b) { return std::pow(a, b); });
    } else {
      it.run2<T, T, T>([](M a, M b) { return std::pow(a, b); });
    }
  }, "pow");
}

void checkPowScalarExponent(const Tensor& self, const Scalar& exponent) {
  EMBER_CHECK(!(isIntegralType(self.dtype(), true) && exponent.isIntegral(true) && exponent.toLong() < 0),
              "Integers to negative integer powers are not allowed.");
}

void atan2Kernel(Elementwise& it) {
  rejectHalf(it.computeDtype(), "atan2_cpu");
  visitFloatingDtype(it.computeDtype(), [&]<typename T>() {
    using M = opmath_t<T>;
    it.run2<T, T, T>([](M a, M b) { return std::atan2(a, b); });
  }, "atan2_cpu");
}

template <bool IsMax>
void maxMinKernel(Elementwise& it) {
  visitDtype(it.computeDtype(), [&]<typename T>() {
    using M = opmath_t<T>;
    if constexpr (std::is_integral_v<T>) {
      it.run2<T, T, T>([](M a, M b) { return IsMax ? (a > b ? a : b) : (a < b ? a : b); });
    } else {
      it.run2<T, T, T>([](M a, M b) {
        if (a != a || b != b) return std::numeric_limits<M>::quiet_NaN();
        return IsMax ? (a > b ? a : b) : (a < b ? a : b);
      });
    }
  }, IsMax ? "maximum_cpu" : "minimum_cpu");
}

template <bool IsMax>
void fmaxFminKernel(Elementwise& it) {
  visitDtype(it.computeDtype(), [&]<typename T>() {
    using M = opmath_t<T>;
    if constexpr (std::is_integral_v<T>) {
      it.run2<T, T, T>([](M a, M b) { return IsMax ? (a > b ? a : b) : (a < b ? a : b); });
    } else {
      it.run2<T, T, T>([](M a, M b) { return IsMax ? std::fmax(a, b) : std::fmin(a, b); });
    }
  }, IsMax ? "fmax_cpu" : "fmin_cpu");
}

}  // namespace

// ---- pow ----
Tensor pow(const Tensor& self, const Tensor& exponent) { return pwOp(kPromote, powKernel, self, exponent); }
Tensor pow(const Tensor& self, const Scalar& exponent) {
  checkPowScalarExponent(self, exponent);
  return pwOp(kPromote, powKernel, self, exponent);
}
Tensor pow(const Scalar& self, const Tensor& exponent) { return pwOp(kPromote, powKernel, self, exponent); }
Tensor& pow_(Tensor& self, const Tensor& exponent) { return pwInplace(self, kPromote, powKernel, exponent); }
Tensor& pow_(Tensor& self, const Scalar& exponent) {
  detail::noteWrite(self);
  checkPowScalarExponent(self, exponent);
  return pwInplace(self, kPromote, powKernel, exponent);
}
Tensor& pow_out(Tensor& out, const Tensor& self, const Tensor& exponent) {
  detail::noteWrite(out);
  return pwOut(out, kPromote, powKernel, self, exponent);
}
Tensor& pow_out(Tensor& out, const Tensor& self, const Scalar& exponent) {
  detail::noteWrite(out);
  checkPowScalarExponent(self, exponent);
  return pwOut(out, kPromote, powKernel, self, exponent);
}
Tensor& pow_out(Tensor& out, const Scalar& self, const Tensor& exponent) {
  detail::noteWrite(out);
  return pwOut(out, kPromote, powKernel, self, exponent);
}

// ---- atan2 ----
Tensor atan2(const Tensor& self, const Tensor& other) { return pwOp(kToFloat, atan2Kernel, self, other); }
Tensor& atan2_(Tensor& self, const Tensor& other) { return pwInplace(self, kToFloat, atan2Kernel, other); }
Tensor& atan2_out(Tensor& out, const Tensor& self, const Tensor& other) {
  detail::noteWrite(out);
  return pwOut(out, kToFloat, atan2Kernel, self, other);
}
Tensor arctan2(const Tensor& self, const Tensor& other) { return atan2(self, other); }

// ---- maximum / minimum / fmax / fmin ----
Tensor maximum(const Tensor& self, const Tensor& other) { return pwOp(kPromote, maxMinKernel<true>, self, other); }
Tensor& maximum_out(Tensor& out, const Tensor& self, const Tensor& other) {
  detail::noteWrite(out);
  return pwOut(out, kPromote, maxMinKernel<true>, self, other);
}
Tensor minimum(const Tensor& self, const Tensor& other) { return pwOp(kPromote, maxMinKernel<false>, self, other); }
Tensor& minimum_out(Tensor& out, const Tensor& self, const Tensor& other) {
  detail::noteWrite(out);
  return pwOut(out, kPromote, maxMinKernel<false>, self, other);
}
Tensor fmax(const Tensor& self, const Tensor& other) { return pwOp(kPromote, fmaxFminKernel<true>, self, other); }
Tensor& fmax_out(Tensor& out, const Tensor& self, const Tensor& other) {
  detail::noteWrite(out);
  return pwOut(out, kPromote, fmaxFminKernel<true>, self, other);
}
Tensor fmin(const Tensor& self, const Tensor& other) { return pwOp(kPromote, fmaxFminKernel<false>, self, other); }
Tensor& fmin_out(Tensor& out, const Tensor& self, const Tensor& other) {
  detail::noteWrite(out);
  return pwOut(out, kPromote, fmaxFminKernel<false>, self, other);
}

}  // namespace ember
