// Unit tests for the vector reduction kernels (src/tensor/kernels/reduce.isa.cpp) through the ops
// that use them: contiguous sums and extremes (inner-dim reductions), row accumulation (outer-
// and middle-dim reductions), and fused softmax rows. Sizes straddle the vector widths and the
// 2048-element sum blocks; expected values come from plain loops in double.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "ember/tensor.h"
#include "ember/tensor/ops/reduce.h"
#include "test_tensors.h"

namespace ember {
namespace {

using ember::testing::make;
using ember::testing::values;

const double kNan = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

// Deterministic values in [-4, 4).
std::vector<double> pseudoRandom(int64_t n, uint64_t seed) {
  std::vector<double> v(static_cast<size_t>(n));
  uint64_t x = seed * 2654435761u + 88172645463325252ull;
  for (double& d : v) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    d = static_cast<double>(x % 8000) / 1000.0 - 4.0;
  }
  return v;
}

void expectClose(const Tensor& got, const std::vector<double>& want, double tol, const char* what) {
  std::vector<double> g = values(got);
  ASSERT_EQ(g.size(), want.size()) << what;
  for (size_t i = 0; i < g.size(); ++i) {
    if (std::isnan(want[i])) {
      EXPECT_TRUE(std::isnan(g[i])) << what << " at " << i;
    } else if (std::isinf(want[i])) {
      EXPECT_EQ(g[i], want[i]) << what << " at " << i;
    } else {
      EXPECT_NEAR(g[i], want[i], tol * std::max(1.0, std::abs(want[i]))) << what << " at " << i;
    }
  }
}

// Reference reductions of a rows x cols matrix (row-major values) over dim 0 or 1.
enum class Kind { Sum, NanSum, Max, Min };
std::vector<double> reference(const std::vector<double>& v, int64_t rows, int64_t cols, int dim, Kind kind) {
  const int64_t outs = dim == 0 ? cols : rows, len = dim == 0 ? rows : cols;
  std::vector<double> out(static_cast<size_t>(outs));
  for (int64_t o = 0; o < outs; ++o) {
    double acc = kind == Kind::Max ? -kInf : kind == Kind::Min ? kInf : 0.0;
    for (int64_t i = 0; i < len; ++i) {
      const double x = dim == 0 ? v[i * cols + o] : v[o * cols + i];
      if (kind == Kind::Sum) acc += x;
      else if (kind == Kind::NanSum) acc += std::isnan(x) ? 0.0 : x;
      else if (std::isnan(x) || std::isnan(acc)) acc = kNan;
      else acc = kind == Kind::Max ? std::max(acc, x) : std::min(acc, x);
    }
    out[o] = acc;
  }
  return out;
}

Tensor reduceBy(const Tensor& t, int dim, Kind kind) {
  switch (kind) {
    case Kind::Sum: return sum(t, {dim});
    case Kind::NanSum: return nansum(t, {dim});
    case Kind::Max: return amax(t, {dim});
    default: return amin(t, {dim});
  }
}

const int64_t kSizes[] = {1, 3, 8, 9, 17, 33, 64, 100, 1023, 1025, 2049};

TEST(ReduceKernels, InnerAndOuterDimsMatchPlainLoops) {
  for (ScalarType dtype : {kFloat, kDouble}) {
    for (int64_t rows : {1, 2, 7}) {
      for (int64_t cols : kSizes) {
        std::vector<double> v = pseudoRandom(rows * cols, static_cast<uint64_t>(rows * 131 + cols));
        Tensor t = make(v, {rows, cols}, dtype);
        Tensor tt = make(v, {rows, cols}, dtype).t().contiguous().t();  // same values, column-major
        for (int dim : {0, 1}) {
          for (Kind kind : {Kind::Sum, Kind::NanSum, Kind::Max, Kind::Min}) {
            std::vector<double> want = reference(v, rows, cols, dim, kind);
            const double tol = dtype == kFloat ? 1e-5 : 1e-12;
            expectClose(reduceBy(t, dim, kind), want, tol, "row-major");
            expectClose(reduceBy(tt, dim, kind), want, tol, "column-major");
          }
        }
      }
    }
  }
}

TEST(ReduceKernels, MiddleDimAndNonContiguousRows) {
  // [2, 5, cols] over dim 1 (row accumulation per outer index); then every other column of a
  // wider tensor (the kept dim is strided, so the generic path runs) must agree.
  for (int64_t cols : {7, 16, 1030}) {
    std::vector<double> v = pseudoRandom(2 * 5 * cols, static_cast<uint64_t>(cols));
    Tensor t = make(v, {2, 5, cols});
    std::vector<double> want;
    for (int64_t b = 0; b < 2; ++b) {
      std::vector<double> part(v.begin() + b * 5 * cols, v.begin() + (b + 1) * 5 * cols);
      for (double x : reference(part, 5, cols, 0, Kind::Sum)) want.push_back(x);
    }
    expectClose(sum(t, {1}), want, 1e-5, "sum middle");
    Tensor wide = make(pseudoRandom(4 * 2 * cols, 9), {4, 2 * cols});
    Tensor strided = wide.slice(1, 0, 2 * cols, 2);
    std::vector<double> sv = values(strided);
    expectClose(amax(strided, {0}), reference(sv, 4, cols, 0, Kind::Max), 0, "amax strided");
    expectClose(sum(strided, {0}), reference(sv, 4, cols, 0, Kind::Sum), 1e-5, "sum strided");
    // Two reduced dims that do not merge (every other row of a [3, 6, cols]): rows one at a time.
    Tensor gapped = make(pseudoRandom(3 * 6 * cols, 11), {3, 6, cols}).slice(1, 0, 6, 2);
    std::vector<double> gv = values(gapped);  // as a [9, cols] matrix
    expectClose(sum(gapped, {0, 1}), reference(gv, 9, cols, 0, Kind::Sum), 1e-5, "sum gapped");
    expectClose(amin(gapped, {0, 1}), reference(gv, 9, cols, 0, Kind::Min), 0, "amin gapped");
  }
}

TEST(ReduceKernels, NanWinsWhereverItIs) {
  // A NaN in the first vector, the middle of the vector body, or the scalar tail.
  for (ScalarType dtype : {kFloat, kDouble}) {
    for (int64_t n : {5, 40, 1025}) {
      for (int64_t at : {int64_t{0}, n / 2, n - 1}) {
        std::vector<double> v = pseudoRandom(3 * n, static_cast<uint64_t>(n + at));
        v[static_cast<size_t>(n + at)] = kNan;  // row 1 of 3
        Tensor t = make(v, {3, n}, dtype);
        for (Kind kind : {Kind::Max, Kind::Min, Kind::Sum, Kind::NanSum}) {
          expectClose(reduceBy(t, 1, kind), reference(v, 3, n, 1, kind), 1e-5, "inner");
          expectClose(reduceBy(t.t().contiguous(), 0, kind), reference(v, 3, n, 1, kind), 1e-5, "outer");
        }
        expectClose(amax(t), {kNan}, 0, "full");
      }
    }
  }
}

TEST(ReduceKernels, InfinitiesAndEmpty) {
  Tensor t = make({-kInf, -kInf, -kInf, -kInf, -kInf, -kInf, -kInf, -kInf, -kInf, 1}, {10});
  expectClose(amax(t, {0}), {1}, 0, "amax");
  expectClose(amin(t, {0}), {-kInf}, 0, "amin");
  expectClose(sum(empty({0, 9}), {0}), std::vector<double>(9, 0.0), 0, "empty rows");
  expectClose(sum(empty({9, 0}), {1}), std::vector<double>(9, 0.0), 0, "empty cols");
  EXPECT_EQ(softmax(empty({0, 5}), 1).numel(), 0);
  EXPECT_EQ(log_softmax(empty({3, 0}), 1).numel(), 0);
}

TEST(ReduceKernels, LongSumsStayAccurate) {
  // 3M values of 0.1f: a naive float loop would drift by percents; block sums stay within 1e-6.
  const int64_t n = 3 * 1000 * 1000;
  Tensor t = full({n}, 0.1);
  const double want = static_cast<double>(0.1f) * static_cast<double>(n);
  EXPECT_NEAR(sum(t).item<float>(), want, want * 1e-6);
  EXPECT_NEAR(sum(t.view({1000, 3000}), {0}).sum().item<float>(), want, want * 1e-6);
}

// Reference (log_)softmax of one row in double.
std::vector<double> softmaxRef(const std::vector<double>& row, bool log) {
  double m = -kInf;
  for (double x : row) m = std::isnan(x) || std::isnan(m) ? kNan : std::max(m, x);
  double s = 0;
  for (double x : row) s += std::exp(x - m);
  std::vector<double> out;
  for (double x : row) out.push_back(log ? x - m - std::log(s) : std::exp(x - m) / s);
  return out;
}

TEST(ReduceKernels, SoftmaxRowsMatchPlainLoops) {
  for (ScalarType dtype : {kFloat, kDouble}) {
    for (int64_t n : {1, 7, 8, 9, 100, 2049, 4100}) {
      std::vector<double> v = pseudoRandom(2 * n, static_cast<uint64_t>(n));
      v[0] = -kInf;  // a zero probability
      if (n > 3) v[static_cast<size_t>(n + 2)] = kNan;  // row 1 is all NaN
      Tensor t = make(v, {2, n}, dtype);
      for (bool log : {false, true}) {
        std::vector<double> want;
        for (int64_t r = 0; r < 2; ++r)
          for (double x : softmaxRef(std::vector<double>(v.begin() + r * n, v.begin() + (r + 1) * n), log))
            want.push_back(x);
        const double tol = dtype == kFloat ? 2e-6 : 1e-12;
        expectClose(log ? log_softmax(t, 1) : softmax(t, 1), want, tol, "contiguous rows");
        // Rows of a column-major copy are strided: the scalar path, same results.
        Tensor cm = t.t().contiguous().t();
        expectClose(log ? log_softmax(cm, 1) : softmax(cm, 1), want, tol, "strided rows");
      }
    }
  }
  // A row of -inf only: NaN, as PyTorch gives.
  expectClose(softmax(make({-kInf, -kInf, -kInf}, {1, 3}), 1), {kNan, kNan, kNan}, 0, "all -inf");
}

}  // namespace
}  // namespace ember
