// segment_reduce: reductions over consecutive segments of one dim, with PyTorch 1.13's
// semantics (empty segments give the initial value, or the reduction's identity; mean of an
// empty segment is NaN).
#pragma once

#include <optional>
#include <string_view>

#include "ember/tensor/tensor.h"

namespace ember {

// reduce: "max", "min", "sum", "mean", "prod". Segments are given by lengths (summing to
// data.size(axis) unless unsafe) or by offsets (lengths + 1 boundaries); lengths / offsets have
// data's leading dims before axis. indices are not supported (as in PyTorch 1.13).
Tensor segment_reduce(const Tensor& data, std::string_view reduce, const std::optional<Tensor>& lengths,
                      const std::optional<Tensor>& indices, const std::optional<Tensor>& offsets, int64_t axis = 0,
                      bool unsafe = false, const std::optional<Scalar>& initial = std::nullopt);

}  // namespace ember
