// Tensor ops that write through indices with a reduction or from a packed source:
// scatter_reduce (sum, prod, mean, amax, amin; include_self), index_reduce, index_copy,
// masked_scatter, put, diagonal_scatter and as_strided_scatter, with PyTorch 1.13's checks and messages.
// In-place forms return self, as the dim-wise ops of indexing.h do.
#pragma once

#include <optional>
#include <string_view>

#include "ember/array_ref.h"
#include "ember/tensor/tensor.h"

namespace ember {

// self[.., index[i][j].., ..] = reduce(self[...] (when include_self), src[i][j]...) along dim.
// reduce: "sum", "prod", "mean" (integers: floor division by the count), "amax", "amin".
const Tensor& scatter_reduce_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                              std::string_view reduce, bool include_self = true);
Tensor scatter_reduce(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                      std::string_view reduce, bool include_self = true);

// index_reduce: reduce over self.select(dim, index[i]) and source.select(dim, i);
// reduce: "prod", "mean", "amax", "amin". index is a vector of int64 or int32.
const Tensor& index_reduce_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source,
                            std::string_view reduce, bool include_self = true);
Tensor index_reduce(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source,
                    std::string_view reduce, bool include_self = true);

// index_copy: self.select(dim, index[i]) = source.select(dim, i).
const Tensor& index_copy_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source);
Tensor index_copy(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source);

// masked_scatter: the elements of self where mask is true (in row-major order) take source's
// first elements, in order. The out-of-place form broadcasts self with mask.
const Tensor& masked_scatter_(const Tensor& self, const Tensor& mask, const Tensor& source);
Tensor masked_scatter(const Tensor& self, const Tensor& mask, const Tensor& source);

// put: self viewed as 1-D, self[index[i]] = source[i] (or += with accumulate); negative
// indices count from the end.
const Tensor& put_(const Tensor& self, const Tensor& index, const Tensor& source, bool accumulate = false);
Tensor put(const Tensor& self, const Tensor& index, const Tensor& source, bool accumulate = false);

// diagonal_scatter: a copy of self whose diagonal(offset, dim1, dim2) is src.
Tensor diagonal_scatter(const Tensor& self, const Tensor& src, int64_t offset = 0, int64_t dim1 = 0,
                        int64_t dim2 = 1);

// as_strided_scatter: a copy of self whose as_strided(size, stride, storage_offset) view is src.
Tensor as_strided_scatter(const Tensor& self, const Tensor& src, IntArrayRef size, IntArrayRef stride,
                          std::optional<int64_t> storage_offset = std::nullopt);

}  // namespace ember
