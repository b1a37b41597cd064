// Unit tests for the reduce family: sum/mean/prod, max/min family, var/std, norm, all/any,
// logsumexp. Expected values are computed by hand or by simple loops in the test.
#include <gtest/gtest.h>

#include "test_tensors.h"

#include <cmath>
#include <limits>
#include <vector>

#include "ember/tensor.h"
#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/reduce.h"
#include "tensor/reduce_utils.h"

namespace ember {
namespace {

const double kNan = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

using ember::testing::make;
using ember::testing::make1;
using ember::testing::values;

double item(const Tensor& t) {
  EXPECT_EQ(t.numel(), 1);
  return values(t)[0];
}
// A transposed view of a 2-d tensor.
Tensor transposed(const Tensor& t) {
  return Tensor::make(t.storage(), t.dtype(), {t.sizes()[1], t.sizes()[0]}, {t.strides()[1], t.strides()[0]},
                      t.storage_offset());
}
void expectSizes(const Tensor& t, std::vector<int64_t> sizes) { EXPECT_EQ(t.sizes().vec(), sizes); }
void expectValues(const Tensor& t, std::vector<double> expected, double tol = 1e-6) {
  std::vector<double> got = values(t);
  ASSERT_EQ(got.size(), expected.size());
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(expected[i])) {
      EXPECT_TRUE(std::isnan(got[i])) << "at " << i;
    } else if (std::isinf(expected[i])) {
      EXPECT_EQ(got[i], expected[i]) << "at " << i;
    } else {
      EXPECT_NEAR(got[i], expected[i], tol * std::max(1.0, std::abs(expected[i]))) << "at " << i;
    }
  }
}

// ---- sum / mean / prod ----

TEST(ReduceSumTest, FullAndDims) {
  Tensor x = make({1, 2, 3, 4, 5, 6}, {2, 3});
  EXPECT_EQ(item(sum(x)), 21);
  expectSizes(sum(x), {});
  expectValues(sum(x, {0}), {5, 7, 9});
  expectValues(sum(x, {-1}), {6, 15});
  expectValues(sum(x, {1}, true), {6, 15});
  expectSizes(sum(x, {1}, true), {2, 1});
  expectValues(sum(x, {0, 1}), {21});
  expectSizes(sum(x, {}, false), {});  // empty list reduces all
  expectValues(x.sum(IntArrayRef{1}), {6, 15});
}

TEST(ReduceSumTest, IntegralPromotesToLong) {
  Tensor x = make1({100, 100, 100}, kChar);
  Tensor s = sum(x);
  EXPECT_EQ(s.dtype(), kLong);
  EXPECT_EQ(item(s), 300);
  EXPECT_EQ(sum(make1({1, 0, 1}, kBool)).dtype(), kLong);
  EXPECT_EQ(item(sum(make1({1, 0, 1}, kBool))), 2);
  // dtype casts the input first: 1.5 + 2.5 as int32 is 1 + 2.
  Tensor f = make1({1.5, 2.5});
  Tensor si = sum(f, kInt);
  EXPECT_EQ(si.dtype(), kInt);
  EXPECT_EQ(item(si), 3);
  EXPECT_EQ(sum(x, kChar).dtype(), kChar);
  EXPECT_EQ(item(sum(x, kChar)), 44);  // 300 wraps in int8
}

TEST(ReduceSumTest, NonContiguousAndTransposed) {
  Tensor x = make({1, 2, 3, 4, 5, 6}, {2, 3});
  Tensor t = transposed(x);  // [[1,4],[2,5],[3,6]]
  expectValues(sum(t, {0}), {6, 15});
  expectValues(sum(t, {1}), {5, 7, 9});
  // Every other column of a [2, 6] tensor.
  Tensor y = make({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, {2, 6});
  Tensor strided = Tensor::make(y.storage(), kFloat, {2, 3}, {6, 2});
  expectValues(sum(strided, {1}), {1 + 3 + 5, 7 + 9 + 11});
  expectValues(sum(strided, {0}), {8, 12, 16});
}

TEST(ReduceSumTest, OuterReductionWide) {
  // [5, 100] summed over dim 0 uses the row-accumulation path.
  std::vector<double> v(500);
  for (int i = 0; i < 500; ++i) v[i] = i % 7;
  Tensor x = make(v, {5, 100});
  std::vector<double> expected(100, 0);
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 100; ++c) expected[c] += v[r * 100 + c];
  expectValues(sum(x, {0}), expected);
  // Same over three dims [5, 2, 50] reducing 0.
  Tensor x3 = make(v, {5, 2, 50});
  expectValues(sum(x3, {0}), expected);
}

TEST(ReduceSumTest, EmptyAndZeroDim) {
  Tensor e = empty({3, 0});
  expectValues(sum(e, {1}), {0, 0, 0});
  expectSizes(sum(e, {0}), {0});
  EXPECT_EQ(item(sum(e)), 0);
  expectValues(prod(e, 1), {1, 1, 1});
  Tensor s = make({2.5}, {});
  EXPECT_EQ(item(sum(s)), 2.5);
  EXPECT_EQ(item(sum(s, {0})), 2.5);
  expectSizes(sum(s, {0}, true), {});
  EXPECT_THROW(sum(s, {1}), Error);
}

TEST(ReduceSumTest, BadDims) {
  Tensor x = make({1, 2, 3, 4, 5, 6}, {2, 3});
  try {
    sum(x, {1, 1});
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "dim 1 appears multiple times in the list of dims");
  }
  try {
    sum(x, {2});
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Index);
    EXPECT_STREQ(e.what(), "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
  }
}

TEST(ReduceSumTest, LargeAccumulationIsAccurate) {
  const int64_t n = 1000003;
  std::vector<double> v(n);
  double exact = 0;
  for (int64_t i = 0; i < n; ++i) {
    v[i] = static_cast<float>(0.1 + (i % 1000) * 1e-3);
    exact += v[i];
  }
  Tensor x = make1(v);
  EXPECT_NEAR(item(sum(x)), exact, exact * 1e-6);
  EXPECT_NEAR(item(mean(x)), exact / n, exact / n * 1e-6);
  Tensor x2 = make(v, {n});
  Tensor half = make1(std::vector<double>(4096, 1.0), kHalf);
  EXPECT_EQ(item(sum(half)), 4096);  // float accumulation: exact, unlike a half accumulator
  Tensor bf = make1(std::vector<double>(1000, 1.0), kBFloat16);
  EXPECT_EQ(item(sum(bf)), 1000);
}

TEST(ReduceSumTest, NanInfAndNansum) {
  expectValues(sum(make1({1, kNan, 2})), {kNan});
  expectValues(sum(make1({1, kInf, 2})), {kInf});
  expectValues(sum(make1({-kInf, kInf})), {kNan});
  expectValues(nansum(make1({1, kNan, 2})), {3});
}

TEST(ReduceMeanTest, FloatOnly) {
  Tensor x = make({1, 2, 3, 4}, {2, 2});
  expectValues(mean(x), {2.5});
  expectValues(mean(x, {0}), {2, 3});
  expectValues(mean(x, {1}, true), {1.5, 3.5});
  try {
    mean(make1({1, 2}, kLong));
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(),
                 "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. "
                 "Got: Long");
  }
  Tensor m = mean(make1({1, 2}, kLong), kDouble);
  EXPECT_EQ(m.dtype(), kDouble);
  EXPECT_EQ(item(m), 1.5);
  expectValues(mean(empty({0})), {kNan});
  EXPECT_EQ(mean(make1({1, 2}, kHalf)).dtype(), kHalf);
}

TEST(ReduceProdTest, Values) {
  Tensor x = make({1, 2, 3, 4}, {2, 2});
  EXPECT_EQ(item(prod(x)), 24);
  expectValues(prod(x, 0), {3, 8});
  expectValues(prod(x, -1, true), {2, 12});
  EXPECT_EQ(prod(make1({2, 3}, kInt)).dtype(), kLong);
  EXPECT_EQ(item(prod(make1({1, 1}, kBool))), 1);
  EXPECT_THROW(prod(make1({1, 2}, kHalf)), Error);
}

TEST(ReduceOutTest, SumMeanOut) {
  Tensor x = make({1.5, 2.5, 3.5, 4.5}, {2, 2});
  Tensor out = empty({0}, kInt);
  sum_out(out, x, {1});
  EXPECT_EQ(out.dtype(), kInt);
  expectValues(out, {3, 7});  // cast first: 1+2, 3+4
  Tensor outF = empty({7}, kDouble);
  mean_out(outF, x, {0}, true);
  expectSizes(outF, {1, 2});
  expectValues(outF, {2.5, 3.5});
}

// ---- max / min family ----

TEST(ReduceMaxTest, FullAndDim) {
  Tensor x = make({3, 1, 4, 1, 5, 9, 2, 6}, {2, 4});
  EXPECT_EQ(item(max(x)), 9);
  EXPECT_EQ(item(min(x)), 1);
  auto [v, i] = max(x, 1);
  expectValues(v, {4, 9});
  expectValues(i, {2, 1});
  EXPECT_EQ(i.dtype(), kLong);
  auto [v0, i0] = min(x, 0, true);
  expectSizes(v0, {1, 4});
  expectValues(v0, {3, 1, 2, 1});
  expectValues(i0, {0, 0, 1, 0});
  expectValues(amax(x, {0}), {5, 9, 4, 6});
  expectValues(amin(x), {1});
  expectValues(amax(x, {0, 1}, true), {9});
  expectSizes(amax(x, {0, 1}, true), {1, 1});
}

TEST(ReduceMaxTest, TiesPickFirstIndex) {
  Tensor x = make({1, 3, 3, 1}, {2, 2});  // [[1,3],[3,1]]
  auto [v, i] = max(x, 0);
  expectValues(v, {3, 3});
  expectValues(i, {1, 0});
  EXPECT_EQ(item(argmax(make1({2, 5, 5, 1}))), 1);
  EXPECT_EQ(item(argmin(make1({2, 1, 5, 1}))), 1);
  // Long rows exercise the chunked path: ties at both ends, first wins.
  std::vector<double> v2(100000, 0.0);
  v2[10] = 7;
  v2[99990] = 7;
  EXPECT_EQ(item(argmax(make1(v2))), 10);
  EXPECT_EQ(item(max(make1(v2))), 7);
}

TEST(ReduceMaxTest, NanPropagates) {
  Tensor x = make1({1, kNan, 3, kNan});
  EXPECT_TRUE(std::isnan(item(max(x))));
  EXPECT_TRUE(std::isnan(item(amin(x))));
  auto [v, i] = max(x, 0);
  EXPECT_TRUE(std::isnan(item(v)));
  EXPECT_EQ(item(i), 1);
  EXPECT_EQ(item(argmin(x)), 1);
  EXPECT_EQ(item(max(make1({-kInf, -kInf}))), -kInf);
  auto [vi, ii] = max(make1({-kInf, -kInf}), 0);
  EXPECT_EQ(item(ii), 0);
}

TEST(ReduceMaxTest, DtypesAndTransposed) {
  Tensor b = make1({0, 1, 0}, kBool);
  EXPECT_EQ(max(b).dtype(), kBool);
  EXPECT_EQ(item(max(b)), 1);
  EXPECT_EQ(item(min(b)), 0);
  EXPECT_EQ(item(max(make1({-5, 100, -128}, kChar))), 100);
  EXPECT_EQ(item(min(make1({-5, 100, -128}, kChar))), -128);
  EXPECT_EQ(item(max(make1({1.5, -2}, kHalf))), 1.5);
  Tensor x = make({1, 8, 3, 4, 5, 6}, {2, 3});
  Tensor t = transposed(x);  // [[1,4],[8,5],[3,6]]
  expectValues(std::get<1>(max(t, 1)), {1, 0, 1});
  expectValues(argmax(t), {2});  // flattened index into t, not into x's storage
  expectValues(argmax(t, 0), {1, 2});
  EXPECT_THROW(argmax(make1({1, 0}, kBool)), Error);
}

TEST(ReduceMaxTest, EmptyErrors) {
  Tensor e = empty({0, 3});
  try {
    max(e);
    FAIL();
  } catch (const Error& err) {
    EXPECT_STREQ(err.what(),
                 "max(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim "
                 "with the 'dim' argument.");
  }
  try {
    max(e, 0);
    FAIL();
  } catch (const Error& err) {
    EXPECT_STREQ(err.what(), "max(): Expected reduction dim 0 to have non-zero size.");
  }
  EXPECT_THROW(amax(e, {0}), Error);
  EXPECT_THROW(argmax(e), Error);
  auto [v, i] = max(e, 1);
  expectSizes(v, {0});
  expectSizes(amax(e, {1}), {0});
}

TEST(ReduceMaxTest, ArgmaxKeepdimWithoutDim) {
  Tensor x = make({1, 9, 3, 4}, {2, 2});
  Tensor a = argmax(x, std::nullopt, true);
  expectSizes(a, {1, 1});
  EXPECT_EQ(item(a), 1);
}

TEST(ReduceMaxTest, OutForms) {
  Tensor x = make({3, 1, 4, 1}, {2, 2});
  Tensor v = empty({0}), i = empty({0}, kLong);
  max_out(v, i, x, 1);
  expectValues(v, {3, 4});
  expectValues(i, {0, 0});
  Tensor wrong = empty({0}, kDouble);
  EXPECT_THROW(amax_out(wrong, x, {0}), Error);
  Tensor am = empty({0}, kLong);
  argmin_out(am, x, 0);
  expectValues(am, {0, 0});  // column 1 ties: first index
}

TEST(ReduceMaxTest, Aminmax) {
  auto [mn, mx] = aminmax(make({3, 1, 4, 1, 5, 9}, {2, 3}), 1);
  expectValues(mn, {1, 1});
  expectValues(mx, {4, 9});
  EXPECT_THROW(aminmax(empty({0})), Error);
}

// ---- var / std ----

TEST(ReduceVarTest, Corrections) {
  Tensor x = make1({1, 2, 3, 4});
  EXPECT_NEAR(item(var(x)), 1.6666667, 1e-6);
  EXPECT_NEAR(item(var(x, false)), 1.25, 1e-6);
  EXPECT_NEAR(item(std(x)), std::sqrt(5.0 / 3.0), 1e-6);
  EXPECT_NEAR(item(var(x, {0}, std::optional<int64_t>(0))), 1.25, 1e-6);
  EXPECT_NEAR(item(var(x, {0}, std::optional<int64_t>(2))), 2.5, 1e-6);
  EXPECT_EQ(item(std(make1({1, 2, 3}), {}, std::optional<int64_t>(5))), kInf);
  EXPECT_TRUE(std::isnan(item(var(make1({1})))));
  EXPECT_TRUE(std::isnan(item(var(empty({0})))));
  Tensor y = make({1, 2, 3, 5, 7, 9}, {2, 3});
  expectValues(var(y, IntArrayRef{1}), {1, 4});
  expectValues(var(transposed(y), IntArrayRef{0}), {1, 4});
  auto [vv, mm] = var_mean(y, {1}, true, true);
  expectSizes(vv, {2, 1});
  expectValues(mm, {2, 7});
  auto [ss, m2] = std_mean(y);
  EXPECT_NEAR(item(m2), 27.0 / 6, 1e-6);
  EXPECT_THROW(var(make1({1, 2}, kLong)), Error);
}

TEST(ReduceVarTest, LargeOffsetIsStable) {
  std::vector<double> v(10000);
  for (int i = 0; i < 10000; ++i) v[i] = 1e4 + (i % 2);
  Tensor x = make1(v);
  EXPECT_NEAR(item(var(x, false)), 0.25, 1e-4);
}

// ---- norm ----

TEST(ReduceNormTest, Orders) {
  Tensor x = make1({3, -4, 0});
  EXPECT_NEAR(item(norm(x)), 5, 1e-6);
  EXPECT_NEAR(item(norm(x, Scalar(1))), 7, 1e-6);
  EXPECT_NEAR(item(norm(x, Scalar(kInf))), 4, 1e-6);
  EXPECT_NEAR(item(norm(x, Scalar(-kInf))), 0, 1e-6);
  EXPECT_NEAR(item(norm(x, Scalar(0))), 2, 1e-6);
  EXPECT_NEAR(item(norm(x, Scalar(3))), std::cbrt(27.0 + 64.0), 1e-5);
  EXPECT_NEAR(item(norm(x, "fro")), 5, 1e-6);
  Tensor y = make({3, 4, 6, 8}, {2, 2});
  expectValues(norm(y, Scalar(2), {1}), {5, 10});
  expectSizes(norm(y, Scalar(2), {1}, true), {2, 1});
  EXPECT_EQ(norm(y, Scalar(2), {}, false, kDouble).dtype(), kDouble);
  EXPECT_THROW(norm(make1({1, 2}, kLong)), Error);
  EXPECT_THROW(norm(y, Scalar(2), {}, false, kLong), Error);
  EXPECT_EQ(item(norm(empty({0, 3}), Scalar(kInf))), 0);
  EXPECT_TRUE(std::isnan(item(norm(make1({1, kNan}), Scalar(kInf)))));
}

// ---- all / any ----

TEST(ReduceLogicalTest, AllAny) {
  Tensor b = make({1, 0, 1, 1}, {2, 2}, kBool);
  EXPECT_EQ(item(all(b)), 0);
  EXPECT_EQ(item(any(b)), 1);
  expectValues(all(b, 1), {0, 1});
  expectValues(any(b, 0, true), {1, 1});
  EXPECT_EQ(all(b).dtype(), kBool);
  EXPECT_EQ(all(make1({1, 2}, kByte)).dtype(), kByte);
  EXPECT_EQ(any(make1({1, 2}, kInt)).dtype(), kBool);
  EXPECT_EQ(item(all(make1({kNan, 1}))), 1);
  EXPECT_EQ(item(all(empty({0}))), 1);
  EXPECT_EQ(item(any(empty({0}))), 0);
}

// ---- logsumexp ----

TEST(ReduceLogSumExpTest, Stable) {
  Tensor x = make1({1000, 1000});
  EXPECT_NEAR(item(logsumexp(x, {0})), 1000 + std::log(2.0), 1e-3);
  EXPECT_EQ(item(logsumexp(make1({kInf, 1}), {0})), kInf);
  EXPECT_EQ(item(logsumexp(make1({-kInf, -kInf}), {0})), -kInf);
  EXPECT_TRUE(std::isnan(item(logsumexp(make1({kNan, 1}), {0}))));
  Tensor y = make({0, 0, 1, 2}, {2, 2});
  expectValues(logsumexp(y, {1}), {std::log(2.0), std::log(std::exp(1.0) + std::exp(2.0))});
  EXPECT_EQ(logsumexp(make1({1, 2}, kLong), {0}).dtype(), kFloat);
  expectValues(logsumexp(empty({0, 2}), {0}), {-kInf, -kInf});
}

}  // namespace
}  // namespace ember
