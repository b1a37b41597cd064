// Tensor ops that build structured tensors or work along one dim: diag_embed, diagflat,
// tril_indices / triu_indices, sum_to_size, narrow_copy, vander, renorm, diff, trapezoid / trapz,
// cumulative_trapezoid, with PyTorch 1.13's results and messages.
#pragma once

#include <optional>
#include <vector>

#include "ember/tensor/tensor.h"
#include "ember/tensor/tensor_options.h"

namespace ember {

// Tensors whose diagonal (offset, dim1, dim2) holds self's last dim; zeros elsewhere.
Tensor diag_embed(const Tensor& self, int64_t offset = 0, int64_t dim1 = -2, int64_t dim2 = -1);
// A square matrix with self's elements (flattened) on diagonal `offset`.
Tensor diagflat(const Tensor& self, int64_t offset = 0);
// [2, N] coordinates of the lower (upper) triangle of a row x col matrix, row by row.
Tensor tril_indices(int64_t row, int64_t col, int64_t offset = 0, TensorOptions options = kLong);
Tensor triu_indices(int64_t row, int64_t col, int64_t offset = 0, TensorOptions options = kLong);
// Sums self down to `size` (which must expand to self's shape); self itself when it has that size.
Tensor sum_to_size(const Tensor& self, IntArrayRef size);
// narrow, copied into a new contiguous tensor.
Tensor narrow_copy(const Tensor& self, int64_t dim, int64_t start, int64_t length);
// Vandermonde matrix of a 1-D x: columns are powers of x (decreasing unless increasing).
Tensor vander(const Tensor& x, std::optional<int64_t> N = std::nullopt, bool increasing = false);
// Rescales each slice along dim whose p-norm exceeds maxnorm to norm maxnorm.
Tensor renorm(const Tensor& self, const Scalar& p, int64_t dim, const Scalar& maxnorm);
Tensor& renorm_(Tensor& self, const Scalar& p, int64_t dim, const Scalar& maxnorm);
// n-th forward difference along dim, after prepending / appending the given tensors.
Tensor diff(const Tensor& self, int64_t n = 1, int64_t dim = -1, const std::optional<Tensor>& prepend = std::nullopt,
            const std::optional<Tensor>& append = std::nullopt);
// Trapezoidal rule along dim, with sample points x or a constant spacing dx.
Tensor trapezoid(const Tensor& y, const Tensor& x, int64_t dim = -1);
Tensor trapezoid(const Tensor& y, const Scalar& dx = 1, int64_t dim = -1);
Tensor cumulative_trapezoid(const Tensor& y, const Tensor& x, int64_t dim = -1);
Tensor cumulative_trapezoid(const Tensor& y, const Scalar& dx = 1, int64_t dim = -1);

}  // namespace ember

namespace ember {

// torch.gradient: second-order accurate central differences along each of dims (all dims
// when dims is nullopt), one-sided of order edge_order (1 or 2) at the ends. spacing gives
// one uniform step per dim (a single one applies to every dim); coordinates one 1-D tensor of
// sample positions per dim.
std::vector<Tensor> gradient(const Tensor& self, ArrayRef<Scalar> spacing, std::optional<DimVector> dims,
                             int64_t edge_order = 1);
std::vector<Tensor> gradient(const Tensor& self, ArrayRef<Tensor> coordinates, std::optional<DimVector> dims,
                             int64_t edge_order = 1);

}  // namespace ember
