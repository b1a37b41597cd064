// The GEMM of the convolution kernels (see conv_utils.h): blas::gemm, except for float32 products
// that get more than one thread, which go to oneDNN's sgemm directly.
#include <dnnl.h>

#include "tensor/blas_backend.h"
#include "tensor/conv_utils.h"

namespace ember::conv {

void gemm(ScalarType dtype, int64_t m, int64_t n, int64_t k, blas::ConstMatrix a, blas::ConstMatrix b, bool accumulate,
          void* c, int64_t ldc) {
  const double macs = static_cast<double>(m) * n * k;
  const int threads = blas::gemmThreads(macs);
  if (dtype != kFloat || threads == 1 || m <= 0 || n <= 0 || k <= 0 || blas::gemmRoute() != blas::GemmRoute::Auto)
    return blas::gemm(dtype, m, n, k, 1, a, b, accumulate ? 1 : 0, c, ldc);
  blas::setOnednnThreads(threads);
  dnnl_status_t st =
      dnnl_sgemm(a.trans ? 'T' : 'N', b.trans ? 'T' : 'N', m, n, k, 1.0f, static_cast<const float*>(a.data), a.ld,
                 static_cast<const float*>(b.data), b.ld, accumulate ? 1.0f : 0.0f, static_cast<float*>(c), ldc);
  EMBER_ASSERT(st == dnnl_success, "dnnl_sgemm failed with status ", static_cast<int>(st));
}

}  // namespace ember::conv
