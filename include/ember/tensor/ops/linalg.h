// Tensor ops of the linalg family: matrix products with PyTorch 1.13's semantics (dtypes,
// broadcasting, error texts). GEMM goes to oneDNN or OpenBLAS (src/tensor/blas_backend.h).
//
// Dtypes: uint8/int8/int16/int32/int64, bfloat16, float32, float64 (PyTorch 1.13 rejects bool and
// float16 on CPU, and so does ember). Operands must share a dtype ("expected scalar type Float
// but found Double"); integer products wrap around as in PyTorch.
// `beta`/`alpha`: result = beta * self + alpha * (product); beta == 0 ignores self (NaN included).
// `_out` forms take the out tensor first (ATen's C++ order) and resize it.
#pragma once

#include <string_view>

#include "ember/tensor/tensor.h"

namespace ember {

// ---- matrix-matrix ----
Tensor mm(const Tensor& self, const Tensor& mat2);
Tensor& mm_out(Tensor& out, const Tensor& self, const Tensor& mat2);
Tensor bmm(const Tensor& self, const Tensor& mat2);
Tensor& bmm_out(Tensor& out, const Tensor& self, const Tensor& mat2);
// self broadcasts to [n, p].
Tensor addmm(const Tensor& self, const Tensor& mat1, const Tensor& mat2, const Scalar& beta = 1,
             const Scalar& alpha = 1);
Tensor& addmm_(Tensor& self, const Tensor& mat1, const Tensor& mat2, const Scalar& beta = 1, const Scalar& alpha = 1);
Tensor& addmm_out(Tensor& out, const Tensor& self, const Tensor& mat1, const Tensor& mat2, const Scalar& beta = 1,
                  const Scalar& alpha = 1);
// self broadcasts to [b, n, p].
Tensor baddbmm(const Tensor& self, const Tensor& batch1, const Tensor& batch2, const Scalar& beta = 1,
               const Scalar& alpha = 1);
Tensor& baddbmm_(Tensor& self, const Tensor& batch1, const Tensor& batch2, const Scalar& beta = 1,
                 const Scalar& alpha = 1);
Tensor& baddbmm_out(Tensor& out, const Tensor& self, const Tensor& batch1, const Tensor& batch2, const Scalar& beta = 1,
                    const Scalar& alpha = 1);
// Sum over the batch of batch1[i] @ batch2[i]; self broadcasts to [n, p].
Tensor addbmm(const Tensor& self, const Tensor& batch1, const Tensor& batch2, const Scalar& beta = 1,
              const Scalar& alpha = 1);
Tensor& addbmm_(Tensor& self, const Tensor& batch1, const Tensor& batch2, const Scalar& beta = 1,
                const Scalar& alpha = 1);
Tensor& addbmm_out(Tensor& out, const Tensor& self, const Tensor& batch1, const Tensor& batch2, const Scalar& beta = 1,
                   const Scalar& alpha = 1);

// ---- matrix-vector, vector-vector ----
Tensor mv(const Tensor& self, const Tensor& vec);
Tensor& mv_out(Tensor& out, const Tensor& self, const Tensor& vec);
Tensor addmv(const Tensor& self, const Tensor& mat, const Tensor& vec, const Scalar& beta = 1, const Scalar& alpha = 1);
Tensor& addmv_(Tensor& self, const Tensor& mat, const Tensor& vec, const Scalar& beta = 1, const Scalar& alpha = 1);
Tensor& addmv_out(Tensor& out, const Tensor& self, const Tensor& mat, const Tensor& vec, const Scalar& beta = 1,
                  const Scalar& alpha = 1);
// 0-dim result.
Tensor dot(const Tensor& self, const Tensor& tensor);
Tensor& dot_out(Tensor& out, const Tensor& self, const Tensor& tensor);
Tensor vdot(const Tensor& self, const Tensor& other);  // dot for real dtypes
// outer product of two 1-D tensors; dtypes promote (any dtype, bool included), as mul does.
Tensor outer(const Tensor& self, const Tensor& vec2);
Tensor& outer_out(Tensor& out, const Tensor& self, const Tensor& vec2);
Tensor ger(const Tensor& self, const Tensor& vec2);

// ---- matmul, linear, einsum ----
// torch.matmul: 1-D x 1-D dot, 2-D x 1-D mv, 1-D x 2-D (prepended dim removed), 2-D x 2-D mm,
// N-D batched with broadcast batch dims (1-D operands get a dim prepended/appended and removed).
Tensor matmul(const Tensor& self, const Tensor& other);
Tensor& matmul_out(Tensor& out, const Tensor& self, const Tensor& other);
// input @ weight.T + bias (weight [out, in], bias broadcast over the result).
Tensor linear(const Tensor& input, const Tensor& weight, const Tensor& bias = {});
Tensor& linear_out(Tensor& out, const Tensor& input, const Tensor& weight, const Tensor& bias = {});
// torch.einsum: lower/upper-case subscripts, "...", implicit output (sorted subscripts seen once),
// repeated subscripts in one operand take the diagonal; contractions run as bmm.
Tensor einsum(std::string_view equation, ArrayRef<Tensor> tensors);

}  // namespace ember
