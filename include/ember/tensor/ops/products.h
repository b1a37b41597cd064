// Tensor ops that combine tensors into products or pairwise statistics: kron, tensordot,
// inner, addr, cross / linalg_cross, block_diag, cartesian_prod, combinations, cdist, cov,
// corrcoef, with PyTorch 1.13's dtype rules and messages. They are compositions of the
// vectorised pointwise, reduction and GEMM ops.
#pragma once

#include <optional>

#include "ember/array_ref.h"
#include "ember/tensor/tensor.h"

namespace ember {

// Kronecker product (shapes right-aligned, padded with 1s).
Tensor kron(const Tensor& self, const Tensor& other);
// Contracts dims_self of self with dims_other of other (same dtype), as one matrix product.
Tensor tensordot(const Tensor& self, const Tensor& other, IntArrayRef dims_self, IntArrayRef dims_other);
// Contraction over the last dims (a product when either is 0-dim).
Tensor inner(const Tensor& self, const Tensor& other);
// beta * self + alpha * outer(vec1, vec2), self broadcast to the outer product's shape.
Tensor addr(const Tensor& self, const Tensor& vec1, const Tensor& vec2, const Scalar& beta = 1,
            const Scalar& alpha = 1);
Tensor& addr_(Tensor& self, const Tensor& vec1, const Tensor& vec2, const Scalar& beta = 1, const Scalar& alpha = 1);
// 3-vector cross products along dim: linalg_cross broadcasts (dims of equal count, default -1);
// cross without dim uses the first dim of size 3.
Tensor linalg_cross(const Tensor& self, const Tensor& other, int64_t dim = -1);
Tensor cross(const Tensor& self, const Tensor& other, std::optional<int64_t> dim = std::nullopt);
// Block-diagonal matrix of 0-, 1- and 2-D tensors (promoted dtype).
Tensor block_diag(ArrayRef<Tensor> tensors);
// Cartesian product of 1-D tensors: [N, k] rows (a 1-D input is returned as is).
Tensor cartesian_prod(ArrayRef<Tensor> tensors);
// The r-length combinations (with replacement: multisets) of a 1-D tensor's elements, in order.
Tensor combinations(const Tensor& self, int64_t r = 2, bool with_replacement = false);
// p-norm distances between the rows of x1 [.., P, M] and x2 [.., R, M]: [.., P, R].
Tensor cdist(const Tensor& x1, const Tensor& x2, double p = 2.0, std::optional<int64_t> compute_mode = std::nullopt);
Tensor _euclidean_dist(const Tensor& x1, const Tensor& x2);
// Covariance of the rows (variables) of a 1- or 2-D tensor over its columns (observations).
Tensor cov(const Tensor& self, int64_t correction = 1, const std::optional<Tensor>& fweights = std::nullopt,
           const std::optional<Tensor>& aweights = std::nullopt);
// Pearson correlation coefficients of the rows, clamped to [-1, 1].
Tensor corrcoef(const Tensor& self);

}  // namespace ember
