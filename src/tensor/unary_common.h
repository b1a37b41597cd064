// Shared plumbing of the unary op family (unary_*.cpp, activation.cpp): where the result goes
// (fresh tensor, out=, or self) and the hand-off to the vectorised floating kernels.
#pragma once

#include <type_traits>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/tensor.h"
#include "tensor/elementwise.h"
#include "tensor/kernels/unary_kernels.h"

namespace ember::unary_detail {

// Where a unary op writes its result.
struct Dest {
  enum class Kind : uint8_t { Fresh, Out, InPlace };
  Kind kind = Kind::Fresh;
  const Tensor* out = nullptr;  // out= tensor, or self for in-place

  static Dest fresh() { return {}; }
  static Dest into(const Tensor& out) { return {Kind::Out, &out}; }
  static Dest inplace(const Tensor& self) { return {Kind::InPlace, &self}; }
  // The tensor the op writes into when it is not a fresh one.
  const Tensor* target() const { return out; }
};

// Feeds self (and the destination) into `it` and builds it.
void buildUnary(Elementwise& it, const Tensor& self, const Dest& dest);

// For ops whose result keeps the input dtype exactly (abs, floor, gelu, ...): an out= or
// self of another dtype is an error, worded as PyTorch words it.
void checkSameDtypeDest(const Tensor& self, const Dest& dest);

// Runs the vectorised kernel of `op` over a built Elementwise whose compute dtype is floating.
void runFloatKernel(Elementwise& it, UnaryOp op, const UnaryParams& params = {});

// A math function (or neg, sgn) of a complex tensor, into a complex result.
Tensor complexMath(UnaryOp op, const Tensor& self, const Dest& dest);

// Math functions that compute integers and bool in the default float dtype (exp, sin, ...).
Tensor floatMath(UnaryOp op, const Tensor& self, const Dest& dest);

// Ops that keep the dtype: floating inputs use the vector kernel of `op`, integral ones (and
// bool when allowed, else "<kernelName>" not implemented for 'Bool') run intOp elementwise.
// intOp is a generic callable T -> T.
template <typename IntOp>
Tensor sameDtypeUnary(UnaryOp op, const Tensor& self, const Dest& dest, const char* kernelName, bool allowBool,
                      IntOp intOp) {
  if (self.dtype() == ScalarType::Bool && !allowBool) throwUnsupportedDtype(kernelName, ScalarType::Bool);
  if (!isFloatingType(self.dtype()) && !isIntegralType(self.dtype(), true))
    throwUnsupportedDtype(kernelName, self.dtype());
  checkSameDtypeDest(self, dest);
  Elementwise it(ResultRule::Promote);
  buildUnary(it, self, dest);
  if (isFloatingType(it.computeDtype())) {
    runFloatKernel(it, op);
  } else {
    visitIntegralDtype(
        it.computeDtype(), [&]<typename T>() { it.run1<T, T>([&intOp](T x) -> T { return intOp(x); }); }, true,
        kernelName);
  }
  return it.finish();
}

// Ops defined only for floating dtypes (activations, frac, round with decimals).
Tensor floatOnlyUnary(UnaryOp op, const Tensor& self, const Dest& dest, const char* kernelName,
                      const UnaryParams& params = {});

// Predicates with a bool result: pred gets each element as opmath_t<T>.
template <typename Pred>
Tensor boolPredicate(const Tensor& self, const Dest& dest, Pred pred) {
  Elementwise it(ResultRule::Bool);
  buildUnary(it, self, dest);
  visitDtype(it.computeDtype(), [&]<typename T>() {
    it.run1<bool, T>([&pred](opmath_t<T> x) -> bool { return pred(x); });
  });
  return it.finish();
}

// -x with two's-complement wrap-around (neg of INT64_MIN is INT64_MIN, as in PyTorch).
template <typename T>
T wrappingNeg(T x) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(U(0) - static_cast<U>(x)));
  } else {
    return -x;
  }
}

}  // namespace ember::unary_detail

// The function, in-place and out= forms of an op `impl(self, dest)` (inside namespace ember) ...
#define EMBER_UNARY_FUNCTIONS(name, impl)                                               \
  Tensor name(const Tensor& self) { return impl(self, unary_detail::Dest::fresh()); }   \
  Tensor& name##_(Tensor& self) {                                                       \
    impl(self, unary_detail::Dest::inplace(self));                                      \
    return self;                                                                        \
  }                                                                                     \
  Tensor& name##_out(Tensor& out, const Tensor& self) {                                 \
    impl(self, unary_detail::Dest::into(out));                                          \
    return out;                                                                         \
  }
// ... plus the Tensor methods.
#define EMBER_UNARY_FORMS(name, impl)                              \
  EMBER_UNARY_FUNCTIONS(name, impl)                                \
  Tensor Tensor::name() const { return ember::name(*this); }       \
  Tensor& Tensor::name##_() { return ember::name##_(*this); }
