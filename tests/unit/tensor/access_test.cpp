// Unit tests for item(), scalarAt() and tolist().
#include <gtest/gtest.h>

#include "ember/tensor.h"
#include "ember/tensor/ops/access.h"

namespace ember {
namespace {

TEST(AccessTest, ItemKinds) {
  EXPECT_TRUE(scalar_tensor(2.5).item().isFloatingPoint());
  EXPECT_EQ(scalar_tensor(2.5).item().toDouble(), 2.5);
  EXPECT_EQ(full({1, 1}, 7).item().toLong(), 7);
  EXPECT_TRUE(full({1}, 7).item().isIntegral(false));
  EXPECT_TRUE(full({}, true).item().isBoolean());
  EXPECT_EQ(full({}, 3.75, kHalf).item<float>(), 3.75f);
  EXPECT_EQ(full({}, 3.75).item<int>(), 3);
}

TEST(AccessTest, ItemNeedsOneElement) {
  try {
    zeros({2}).item();
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "a Tensor with 2 elements cannot be converted to Scalar");
  }
  EXPECT_THROW(zeros({0}).item(), Error);
}

TEST(AccessTest, ScalarAtRespectsStrides) {
  Tensor base = arange(12);  // viewed as 4x3 row-major
  Tensor t = Tensor::make(base.storage(), kLong, {3, 4}, {1, 3});  // its transpose: t[i][j] = 3j + i
  EXPECT_EQ(t.scalarAt(1).toLong(), 3);
  EXPECT_EQ(t.scalarAt(5).toLong(), 4);
  EXPECT_EQ(t.scalarAt(11).toLong(), 11);
  EXPECT_THROW(t.scalarAt(12), Error);
  std::vector<int64_t> all;
  for (const Scalar& s : t.scalars()) all.push_back(s.toLong());
  EXPECT_EQ(all, (std::vector<int64_t>{0, 3, 6, 9, 1, 4, 7, 10, 2, 5, 8, 11}));
}

TEST(AccessTest, TolistNests) {
  Tensor base = arange(12);
  Tensor t = Tensor::make(base.storage(), kLong, {3, 4}, {1, 3});
  NestedScalars n = tolist(t);
  ASSERT_FALSE(n.isScalar());
  ASSERT_EQ(n.list().size(), 3u);
  ASSERT_EQ(n.list()[1].list().size(), 4u);
  EXPECT_EQ(n.list()[1].list()[2].scalar().toLong(), 7);
  NestedScalars zero = tolist(scalar_tensor(1.5));
  ASSERT_TRUE(zero.isScalar());
  EXPECT_EQ(zero.scalar().toDouble(), 1.5);
  EXPECT_TRUE(tolist(zeros({0, 2})).list().empty());
}

}  // namespace
}  // namespace ember
