// The unique family: _unique2, _unique, unique_dim, unique_consecutive, unique_dim_consecutive.
//
// All are one algorithm over "rows": the input viewed as n rows of len elements (len = 1 for
// element-wise unique, the other dims' product for unique along dim). Rows are optionally sorted
// (a stable lexicographic order, so equal rows keep their input order), then runs of equal rows
// form the groups: the first row of each group is the unique value, the group number is the
// inverse index of each member, and the run length its count.
#include <algorithm>
#include <numeric>
#include <vector>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/counting.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/indexing.h"
#include "ember/tensor/ops/shape.h"

namespace ember {

namespace {

struct Groups {
  std::vector<int64_t> firsts;   // input row of each group's first member
  std::vector<int64_t> counts;   // members per group
  std::vector<int64_t> inverse;  // group of each input row
};

template <typename T>
Groups groupRows(const T* data, int64_t n, int64_t len, bool sortRows) {
  auto rowLess = [&](int64_t a, int64_t b) {
    const T* x = data + a * len;
    const T* y = data + b * len;
    for (int64_t k = 0; k < len; ++k) {
      if (x[k] < y[k]) return true;
      if (y[k] < x[k]) return false;
    }
    return false;
  };
  auto rowEqual = [&](int64_t a, int64_t b) {
    const T* x = data + a * len;
    const T* y = data + b * len;
    for (int64_t k = 0; k < len; ++k)
      if (!(x[k] == y[k])) return false;
    return true;
  };
  std::vector<int64_t> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), int64_t{0});
  if (sortRows) std::stable_sort(order.begin(), order.end(), rowLess);
  Groups g;
  g.inverse.resize(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    if (i == 0 || !rowEqual(order[i - 1], order[i])) {
      g.firsts.push_back(order[i]);
      g.counts.push_back(0);
    }
    ++g.counts.back();
    g.inverse[order[i]] = static_cast<int64_t>(g.firsts.size()) - 1;
  }
  return g;
}

Groups groupsOf(const Tensor& rows2d, bool sortRows) {
  const int64_t n = rows2d.sizes()[0], len = rows2d.sizes()[1];
  return visitDtype(rows2d.dtype(), [&]<typename T>() {
    return groupRows<T>(static_cast<const T*>(rows2d.data_ptr()), n, len, sortRows);
  }, "unique");
}

Tensor longVector(const std::vector<int64_t>& v, IntArrayRef sizes) {
  Tensor t = empty(sizes, kLong);
  if (!v.empty()) std::copy(v.begin(), v.end(), t.data_ptr<int64_t>());
  return t;
}
Tensor longVector(const std::vector<int64_t>& v) {
  return longVector(v, {static_cast<int64_t>(v.size())});
}

// Element-wise unique (sorted or consecutive); inverse has self's shape.
std::tuple<Tensor, Tensor, Tensor> uniqueFlat(const Tensor& self, bool sortRows, bool returnInverse,
                                              bool returnCounts) {
  Tensor flat = reshape(ember::contiguous(self), {self.numel(), 1});
  Groups g = groupsOf(flat, sortRows);
  Tensor values = reshape(index_select(flat, 0, longVector(g.firsts)), {static_cast<int64_t>(g.firsts.size())});
  Tensor inverse = returnInverse ? longVector(g.inverse, self.sizes()) : empty({0}, kLong);
  Tensor counts = returnCounts ? longVector(g.counts) : empty({0}, kLong);
  return {values, inverse, counts};
}

std::tuple<Tensor, Tensor, Tensor> uniqueAlongDim(const Tensor& self, int64_t dim, bool sortRows) {
  dim = wrapDim(dim, self.dim());
  if (self.numel() == 0) {
    int64_t zeroDims = 0;
    for (int64_t s : self.sizes()) zeroDims += s == 0;
    EMBER_CHECK(zeroDims == 1, "Number of zero sized dimensions is more than one, so unique cannot be applied ");
    EMBER_CHECK(self.sizes()[dim] == 0,
                "There are 0 sized dimensions, and they aren't selected, so unique cannot be applied");
    return {empty(self.sizes(), self.dtype()), empty({0}, kLong), empty({0}, kLong)};
  }
  const int64_t n = self.dim() == 0 ? 1 : self.sizes()[dim];
  Tensor rows = reshape(ember::contiguous(self.dim() == 0 ? self : movedim(self, dim, 0)), {n, self.numel() / n});
  Groups g = groupsOf(rows, sortRows);
  // Along a dim, PyTorch always returns the inverse and the counts.
  return {index_select(self, dim, longVector(g.firsts)), longVector(g.inverse), longVector(g.counts)};
}

}  // namespace

std::tuple<Tensor, Tensor, Tensor> _unique2(const Tensor& self, bool /*sorted*/, bool return_inverse,
                                            bool return_counts) {
  // PyTorch's sorted path fills the inverse whenever counts are asked for too.
  return uniqueFlat(self, true, return_inverse || return_counts, return_counts);
}

std::tuple<Tensor, Tensor> _unique(const Tensor& self, bool sorted, bool return_inverse) {
  auto [values, inverse, counts] = _unique2(self, sorted, return_inverse, false);
  return {values, inverse};
}

std::tuple<Tensor, Tensor, Tensor> unique_dim(const Tensor& self, int64_t dim, bool /*sorted*/,
                                              bool /*return_inverse*/, bool /*return_counts*/) {
  return uniqueAlongDim(self, dim, true);
}

std::tuple<Tensor, Tensor, Tensor> unique_consecutive(const Tensor& self, bool return_inverse, bool return_counts,
                                                      std::optional<int64_t> dim) {
  if (dim && !(self.dim() == 1 && wrapDim(*dim, 1) == 0)) return uniqueAlongDim(self, *dim, false);
  return uniqueFlat(self, false, return_inverse, return_counts);
}

std::tuple<Tensor, Tensor, Tensor> unique_dim_consecutive(const Tensor& self, int64_t dim, bool /*return_inverse*/,
                                                          bool /*return_counts*/) {
  return uniqueAlongDim(self, dim, false);
}

}  // namespace ember
