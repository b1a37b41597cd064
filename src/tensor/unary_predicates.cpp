// Logical/bitwise negation, floating-point class predicates and nan_to_num
// (see ember/tensor/ops/unary.h).
#include <cmath>
#include <limits>
#include <type_traits>

#include "ember/tensor/ops/complex.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/ops/unary.h"
#include "tensor/unary_common.h"
#include "tensor/storage_watch.h"

namespace ember {

using unary_detail::Dest;

namespace {

template <typename T>
constexpr bool kIsFloat = std::is_floating_point_v<T>;

Tensor logicalNotImpl(const Tensor& self, const Dest& dest) {
  if (self.is_complex()) {
    Tensor r = eq(self, Scalar(int64_t{0}));
    if (dest.kind == Dest::Kind::Fresh) return r;
    if (dest.kind == Dest::Kind::Out) resizeOutput(*dest.out, r.sizes(), r.strides());
    return copy_(*dest.out, r);
  }
  return unary_detail::boolPredicate(self, dest, []<typename T>(T x) { return x == T(0); });
}

Tensor bitwiseNotImpl(const Tensor& self, const Dest& dest) {
  if (!isIntegralType(self.dtype(), true)) throwUnsupportedDtype("bitwise_not_cpu", self.dtype());
  unary_detail::checkSameDtypeDest(self, dest);
  Elementwise it(ResultRule::Promote);
  unary_detail::buildUnary(it, self, dest);
  visitIntegralDtype(
      it.computeDtype(),
      [&]<typename T>() {
        if constexpr (std::is_same_v<T, bool>) it.run1<bool, bool>([](bool x) { return !x; });
        else it.run1<T, T>([](T x) { return static_cast<T>(~x); });
      },
      true, "bitwise_not_cpu");
  return it.finish();
}

// isposinf, isneginf and signbit only write bool tensors.
void checkBoolOut(const Dest& dest, const char* name) {
  if (dest.kind == Dest::Kind::Out)
    EMBER_CHECK(dest.out->dtype() == ScalarType::Bool, name, " does not support non-boolean outputs.");
}

Tensor isposinfImpl(const Tensor& self, const Dest& dest) {
  checkBoolOut(dest, "isposinf");
  return unary_detail::boolPredicate(self, dest, []<typename T>(T x) {
    if constexpr (kIsFloat<T>) return x == std::numeric_limits<T>::infinity();
    else return false;
  });
}

Tensor isneginfImpl(const Tensor& self, const Dest& dest) {
  checkBoolOut(dest, "isneginf");
  return unary_detail::boolPredicate(self, dest, []<typename T>(T x) {
    if constexpr (kIsFloat<T>) return x == -std::numeric_limits<T>::infinity();
    else return false;
  });
}

Tensor signbitImpl(const Tensor& self, const Dest& dest) {
  checkBoolOut(dest, "signbit");
  return unary_detail::boolPredicate(self, dest, []<typename T>(T x) {
    if constexpr (kIsFloat<T>) return std::signbit(x);
    else if constexpr (std::is_signed_v<T>) return x < 0;
    else return false;
  });
}

// The replacement values of nan_to_num in the tensor's dtype: defaults are 0 and the dtype's
// largest and lowest finite values.
UnaryParams nanToNumParams(ScalarType dtype, std::optional<double> nan, std::optional<double> posinf,
                           std::optional<double> neginf) {
  UnaryParams p;
  visitFloatingDtype(dtype, [&]<typename T>() {
    using M = opmath_t<T>;  // Half/BFloat16 limits are exact in float
    p.a = nan.value_or(0.0);
    p.b = posinf.value_or(static_cast<double>(static_cast<M>(std::numeric_limits<T>::max())));
    p.c = neginf.value_or(static_cast<double>(static_cast<M>(std::numeric_limits<T>::lowest())));
  });
  return p;
}

Tensor nanToNumImpl(const Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                    std::optional<double> neginf, const Dest& dest) {
  EMBER_CHECK(self.defined(), "expected a defined tensor");
  if (dest.kind == Dest::Kind::Out)
    EMBER_CHECK(dest.out->dtype() == self.dtype(), "nan_to_num: dtype of out: ", dest.out->dtype(),
                " should be same as input: ", self.dtype());
  Elementwise it(ResultRule::Promote);
  unary_detail::buildUnary(it, self, dest);
  if (isFloatingType(it.computeDtype())) {
    unary_detail::runFloatKernel(it, UnaryOp::NanToNum, nanToNumParams(it.computeDtype(), nan, posinf, neginf));
  } else {
    // Integers have no NaN or inf: a copy.
    visitIntegralDtype(it.computeDtype(), [&]<typename T>() { it.run1<T, T>([](T x) { return x; }); }, true);
  }
  return it.finish();
}

}  // namespace

EMBER_UNARY_FORMS(logical_not, logicalNotImpl)
EMBER_UNARY_FORMS(bitwise_not, bitwiseNotImpl)

Tensor isnan(const Tensor& self) {
  if (self.is_complex()) return complexIsnan(self);
  return unary_detail::boolPredicate(self, Dest::fresh(), []<typename T>(T x) {
    if constexpr (kIsFloat<T>) return std::isnan(x);
    else return false;
  });
}

Tensor isinf(const Tensor& self) {
  if (self.is_complex()) return complexIsinf(self);
  return unary_detail::boolPredicate(self, Dest::fresh(), []<typename T>(T x) {
    if constexpr (kIsFloat<T>) return std::isinf(x);
    else return false;
  });
}

Tensor isfinite(const Tensor& self) {
  if (self.is_complex()) return complexIsfinite(self);
  return unary_detail::boolPredicate(self, Dest::fresh(), []<typename T>(T x) {
    if constexpr (kIsFloat<T>) return std::isfinite(x);
    else return true;
  });
}

Tensor isposinf(const Tensor& self) { return isposinfImpl(self, Dest::fresh()); }
Tensor& isposinf_out(Tensor& out, const Tensor& self) {
  detail::noteWrite(out);
  isposinfImpl(self, Dest::into(out));
  return out;
}
Tensor isneginf(const Tensor& self) { return isneginfImpl(self, Dest::fresh()); }
Tensor& isneginf_out(Tensor& out, const Tensor& self) {
  detail::noteWrite(out);
  isneginfImpl(self, Dest::into(out));
  return out;
}
Tensor signbit(const Tensor& self) { return signbitImpl(self, Dest::fresh()); }
Tensor& signbit_out(Tensor& out, const Tensor& self) {
  detail::noteWrite(out);
  signbitImpl(self, Dest::into(out));
  return out;
}

Tensor nan_to_num(const Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                  std::optional<double> neginf) {
  return nanToNumImpl(self, nan, posinf, neginf, Dest::fresh());
}
Tensor& nan_to_num_(Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                    std::optional<double> neginf) {
  detail::noteWrite(self);
  nanToNumImpl(self, nan, posinf, neginf, Dest::inplace(self));
  return self;
}
Tensor& nan_to_num_out(Tensor& out, const Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                       std::optional<double> neginf) {
  detail::noteWrite(out);
  nanToNumImpl(self, nan, posinf, neginf, Dest::into(out));
  return out;
}

Tensor Tensor::isnan() const { return ember::isnan(*this); }
Tensor Tensor::isinf() const { return ember::isinf(*this); }
Tensor Tensor::isfinite() const { return ember::isfinite(*this); }
Tensor Tensor::isposinf() const { return ember::isposinf(*this); }
Tensor Tensor::isneginf() const { return ember::isneginf(*this); }
Tensor Tensor::signbit() const { return ember::signbit(*this); }
Tensor Tensor::nan_to_num(std::optional<double> nan, std::optional<double> posinf,
                          std::optional<double> neginf) const {
  return ember::nan_to_num(*this, nan, posinf, neginf);
}
Tensor& Tensor::nan_to_num_(std::optional<double> nan, std::optional<double> posinf, std::optional<double> neginf) {
  return ember::nan_to_num_(*this, nan, posinf, neginf);
}

Tensor operator~(const Tensor& self) { return bitwise_not(self); }

}  // namespace ember
