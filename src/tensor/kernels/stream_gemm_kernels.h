// A float32 GEMM for products whose B operand is far larger than A and C, as in a convolution
// with big weights and few output positions (ResNet's last stage: 49 positions, 512x512x3x3
// weights, 9.4 MB). Such weights come from memory on every call (a model's weights do not stay
// in the cache between calls); oneDNN's kernels read each block of them while computing only
// the first row of outputs, so the read is not overlapped with compute and costs ~0.8 ms per
// 9.4 MB here. This kernel reads B once, in order, and prefetches the part it needs next while
// it computes, so that the read hides behind the multiply-adds.
//
//   kernel(m, k, a, lda, b, bias, c, ldc, panel0, panel1)
//
// computes C[:, 64*panel0 : 64*panel1] = A * B (+ bias), where A is row-major m x k (element
// (i, p) at a[i * lda + p]), B is packed as panels of 64 columns, each k rows of 64 floats
// (element (p, j) at b[(j / 64) * k * 64 + p * 64 + j % 64]; oneDNN's Acdb64a layout of a
// convolution's weights, with k = kh * kw * in_channels), bias (may be null) is one float per
// column and C is row-major (element (i, j) at c[i * ldc + j]). C's old contents are ignored.
// Columns split into panel ranges run on separate threads.
//
// Only the AVX-512 build has it (7 rows x 64 columns of accumulators take 28 of its 32
// registers); streamGemmKernel() is null on other CPUs.
#pragma once

#include <cstdint>

#include "tensor/cpu_capability.h"

namespace ember::conv {

constexpr int64_t kStreamPanel = 64;  // columns per packed panel of B

using StreamGemmFn = void (*)(int64_t m, int64_t k, const float* a, int64_t lda, const float* b, const float* bias,
                              float* c, int64_t ldc, int64_t panel0, int64_t panel1);

StreamGemmFn streamGemmKernel();

namespace isa_DEFAULT { StreamGemmFn streamGemmKernel(); }
namespace isa_AVX2 { StreamGemmFn streamGemmKernel(); }
namespace isa_AVX512 { StreamGemmFn streamGemmKernel(); }

}  // namespace ember::conv
