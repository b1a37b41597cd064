// Tensor ops of the reduce family: reductions (sum, mean, prod, max/min, amax/amin,
// argmax/argmin, var/std, norm, logsumexp, all/any), cumulative ops (cumsum, cumprod),
// softmax/log_softmax, and sorting ops (sort, argsort, topk, median). PyTorch 1.13 semantics.
//
// Dim lists: an empty `dim` list reduces every dim (as sum/mean/amax/var do in 1.13).
// `_out` forms take the out tensor first (as ATen's C++ API does) and resize it.
#pragma once

#include <optional>
#include <string_view>
#include <tuple>

#include "ember/tensor/tensor.h"

namespace ember {

// ---- sum / mean / prod ----
// Integral and bool inputs sum to int64 unless `dtype` is given; with `dtype` the input is cast first.
Tensor sum(const Tensor& self, std::optional<ScalarType> dtype = std::nullopt);
Tensor sum(const Tensor& self, IntArrayRef dim, bool keepdim = false, std::optional<ScalarType> dtype = std::nullopt);
// Without `dtype` the result has out's dtype.
Tensor& sum_out(Tensor& out, const Tensor& self, IntArrayRef dim, bool keepdim = false,
                std::optional<ScalarType> dtype = std::nullopt);
Tensor nansum(const Tensor& self, IntArrayRef dim = {}, bool keepdim = false,
              std::optional<ScalarType> dtype = std::nullopt);
Tensor mean(const Tensor& self, std::optional<ScalarType> dtype = std::nullopt);
Tensor mean(const Tensor& self, IntArrayRef dim, bool keepdim = false, std::optional<ScalarType> dtype = std::nullopt);
Tensor& mean_out(Tensor& out, const Tensor& self, IntArrayRef dim, bool keepdim = false,
                 std::optional<ScalarType> dtype = std::nullopt);
Tensor prod(const Tensor& self, std::optional<ScalarType> dtype = std::nullopt);
Tensor prod(const Tensor& self, int64_t dim, bool keepdim = false, std::optional<ScalarType> dtype = std::nullopt);
Tensor& prod_out(Tensor& out, const Tensor& self, int64_t dim, bool keepdim = false,
                 std::optional<ScalarType> dtype = std::nullopt);
// log(sum(exp(x))) computed stably; integral inputs give the default float dtype.
Tensor logsumexp(const Tensor& self, IntArrayRef dim, bool keepdim = false);
Tensor& logsumexp_out(Tensor& out, const Tensor& self, IntArrayRef dim, bool keepdim = false);

// ---- max / min family ----
// Full reductions give a 0-dim tensor; NaN propagates. With a dim: (values, indices), ties pick
// the first index.
Tensor max(const Tensor& self);
Tensor min(const Tensor& self);
std::tuple<Tensor, Tensor> max(const Tensor& self, int64_t dim, bool keepdim = false);
std::tuple<Tensor, Tensor> min(const Tensor& self, int64_t dim, bool keepdim = false);
std::tuple<Tensor&, Tensor&> max_out(Tensor& values, Tensor& indices, const Tensor& self, int64_t dim,
                                     bool keepdim = false);
std::tuple<Tensor&, Tensor&> min_out(Tensor& values, Tensor& indices, const Tensor& self, int64_t dim,
                                     bool keepdim = false);
Tensor amax(const Tensor& self, IntArrayRef dim = {}, bool keepdim = false);
Tensor amin(const Tensor& self, IntArrayRef dim = {}, bool keepdim = false);
Tensor& amax_out(Tensor& out, const Tensor& self, IntArrayRef dim = {}, bool keepdim = false);
Tensor& amin_out(Tensor& out, const Tensor& self, IntArrayRef dim = {}, bool keepdim = false);
std::tuple<Tensor, Tensor> aminmax(const Tensor& self, std::optional<int64_t> dim = std::nullopt, bool keepdim = false);
// Without dim: the index into the flattened tensor.
Tensor argmax(const Tensor& self, std::optional<int64_t> dim = std::nullopt, bool keepdim = false);
Tensor argmin(const Tensor& self, std::optional<int64_t> dim = std::nullopt, bool keepdim = false);
Tensor& argmax_out(Tensor& out, const Tensor& self, std::optional<int64_t> dim = std::nullopt, bool keepdim = false);
Tensor& argmin_out(Tensor& out, const Tensor& self, std::optional<int64_t> dim = std::nullopt, bool keepdim = false);

// ---- var / std ----
// `correction` is the divisor offset (N - correction); unbiased=true means correction 1.
// Pass the correction overload an explicit std::optional<int64_t> (a plain int would pick `unbiased`).
Tensor var(const Tensor& self, bool unbiased = true);
Tensor var(const Tensor& self, IntArrayRef dim, bool unbiased = true, bool keepdim = false);
Tensor var(const Tensor& self, IntArrayRef dim, std::optional<int64_t> correction, bool keepdim = false);
Tensor std(const Tensor& self, bool unbiased = true);
Tensor std(const Tensor& self, IntArrayRef dim, bool unbiased = true, bool keepdim = false);
Tensor std(const Tensor& self, IntArrayRef dim, std::optional<int64_t> correction, bool keepdim = false);
Tensor& var_out(Tensor& out, const Tensor& self, IntArrayRef dim, bool unbiased = true, bool keepdim = false);
Tensor& std_out(Tensor& out, const Tensor& self, IntArrayRef dim, bool unbiased = true, bool keepdim = false);
// (var or std, mean)
std::tuple<Tensor, Tensor> var_mean(const Tensor& self, bool unbiased = true);
std::tuple<Tensor, Tensor> var_mean(const Tensor& self, IntArrayRef dim, bool unbiased = true, bool keepdim = false);
std::tuple<Tensor, Tensor> var_mean(const Tensor& self, IntArrayRef dim, std::optional<int64_t> correction,
                                    bool keepdim = false);
std::tuple<Tensor, Tensor> std_mean(const Tensor& self, bool unbiased = true);
std::tuple<Tensor, Tensor> std_mean(const Tensor& self, IntArrayRef dim, bool unbiased = true, bool keepdim = false);
std::tuple<Tensor, Tensor> std_mean(const Tensor& self, IntArrayRef dim, std::optional<int64_t> correction,
                                    bool keepdim = false);

// ---- norm ----
// p-norm over `dim` (all dims when empty): p = 2 (default), 1, inf, -inf, 0 (count of non-zeros),
// any other p. Floating inputs only; `dtype` casts the input first.
Tensor norm(const Tensor& self, const std::optional<Scalar>& p = Scalar(2.0), IntArrayRef dim = {},
            bool keepdim = false, std::optional<ScalarType> dtype = std::nullopt);
// p = "fro" (Frobenius, the 2-norm over dim) or "nuc" (not supported: needs SVD).
Tensor norm(const Tensor& self, std::string_view p, IntArrayRef dim = {}, bool keepdim = false,
            std::optional<ScalarType> dtype = std::nullopt);
inline Tensor norm(const Tensor& self, const char* p, IntArrayRef dim = {}, bool keepdim = false,
                   std::optional<ScalarType> dtype = std::nullopt) {
  return norm(self, std::string_view(p), dim, keepdim, dtype);
}
Tensor& norm_out(Tensor& out, const Tensor& self, const std::optional<Scalar>& p, IntArrayRef dim,
                 bool keepdim = false, std::optional<ScalarType> dtype = std::nullopt);

// ---- all / any ----
// Bool results, except uint8 inputs give uint8 (as PyTorch 1.13 does).
Tensor all(const Tensor& self);
Tensor all(const Tensor& self, int64_t dim, bool keepdim = false);
Tensor any(const Tensor& self);
Tensor any(const Tensor& self, int64_t dim, bool keepdim = false);
Tensor& all_out(Tensor& out, const Tensor& self, int64_t dim, bool keepdim = false);
Tensor& any_out(Tensor& out, const Tensor& self, int64_t dim, bool keepdim = false);

// ---- cumulative ----
// Integral and bool inputs give int64 unless `dtype` is given.
Tensor cumsum(const Tensor& self, int64_t dim, std::optional<ScalarType> dtype = std::nullopt);
Tensor cumprod(const Tensor& self, int64_t dim, std::optional<ScalarType> dtype = std::nullopt);
Tensor& cumsum_out(Tensor& out, const Tensor& self, int64_t dim, std::optional<ScalarType> dtype = std::nullopt);
Tensor& cumprod_out(Tensor& out, const Tensor& self, int64_t dim, std::optional<ScalarType> dtype = std::nullopt);
std::tuple<Tensor, Tensor> cummax(const Tensor& self, int64_t dim);
std::tuple<Tensor, Tensor> cummin(const Tensor& self, int64_t dim);

// ---- softmax ----
// Numerically stable (subtracts the max); `dtype` casts the input first. Floating types only.
Tensor softmax(const Tensor& self, int64_t dim, std::optional<ScalarType> dtype = std::nullopt);
Tensor log_softmax(const Tensor& self, int64_t dim, std::optional<ScalarType> dtype = std::nullopt);

// ---- sorting ----
// NaN sorts as the largest value. (values, indices); `stable` keeps equal elements in order
// (ember's sort is always stable).
std::tuple<Tensor, Tensor> sort(const Tensor& self, int64_t dim = -1, bool descending = false);
std::tuple<Tensor, Tensor> sort(const Tensor& self, std::optional<bool> stable, int64_t dim = -1,
                                bool descending = false);
std::tuple<Tensor&, Tensor&> sort_out(Tensor& values, Tensor& indices, const Tensor& self, int64_t dim = -1,
                                      bool descending = false);
// Indices that sort self along dim (stably).
Tensor argsort(const Tensor& self, int64_t dim = -1, bool descending = false);
// The k largest (or smallest) along dim; sorted by value when `sorted`.
std::tuple<Tensor, Tensor> topk(const Tensor& self, int64_t k, int64_t dim = -1, bool largest = true,
                                bool sorted = true);
std::tuple<Tensor&, Tensor&> topk_out(Tensor& values, Tensor& indices, const Tensor& self, int64_t k,
                                      int64_t dim = -1, bool largest = true, bool sorted = true);
// The k-th smallest (1-based) along dim.
std::tuple<Tensor, Tensor> kthvalue(const Tensor& self, int64_t k, int64_t dim = -1, bool keepdim = false);
// Full: the lower median, NaN if any element is NaN. With dim: (values, indices).
Tensor median(const Tensor& self);
std::tuple<Tensor, Tensor> median(const Tensor& self, int64_t dim, bool keepdim = false);
// Like median but ignoring NaNs.
Tensor nanmedian(const Tensor& self);
std::tuple<Tensor, Tensor> nanmedian(const Tensor& self, int64_t dim, bool keepdim = false);

}  // namespace ember
