// The GEMM of the convolution kernels (see conv_utils.h): blas::gemm with beta 0 or 1, so
// convolutions take the same routes (and thread split) as every other product.
#include "tensor/blas_backend.h"
#include "tensor/conv_utils.h"

namespace ember::conv {

void gemm(ScalarType dtype, int64_t m, int64_t n, int64_t k, blas::ConstMatrix a, blas::ConstMatrix b, bool accumulate,
          void* c, int64_t ldc) {
  blas::gemm(dtype, m, n, k, 1, a, b, accumulate ? 1 : 0, c, ldc);
}

}  // namespace ember::conv
