// Shared plumbing of the pointwise op files: an op argument that is a tensor or a Python
// number, and the three entry shapes (fresh result, out=, in-place) over one kernel callback.
// Each op's kernel is a plain function of the built Elementwise, so the front-end code is
// compiled once and only the loops are templates.
#pragma once

#include "elementwise.h"
#include "ember/tensor/parallel.h"

namespace ember {

struct PwArg {
  const Tensor* tensor = nullptr;
  Scalar scalar;
  PwArg(const Tensor& t) : tensor(&t) {}  // NOLINT: implicit by design
  PwArg(const Scalar& s) : scalar(s) {}   // NOLINT
};

struct PwSpec {
  ResultRule rule = ResultRule::Promote;
  bool anyOutputDtype = false;
};

// A non-owning reference to an op's kernel: a plain function or a (capturing) lambda.
class PwKernel {
 public:
  using Fn = void (*)(Elementwise&);
  PwKernel(Fn fn) : fn_(fn) {}  // NOLINT: implicit by design
  template <typename F, typename = std::enable_if_t<!std::is_convertible_v<const F&, Fn>>>
  PwKernel(const F& f)  // NOLINT
      : obj_(&f), call_([](const void* o, Elementwise& it) { (*static_cast<const F*>(o))(it); }) {}
  void operator()(Elementwise& it) const {
    if (fn_) fn_(it);
    else call_(obj_, it);
  }

 private:
  Fn fn_ = nullptr;
  const void* obj_ = nullptr;
  void (*call_)(const void*, Elementwise&) = nullptr;
};

Tensor pwOp(const PwSpec& spec, PwKernel kernel, PwArg a, PwArg b);
Tensor& pwOut(Tensor& out, const PwSpec& spec, PwKernel kernel, PwArg a, PwArg b);
Tensor& pwInplace(Tensor& self, const PwSpec& spec, PwKernel kernel, PwArg b);

// Wrapping integer arithmetic (PyTorch's results on overflow, without C++ UB); floats as is.
template <typename T>
inline T wrapAdd(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<decltype(a + b)>;
    return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
  } else {
    return a + b;
  }
}
template <typename T>
inline T wrapSub(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<decltype(a - b)>;
    return static_cast<T>(static_cast<U>(a) - static_cast<U>(b));
  } else {
    return a - b;
  }
}
template <typename T>
inline T wrapMul(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<decltype(a * b)>;
    return static_cast<T>(static_cast<U>(a) * static_cast<U>(b));
  } else {
    return a * b;
  }
}

// PyTorch 1.13's CPU kernels of some ops (atan2, clamp, addcmul, lerp) lack float16.
inline void rejectHalf(ScalarType t, const char* name) {
  if (t == ScalarType::Half) throwUnsupportedDtype(name, t);
}

// The dtype names PyTorch prints in some messages (caffe2 TypeMeta): float, double, long int, ...
const char* typeMetaName(ScalarType t);

}  // namespace ember
