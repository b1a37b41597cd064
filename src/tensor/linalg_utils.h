// Shared pieces of the linalg family: dtype checks with PyTorch's texts and the batched GEMM
// driver every product goes through.
#pragma once

#include "ember/tensor/tensor.h"

namespace ember::linalg {

// "expected scalar type <expected's dtype> but found <found's dtype>".
void checkSameDtype(const Tensor& expected, const Tensor& found);
// Bool and Half are not implemented on CPU in PyTorch 1.13: "\"<what>\" not implemented for 'Bool'".
void checkGemmDtype(ScalarType t, const char* what);

// out[i] = beta * out[i] + alpha * a[i] @ b[i] for 3-D a [B, m, k], b [B, k, n], out [B, m, n]
// of one dtype. Any strides (expanded batch dims included); operands the libraries cannot read
// are copied. beta == 0 ignores out's contents.
void batchedGemm(const Tensor& out, const Tensor& a, const Tensor& b, const Scalar& beta, const Scalar& alpha);
// The 2-D case: out [m, n] = beta * out + alpha * a [m, k] @ b [k, n].
void gemm2d(const Tensor& out, const Tensor& a, const Tensor& b, const Scalar& beta, const Scalar& alpha);

}  // namespace ember::linalg
