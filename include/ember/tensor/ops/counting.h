// Tensor ops that count, search and rank values: the unique family, bincount, histc,
// histogram, searchsorted, bucketize, isin, mode, quantile / nanquantile and logcumsumexp,
// with PyTorch 1.13's result dtypes, shapes and messages.
#pragma once

#include <optional>
#include <string_view>
#include <tuple>
#include <vector>

#include "ember/array_ref.h"
#include "ember/tensor/tensor.h"

namespace ember {

// ---- unique: (values, inverse indices, counts); inverse/counts are empty unless asked for ----
// sorted=false gives PyTorch 1.13's order (a std::unordered_set's iteration order); bool
// results are always sorted, as PyTorch's.
std::tuple<Tensor, Tensor, Tensor> _unique2(const Tensor& self, bool sorted = true, bool return_inverse = false,
                                            bool return_counts = false);
std::tuple<Tensor, Tensor> _unique(const Tensor& self, bool sorted = true, bool return_inverse = false);
// Unique slices along dim (sorted lexicographically).
std::tuple<Tensor, Tensor, Tensor> unique_dim(const Tensor& self, int64_t dim, bool sorted = true,
                                              bool return_inverse = false, bool return_counts = false);
// Runs of equal consecutive values (or slices along dim) collapse to one.
std::tuple<Tensor, Tensor, Tensor> unique_consecutive(const Tensor& self, bool return_inverse = false,
                                                      bool return_counts = false,
                                                      std::optional<int64_t> dim = std::nullopt);
std::tuple<Tensor, Tensor, Tensor> unique_dim_consecutive(const Tensor& self, int64_t dim,
                                                          bool return_inverse = false, bool return_counts = false);

// ---- histograms ----
// bincount: counts (int64) or summed weights (float32 weights stay float32, others give float64)
// of each value of a 1-D non-negative integer tensor.
Tensor bincount(const Tensor& self, const std::optional<Tensor>& weights = std::nullopt, int64_t minlength = 0);
// histc: `bins` equal bins over [min, max] (the data's range when min == max); floating dtypes.
Tensor histc(const Tensor& self, int64_t bins = 100, const Scalar& min = 0, const Scalar& max = 0);
// histogram with `bins` equal bins over range (or the data's range): (hist, bin_edges).
std::tuple<Tensor, Tensor> histogram(const Tensor& self, int64_t bins, std::optional<std::vector<double>> range,
                                     const std::optional<Tensor>& weight, bool density);
// histogram over the given increasing bin edges.
std::tuple<Tensor, Tensor> histogram(const Tensor& self, const Tensor& bins, const std::optional<Tensor>& weight,
                                     bool density);

// histogramdd of the rows of self [..., D]: bins per dim (equal bins over range, given as D
// (min, max) pairs, or the data's range), or given bin edges per dim: (hist, bin_edges).
std::tuple<Tensor, std::vector<Tensor>> histogramdd(const Tensor& self, IntArrayRef bins,
                                                    std::optional<std::vector<double>> range,
                                                    const std::optional<Tensor>& weight, bool density);
std::tuple<Tensor, std::vector<Tensor>> histogramdd(const Tensor& self, ArrayRef<Tensor> bins,
                                                    const std::optional<Tensor>& weight, bool density);

// ---- searching ----
// Index where each value of self would be inserted into the innermost rows of sorted_sequence
// (a 1-D sequence, or one whose leading dims match self's). side "right" (or right=true) puts
// it after equal values; sorter gives the order of an unsorted sequence.
Tensor searchsorted(const Tensor& sorted_sequence, const Tensor& self, bool out_int32 = false, bool right = false,
                    std::optional<std::string_view> side = std::nullopt,
                    const std::optional<Tensor>& sorter = std::nullopt);
Tensor searchsorted(const Tensor& sorted_sequence, const Scalar& self, bool out_int32 = false, bool right = false,
                    std::optional<std::string_view> side = std::nullopt,
                    const std::optional<Tensor>& sorter = std::nullopt);
// bucketize: searchsorted with 1-D boundaries and the arguments the other way round.
Tensor bucketize(const Tensor& self, const Tensor& boundaries, bool out_int32 = false, bool right = false);
Tensor bucketize(const Scalar& self, const Tensor& boundaries, bool out_int32 = false, bool right = false);
// isin: whether each element is among test_elements (bool, elements' shape).
Tensor isin(const Tensor& elements, const Tensor& test_elements, bool assume_unique = false, bool invert = false);
Tensor isin(const Tensor& elements, const Scalar& test_element, bool assume_unique = false, bool invert = false);
Tensor isin(const Scalar& element, const Tensor& test_elements, bool assume_unique = false, bool invert = false);

// ---- ranks ----
// mode along dim: the most frequent value (the smallest on ties) and its last index.
std::tuple<Tensor, Tensor> mode(const Tensor& self, int64_t dim = -1, bool keepdim = false);
// quantile / nanquantile (NaN ignored) of float/double input; q a float or a 0/1-D tensor of
// self's dtype; interpolation: linear, lower, higher, midpoint, nearest.
Tensor quantile(const Tensor& self, const Tensor& q, std::optional<int64_t> dim = std::nullopt, bool keepdim = false,
                std::string_view interpolation = "linear");
Tensor quantile(const Tensor& self, double q, std::optional<int64_t> dim = std::nullopt, bool keepdim = false,
                std::string_view interpolation = "linear");
Tensor nanquantile(const Tensor& self, const Tensor& q, std::optional<int64_t> dim = std::nullopt,
                   bool keepdim = false, std::string_view interpolation = "linear");
Tensor nanquantile(const Tensor& self, double q, std::optional<int64_t> dim = std::nullopt, bool keepdim = false,
                   std::string_view interpolation = "linear");
// logcumsumexp: log(cumsum(exp(self))) along dim, computed without overflow; floating dtypes.
Tensor logcumsumexp(const Tensor& self, int64_t dim);

}  // namespace ember
