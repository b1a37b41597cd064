#include "tensor/kernels/unary_kernels.h"

#include <algorithm>

namespace ember {

const char* unaryOpName(UnaryOp op) {
  static constexpr const char* kNames[] = {
      "abs", "neg", "exp", "exp2", "log", "log2", "log10", "log1p", "expm1", "sqrt", "rsqrt",
      "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh",
      "sigmoid", "erf", "erfc", "erfinv",
      "floor", "ceil", "round", "round.decimals", "trunc", "frac", "sign", "reciprocal",
      "relu", "gelu", "gelu.tanh", "silu", "mish", "softplus", "hardtanh", "hardswish", "hardsigmoid",
      "leaky_relu", "elu", "nan_to_num"};
  static_assert(sizeof(kNames) / sizeof(kNames[0]) == static_cast<size_t>(UnaryOp::Count));
  auto i = static_cast<size_t>(op);
  return i < static_cast<size_t>(UnaryOp::Count) ? kNames[i] : "?";
}

UnaryKernelFn floatUnaryKernel(UnaryOp op, ScalarType dtype, CpuCapability cap) {
  cap = std::min(cap, cpuCapability());  // never run instructions the CPU lacks
  UnaryKernelFn fn = nullptr;
  switch (cap) {
    case CpuCapability::AVX512: fn = isa_AVX512::floatUnaryKernel(op, dtype); break;
    case CpuCapability::AVX2: fn = isa_AVX2::floatUnaryKernel(op, dtype); break;
    case CpuCapability::Default: fn = isa_DEFAULT::floatUnaryKernel(op, dtype); break;
  }
  EMBER_ASSERT(fn != nullptr, "no unary kernel for ", unaryOpName(op), " on ", dtype);
  return fn;
}

}  // namespace ember
