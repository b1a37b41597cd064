// searchsorted, bucketize and isin: binary searches of each value in a sorted sequence, run in
// parallel over the values (each writes only its own result).
#include <algorithm>
#include <cmath>
#include <type_traits>
#include <vector>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/parallel.h"
#include "ember/tensor/ops/counting.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/shape.h"

namespace ember {

namespace {

// A 0-dim tensor holding a Python number, in the dtype such a number has on its own.
Tensor numberTensor(const Scalar& s) {
  const ScalarType dt = s.isBoolean() ? kBool : (s.isIntegral(false) ? kLong : kDouble);
  return scalar_tensor(s, dt);
}

bool isRightSide(bool right, std::optional<std::string_view> side) {
  if (!side) return right;
  EMBER_CHECK(*side == "left" || *side == "right",
              "torch.searchsorted(): side can only be 'left' or 'right' but got ", *side);
  EMBER_CHECK(!(right && *side == "left"),
              "torch.searchsorted(): side and right can't be set to opposites, got side of left while right was True");
  return *side == "right";
}

void checkSearchArgs(const Tensor& seq, const Tensor& values, bool scalarValue, const std::optional<Tensor>& sorter) {
  EMBER_CHECK(seq.dim() >= 1, "torch.searchsorted(): boundaries tensor should have positive dimension, but got 0 "
              "dimension");
  if (scalarValue)
    EMBER_CHECK(seq.dim() == 1, "torch.searchsorted(): input value can be a scalar only when boundaries tensor "
                "dimension is 1, but we got boundaries tensor dim(", seq.dim(), ") and input value's dim(0) numel(1)");
  bool leadingMatch = seq.dim() == values.dim();
  for (int64_t d = 0; leadingMatch && d + 1 < seq.dim(); ++d) leadingMatch = seq.sizes()[d] == values.sizes()[d];
  EMBER_CHECK(seq.dim() == 1 || leadingMatch,
              "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 dimensions of boundaries "
              "tensor and input value tensor must match, but we got boundaries tensor ", seq.sizes(),
              " and input value tensor ", values.sizes());
  if (sorter) {
    EMBER_CHECK(sorter->dtype() == kLong, "torch.searchsorted(): sorter must be a tensor of long dtype but got ",
                sorter->dtype());
    EMBER_CHECK(sorter->sizes() == seq.sizes(), "torch.searchsorted(): boundary and sorter must have the same size, "
                "but got boundary tensor ", seq.sizes(), " and got sorter tensor ", sorter->sizes());
  }
}

// First position in row (through order, when given) whose value is > v (right) or >= v (left),
// with PyTorch's predicates (a NaN value goes past every element). Without order the search is
// branch-free: the loop's length depends only on len, and each step is a conditional move.
template <typename M, typename T>
int64_t searchRow(const T* row, const int64_t* order, int64_t len, M v, bool right) {
  auto goesRight = [right, v](M x) { return right ? !(x > v) : !(x >= v); };
  if (order) {
    int64_t lo = 0, hi = len;
    while (lo < hi) {
      const int64_t mid = lo + (hi - lo) / 2;
      if (goesRight(static_cast<M>(row[order[mid]]))) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  if (len == 0) return 0;
  int64_t base = 0, n = len;
  while (n > 1) {
    const int64_t half = n / 2;
    base = goesRight(static_cast<M>(row[base + half - 1])) ? base + half : base;
    n -= half;
  }
  return base + (goesRight(static_cast<M>(row[base])) ? 1 : 0);
}

Tensor searchsortedImpl(const Tensor& seqIn, const Tensor& valuesIn, bool outInt32, bool right,
                        const std::optional<Tensor>& sorterIn) {
  const ScalarType dt = promote_types(seqIn.dtype(), valuesIn.dtype());
  if (dt == kBool) throwUnsupportedDtype("searchsorted_out_cpu", dt);
  Tensor seq = ember::contiguous(ember::to(seqIn, dt));
  Tensor values = ember::contiguous(ember::to(valuesIn, dt));
  Tensor sorter = sorterIn ? ember::contiguous(*sorterIn) : Tensor();
  Tensor out = empty(valuesIn.sizes(), outInt32 ? kInt : kLong);
  const int64_t len = seq.sizes()[seq.dim() - 1];
  const int64_t inner = values.dim() == 0 ? 1 : values.sizes()[values.dim() - 1];
  const bool shared = seq.dim() == 1;
  const int64_t* order = sorter.defined() ? sorter.data_ptr<int64_t>() : nullptr;
  if (order)
    for (int64_t i = 0; i < sorter.numel(); ++i)
      EMBER_CHECK(order[i] >= 0 && order[i] < len, "torch.searchsorted(): sorter index out of range");
  visitDtype(dt, [&]<typename T>() {
    using M = opmath_t<T>;
    const T* s = static_cast<const T*>(seq.data_ptr());
    const T* v = static_cast<const T*>(values.data_ptr());
    parallelFor(0, values.numel(), kGrainSize / 16, [&](int64_t b, int64_t e) {
      for (int64_t i = b; i < e; ++i) {
        const int64_t rowOff = shared ? 0 : (i / inner) * len;
        const int64_t pos = searchRow<M>(s + rowOff, order ? order + rowOff : nullptr, len, static_cast<M>(v[i]), right);
        if (outInt32) static_cast<int32_t*>(out.data_ptr())[i] = static_cast<int32_t>(pos);
        else static_cast<int64_t*>(out.data_ptr())[i] = pos;
      }
    });
  }, "searchsorted");
  return out;
}

// The type membership tests compare in: opmath, with int for bool (std::vector<bool> has no data()).
template <typename T>
using KeyOf = std::conditional_t<std::is_same_v<T, bool>, int, opmath_t<T>>;

// Sorted non-NaN values of t for membership tests.
template <typename T>
std::vector<KeyOf<T>> sortedValues(const Tensor& t) {
  const T* p = static_cast<const T*>(t.data_ptr());
  std::vector<KeyOf<T>> v;
  v.reserve(static_cast<size_t>(t.numel()));
  for (int64_t i = 0; i < t.numel(); ++i) {
    const auto x = static_cast<KeyOf<T>>(p[i]);
    if (x == x) v.push_back(x);
  }
  std::sort(v.begin(), v.end());
  return v;
}

}  // namespace

Tensor searchsorted(const Tensor& sorted_sequence, const Tensor& self, bool out_int32, bool right,
                    std::optional<std::string_view> side, const std::optional<Tensor>& sorter) {
  const bool r = isRightSide(right, side);
  checkSearchArgs(sorted_sequence, self, false, sorter);
  return searchsortedImpl(sorted_sequence, self, out_int32, r, sorter);
}

Tensor searchsorted(const Tensor& sorted_sequence, const Scalar& self, bool out_int32, bool right,
                    std::optional<std::string_view> side, const std::optional<Tensor>& sorter) {
  const bool r = isRightSide(right, side);
  Tensor value = numberTensor(self);
  checkSearchArgs(sorted_sequence, value, true, sorter);
  return searchsortedImpl(sorted_sequence, value, out_int32, r, sorter);
}

Tensor bucketize(const Tensor& self, const Tensor& boundaries, bool out_int32, bool right) {
  EMBER_CHECK(boundaries.dim() == 1, "boundaries tensor must be 1 dimension, but got dim(", boundaries.dim(), ")");
  return searchsortedImpl(boundaries, self, out_int32, right, std::nullopt);
}

Tensor bucketize(const Scalar& self, const Tensor& boundaries, bool out_int32, bool right) {
  return bucketize(numberTensor(self), boundaries, out_int32, right);
}

Tensor isin(const Tensor& elements, const Tensor& test_elements, bool /*assume_unique*/, bool invert) {
  for (ScalarType t : {elements.dtype(), test_elements.dtype()})
    EMBER_CHECK(t != kBool && t != ScalarType::BFloat16, "Unsupported input type encountered for isin(): ", t);
  const ScalarType dt = promote_types(elements.dtype(), test_elements.dtype());
  if (dt == ScalarType::Half) throwUnsupportedDtype("isin_default_cpu", dt);
  Tensor el = ember::contiguous(ember::to(elements, dt));
  Tensor test = ember::contiguous(ember::to(test_elements, dt));
  Tensor out = empty(elements.sizes(), kBool);
  visitDtype(dt, [&]<typename T>() {
    const auto sortedTest = sortedValues<T>(test);
    const int64_t nTest = static_cast<int64_t>(sortedTest.size());
    const T* x = static_cast<const T*>(el.data_ptr());
    bool* o = out.data_ptr<bool>();
    parallelFor(0, el.numel(), kGrainSize / 16, [&](int64_t b, int64_t e) {
      for (int64_t i = b; i < e; ++i) {
        const auto xi = static_cast<KeyOf<T>>(x[i]);
        const int64_t pos = searchRow<KeyOf<T>>(sortedTest.data(), nullptr, nTest, xi, false);
        const bool found = xi == xi && pos < nTest && sortedTest[pos] == xi;
        o[i] = found != invert;
      }
    });
  }, "isin");
  return out;
}

// One test element: PyTorch compares elementwise (any dtype, Python-number promotion).
Tensor isin(const Tensor& elements, const Scalar& test_element, bool /*assume_unique*/, bool invert) {
  EMBER_CHECK(elements.dtype() != kBool && elements.dtype() != ScalarType::BFloat16,
              "Unsupported input type encountered for isin(): ", elements.dtype());
  return invert ? ne(elements, test_element) : eq(elements, test_element);
}

Tensor isin(const Scalar& element, const Tensor& test_elements, bool assume_unique, bool invert) {
  return isin(numberTensor(element), test_elements, assume_unique, invert);
}

}  // namespace ember
