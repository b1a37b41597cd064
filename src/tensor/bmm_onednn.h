// Batches of small float32 products on oneDNN's matmul primitive, one call for the whole batch
// (bmm_onednn.cpp).
#pragma once

#include <cstddef>
#include <cstdint>

namespace ember::linalg {

// A batch of row-major or transposed float32 matrices: matrix i's element (r, c) is at
// data[i * batchStride + r * ld + c] (or data[i * batchStride + c * ld + r] when `trans`).
// batchStride 0 repeats one matrix over the batch.
struct BatchedMatrix {
  const float* data;
  int64_t batchStride, ld;
  bool trans;
};

// C[i] (m x n, row-major, element (r, c) at c[i * cBatchStride + r * ldc + c]) = A[i] (m x k) *
// B[i] (k x n) for i < batch, on a primitive cached per shape, layout and thread count. false,
// computing nothing, when the products are not ones it takes (too large for batching to pay, a
// single product, EMBER_GEMM forcing a route) or when this shape and layout is new: the first call
// of each is left to the per-matrix GEMMs, so that one-off products build no primitive.
bool onednnBatchedGemm(int64_t batch, int64_t m, int64_t n, int64_t k, BatchedMatrix a, BatchedMatrix b, float* c,
                       int64_t cBatchStride, int64_t ldc);

// Batched plans built by this process so far (for tests).
size_t builtBatchedPlanCount();

}  // namespace ember::linalg
