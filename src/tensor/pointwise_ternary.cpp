// where, clamp (scalar and tensor bounds), clamp_min/clamp_max/clip, addcmul, addcdiv, lerp.
#include <cmath>
#include <limits>

#include "complex_dispatch.h"
#include "ember/tensor/ops/pointwise.h"
#include "pointwise_common.h"
#include "tensor/storage_watch.h"

namespace ember {

namespace {

void addArg(Elementwise& it, const PwArg& a) {
  if (a.tensor) it.input(*a.tensor);
  else it.input(a.scalar);
}

// Ternary ops: three inputs (tensor or number), then fresh / out= / in-place.
template <typename Kernel>
Tensor runTernary(ResultRule rule, const PwArg& a, const PwArg& b, const PwArg& c, Tensor* out, bool inplace,
                  Kernel&& kernel) {
  Elementwise it(rule);
  addArg(it, a);
  addArg(it, b);
  addArg(it, c);
  if (inplace) it.inplace(*out);
  else if (out) it.out(*out);
  it.build();
  kernel(it);
  return it.finish();
}

// ---- where ----
Tensor whereImpl(const Tensor& condition, const PwArg& self, const PwArg& other, Tensor* out) {
  EMBER_CHECK(condition.dtype() == ScalarType::Bool || condition.dtype() == ScalarType::Byte,
              "where expected condition to be a boolean tensor, but got a tensor with dtype ", condition.dtype());
  Elementwise it(ResultRule::Promote);
  it.fixedInput(condition, ScalarType::Bool);
  addArg(it, self);
  addArg(it, other);
  if (out) it.out(*out);
  it.build();
  visitDtypeOrComplex(it.computeDtype(), [&]<typename T>() {
    using M = opmath_t<T>;
    it.run3<T, bool, T, T>([](bool c, M a, M b) { return c ? a : b; });
  }, "where_cpu");
  return it.finish();
}

// ---- clamp ----
// NaN in self propagates; a NaN bound makes the result NaN (tensor bounds, as PyTorch).
template <typename M>
inline M clampValue(M x, M lo, M hi) {
  if constexpr (!std::is_integral_v<M>) {
    if (lo != lo || hi != hi) return std::numeric_limits<M>::quiet_NaN();
    if (x != x) return x;
  }
  M y = x < lo ? lo : x;
  return y > hi ? hi : y;
}
template <typename M>
inline M clampMinValue(M x, M lo) {
  if constexpr (!std::is_integral_v<M>) {
    if (lo != lo) return lo;
    if (x != x) return x;
  }
  return x < lo ? lo : x;
}
template <typename M>
inline M clampMaxValue(M x, M hi) {
  if constexpr (!std::is_integral_v<M>) {
    if (hi != hi) return hi;
    if (x != x) return x;
  }
  return x > hi ? hi : x;
}

void clampBothKernel(Elementwise& it, bool numberBounds) {
  rejectHalf(it.computeDtype(), numberBounds ? "clamp_scalar_cpu" : "clamp_cpu");
  visitNumericDtype(it.computeDtype(), [&]<typename T>() {
    using M = opmath_t<T>;
    it.run3<T, T, T, T>([](M x, M lo, M hi) { return clampValue(x, lo, hi); });
  }, "clamp_cpu");
}
// A NaN Python-number bound leaves self unchanged (PyTorch's scalar kernels); a NaN tensor
// bound propagates.
// Tensor bounds also take bool (min is `or`, max is `and`) and half, Python-number ones do not,
// as in PyTorch.
template <bool IsMin>
void clampOneKernel(Elementwise& it, bool numberBound) {
  const char* name = IsMin ? "clamp_min_cpu" : numberBound ? "clamp_max_scalar_cpu" : "clamp_max_cpu";
  if (numberBound) rejectHalf(it.computeDtype(), name);
  if (!numberBound && it.computeDtype() == ScalarType::Bool) {
    if constexpr (IsMin) it.run2<bool, bool, bool>([](bool x, bool lo) { return x || lo; });
    else it.run2<bool, bool, bool>([](bool x, bool hi) { return x && hi; });
    return;
  }
  visitNumericDtype(it.computeDtype(), [&]<typename T>() {
    using M = opmath_t<T>;
    if constexpr (!std::is_integral_v<T>) {
      if (numberBound && it.isScalarInput(1)) {
        M b = static_cast<M>(it.scalarValue<T>(1));
        if (b != b) return it.run2<T, T, T>([](M x, M) { return x; });
      }
    }
    if constexpr (IsMin) it.run2<T, T, T>([](M x, M lo) { return clampMinValue(x, lo); });
    else it.run2<T, T, T>([](M x, M hi) { return clampMaxValue(x, hi); });
  }, name);
}

template <typename Bound>
Tensor clampImpl(const Tensor& self, const std::optional<Bound>& min, const std::optional<Bound>& max, Tensor* out,
                 bool inplace) {
  EMBER_CHECK(min.has_value() || max.has_value(), "torch.clamp: At least one of 'min' or 'max' must not be None");
  const PwSpec spec{ResultRule::Promote, false};
  if (min && max) {
    return runTernary(ResultRule::Promote, self, *min, *max, out, inplace,
                      [](Elementwise& it) { clampBothKernel(it, std::is_same_v<Bound, Scalar>); });
  }
  const PwArg bound = min ? PwArg(*min) : PwArg(*max);
  auto minKernel = [](Elementwise& it) { clampOneKernel<true>(it, std::is_same_v<Bound, Scalar>); };
  auto maxKernel = [](Elementwise& it) { clampOneKernel<false>(it, std::is_same_v<Bound, Scalar>); };
  PwKernel kernel = min ? PwKernel(+minKernel) : PwKernel(+maxKernel);
  if (inplace) return pwInplace(*out, spec, kernel, bound);
  if (out) return pwOut(*out, spec, kernel, self, bound);
  return pwOp(spec, kernel, self, bound);
}

// ---- addcmul / addcdiv ----
void addcmulKernel(Elementwise& it, const Scalar& value) {
  if (isComplexType(it.computeDtype())) {
    return visitComplexDtype(it.computeDtype(), [&]<typename C>() {
      const C v = scalarAs<C>(value);
      it.run3<C, C, C, C>([v](C s, C a, C b) { return s + v * a * b; });
    });
  }
  rejectHalf(it.computeDtype(), "addcmul_cpu_out");
  visitNumericDtype(it.computeDtype(), [&]<typename T>() {
    using M = opmath_t<T>;
    const M v = value.to<M>();
    it.run3<T, T, T, T>([v](M s, M a, M b) { return wrapAdd(s, wrapMul(wrapMul(v, a), b)); });
  }, "addcmul_cpu_out");
}

void checkAddcdiv(const Tensor& tensor1, const Tensor& tensor2) {
  EMBER_CHECK(!(isIntegralType(tensor1.dtype(), true) && isIntegralType(tensor2.dtype(), true)),
              "Integer division with addcdiv is no longer supported, and in a future  release addcdiv will perform "
              "a true division of tensor1 and tensor2. The historic addcdiv behavior can be implemented as "
              "(input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer inputs and as "
              "(input + value * tensor1 / tensor2) for float inputs. The future addcdiv behavior is just the latter "
              "implementation: (input + value * tensor1 / tensor2), for all dtypes.");
}

void addcdivKernel(Elementwise& it, const Scalar& value) {
  if (isComplexType(it.computeDtype())) {
    return visitComplexDtype(it.computeDtype(), [&]<typename C>() {
      const C v = scalarAs<C>(value);
      it.run3<C, C, C, C>([v](C s, C a, C b) { return s + v * a / b; });
    });
  }
  rejectHalf(it.computeDtype(), "addcdiv_cpu_out");
  visitNumericDtype(it.computeDtype(), [&]<typename T>() {
    using M = opmath_t<T>;
    const M v = value.to<M>();
    if constexpr (std::is_integral_v<T>) {
      it.run3<T, T, T, T>([v](M s, M a, M b) -> M {
        if (EMBER_UNLIKELY(b == 0)) EMBER_ERROR("ZeroDivisionError");
        return wrapAdd(s, static_cast<M>(wrapMul(v, a) / b));
      });
    } else {
      it.run3<T, T, T, T>([v](M s, M a, M b) { return s + v * a / b; });
    }
  }, "addcdiv_cpu_out");
}

// ---- lerp ----
void checkLerpDtype(const Tensor& self, const Tensor& other, const char* what) {
  EMBER_CHECK(self.dtype() == other.dtype(), "expected dtype ", typeMetaName(self.dtype()), " for `", what,
              "` but got dtype ", typeMetaName(other.dtype()));
}

template <typename M>
inline M lerpValue(M self, M end, M weight) {
  return std::abs(weight) < M(0.5) ? self + weight * (end - self) : end - (end - self) * (M(1) - weight);
}

void lerpKernel(Elementwise& it, const char* name) {
  if (isComplexType(it.computeDtype())) {
    return visitComplexDtype(it.computeDtype(), [&]<typename C>() {
      using R = typename C::value_type;
      it.run3<C, C, C, C>([](C s, C e, C w) {
        return std::abs(w) < R(0.5) ? s + w * (e - s) : e - (e - s) * (C(1) - w);
      });
    }, name);
  }
  rejectHalf(it.computeDtype(), name);
  visitFloatingDtype(it.computeDtype(), [&]<typename T>() {
    using M = opmath_t<T>;
    it.run3<T, T, T, T>([](M s, M e, M w) { return lerpValue(s, e, w); });
  }, name);
}

Tensor lerpImpl(const Tensor& self, const Tensor& end, const PwArg& weight, Tensor* out, bool inplace) {
  checkLerpDtype(self, end, "end");
  if (weight.tensor) checkLerpDtype(self, *weight.tensor, "weight");
  const char* name = weight.tensor ? "lerp_kernel_tensor" : "lerp_kernel_scalar";
  Elementwise it(ResultRule::Promote);
  it.input(self).input(end);
  if (weight.tensor) it.input(*weight.tensor);
  else it.input(weight.scalar);
  // The weight never changes the dtype: it is the dtype of self.
  it.computeDtype(self.dtype());
  if (inplace) it.inplace(*out);
  else if (out) it.out(*out);
  it.build();
  lerpKernel(it, name);
  return it.finish();
}

}  // namespace

// ---- where ----
Tensor where(const Tensor& condition, const Tensor& self, const Tensor& other) {
  return whereImpl(condition, self, other, nullptr);
}
Tensor where(const Tensor& condition, const Scalar& self, const Tensor& other) {
  return whereImpl(condition, self, other, nullptr);
}
Tensor where(const Tensor& condition, const Tensor& self, const Scalar& other) {
  return whereImpl(condition, self, other, nullptr);
}
Tensor where(const Tensor& condition, const Scalar& self, const Scalar& other) {
  return whereImpl(condition, self, other, nullptr);
}
Tensor& where_out(Tensor& out, const Tensor& condition, const Tensor& self, const Tensor& other) {
  detail::noteWrite(out);
  whereImpl(condition, self, other, &out);
  return out;
}
Tensor Tensor::where(const Tensor& condition, const Tensor& other) const { return ember::where(condition, *this, other); }
Tensor Tensor::where(const Tensor& condition, const Scalar& other) const { return ember::where(condition, *this, other); }

// ---- clamp ----
Tensor clamp(const Tensor& self, const std::optional<Scalar>& min, const std::optional<Scalar>& max) {
  return clampImpl(self, min, max, nullptr, false);
}
Tensor clamp(const Tensor& self, const std::optional<Tensor>& min, const std::optional<Tensor>& max) {
  return clampImpl(self, min, max, nullptr, false);
}
Tensor& clamp_(Tensor& self, const std::optional<Scalar>& min, const std::optional<Scalar>& max) {
  detail::noteWrite(self);
  clampImpl(self, min, max, &self, true);
  return self;
}
Tensor& clamp_(Tensor& self, const std::optional<Tensor>& min, const std::optional<Tensor>& max) {
  detail::noteWrite(self);
  clampImpl(self, min, max, &self, true);
  return self;
}
Tensor& clamp_out(Tensor& out, const Tensor& self, const std::optional<Scalar>& min,
                  const std::optional<Scalar>& max) {
  detail::noteWrite(out);
  clampImpl(self, min, max, &out, false);
  return out;
}
Tensor& clamp_out(Tensor& out, const Tensor& self, const std::optional<Tensor>& min,
                  const std::optional<Tensor>& max) {
  detail::noteWrite(out);
  clampImpl(self, min, max, &out, false);
  return out;
}
Tensor clamp_min(const Tensor& self, const Scalar& min) { return clamp(self, min, std::nullopt); }
Tensor clamp_min(const Tensor& self, const Tensor& min) {
  return clamp(self, std::optional<Tensor>(min), std::optional<Tensor>());
}
Tensor& clamp_min_(Tensor& self, const Scalar& min) { return clamp_(self, min, std::nullopt); }
Tensor& clamp_min_(Tensor& self, const Tensor& min) {
  detail::noteWrite(self);
  return clamp_(self, std::optional<Tensor>(min), std::optional<Tensor>());
}
Tensor clamp_max(const Tensor& self, const Scalar& max) { return clamp(self, std::nullopt, max); }
Tensor clamp_max(const Tensor& self, const Tensor& max) {
  return clamp(self, std::optional<Tensor>(), std::optional<Tensor>(max));
}
Tensor& clamp_max_(Tensor& self, const Scalar& max) { return clamp_(self, std::nullopt, max); }
Tensor& clamp_max_(Tensor& self, const Tensor& max) {
  detail::noteWrite(self);
  return clamp_(self, std::optional<Tensor>(), std::optional<Tensor>(max));
}
Tensor clip(const Tensor& self, const std::optional<Scalar>& min, const std::optional<Scalar>& max) {
  return clamp(self, min, max);
}
Tensor clip(const Tensor& self, const std::optional<Tensor>& min, const std::optional<Tensor>& max) {
  return clamp(self, min, max);
}
Tensor& clip_(Tensor& self, const std::optional<Scalar>& min, const std::optional<Scalar>& max) {
  detail::noteWrite(self);
  return clamp_(self, min, max);
}

Tensor Tensor::clamp(const std::optional<Scalar>& min, const std::optional<Scalar>& max) const {
  return ember::clamp(*this, min, max);
}
Tensor Tensor::clamp(const std::optional<Tensor>& min, const std::optional<Tensor>& max) const {
  return ember::clamp(*this, min, max);
}
Tensor& Tensor::clamp_(const std::optional<Scalar>& min, const std::optional<Scalar>& max) {
  return ember::clamp_(*this, min, max);
}
Tensor& Tensor::clamp_(const std::optional<Tensor>& min, const std::optional<Tensor>& max) {
  return ember::clamp_(*this, min, max);
}
Tensor Tensor::clamp_min(const Scalar& min) const { return ember::clamp_min(*this, min); }
Tensor Tensor::clamp_min(const Tensor& min) const { return ember::clamp_min(*this, min); }
Tensor& Tensor::clamp_min_(const Scalar& min) { return ember::clamp_min_(*this, min); }
Tensor Tensor::clamp_max(const Scalar& max) const { return ember::clamp_max(*this, max); }
Tensor Tensor::clamp_max(const Tensor& max) const { return ember::clamp_max(*this, max); }
Tensor& Tensor::clamp_max_(const Scalar& max) { return ember::clamp_max_(*this, max); }
Tensor Tensor::clip(const std::optional<Scalar>& min, const std::optional<Scalar>& max) const {
  return ember::clip(*this, min, max);
}
Tensor& Tensor::clip_(const std::optional<Scalar>& min, const std::optional<Scalar>& max) {
  return ember::clip_(*this, min, max);
}

// ---- addcmul / addcdiv ----
Tensor addcmul(const Tensor& self, const Tensor& tensor1, const Tensor& tensor2, const Scalar& value) {
  return runTernary(ResultRule::Promote, self, tensor1, tensor2, nullptr, false,
                    [&](Elementwise& it) { addcmulKernel(it, value); });
}
Tensor& addcmul_(Tensor& self, const Tensor& tensor1, const Tensor& tensor2, const Scalar& value) {
  detail::noteWrite(self);
  runTernary(ResultRule::Promote, self, tensor1, tensor2, &self, true,
             [&](Elementwise& it) { addcmulKernel(it, value); });
  return self;
}
Tensor& addcmul_out(Tensor& out, const Tensor& self, const Tensor& tensor1, const Tensor& tensor2,
                    const Scalar& value) {
  detail::noteWrite(out);
  runTernary(ResultRule::Promote, self, tensor1, tensor2, &out, false,
             [&](Elementwise& it) { addcmulKernel(it, value); });
  return out;
}
Tensor addcdiv(const Tensor& self, const Tensor& tensor1, const Tensor& tensor2, const Scalar& value) {
  checkAddcdiv(tensor1, tensor2);
  return runTernary(ResultRule::Promote, self, tensor1, tensor2, nullptr, false,
                    [&](Elementwise& it) { addcdivKernel(it, value); });
}
Tensor& addcdiv_(Tensor& self, const Tensor& tensor1, const Tensor& tensor2, const Scalar& value) {
  detail::noteWrite(self);
  checkAddcdiv(tensor1, tensor2);
  runTernary(ResultRule::Promote, self, tensor1, tensor2, &self, true,
             [&](Elementwise& it) { addcdivKernel(it, value); });
  return self;
}
Tensor& addcdiv_out(Tensor& out, const Tensor& self, const Tensor& tensor1, const Tensor& tensor2,
                    const Scalar& value) {
  detail::noteWrite(out);
  checkAddcdiv(tensor1, tensor2);
  runTernary(ResultRule::Promote, self, tensor1, tensor2, &out, false,
             [&](Elementwise& it) { addcdivKernel(it, value); });
  return out;
}
Tensor Tensor::addcmul(const Tensor& tensor1, const Tensor& tensor2, const Scalar& value) const {
  return ember::addcmul(*this, tensor1, tensor2, value);
}
Tensor& Tensor::addcmul_(const Tensor& tensor1, const Tensor& tensor2, const Scalar& value) {
  return ember::addcmul_(*this, tensor1, tensor2, value);
}
Tensor Tensor::addcdiv(const Tensor& tensor1, const Tensor& tensor2, const Scalar& value) const {
  return ember::addcdiv(*this, tensor1, tensor2, value);
}
Tensor& Tensor::addcdiv_(const Tensor& tensor1, const Tensor& tensor2, const Scalar& value) {
  return ember::addcdiv_(*this, tensor1, tensor2, value);
}

// ---- lerp ----
Tensor lerp(const Tensor& self, const Tensor& end, const Scalar& weight) {
  return lerpImpl(self, end, weight, nullptr, false);
}
Tensor lerp(const Tensor& self, const Tensor& end, const Tensor& weight) {
  return lerpImpl(self, end, weight, nullptr, false);
}
Tensor& lerp_(Tensor& self, const Tensor& end, const Scalar& weight) {
  detail::noteWrite(self);
  lerpImpl(self, end, weight, &self, true);
  return self;
}
Tensor& lerp_(Tensor& self, const Tensor& end, const Tensor& weight) {
  detail::noteWrite(self);
  lerpImpl(self, end, weight, &self, true);
  return self;
}
Tensor& lerp_out(Tensor& out, const Tensor& self, const Tensor& end, const Scalar& weight) {
  detail::noteWrite(out);
  lerpImpl(self, end, weight, &out, false);
  return out;
}
Tensor& lerp_out(Tensor& out, const Tensor& self, const Tensor& end, const Tensor& weight) {
  detail::noteWrite(out);
  lerpImpl(self, end, weight, &out, false);
  return out;
}
Tensor Tensor::lerp(const Tensor& end, const Scalar& weight) const { return ember::lerp(*this, end, weight); }
Tensor Tensor::lerp(const Tensor& end, const Tensor& weight) const { return ember::lerp(*this, end, weight); }
Tensor& Tensor::lerp_(const Tensor& end, const Scalar& weight) { return ember::lerp_(*this, end, weight); }
Tensor& Tensor::lerp_(const Tensor& end, const Tensor& weight) { return ember::lerp_(*this, end, weight); }

}  // namespace ember
