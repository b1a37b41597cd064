#include "pointwise_fastpath.h"

#include <type_traits>

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/parallel.h"
#include "tensor/kernels/binary_kernels.h"

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

// Below this many elements a plain loop beats calling the vector kernel.
constexpr int64_t kVectorWorthy = 16;

// Floats go through the general path's own vectorised kernel (so results are the same bits):
// contiguous operands, or `b` a single value broadcast with stride 0.
void floatKernel(ScalarType t, FastArith op, void* out, const void* a, const void* b, bool bIsScalar, int64_t n) {
  BinaryKernelFn fn = floatBinaryKernel(op == FastArith::Mul ? BinaryArithOp::Mul : BinaryArithOp::Add, t);
  const int64_t e = static_cast<int64_t>(elementSize(t));
  char* ptrs[3] = {static_cast<char*>(out), static_cast<char*>(const_cast<void*>(a)),
                   static_cast<char*>(const_cast<void*>(b))};
  const int64_t strides[3] = {e, e, bIsScalar ? 0 : e};
  fn(ptrs, strides, n, op == FastArith::Sub ? -1.0 : 1.0);  // add computes a + alpha * b
}

template <typename T>
Tensor run(const Tensor& a, const Tensor& b, FastArith op, IntArrayRef sizes) {
  Tensor out = empty(sizes, a.dtype());
  if constexpr (std::is_floating_point_v<T>) {
    if (a.numel() >= kVectorWorthy) {
      floatKernel(a.dtype(), op, out.data_ptr(), a.data_ptr(), b.data_ptr(), false, a.numel());
      return out;
    }
  }
  arithLoop(static_cast<const T*>(a.data_ptr()), static_cast<const T*>(b.data_ptr()), static_cast<T*>(out.data_ptr()),
            a.numel(), op);
  return out;
}

// Broadcasting that only adds leading 1s ([1, n] with [n]) lines the elements up one to one:
// the result has the shape of the higher-rank operand.
bool sameElementsInOrder(IntArrayRef a, IntArrayRef b) {
  if (a.size() < b.size()) return sameElementsInOrder(b, a);
  size_t lead = a.size() - b.size();
  for (size_t i = 0; i < lead; ++i)
    if (a[i] != 1) return false;
  for (size_t i = 0; i < b.size(); ++i)
    if (a[lead + i] != b[i]) return false;
  return true;
}

bool isOne(const Scalar& s) { return (s.isIntegral(false) && s.toLong() == 1) || (s.isFloatingPoint() && s.toDouble() == 1.0); }

template <typename T>
Tensor runScalar(const Tensor& a, T b, FastArith op) {
  Tensor out = empty(a.sizes(), a.dtype());
  const int64_t n = a.numel();
  if (n >= kVectorWorthy) {
    floatKernel(a.dtype(), op, out.data_ptr(), a.data_ptr(), &b, true, n);
    return out;
  }
  // The kernel's a + 1 * b and a + -1 * b are exactly a + b and a - b: same bits inline.
  const T* x = static_cast<const T*>(a.data_ptr());
  T* y = static_cast<T*>(out.data_ptr());
  for (int64_t i = 0; i < n; ++i) y[i] = op == FastArith::Mul ? x[i] * b : op == FastArith::Add ? x[i] + b : x[i] - b;
  return out;
}

}  // namespace

Tensor trySmallSameTypeArith(const Tensor& a, const Tensor& b, const Scalar& alpha, FastArith op) {
  if (!a.defined() || !b.defined()) return Tensor();
  ScalarType t = a.dtype();
  if (t != b.dtype() || !a.is_contiguous() || !b.is_contiguous()) return Tensor();
  if (a.numel() > kGrainSize || a.numel() != b.numel() || !sameElementsInOrder(a.sizes(), b.sizes())) return Tensor();
  if (op != FastArith::Mul && !(alpha.isIntegral(false) && alpha.toLong() == 1)) return Tensor();
  IntArrayRef sizes = a.dim() >= b.dim() ? a.sizes() : b.sizes();
  switch (t) {
    case ScalarType::Float: return run<float>(a, b, op, sizes);
    case ScalarType::Double: return run<double>(a, b, op, sizes);
    case ScalarType::Long: return run<int64_t>(a, b, op, sizes);
    case ScalarType::Int: return run<int32_t>(a, b, op, sizes);
    default: return Tensor();
  }
}

Tensor trySmallFloatScalarArith(const Tensor& a, const Scalar& b, const Scalar& alpha, FastArith op) {
  if (!a.defined() || !a.is_contiguous() || a.numel() > kGrainSize || !isOne(alpha)) return Tensor();
  if (!(b.isFloatingPoint() || b.isIntegral(false))) return Tensor();  // bool and complex promote differently
  // A float tensor keeps its dtype with any real Python number; the number is converted to it
  // first, as the general path does when it wraps the number as a 0-dim tensor.
  switch (a.dtype()) {
    case ScalarType::Float: return runScalar<float>(a, static_cast<float>(b.toDouble()), op);
    case ScalarType::Double: return runScalar<double>(a, b.toDouble(), op);
    default: return Tensor();
  }
}

}  // namespace ember::detail
