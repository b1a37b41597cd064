#include "tensor/linalg_small_gemm.h"

#include "ember/tensor/ops/factory.h"
#include "tensor/blas_backend.h"
#include "tensor/kernels/small_gemm_kernels.h"

namespace ember::linalg {

namespace {

// How the kernel reads a rows x cols operand: row-major with leading dimension ld, or (trans) as
// the transpose of a row-major cols x rows matrix. Strides of size-1 dims do not matter.
struct Layout {
  int64_t ld;
  bool trans;
  bool ok;
};

Layout layoutOf(const Tensor& t) {
  const int64_t rows = t.size(0), cols = t.size(1), sr = t.stride(0), sc = t.stride(1);
  if (cols <= 1 || sc == 1) return {rows <= 1 ? cols : sr, false, true};
  if (rows <= 1 || sr == 1) return {cols <= 1 ? rows : sc, true, true};
  return {0, false, false};
}

}  // namespace

Tensor trySmallMm(const Tensor& a, const Tensor& b) {
  if (a.dtype() != ScalarType::Float || b.dtype() != ScalarType::Float) return Tensor();
  if (blas::gemmRoute() != blas::GemmRoute::Auto) return Tensor();  // a forced route (EMBER_GEMM) is honoured
  const int64_t m = a.size(0), k = a.size(1), n = b.size(1);
  if (static_cast<double>(m) * static_cast<double>(n) * static_cast<double>(k) > kSmallGemmMacs) return Tensor();
  Layout la = layoutOf(a), lb = layoutOf(b);
  if (!la.ok || la.trans || !lb.ok) return Tensor();
  Tensor out = empty({m, n}, ScalarType::Float);
  if (m == 0 || n == 0) return out;
  smallSgemmKernel()(m, n, k, static_cast<const float*>(a.data_ptr()), la.ld, static_cast<const float*>(b.data_ptr()),
                     lb.ld, lb.trans, static_cast<float*>(out.data_ptr()), n);
  return out;
}

}  // namespace ember::linalg
