// The batched GEMM driver under every linalg product: maps tensor strides onto BLAS operands
// (row-major or transposed, no copy when the layout allows it), and spreads small batches over
// the thread pool while large products get the library's own threads.
#include <algorithm>
#include <optional>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/parallel.h"
#include "tensor/blas_backend.h"
#include "tensor/bmm_onednn.h"
#include "tensor/linalg_utils.h"

namespace ember::linalg {

void checkSameDtype(const Tensor& expected, const Tensor& found) {
  EMBER_CHECK(expected.dtype() == found.dtype(), "expected scalar type ", expected.dtype(), " but found ",
              found.dtype());
}

void checkGemmDtype(ScalarType t, const char* what) {
  if (t == ScalarType::Bool || t == ScalarType::Half || t == ScalarType::ComplexHalf) throwUnsupportedDtype(what, t);
}

namespace {

// How BLAS can read a rows x cols matrix with strides (sr, sc): {ld, trans}, or nullopt when it
// needs a copy. Strides of size-1 dims do not matter, but BLAS still wants ld >= max(1, cols).
struct Layout {
  int64_t ld;
  bool trans;
};

std::optional<Layout> blasLayout(int64_t rows, int64_t cols, int64_t sr, int64_t sc) {
  if (cols == 1 || sc == 1) {
    if (rows == 1) return Layout{std::max<int64_t>(cols, 1), false};
    if (sr >= std::max<int64_t>(cols, 1)) return Layout{sr, false};
  }
  if (rows == 1 || sr == 1) {
    if (cols == 1) return Layout{std::max<int64_t>(rows, 1), true};
    if (sc >= std::max<int64_t>(rows, 1)) return Layout{sc, true};
  }
  return std::nullopt;
}

std::optional<Layout> blasLayout(const Tensor& t3) {
  return blasLayout(t3.size(1), t3.size(2), t3.stride(1), t3.stride(2));
}

// The operand as is when BLAS can read it, else a contiguous copy (kept alive by `t`).
struct Operand {
  Tensor t;
  Layout layout;
};

Operand readable(const Tensor& x) {
  if (auto l = blasLayout(x)) return {x, *l};
  Tensor c = x.contiguous();
  return {c, *blasLayout(c)};
}

// Per-matrix work below which a batch is spread over the pool with single-threaded GEMMs (one
// hand-off for the whole batch instead of a library fork/join per matrix).
constexpr double kBatchParallelMacs = 256.0 * 256 * 256;
// Matrices per pool task: enough work that the hand-off is amortised.
constexpr double kMacsPerTask = 64.0 * 64 * 64;

void runBatches(ScalarType dtype, int64_t batch, int64_t m, int64_t n, int64_t k, const Operand& a, const Operand& b,
                char* c, int64_t cBatchStride, int64_t ldc, const Scalar& beta, const Scalar& alpha) {
  const size_t es = elementSize(dtype);
  const char* pa = static_cast<const char*>(a.t.data_ptr());
  const char* pb = static_cast<const char*>(b.t.data_ptr());
  const int64_t sa = a.t.stride(0), sb = b.t.stride(0);
  // PyTorch multiplies a matrix broadcast over b's batch (2-D @ 3-D matmul) as one folded product
  // whose B is column-major: its float-sum bfloat16 path, which batch 0 asks for (blas::gemm).
  const int64_t bf16Batch = batch > 1 && sa == 0 ? 0 : batch;
  auto one = [&](int64_t i) {
    blas::gemm(dtype, m, n, k, alpha, {pa + i * sa * es, a.layout.ld, a.layout.trans},
               {pb + i * sb * es, b.layout.ld, b.layout.trans}, beta, c + i * cBatchStride * es, ldc, bf16Batch);
  };
  if (dtype == kFloat && beta.toComplexDouble() == 0.0 && alpha.toComplexDouble() == 1.0 &&
      onednnBatchedGemm(batch, m, n, k, {reinterpret_cast<const float*>(pa), sa, a.layout.ld, a.layout.trans},
                        {reinterpret_cast<const float*>(pb), sb, b.layout.ld, b.layout.trans},
                        reinterpret_cast<float*>(c), cBatchStride, ldc))
    return;
  double macs = static_cast<double>(m) * n * k;
  if (batch == 1 || macs >= kBatchParallelMacs) {
    for (int64_t i = 0; i < batch; ++i) one(i);
    return;
  }
  int64_t grain = std::max<int64_t>(1, static_cast<int64_t>(kMacsPerTask / std::max(macs, 1.0)));
  blas::prepareParallelCalls();
  parallelFor(0, batch, grain, [&](int64_t i0, int64_t i1) {
    for (int64_t i = i0; i < i1; ++i) one(i);
  });
}

}  // namespace

void batchedGemm(const Tensor& out, const Tensor& a, const Tensor& b, const Scalar& beta, const Scalar& alpha) {
  const int64_t batch = out.size(0), m = out.size(1), n = out.size(2), k = a.size(2);
  if (batch == 0 || m == 0 || n == 0) return;
  // An out that shares memory with an operand (x.addmm_(x, y)) would be read while written.
  const bool overlaps = out.is_alias_of(a) || out.is_alias_of(b);
  auto outLayout = overlaps ? std::nullopt : blasLayout(out);
  if (outLayout && !outLayout->trans) {
    runBatches(out.dtype(), batch, m, n, k, readable(a), readable(b), static_cast<char*>(out.data_ptr()), out.stride(0),
               outLayout->ld, beta, alpha);
    return;
  }
  if (outLayout) {
    // A column-major result: compute its transpose, out^T = b^T a^T, straight into it.
    Tensor at = a.transpose(1, 2), bt = b.transpose(1, 2);
    runBatches(out.dtype(), batch, n, m, k, readable(bt), readable(at), static_cast<char*>(out.data_ptr()),
               out.stride(0), outLayout->ld, beta, alpha);
    return;
  }
  Tensor tmp = beta.toComplexDouble() == 0.0 ? empty(out.sizes(), out.dtype()) : contiguous(out.clone());
  runBatches(out.dtype(), batch, m, n, k, readable(a), readable(b), static_cast<char*>(tmp.data_ptr()), tmp.stride(0),
             n, beta, alpha);
  Tensor o = out;
  o.copy_(tmp);
}

void gemm2d(const Tensor& out, const Tensor& a, const Tensor& b, const Scalar& beta, const Scalar& alpha) {
  batchedGemm(out.unsqueeze(0), a.unsqueeze(0), b.unsqueeze(0), beta, alpha);
}

}  // namespace ember::linalg
