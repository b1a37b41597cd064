// Unit tests for factories, fill_ and ranges (expected values from PyTorch 1.13).
#include <gtest/gtest.h>

#include <cmath>

#include "ember/tensor.h"

namespace ember {
namespace {

std::vector<double> values(const Tensor& t) {
  std::vector<double> out;
  for (const Scalar& s : t.scalars()) out.push_back(s.toDouble());
  return out;
}

TEST(FactoryTest, ZerosOnesFull) {
  Tensor z = zeros({2, 3});
  EXPECT_EQ(z.dtype(), kFloat);
  EXPECT_EQ(z.sizes(), IntArrayRef({2, 3}));
  EXPECT_EQ(values(z), std::vector<double>(6, 0.0));
  Tensor o = ones({4}, kInt);
  EXPECT_EQ(o.dtype(), kInt);
  EXPECT_EQ(values(o), std::vector<double>(4, 1.0));
  EXPECT_EQ(full({2}, 3).dtype(), kLong);
  EXPECT_EQ(full({2}, true).dtype(), kBool);
  EXPECT_EQ(full({2}, 1.5).dtype(), kFloat);
  EXPECT_EQ(values(full({2}, 1.5)), (std::vector<double>{1.5, 1.5}));
  EXPECT_EQ(full({2}, 2.7, kInt).scalarAt(1).toLong(), 2);
}

TEST(FactoryTest, FillChecksOverflowLikePyTorch) {
  Tensor u8 = zeros({2}, kByte);
  EXPECT_EQ(fill_(u8, -1).scalarAt(0).toLong(), 255);
  try {
    fill_(u8, 300);
    FAIL() << "expected overflow error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "value cannot be converted to type uint8_t without overflow");
  }
  Tensor i32 = zeros({2}, kInt);
  EXPECT_THROW(fill_(i32, 1e20), Error);
  EXPECT_THROW(fill_(i32, std::nan("")), Error);
  EXPECT_EQ(fill_(i32, -2.7).scalarAt(1).toLong(), -2);
  Tensor h = zeros({1}, kHalf);
  EXPECT_THROW(fill_(h, 1e6), Error);
  EXPECT_TRUE(std::isinf(fill_(h, INFINITY).item().toDouble()));
  Tensor b = zeros({1}, kBool);
  EXPECT_TRUE(fill_(b, 5).item().toBool());
}

TEST(FactoryTest, FillWithTensorNeedsZeroDim) {
  Tensor x = zeros({3}, kLong);
  fill_(x, scalar_tensor(2.5, kDouble));
  EXPECT_EQ(values(x), (std::vector<double>{2, 2, 2}));
  try {
    fill_(x, ones({1}));
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "fill_ only supports 0-dimension value tensor but got tensor with 1 dimensions.");
  }
}

TEST(FactoryTest, FillStridedViewWritesOnlyTheView) {
  Tensor base = zeros({3, 4});
  Tensor view = Tensor::make(base.storage(), kFloat, {3, 2}, {4, 2}, 1);  // base[:, 1::2]
  view.fill_(7);
  EXPECT_EQ(values(base), (std::vector<double>{0, 7, 0, 7, 0, 7, 0, 7, 0, 7, 0, 7}));
  view.zero_();
  EXPECT_EQ(values(base), std::vector<double>(12, 0.0));
}

TEST(FactoryTest, LikePreservesDenseLayout) {
  Tensor t = empty_strided({2, 3}, {1, 2});  // a transposed contiguous tensor
  Tensor z = zeros_like(t);
  EXPECT_EQ(z.strides(), IntArrayRef({1, 2}));
  EXPECT_EQ(zeros_like(t, {}, MemoryFormat::Contiguous).strides(), IntArrayRef({3, 1}));
  // Non-dense: PyTorch keeps the stride order but packs it (x.t()[::2] of a 4x3 tensor).
  Tensor base = zeros({4, 3});
  Tensor nd = Tensor::make(base.storage(), kFloat, {2, 4}, {2, 3});
  EXPECT_EQ(empty_like(nd).strides(), IntArrayRef({1, 2}));
  EXPECT_EQ(ones_like(t, kDouble).dtype(), kDouble);
  EXPECT_EQ(full_like(ones({1}, kInt), 2.9).item<int>(), 2);
}

TEST(FactoryTest, NewMethodsKeepDtype) {
  Tensor t = ones({2}, kShort);
  EXPECT_EQ(t.new_zeros({3}).dtype(), kShort);
  EXPECT_EQ(t.new_ones({3}, kFloat).dtype(), kFloat);
  EXPECT_EQ(t.new_full({1}, 5).item<int64_t>(), 5);
  EXPECT_EQ(t.new_full({2}, 5).dtype(), kShort);
}

TEST(FactoryTest, ArangeDtypeAndLength) {
  EXPECT_EQ(arange(5).dtype(), kLong);
  EXPECT_EQ(arange(5.5).dtype(), kFloat);
  EXPECT_EQ(arange(5.5).numel(), 6);
  EXPECT_EQ(values(arange(Scalar(-1.5), Scalar(5), kLong)), (std::vector<double>{-1, 0, 1, 2, 3, 4}));
  EXPECT_EQ(values(arange(Scalar(-1.5), Scalar(5), Scalar(1.5), kInt)), (std::vector<double>{-1, 0, 1, 2, 3}));
  EXPECT_EQ(arange(Scalar(0), Scalar(10), Scalar(0.1)).numel(), 100);
  // PyTorch's grouped evaluation: element 9 of arange(0, 10, 0.1) is 0.90000004f, not 0.9f.
  EXPECT_EQ(arange(Scalar(0), Scalar(10), Scalar(0.1)).scalarAt(9).toDouble(), static_cast<double>(0.90000004f));
  EXPECT_EQ(arange(Scalar(0), Scalar(10), Scalar(0.1)).scalarAt(13).toDouble(), static_cast<double>(1.3f));
}

TEST(FactoryTest, ArangeErrors) {
  auto message = [](auto fn) {
    try {
      fn();
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message([] { arange(Scalar(0), Scalar(1), Scalar(0)); }), "step must be nonzero");
  EXPECT_EQ(message([] { arange(Scalar(0), Scalar(-1)); }), "upper bound and larger bound inconsistent with step sign");
  EXPECT_EQ(message([] { arange(Scalar(INFINITY)); }), "unsupported range: 0 -> inf");
  EXPECT_EQ(message([] { arange(Scalar(3), kBool); }), "\"arange_cpu\" not implemented for 'Bool'");
}

TEST(FactoryTest, LinspaceLogspaceEye) {
  EXPECT_EQ(values(linspace(0, 1, 5)), (std::vector<double>{0, 0.25, 0.5, 0.75, 1}));
  EXPECT_EQ(values(linspace(0, 10, 7, kLong)), (std::vector<double>{0, 1, 3, 5, 6, 8, 10}));
  EXPECT_EQ(linspace(0, 1, 0).numel(), 0);
  EXPECT_EQ(values(linspace(0, 1, 1)), (std::vector<double>{0}));
  EXPECT_THROW(linspace(0, 1, -1), Error);
  EXPECT_EQ(values(logspace(0, 3, 4, 2.0, kLong)), (std::vector<double>{1, 2, 4, 8}));
  EXPECT_EQ(values(eye(2, 3)), (std::vector<double>{1, 0, 0, 0, 1, 0}));
  EXPECT_THROW(eye(-1), Error);
}

TEST(FactoryTest, TensorFromData) {
  Tensor a = tensor({1.f, 2.f});
  EXPECT_EQ(a.dtype(), kFloat);
  EXPECT_EQ(values(a), (std::vector<double>{1, 2}));
  Tensor b = tensor({{1, 2}, {3, 4}});
  EXPECT_EQ(b.dtype(), kLong);
  EXPECT_EQ(b.sizes(), IntArrayRef({2, 2}));
  EXPECT_EQ(b.scalarAt(3).toLong(), 4);
  Tensor c = tensor({true, false});
  EXPECT_EQ(c.dtype(), kBool);
  EXPECT_EQ(tensor({1.5, 2.5}, kInt).scalarAt(1).toLong(), 2);
  EXPECT_EQ(tensor({1.0}).dtype(), kFloat);
  int64_t data[] = {1, 2, 3, 4, 5, 6};
  Tensor d = tensor(ArrayRef<int64_t>(data, 6), {2, 3});
  EXPECT_EQ(d.sizes(), IntArrayRef({2, 3}));
  EXPECT_THROW(tensor(ArrayRef<int64_t>(data, 6), {4, 3}), Error);
  EXPECT_THROW((tensor({{1, 2}, {3}})), Error);
}

}  // namespace
}  // namespace ember
