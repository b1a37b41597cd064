// Small tensor builders shared by the tensor unit tests.
#pragma once

#include <gtest/gtest.h>

#include <type_traits>
#include <vector>

#include "ember/tensor.h"
#include "tensor/reduce_utils.h"

namespace ember::testing {

// A contiguous tensor of `sizes` holding `vals` converted to dtype.
inline Tensor make(std::vector<double> vals, IntArrayRef sizes, ScalarType dtype = kFloat) {
  Tensor t = empty(sizes, dtype);
  EXPECT_EQ(static_cast<int64_t>(vals.size()), t.numel());
  visitDtype(dtype, [&]<typename T>() {
    T* p = static_cast<T*>(t.data_ptr());
    for (size_t i = 0; i < vals.size(); ++i) {
      if constexpr (std::is_same_v<T, bool>)
        p[i] = vals[i] != 0;
      else
        p[i] = static_cast<T>(vals[i]);
    }
  });
  return t;
}

inline Tensor make1(std::vector<double> vals, ScalarType dtype = kFloat) {
  int64_t n = static_cast<int64_t>(vals.size());
  return make(std::move(vals), {n}, dtype);
}

// Values in row-major order as doubles (any strides).
inline std::vector<double> values(const Tensor& t) {
  Tensor c = reduce_detail::castContiguous(t, kDouble);
  const double* p = static_cast<const double*>(c.data_ptr());
  return std::vector<double>(p, p + c.numel());
}

// Whether got matches want in shape and within tol * (1 + the largest magnitude of want) at every
// element (one scale for the whole tensor, as for products whose rounding grows with their sums).
inline ::testing::AssertionResult closeToScale(const Tensor& got, const Tensor& want, double tol) {
  if (got.sizes() != want.sizes()) return ::testing::AssertionFailure() << "sizes differ";
  const double diff = (got - want).abs().max().item<float>();
  const double bound = tol * (1.0 + want.abs().max().item<float>());
  if (diff <= bound) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "largest difference " << diff << " over " << bound;
}

}  // namespace ember::testing
