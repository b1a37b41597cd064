// Vectorised inner loops of the hot floating-point binary ops (add/sub/mul/div over float32 and
// float64). binary.isa.cpp is compiled once per instruction set; floatBinaryKernel() hands out
// the copy for the CPU's capability. The kernel follows the StridedLoop inner contract:
//
//   kernel(ptrs, byteStrides, n, alpha)   ptrs[0] = out, ptrs[1] = a, ptrs[2] = b
//
// Add computes a + alpha * b (sub passes -alpha), Mul a * b, Div a / b. Contiguous operands and
// stride-0 scalars use full-width vectors; anything else falls back to a scalar loop.
#pragma once

#include <cstdint>

#include "ember/tensor/scalar_type.h"
#include "tensor/cpu_capability.h"

namespace ember {

enum class BinaryArithOp : uint8_t { Add, Mul, Div };

using BinaryKernelFn = void (*)(char* const* ptrs, const int64_t* byteStrides, int64_t n, double alpha);

// The same over `rows` runs of n (Elementwise::runRawRows): run r of operand k starts at
// ptrs[k] + r * rowByteStrides[k].
using BinaryRowsKernelFn = void (*)(char* const* ptrs, const int64_t* byteStrides, int64_t n, int64_t rows,
                                    const int64_t* rowByteStrides, double alpha);

// The kernels for dtype Float or Double (null for other dtypes).
BinaryKernelFn floatBinaryKernel(BinaryArithOp op, ScalarType dtype);
BinaryRowsKernelFn floatBinaryRowsKernel(BinaryArithOp op, ScalarType dtype);

namespace isa_DEFAULT {
BinaryKernelFn floatBinaryKernel(BinaryArithOp op, ScalarType dtype);
BinaryRowsKernelFn floatBinaryRowsKernel(BinaryArithOp op, ScalarType dtype);
}  // namespace isa_DEFAULT
namespace isa_AVX2 {
BinaryKernelFn floatBinaryKernel(BinaryArithOp op, ScalarType dtype);
BinaryRowsKernelFn floatBinaryRowsKernel(BinaryArithOp op, ScalarType dtype);
}  // namespace isa_AVX2
namespace isa_AVX512 {
BinaryKernelFn floatBinaryKernel(BinaryArithOp op, ScalarType dtype);
BinaryRowsKernelFn floatBinaryRowsKernel(BinaryArithOp op, ScalarType dtype);
}  // namespace isa_AVX512

}  // namespace ember
