#include "pointwise_fastpath.h"

#include <type_traits>

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/parallel.h"

namespace ember::detail {

namespace {

// Integers wrap like PyTorch's kernels: compute in the unsigned type to avoid UB.
template <typename T, bool = std::is_integral_v<T>>
struct WrapType {
  using type = T;
};
template <typename T>
struct WrapType<T, true> {
  using type = std::make_unsigned_t<T>;
};

template <typename T>
void arithLoop(const T* a, const T* b, T* out, int64_t n, FastArith op) {
  using U = typename WrapType<T>::type;
  switch (op) {
    case FastArith::Add:
      for (int64_t i = 0; i < n; ++i) out[i] = static_cast<T>(static_cast<U>(a[i]) + static_cast<U>(b[i]));
      break;
    case FastArith::Sub:
      for (int64_t i = 0; i < n; ++i) out[i] = static_cast<T>(static_cast<U>(a[i]) - static_cast<U>(b[i]));
      break;
    case FastArith::Mul:
      for (int64_t i = 0; i < n; ++i) out[i] = static_cast<T>(static_cast<U>(a[i]) * static_cast<U>(b[i]));
      break;
  }
}

template <typename T>
Tensor run(const Tensor& a, const Tensor& b, FastArith op) {
  Tensor out = empty(a.sizes(), a.dtype());
  arithLoop(static_cast<const T*>(a.data_ptr()), static_cast<const T*>(b.data_ptr()), static_cast<T*>(out.data_ptr()),
            a.numel(), op);
  return out;
}

}  // namespace

Tensor trySmallSameTypeArith(const Tensor& a, const Tensor& b, const Scalar& alpha, FastArith op) {
  if (!a.defined() || !b.defined()) return Tensor();
  ScalarType t = a.dtype();
  if (t != b.dtype() || !a.is_contiguous() || !b.is_contiguous()) return Tensor();
  if (a.numel() > kGrainSize || !a.sizes().equals(b.sizes())) return Tensor();
  if (op != FastArith::Mul && !(alpha.isIntegral(false) && alpha.toLong() == 1)) return Tensor();
  switch (t) {
    case ScalarType::Float: return run<float>(a, b, op);
    case ScalarType::Double: return run<double>(a, b, op);
    case ScalarType::Long: return run<int64_t>(a, b, op);
    case ScalarType::Int: return run<int32_t>(a, b, op);
    default: return Tensor();
  }
}

}  // namespace ember::detail
