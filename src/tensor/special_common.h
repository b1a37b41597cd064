// Shared plumbing of the special family (special_*.cpp): elementwise application of a scalar
// function `double f(double)` (or of two doubles) over a tensor through Elementwise, which
// promotes, broadcasts, writes out= / in place and splits large tensors over the thread pool.
// f is called with the element in its compute precision (float or double). Most functions take
// a double parameter: float32 elements are then widened, computed in double and rounded once
// (the special functions cost far more than the conversions, and one double-precision algorithm
// serves both dtypes). Functions that must reproduce a float32 rounding of PyTorch's (erfcx's
// x^2 for x < 0, trigamma's sin(pi x) at the poles) are generic and see the element's type.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/tensor.h"
#include "tensor/elementwise.h"

namespace ember::special_detail {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kPi = 3.14159265358979323846264338327950288;
constexpr double kEulerGamma = 0.57721566490153286060651209008240243;

// Where the result goes: a fresh tensor (dest null), an out= tensor, or self (inplace).
struct Dest {
  const Tensor* out = nullptr;
  bool inplace = false;
};

// PyTorch's dtype rule for these kernels: after promotion the compute dtype must be float or
// double (BFloat16 too when allowBFloat16), else "<kernel>" not implemented for '<dtype>'.
inline void checkComputeDtype(const char* kernel, ScalarType t, bool allowBFloat16) {
  if (t == ScalarType::Float || t == ScalarType::Double) return;
  if (allowBFloat16 && t == ScalarType::BFloat16) return;
  throwUnsupportedDtype(kernel, t);
}

inline void attachDest(Elementwise& it, const Dest& dest) {
  if (dest.out && dest.inplace)
    it.inplace(*dest.out);
  else if (dest.out)
    it.out(*dest.out);
}

// y = f(x) elementwise; integers and bool compute in the default float dtype.
template <typename F>
Tensor unary(const char* kernel, const Tensor& self, const Dest& dest, F f, bool allowBFloat16 = false) {
  EMBER_CHECK(self.defined(), "expected a defined tensor");
  Elementwise it(ResultRule::PromoteIntToFloat);
  it.input(self);
  attachDest(it, dest);
  it.build();
  checkComputeDtype(kernel, it.computeDtype(), allowBFloat16);
  visitFloatingDtype(it.computeDtype(), [&]<typename T>() {
    using M = opmath_t<T>;
    it.run1<T, T>([&f](M x) -> M { return static_cast<M>(f(x)); });
  });
  return it.finish();
}

// z = f(x, y) elementwise with broadcasting. promoteInts: integer operands compute in the
// default float dtype (zeta, xlog1py, polynomials); otherwise an all-integer pair is an error
// (igamma).
template <typename F>
Tensor binary(const char* kernel, const Tensor& a, const Tensor& b, const Dest& dest, F f, bool promoteInts = true,
              bool allowHalf = false) {
  EMBER_CHECK(a.defined() && b.defined(), "expected defined tensors");
  Elementwise it(promoteInts ? ResultRule::PromoteIntToFloat : ResultRule::Promote);
  it.input(a).input(b);
  attachDest(it, dest);
  it.build();
  const ScalarType t = it.computeDtype();
  if (!(allowHalf && (t == ScalarType::Half || t == ScalarType::BFloat16))) checkComputeDtype(kernel, t, false);
  visitFloatingDtype(t, [&]<typename T>() {
    using M = opmath_t<T>;
    it.run2<T, T, T>([&f](M x, M y) -> M { return static_cast<M>(f(x, y)); });
  });
  return it.finish();
}

}  // namespace ember::special_detail

// The function and out= forms of a unary special op computed by `impl(self, dest)`.
#define EMBER_SPECIAL_UNARY_FORMS(name, impl)                                    \
  Tensor name(const Tensor& self) { return impl(self, special_detail::Dest{}); } \
  Tensor& name##_out(Tensor& out, const Tensor& self) {                          \
    impl(self, special_detail::Dest{&out, false});                               \
    return out;                                                                  \
  }
