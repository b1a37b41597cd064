// sort, argsort, topk, kthvalue, median, nanmedian. Every sort is stable and orders NaN as the
// largest value, as PyTorch's CPU kernels do.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/reduce.h"
#include "reduce_utils.h"

namespace ember {

using namespace reduce_detail;

namespace {

template <typename C>
bool isNanValue(C x) {
  return x != x;
}

// Stably orders positions [0, n) of a strided row; NaN is larger than every number.
template <typename T>
void sortRow(std::vector<int64_t>& order, const T* row, int64_t stride, int64_t n, bool descending) {
  using C = std::conditional_t<std::is_integral_v<T>, T, opmath_t<T>>;
  order.resize(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  auto at = [&](int64_t i) { return static_cast<C>(row[i * stride]); };
  if (descending) {
    std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
      C x = at(a), y = at(b);
      return !isNanValue(y) && (isNanValue(x) || x > y);
    });
  } else {
    std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
      C x = at(a), y = at(b);
      return !isNanValue(x) && (isNanValue(y) || x < y);
    });
  }
}

int64_t sortDim(const Tensor& self, int64_t dim) {
  if (self.dim() == 0) {
    wrapDim(dim, 0);
    return 0;
  }
  return wrapDim(dim, self.dim());
}

// Sorts every row along dim and keeps the first k positions of each (k = size for sort).
std::tuple<Tensor, Tensor> sortedPrefix(const char* name, const Tensor& self, int64_t dim, int64_t k, bool descending) {
  const int64_t d = sortDim(self, dim);
  DimVector outSizes(self.sizes());
  if (self.dim() > 0) outSizes[d] = k;
  Tensor values = empty(outSizes, self.dtype());
  Tensor indices = empty(outSizes, kLong);
  if (values.numel() == 0) return {values, indices};
  const int64_t outStride = self.dim() > 0 ? values.strides()[d] : 1;
  // Rows are walked over `self` and over a view of the output stretched to self's shape with
  // stride 0 along dim: it yields each output row's start; positions step by outStride.
  DimVector stretchedStrides(values.strides());
  if (self.dim() > 0) stretchedStrides[d] = 0;
  Tensor stretched = self.dim() > 0 ? Tensor::make(values.storage(), values.dtype(), self.sizes(), stretchedStrides)
                                    : values;
  visitDtype(self.dtype(), [&]<typename T>() {
    const T* src = static_cast<const T*>(self.data_ptr());
    T* vals = static_cast<T*>(values.data_ptr());
    int64_t* idx = static_cast<int64_t*>(indices.data_ptr());
    forEachRow(self, stretched, d, [&](int64_t ia, int64_t ib, int64_t n, int64_t sa, int64_t) {
      thread_local std::vector<int64_t> order;
      sortRow(order, src + ia, sa, n, descending);
      for (int64_t i = 0; i < k; ++i) {
        vals[ib + i * outStride] = src[ia + order[i] * sa];
        idx[ib + i * outStride] = order[i];
      }
    });
  }, name);
  return {values, indices};
}

// Reduces each row along dim to one sorted position chosen by pick(n, nanCount).
template <typename Pick>
std::tuple<Tensor, Tensor> selectRows(const char* name, const Tensor& self, int64_t dim, bool keepdim,
                                      const Pick& pick) {
  const int64_t d = sortDim(self, dim);
  if (self.dim() > 0)
    EMBER_CHECK_KIND(Index, self.sizes()[d] != 0, name, "(): Expected reduction dim ", d, " to have non-zero size.");
  DimMask mask = self.dim() > 0 ? DimMask{1} << d : 0;
  ReduceOutput values = makeReduceOutput(self, mask, self.dtype());
  ReduceOutput indices = makeReduceOutput(self, mask, kLong);
  if (self.numel() == 0) return {values.view(keepdim), indices.view(keepdim)};
  DimVector stretchedStrides(values.keep.strides());
  if (self.dim() > 0) stretchedStrides[d] = 0;
  Tensor stretched = Tensor::make(values.keep.storage(), values.keep.dtype(), self.sizes(), stretchedStrides);
  visitDtype(self.dtype(), [&]<typename T>() {
    if constexpr (std::is_same_v<T, bool> || std::is_same_v<T, Half>) {
      throwUnsupportedDtype((std::string(name) + "_cpu").c_str(), self.dtype());
    } else {
      const T* src = static_cast<const T*>(self.data_ptr());
      T* vals = static_cast<T*>(values.keep.data_ptr());
      int64_t* idx = static_cast<int64_t*>(indices.keep.data_ptr());
      forEachRow(self, stretched, d, [&](int64_t ia, int64_t ib, int64_t n, int64_t sa, int64_t) {
        thread_local std::vector<int64_t> order;
        sortRow(order, src + ia, sa, n, false);
        int64_t nans = 0;
        while (nans < n && isNanValue(static_cast<opmath_t<T>>(src[ia + order[n - 1 - nans] * sa]))) ++nans;
        int64_t pos = pick(n, nans);
        vals[ib] = src[ia + order[pos] * sa];
        idx[ib] = order[pos];
      });
    }
  }, name);
  return {values.view(keepdim), indices.view(keepdim)};
}

// Lower median; a row with NaN gives its first NaN (sorted stably after the numbers).
int64_t medianPos(int64_t n, int64_t nans) { return nans > 0 ? n - nans : (n - 1) / 2; }
int64_t nanMedianPos(int64_t n, int64_t nans) { return n == nans ? 0 : (n - nans - 1) / 2; }

Tensor medianAll(const char* name, const Tensor& self, bool ignoreNan) {
  EMBER_CHECK(self.dtype() != kBool && self.dtype() != kHalf, "\"", name, "_cpu\" not implemented for '",
              scalarTypeName(self.dtype()), "'");
  if (self.numel() == 0) return fullOf({}, std::nan(""), self.dtype());
  Tensor flat = castContiguous(self, self.dtype());
  Tensor row = Tensor::make(flat.storage(), flat.dtype(), {flat.numel()}, {1}, flat.storage_offset());
  auto r = selectRows(name, row, 0, false, ignoreNan ? nanMedianPos : medianPos);
  return std::get<0>(r);
}

}  // namespace

std::tuple<Tensor, Tensor> sort(const Tensor& self, int64_t dim, bool descending) {
  const int64_t d = sortDim(self, dim);
  return sortedPrefix("sort", self, dim, self.dim() > 0 ? self.sizes()[d] : 1, descending);
}

std::tuple<Tensor, Tensor> sort(const Tensor& self, std::optional<bool>, int64_t dim, bool descending) {
  return sort(self, dim, descending);
}

std::tuple<Tensor&, Tensor&> sort_out(Tensor& values, Tensor& indices, const Tensor& self, int64_t dim,
                                      bool descending) {
  auto [v, i] = sort(self, dim, descending);
  writeOut(values, v, "sort", true);
  writeOut(indices, i, "sort", true);
  return {values, indices};
}

Tensor argsort(const Tensor& self, int64_t dim, bool descending) { return std::get<1>(sort(self, dim, descending)); }

std::tuple<Tensor, Tensor> topk(const Tensor& self, int64_t k, int64_t dim, bool largest, bool) {
  const int64_t d = sortDim(self, dim);
  const int64_t size = self.dim() > 0 ? self.sizes()[d] : 1;
  EMBER_CHECK(k >= 0 && k <= size, "selected index k out of range");
  EMBER_CHECK(self.dtype() != kBool && self.dtype() != kHalf, "\"topk_cpu\" not implemented for '",
              scalarTypeName(self.dtype()), "'");
  return sortedPrefix("topk", self, dim, k, largest);
}

std::tuple<Tensor&, Tensor&> topk_out(Tensor& values, Tensor& indices, const Tensor& self, int64_t k, int64_t dim,
                                      bool largest, bool sorted) {
  auto [v, i] = topk(self, k, dim, largest, sorted);
  writeOut(values, v, "topk", true);
  writeOut(indices, i, "topk", true);
  return {values, indices};
}

std::tuple<Tensor, Tensor> kthvalue(const Tensor& self, int64_t k, int64_t dim, bool keepdim) {
  const int64_t d = sortDim(self, dim);
  const int64_t size = self.dim() > 0 ? self.sizes()[d] : 1;
  EMBER_CHECK(k >= 1 && k <= size, "kthvalue(): selected number k out of range for dimension ", d);
  return selectRows("kthvalue", self, dim, keepdim, [k](int64_t, int64_t) { return k - 1; });
}

Tensor median(const Tensor& self) { return medianAll("median", self, false); }
std::tuple<Tensor, Tensor> median(const Tensor& self, int64_t dim, bool keepdim) {
  return selectRows("median", self, dim, keepdim, medianPos);
}
Tensor nanmedian(const Tensor& self) { return medianAll("nanmedian", self, true); }
std::tuple<Tensor, Tensor> nanmedian(const Tensor& self, int64_t dim, bool keepdim) {
  return selectRows("nanmedian", self, dim, keepdim, nanMedianPos);
}

std::tuple<Tensor, Tensor> Tensor::sort(int64_t dim, bool descending) const { return ember::sort(*this, dim, descending); }
std::tuple<Tensor, Tensor> Tensor::sort(std::optional<bool> stable, int64_t dim, bool descending) const {
  return ember::sort(*this, stable, dim, descending);
}
Tensor Tensor::argsort(int64_t dim, bool descending) const { return ember::argsort(*this, dim, descending); }
std::tuple<Tensor, Tensor> Tensor::topk(int64_t k, int64_t dim, bool largest, bool sorted) const {
  return ember::topk(*this, k, dim, largest, sorted);
}
std::tuple<Tensor, Tensor> Tensor::kthvalue(int64_t k, int64_t dim, bool keepdim) const {
  return ember::kthvalue(*this, k, dim, keepdim);
}
Tensor Tensor::median() const { return ember::median(*this); }
std::tuple<Tensor, Tensor> Tensor::median(int64_t dim, bool keepdim) const {
  return ember::median(*this, dim, keepdim);
}
Tensor Tensor::nanmedian() const { return ember::nanmedian(*this); }
std::tuple<Tensor, Tensor> Tensor::nanmedian(int64_t dim, bool keepdim) const {
  return ember::nanmedian(*this, dim, keepdim);
}

}  // namespace ember
