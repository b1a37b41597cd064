// Vectorised inner loops of the floating-point unary ops. unary.isa.cpp is compiled once per
// instruction set (DEFAULT = SSE2, AVX2, AVX512); floatUnaryKernel() hands out the copy for the
// CPU's capability. A kernel reads operand 1 and writes operand 0, both of the same floating
// dtype, with the StridedLoop inner-loop contract (byte strides, any sign, in-place allowed):
//
//   kernel(ptrs, byteStrides, n, params)
//
// Contiguous runs go through full-width vectors (SLEEF for transcendental functions, u10 or
// better); strided runs are gathered into a small buffer first. Half and BFloat16 are widened
// to float, computed, and rounded back.
#pragma once

#include <cstdint>

#include "ember/tensor/scalar_type.h"
#include "tensor/cpu_capability.h"

namespace ember {

enum class UnaryOp : uint8_t {
  Abs, Neg, Exp, Exp2, Log, Log2, Log10, Log1p, Expm1, Sqrt, Rsqrt,
  Sin, Cos, Tan, Asin, Acos, Atan, Sinh, Cosh, Tanh,
  Sigmoid, Erf, Erfc, Erfinv,
  Floor, Ceil, Round, RoundDecimals, Trunc, Frac, Sign, Reciprocal,
  Relu, Gelu, GeluTanh, Silu, Mish, Softplus, Hardtanh, Hardswish, Hardsigmoid, LeakyRelu, Elu, NanToNum,
  Count
};

const char* unaryOpName(UnaryOp op);

// Scalar parameters of the ops that take them (all others ignore them):
//   RoundDecimals: a = 10^|decimals|, b = 1 if decimals < 0
//   Softplus: a = beta, b = threshold          Hardtanh: a = min_val, b = max_val
//   LeakyRelu: a = negative_slope              Elu: a = alpha * scale, b = scale, c = input_scale
//   NanToNum: a = nan, b = posinf, c = neginf (already resolved to the dtype's limits)
struct UnaryParams {
  double a = 0.0, b = 0.0, c = 0.0;
};

using UnaryKernelFn = void (*)(char* const* ptrs, const int64_t* byteStrides, int64_t n, const UnaryParams& params);

// The kernel of `op` for dtype (Half, BFloat16, Float or Double) compiled for `cap`
// (clamped to what this CPU supports). Never null.
UnaryKernelFn floatUnaryKernel(UnaryOp op, ScalarType dtype, CpuCapability cap);
inline UnaryKernelFn floatUnaryKernel(UnaryOp op, ScalarType dtype) {
  return floatUnaryKernel(op, dtype, cpuCapability());
}

// Per-ISA tables (one definition in each compiled copy of unary.isa.cpp).
namespace isa_DEFAULT { UnaryKernelFn floatUnaryKernel(UnaryOp op, ScalarType dtype); }
namespace isa_AVX2 { UnaryKernelFn floatUnaryKernel(UnaryOp op, ScalarType dtype); }
namespace isa_AVX512 { UnaryKernelFn floatUnaryKernel(UnaryOp op, ScalarType dtype); }

}  // namespace ember
