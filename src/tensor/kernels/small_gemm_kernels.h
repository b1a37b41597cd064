// A direct float32 GEMM for tiny products (a recurrent cell's 1x64 by 64x256), where setting up a
// BLAS call costs more than the multiply-adds: no packing, no threads, no route choice.
// small_gemm.isa.cpp is compiled once per instruction set; smallSgemmKernel() hands out the copy
// for the CPU's capability.
//
//   kernel(m, n, k, a, lda, b, ldb, bTrans, c, ldc)
//
// computes C[m x n] = A[m x k] * B[k x n], all row-major with the given leading dimensions
// (element (i, j) of C at c[i * ldc + j]). B's element (p, j) is b[p * ldb + j], or b[j * ldb + p]
// when bTrans (B is the transpose of a stored n x k matrix, as in x.mm(w.t())). C's old contents
// are ignored. Accumulation is in float32 with fused multiply-adds where the ISA has them.
#pragma once

#include <cstdint>

#include "tensor/cpu_capability.h"

namespace ember {

using SmallSgemmFn = void (*)(int64_t m, int64_t n, int64_t k, const float* a, int64_t lda, const float* b,
                              int64_t ldb, bool bTrans, float* c, int64_t ldc);

SmallSgemmFn smallSgemmKernel();

namespace isa_DEFAULT { SmallSgemmFn smallSgemmKernel(); }
namespace isa_AVX2 { SmallSgemmFn smallSgemmKernel(); }
namespace isa_AVX512 { SmallSgemmFn smallSgemmKernel(); }

}  // namespace ember
