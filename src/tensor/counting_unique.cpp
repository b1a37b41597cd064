// The unique family: _unique2, _unique, unique_dim, unique_consecutive, unique_dim_consecutive.
//
// Along a dim, the input is viewed as n rows (the slices) that are optionally sorted (a stable
// lexicographic order, so equal rows keep their input order); runs of equal rows form the groups:
// the first row of each group is the unique slice, the group number is the inverse index of each
// member, and the run length its count. Element-wise unique sorts the distinct values alone and
// finds each element's group by binary search; unique_consecutive groups runs directly.
#include <algorithm>
#include <cstring>
#include <functional>
#include <numeric>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/parallel.h"
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

// Groups of equal values in `values` read through order (the identity when null): one group per
// run of equal neighbours (unique_consecutive).
template <typename T>
Groups groupRuns(const T* values, const int64_t* order, int64_t n) {
  Groups g;
  g.inverse.resize(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    if (i == 0 || !(values[i - 1] == values[i])) {
      g.firsts.push_back(order ? order[i] : i);
      g.counts.push_back(0);
    }
    ++g.counts.back();
    g.inverse[order ? order[i] : i] = static_cast<int64_t>(g.firsts.size()) - 1;
  }
  return g;
}

// Sorted element-wise unique: the distinct values are sorted on their own (NaNs, never equal to
// anything, stay one entry each, last), then each element finds its value by binary search (in
// parallel) for the inverse, and the counts are tallied from the inverse.
template <typename T>
std::tuple<Tensor, Tensor, Tensor> uniqueSorted(const Tensor& flat, IntArrayRef shape, ScalarType dtype,
                                                bool returnInverse, bool returnCounts) {
  const T* x = static_cast<const T*>(flat.data_ptr());
  const int64_t n = flat.numel();
  auto isNan = [](T v) { return !(v == v); };
  // Distinct values through a hash set of bit patterns (-0.0 counted as 0.0): linear in n, and
  // only the distinct values are sorted.
  using Bits = std::conditional_t<sizeof(T) == 1, uint8_t,
                                  std::conditional_t<sizeof(T) == 2, uint16_t,
                                                     std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>>;
  std::unordered_set<Bits> seen;
  int64_t nans = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (isNan(x[i])) {
      ++nans;
      continue;
    }
    const T v = x[i] == T(0) ? T(0) : x[i];
    Bits b;
    std::memcpy(&b, &v, sizeof(T));
    seen.insert(b);
  }
  std::vector<T> u;
  u.reserve(seen.size() + static_cast<size_t>(nans));
  for (Bits b : seen) {
    T v;
    std::memcpy(&v, &b, sizeof(T));
    u.push_back(v);
  }
  std::sort(u.begin(), u.end(), [](T a, T b) { return a < b; });
  const int64_t distinct = static_cast<int64_t>(u.size());
  for (int64_t i = 0; i < n; ++i)
    if (isNan(x[i])) u.push_back(x[i]);
  Tensor values = empty({static_cast<int64_t>(u.size())}, dtype);
  if (!u.empty()) std::copy(u.begin(), u.end(), static_cast<T*>(values.data_ptr()));
  if (!returnInverse && !returnCounts) return {values, empty({0}, kLong), empty({0}, kLong)};
  Tensor inverse = empty(shape, kLong);
  int64_t* inv = inverse.data_ptr<int64_t>();
  parallelFor(0, n, kGrainSize / 16, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i)
      if (!isNan(x[i])) inv[i] = std::lower_bound(u.begin(), u.begin() + distinct, x[i], [](T a, T v) { return a < v; }) - u.begin();
  });
  for (int64_t i = 0, nan = distinct; i < n; ++i)
    if (isNan(x[i])) inv[i] = nan++;
  Tensor counts = empty({0}, kLong);
  if (returnCounts) {
    counts = zeros({static_cast<int64_t>(u.size())}, kLong);
    int64_t* c = counts.data_ptr<int64_t>();
    for (int64_t i = 0; i < n; ++i) ++c[inv[i]];
  }
  return {values, returnInverse ? inverse : empty({0}, kLong), counts};
}

// Unsorted element-wise unique in PyTorch 1.13's order: the iteration order of a
// std::unordered_set built from the elements in order (libstdc++'s, as PyTorch's CPU kernel
// uses), inverse and counts through a map from value to position.
// bfloat16 hashes its bits (c10's std::hash) and compares as float.
struct Bf16Hash {
  size_t operator()(BFloat16 v) const { return std::hash<uint16_t>()(v.x); }
};
struct Bf16Eq {
  bool operator()(BFloat16 a, BFloat16 b) const { return static_cast<float>(a) == static_cast<float>(b); }
};
template <typename T>
using HashOf = std::conditional_t<std::is_same_v<T, BFloat16>, Bf16Hash, std::hash<T>>;
template <typename T>
using EqOf = std::conditional_t<std::is_same_v<T, BFloat16>, Bf16Eq, std::equal_to<T>>;

template <typename T>
std::tuple<Tensor, Tensor, Tensor> uniqueHashOrder(const Tensor& flat, IntArrayRef shape, ScalarType dtype,
                                                   bool returnInverse, bool returnCounts) {
  const T* x = static_cast<const T*>(flat.data_ptr());
  const int64_t n = flat.numel();
  std::unordered_set<T, HashOf<T>, EqOf<T>> set(x, x + n);
  Tensor values = empty({static_cast<int64_t>(set.size())}, dtype);
  std::copy(set.begin(), set.end(), static_cast<T*>(values.data_ptr()));
  if (!returnInverse && !returnCounts) return {values, empty({0}, kLong), empty({0}, kLong)};
  std::unordered_map<T, int64_t, HashOf<T>, EqOf<T>> position;
  position.reserve(set.size());
  const T* v = static_cast<const T*>(values.data_ptr());
  for (int64_t i = 0; i < values.numel(); ++i) position[v[i]] = i;
  Tensor inverse = empty(shape, kLong);
  int64_t* inv = inverse.data_ptr<int64_t>();
  for (int64_t i = 0; i < n; ++i) inv[i] = position[x[i]];
  Tensor counts = empty({0}, kLong);
  if (returnCounts) {
    counts = zeros({values.numel()}, kLong);
    int64_t* c = counts.data_ptr<int64_t>();
    for (int64_t i = 0; i < n; ++i) ++c[inv[i]];
  }
  return {values, returnInverse ? inverse : empty({0}, kLong), counts};
}

// Element-wise unique, sorted or of consecutive runs; inverse has self's shape.
enum class UniqueMode { Sorted, HashOrder, Consecutive };

std::tuple<Tensor, Tensor, Tensor> uniqueFlat(const Tensor& self, UniqueMode mode, bool returnInverse,
                                              bool returnCounts) {
  if (self.dtype() == ScalarType::Half) throwUnsupportedDtype("unique", self.dtype());
  Tensor flat = reshape(ember::contiguous(self), {self.numel()});
  if (mode != UniqueMode::Consecutive) {
    return visitDtype(self.dtype(), [&]<typename T>() {
      // bool has its own kernel in PyTorch, whose result is always sorted.
      if constexpr ((std::is_arithmetic_v<T> && !std::is_same_v<T, bool>) || std::is_same_v<T, BFloat16>) {
        if (mode == UniqueMode::HashOrder)
          return uniqueHashOrder<T>(flat, self.sizes(), self.dtype(), returnInverse, returnCounts);
      }
      return uniqueSorted<T>(flat, self.sizes(), self.dtype(), returnInverse, returnCounts);
    }, "unique");
  }
  Groups g = visitDtype(flat.dtype(), [&]<typename T>() {
    return groupRuns<T>(static_cast<const T*>(flat.data_ptr()), nullptr, flat.numel());
  }, "unique");
  Tensor unique = index_select(flat, 0, longVector(g.firsts));
  Tensor inverse = returnInverse ? longVector(g.inverse, self.sizes()) : empty({0}, kLong);
  Tensor counts = returnCounts ? longVector(g.counts) : empty({0}, kLong);
  return {unique, inverse, counts};
}

std::tuple<Tensor, Tensor, Tensor> uniqueAlongDim(const Tensor& self, int64_t dim, bool sortRows) {
  if (self.dtype() == ScalarType::Half) throwUnsupportedDtype("unique_dim", self.dtype());
  dim = wrapDim(dim, self.dim(), /*wrapScalar=*/false);
  if (self.numel() == 0) {
    int64_t zeroDims = 0;
    for (int64_t s : self.sizes()) zeroDims += s == 0;
    EMBER_CHECK(zeroDims == 1, "Number of zero sized dimensions is more than one, so unique cannot be applied ");
    EMBER_CHECK(self.sizes()[dim] == 0,
                "There are 0 sized dimensions, and they aren't selected, so unique cannot be applied");
    return {empty(self.sizes(), self.dtype()), empty({0}, kLong), empty({0}, kLong)};
  }
  const int64_t n = self.dim() == 0 ? 1 : self.sizes()[dim];
  // Slices are compared in the element order PyTorch's kernel uses: self with dims 0 and dim
  // swapped (not moved), which decides the sorted order of slices of 3 or more dims.
  Tensor rows = reshape(ember::contiguous(self.dim() == 0 ? self : transpose(self, dim, 0)), {n, self.numel() / n});
  Groups g = groupsOf(rows, sortRows);
  // Along a dim, PyTorch always returns the inverse and the counts.
  return {index_select(self, dim, longVector(g.firsts)), longVector(g.inverse), longVector(g.counts)};
}

}  // namespace

std::tuple<Tensor, Tensor, Tensor> _unique2(const Tensor& self, bool sorted, bool return_inverse,
                                            bool return_counts) {
  // PyTorch fills the inverse whenever counts are asked for too.
  return uniqueFlat(self, sorted ? UniqueMode::Sorted : UniqueMode::HashOrder, return_inverse || return_counts,
                    return_counts);
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
  // Only a literal dim=0 of a 1-d tensor takes the flat path (PyTorch's test): dim=-1 is along a
  // dim, which always returns the inverse and the counts.
  if (dim && !(self.dim() == 1 && *dim == 0)) return uniqueAlongDim(self, *dim, false);
  return uniqueFlat(self, UniqueMode::Consecutive, return_inverse, return_counts);
}

std::tuple<Tensor, Tensor, Tensor> unique_dim_consecutive(const Tensor& self, int64_t dim, bool /*return_inverse*/,
                                                          bool /*return_counts*/) {
  return uniqueAlongDim(self, dim, false);
}

}  // namespace ember
