// Unit tests for sort, argsort, topk, kthvalue, median, cumulative ops and softmax.
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

using ember::testing::make;
using ember::testing::make1;
using ember::testing::values;

Tensor transposed(const Tensor& t) {
  return Tensor::make(t.storage(), t.dtype(), {t.sizes()[1], t.sizes()[0]}, {t.strides()[1], t.strides()[0]},
                      t.storage_offset());
}
void expectValues(const Tensor& t, std::vector<double> expected, double tol = 1e-6) {
  std::vector<double> got = values(t);
  ASSERT_EQ(got.size(), expected.size());
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(expected[i]))
      EXPECT_TRUE(std::isnan(got[i])) << "at " << i;
    else if (std::isinf(expected[i]))
      EXPECT_EQ(got[i], expected[i]) << "at " << i;
    else
      EXPECT_NEAR(got[i], expected[i], tol * std::max(1.0, std::abs(expected[i]))) << "at " << i;
  }
}

TEST(SortTest, AscendingDescendingNan) {
  Tensor x = make1({3, kNan, 1, kNan, 2});
  auto [v, i] = sort(x);
  expectValues(v, {1, 2, 3, kNan, kNan});
  expectValues(i, {2, 4, 0, 1, 3});
  auto [vd, id] = sort(x, true, -1, true);
  expectValues(vd, {kNan, kNan, 3, 2, 1});
  expectValues(id, {1, 3, 0, 4, 2});
}

TEST(SortTest, StableTiesAndDims) {
  Tensor x = make1({2, 1, 2, 1, 2});
  expectValues(std::get<1>(sort(x, true, 0, false)), {1, 3, 0, 2, 4});
  expectValues(std::get<1>(sort(x, true, 0, true)), {0, 2, 4, 1, 3});
  Tensor m = make({3, 1, 2, 0, 5, 4}, {2, 3});
  auto [v0, i0] = sort(m, 0);
  expectValues(v0, {0, 1, 2, 3, 5, 4});
  expectValues(i0, {1, 0, 0, 0, 1, 1});
  expectValues(argsort(transposed(m), 0), {1, 0, 2, 2, 0, 1});
  expectValues(argsort(make1({1, 0}, kBool)), {1, 0});
  auto [vs, is] = sort(make({7}, {}));
  EXPECT_EQ(vs.dim(), 0);
  expectValues(is, {0});
}

TEST(TopkTest, LargestSmallestBounds) {
  Tensor x = make1({3, kNan, 1, 5, 2});
  auto [v, i] = topk(x, 2);
  expectValues(v, {kNan, 5});
  expectValues(i, {1, 3});
  auto [vs, is] = topk(x, 2, 0, false);
  expectValues(vs, {1, 2});
  expectValues(is, {2, 4});
  try {
    topk(x, 6);
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "selected index k out of range");
  }
  EXPECT_THROW(topk(x, -1), Error);
  EXPECT_EQ(std::get<0>(topk(x, 0)).numel(), 0);
  Tensor m = make({3, 1, 2, 0, 5, 4}, {2, 3});
  expectValues(std::get<0>(topk(m, 1, 0)), {3, 5, 4});
  EXPECT_EQ(std::get<0>(topk(m, 1, 0)).sizes().vec(), (std::vector<int64_t>{1, 3}));
}

TEST(MedianTest, FullAndDim) {
  EXPECT_EQ(values(median(make1({4, 1, 3, 2})))[0], 2);  // lower median
  EXPECT_TRUE(std::isnan(values(median(make1({1, kNan, 3})))[0]));
  EXPECT_TRUE(std::isnan(values(median(empty({0})))[0]));
  EXPECT_EQ(values(median(make1({1, 2, 3, 4}, kLong)))[0], 2);
  auto [v, i] = median(make({1, kNan, 3, kNan}, {1, 4}), 1);
  expectValues(v, {kNan});
  expectValues(i, {1});
  auto [nv, ni] = nanmedian(make({1, kNan, 3, kNan}, {1, 4}), 1);
  expectValues(nv, {1});
  expectValues(ni, {0});
  auto [mv, mi] = median(make({5, 1, 9, 2, 8, 7}, {2, 3}), 1, true);
  EXPECT_EQ(mv.sizes().vec(), (std::vector<int64_t>{2, 1}));
  expectValues(mv, {5, 7});
  expectValues(mi, {0, 2});
  EXPECT_THROW(median(empty({0, 2}), 0), Error);
  EXPECT_THROW(median(make1({1, 0}, kBool)), Error);
  auto [kv, ki] = kthvalue(make1({5, 1, 9, 2}), 3);
  expectValues(kv, {5});
  expectValues(ki, {0});
  EXPECT_THROW(kthvalue(make1({5, 1}), 3), Error);
}

TEST(CumulativeTest, SumProd) {
  Tensor x = make({1, 2, 3, 4, 5, 6}, {2, 3});
  expectValues(cumsum(x, 1), {1, 3, 6, 4, 9, 15});
  expectValues(cumsum(x, 0), {1, 2, 3, 5, 7, 9});
  expectValues(cumprod(x, -1), {1, 2, 6, 4, 20, 120});
  expectValues(cumsum(transposed(x), 1), {1, 5, 2, 7, 3, 9});
  Tensor c = make1({100, 100, 100}, kChar);
  EXPECT_EQ(cumsum(c, 0).dtype(), kLong);
  expectValues(cumsum(c, 0), {100, 200, 300});
  EXPECT_EQ(cumsum(x, 0, kDouble).dtype(), kDouble);
  EXPECT_EQ(cumsum(make1({1, 1}, kBool), 0).dtype(), kLong);
  EXPECT_THROW(cumsum(make1({1, 1}, kHalf), 0), Error);
  EXPECT_THROW(cumsum(x, 2), Error);
  expectValues(cumsum(make({4}, {}), 0), {4});
  Tensor out = empty({0}, kDouble);
  cumsum_out(out, x, 1);
  EXPECT_EQ(out.dtype(), kDouble);
  expectValues(out, {1, 3, 6, 4, 9, 15});
  Tensor y = make1({1, 2, 3});
  y.cumsum_(0);
  expectValues(y, {1, 3, 6});
}

TEST(CumulativeTest, CummaxTiesAndNan) {
  auto [v, i] = cummax(make1({1, 3, 3, 2, kNan, 5}), 0);
  expectValues(v, {1, 3, 3, 3, kNan, kNan});
  expectValues(i, {0, 1, 2, 2, 4, 4});
  auto [mv, mi] = cummin(make1({3, 1, 1}), 0);
  expectValues(mv, {3, 1, 1});
  expectValues(mi, {0, 1, 2});
}

TEST(SoftmaxTest, ValuesAndStability) {
  Tensor x = make({1, 2, 3, 1000, 1000, 1000}, {2, 3});
  double e1 = std::exp(1.0), e2 = std::exp(2.0), e3 = std::exp(3.0), s = e1 + e2 + e3;
  expectValues(softmax(x, 1), {e1 / s, e2 / s, e3 / s, 1.0 / 3, 1.0 / 3, 1.0 / 3});
  expectValues(log_softmax(x, 1), {1 - std::log(s), 2 - std::log(s), 3 - std::log(s), -std::log(3.0),
                                   -std::log(3.0), -std::log(3.0)});
  Tensor y = make({0, 0, 0, std::log(3.0)}, {2, 2});
  expectValues(softmax(y, 0), {0.5, 0.25, 0.5, 0.75});
  expectValues(softmax(transposed(y), 1), {0.5, 0.5, 0.25, 0.75});
  expectValues(softmax(make1({kNan, 1}), 0), {kNan, kNan});
  EXPECT_EQ(softmax(x, 1, kDouble).dtype(), kDouble);
  EXPECT_THROW(softmax(make1({1, 2}, kLong), 0), Error);
  EXPECT_THROW(softmax(make1({1, 2}, kHalf), 0), Error);
  Tensor b = softmax(make1({1, 2}, kBFloat16), 0);
  EXPECT_EQ(b.dtype(), kBFloat16);
  expectValues(b, {1 / (1 + std::exp(1.0)), std::exp(1.0) / (1 + std::exp(1.0))}, 1e-2);
  expectValues(softmax(make({5}, {}), 0), {1});
  EXPECT_EQ(softmax(empty({0, 3}), 1).numel(), 0);
}

}  // namespace
}  // namespace ember
