// Batches of small float32 products on oneDNN's matmul primitive, one call for the whole batch
// (bmm_onednn.cpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include "ember/tensor/tensor.h"

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
// single product, EMBER_GEMM forcing a route) or when the plan would not yet pay back its
// building: a shape and layout's calls are left to the per-matrix GEMMs until the time they lost
// against a plan adds up to a plan's cost (the second call for large batches, ~20 calls for 8
// heads of 64x32x64), so that one-off products build no primitive.
bool onednnBatchedGemm(int64_t batch, int64_t m, int64_t n, int64_t k, BatchedMatrix a, BatchedMatrix b, float* c,
                       int64_t cBatchStride, int64_t ldc);

// out[..., m, n] = a[..., m, k] @ b[..., k, n] for float32 tensors of one rank (at least 3) whose
// batch dims match or are 1 in one of them (broadcast), with any strides that leave each row's
// elements adjacent, into a contiguous `out` of the broadcast shape: the same route and conditions
// as onednnBatchedGemm, without copying operands whose batch dims do not fold into one stride
// (attention's heads sliced out of a q/k/v projection). false for transposed operands.
bool onednnBatchedMatmul(const Tensor& a, const Tensor& b, const Tensor& out);

// Whether each row of t's matrices is adjacent in memory, so that onednnBatchedMatmul reads t in
// place. Callers copy the other (transposed) operands first: oneDNN's kernels took a transposed
// operand with scattered batch strides 3.5x slower than a contiguous copy of it (swin_t's q @ k^T
// with k^T a view into the q/k/v projection: 1.87 against 0.52 ms, ONEDNN_VERBOSE).
bool rowsInPlace(const Tensor& t);

// Whether products of m x k by k x n are small enough for this route (under 256^3 multiply-adds:
// larger ones run at full speed one by one); callers check it before preparing operands.
bool batchableProduct(int64_t m, int64_t n, int64_t k);

// Batched plans built by this process so far (for tests).
size_t builtBatchedPlanCount();

}  // namespace ember::linalg
