// The tiny-product path of mm: float32 products of at most kSmallGemmMacs multiply-adds whose
// operands need no copy go straight to a direct kernel (kernels/small_gemm_kernels.h) instead of
// the batched BLAS driver, whose fixed cost (views, layout analysis, route choice, the library's
// own argument handling and buffers) is several times the arithmetic at these sizes.
#pragma once

#include "ember/tensor/tensor.h"

namespace ember::linalg {

// Up to this many multiply-adds a product counts as tiny: a recurrent cell with hidden size 128
// at batch 1 (1x128 by 128x512) still is; above, BLAS's blocking starts to pay.
constexpr int64_t kSmallGemmMacs = 64 * 1024;

// a [m, k] @ b [k, n] as a fresh contiguous tensor, or an undefined tensor when the fast path does
// not apply (the caller has checked shapes and dtypes already).
Tensor trySmallMm(const Tensor& a, const Tensor& b);

}  // namespace ember::linalg
