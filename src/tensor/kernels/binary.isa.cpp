// Vectorised add/sub/mul/div for float32 and float64 (see binary_kernels.h). Written with
// compiler vector types, so each ISA copy gets its natural register width.
#include <cstring>

#include "tensor/kernels/binary_kernels.h"
#include "tensor/kernels/vector_register.h"

namespace ember::EMBER_ISA_NAMESPACE(EMBER_ISA) {
namespace {

template <BinaryArithOp Op, typename T, typename X, typename Y>
inline auto apply(X a, Y b, T alpha) {
  if constexpr (Op == BinaryArithOp::Add) return a + alpha * b;
  else if constexpr (Op == BinaryArithOp::Mul) return a * b;
  else return a / b;
}

// Operand shapes of the vector loop: 0 = both contiguous, 1 = b scalar, 2 = a scalar.
template <BinaryArithOp Op, typename T, int Shape>
void vectorLoop(T* out, const T* a, const T* b, int64_t n, T alpha) {
  using V = Vec<T>;
  using Reg = typename V::Reg;
  const Reg va = V::set1(a[0]), vb = V::set1(b[0]);
  const T sa = a[0], sb = b[0];
  int64_t i = 0;
  for (; i + V::kWidth <= n; i += V::kWidth) {
    Reg x = Shape == 2 ? va : V::load(a + i);
    Reg y = Shape == 1 ? vb : V::load(b + i);
    Reg r = apply<Op, T>(x, y, alpha);
    V::store(out + i, r);
  }
  for (; i < n; ++i) out[i] = apply<Op, T>(Shape == 2 ? sa : a[i], Shape == 1 ? sb : b[i], alpha);
}

template <BinaryArithOp Op, typename T>
void kernel(char* const* p, const int64_t* s, int64_t n, double alphaD) {
  const T alpha = static_cast<T>(alphaD);
  constexpr int64_t e = sizeof(T);
  T* out = reinterpret_cast<T*>(p[0]);
  const T* a = reinterpret_cast<const T*>(p[1]);
  const T* b = reinterpret_cast<const T*>(p[2]);
  if (s[0] == e) {
    if (s[1] == e && s[2] == e) return vectorLoop<Op, T, 0>(out, a, b, n, alpha);
    if (s[1] == e && s[2] == 0) return vectorLoop<Op, T, 1>(out, a, b, n, alpha);
    if (s[1] == 0 && s[2] == e) return vectorLoop<Op, T, 2>(out, a, b, n, alpha);
  }
  for (int64_t i = 0; i < n; ++i) {
    T x, y;
    std::memcpy(&x, p[1] + i * s[1], e);
    std::memcpy(&y, p[2] + i * s[2], e);
    T r = apply<Op, T>(x, y, alpha);
    std::memcpy(p[0] + i * s[0], &r, e);
  }
}

// `rows` runs, the run kernel inlined into the loop over them.
template <BinaryArithOp Op, typename T>
void rowsKernel(char* const* p, const int64_t* s, int64_t n, int64_t rows, const int64_t* rs, double alpha) {
  char* q[3] = {p[0], p[1], p[2]};
  for (int64_t r = 0; r < rows; ++r) {
    kernel<Op, T>(q, s, n, alpha);
    for (int k = 0; k < 3; ++k) q[k] += rs[k];
  }
}

template <typename T>
BinaryKernelFn pick(BinaryArithOp op) {
  switch (op) {
    case BinaryArithOp::Add: return &kernel<BinaryArithOp::Add, T>;
    case BinaryArithOp::Mul: return &kernel<BinaryArithOp::Mul, T>;
    case BinaryArithOp::Div: return &kernel<BinaryArithOp::Div, T>;
  }
  return nullptr;
}

template <typename T>
BinaryRowsKernelFn pickRows(BinaryArithOp op) {
  switch (op) {
    case BinaryArithOp::Add: return &rowsKernel<BinaryArithOp::Add, T>;
    case BinaryArithOp::Mul: return &rowsKernel<BinaryArithOp::Mul, T>;
    case BinaryArithOp::Div: return &rowsKernel<BinaryArithOp::Div, T>;
  }
  return nullptr;
}

}  // namespace

BinaryKernelFn floatBinaryKernel(BinaryArithOp op, ScalarType dtype) {
  if (dtype == ScalarType::Float) return pick<float>(op);
  if (dtype == ScalarType::Double) return pick<double>(op);
  return nullptr;
}

BinaryRowsKernelFn floatBinaryRowsKernel(BinaryArithOp op, ScalarType dtype) {
  if (dtype == ScalarType::Float) return pickRows<float>(op);
  if (dtype == ScalarType::Double) return pickRows<double>(op);
  return nullptr;
}

}  // namespace ember::EMBER_ISA_NAMESPACE(EMBER_ISA)

#if defined(EMBER_ISA_DEFAULT)
namespace ember {
BinaryKernelFn floatBinaryKernel(BinaryArithOp op, ScalarType dtype) {
  switch (cpuCapability()) {
    case CpuCapability::AVX512: return isa_AVX512::floatBinaryKernel(op, dtype);
    case CpuCapability::AVX2: return isa_AVX2::floatBinaryKernel(op, dtype);
    default: return isa_DEFAULT::floatBinaryKernel(op, dtype);
  }
}
BinaryRowsKernelFn floatBinaryRowsKernel(BinaryArithOp op, ScalarType dtype) {
  switch (cpuCapability()) {
    case CpuCapability::AVX512: return isa_AVX512::floatBinaryRowsKernel(op, dtype);
    case CpuCapability::AVX2: return isa_AVX2::floatBinaryRowsKernel(op, dtype);
    default: return isa_DEFAULT::floatBinaryRowsKernel(op, dtype);
  }
}
}  // namespace ember
#endif
