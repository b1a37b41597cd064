// Unit tests for copy_, to, type_as, contiguous, clone and detach (src/tensor/copy.cpp).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "ember/tensor.h"

namespace ember {
namespace {

template <typename T>
Tensor fromVector(const std::vector<T>& v, IntArrayRef sizes) {
  Tensor t = empty(sizes, scalarTypeOf<T>());
  EXPECT_EQ(static_cast<size_t>(t.numel()), v.size());
  if constexpr (std::is_same_v<T, bool>) {
    for (size_t i = 0; i < v.size(); ++i) t.data_ptr<bool>()[i] = v[i];
  } else if (!v.empty()) {
    std::memcpy(t.data_ptr(), v.data(), v.size() * sizeof(T));
  }
  return t;
}

Tensor arangeFloat(int64_t n, IntArrayRef sizes) {
  std::vector<float> v(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) v[i] = static_cast<float>(i);
  return fromVector(v, sizes);
}

// Reads element at a multi-index through the tensor's own strides.
template <typename T>
T at(const Tensor& t, std::initializer_list<int64_t> idx) {
  int64_t off = 0, d = 0;
  for (int64_t i : idx) off += i * t.strides()[d++];
  return t.data_ptr<T>()[off];
}

TEST(CopyTest, SameDtypeContiguous) {
  Tensor a = arangeFloat(6, {2, 3});
  Tensor b = empty({2, 3}, kFloat);
  b.copy_(a);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(b.data_ptr<float>()[i], static_cast<float>(i));
  EXPECT_FALSE(b.is_alias_of(a));
}

TEST(CopyTest, BroadcastsSource) {
  Tensor row = fromVector<int64_t>({7, 8, 9}, {3});
  Tensor out = empty({2, 3}, kLong);
  copy_(out, row);
  for (int64_t i = 0; i < 2; ++i)
    for (int64_t j = 0; j < 3; ++j) EXPECT_EQ(at<int64_t>(out, {i, j}), 7 + j);
  Tensor col = fromVector<int64_t>({1, 2}, {2, 1});
  copy_(out, col);
  for (int64_t j = 0; j < 3; ++j) EXPECT_EQ(at<int64_t>(out, {1, j}), 2);
}

TEST(CopyTest, ShapeErrors) {
  Tensor out = empty({2, 3}, kFloat);
  try {
    copy_(out, empty({4}, kFloat));
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1");
  }
  try {
    copy_(out, empty({2, 1, 3}, kFloat));
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "output with shape [2, 3] doesn't match the broadcast shape [2, 2, 3]");
  }
}

TEST(CopyTest, NonContiguousDestinationAndSource) {
  // dst is a transposed view of a 3x2 buffer; src a strided view skipping every other element.
  Tensor buf = empty({3, 2}, kDouble);
  Tensor dst = Tensor::make(buf.storage(), kDouble, {2, 3}, {1, 2});
  Tensor big = arangeFloat(12, {12});
  Tensor src = Tensor::make(big.storage(), kFloat, {2, 3}, {6, 2}, 0);
  copy_(dst, src);
  for (int64_t i = 0; i < 2; ++i)
    for (int64_t j = 0; j < 3; ++j) EXPECT_EQ(at<double>(dst, {i, j}), static_cast<double>(6 * i + 2 * j));
  // The buffer holds dst transposed.
  EXPECT_EQ(buf.data_ptr<double>()[1], 6.0);
}

TEST(CopyTest, FloatToIntegerConversionsMatchX86PyTorch) {
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  Tensor f = fromVector<float>({nan, inf, -1.5f, 2.7f, 300.0f, -300.0f, 3e9f, 65520.0f}, {8});
  auto conv = [&](ScalarType t) { return f.to(t); };
  // Expected values from torch 1.13: tensor.to(dtype).tolist().
  std::vector<int64_t> i64 = {INT64_MIN, INT64_MIN, -1, 2, 300, -300, 3000000000LL, 65520};
  std::vector<int32_t> i32 = {INT32_MIN, INT32_MIN, -1, 2, 300, -300, INT32_MIN, 65520};
  std::vector<int16_t> i16 = {0, 0, -1, 2, 300, -300, 0, -16};
  std::vector<int8_t> i8 = {0, 0, -1, 2, 44, -44, 0, -16};
  std::vector<uint8_t> u8 = {0, 0, 255, 2, 44, 212, 0, 240};
  Tensor t64 = conv(kLong), t32 = conv(kInt), t16 = conv(kShort), t8 = conv(kChar), tu8 = conv(kByte);
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(t64.data_ptr<int64_t>()[i], i64[i]) << i;
    EXPECT_EQ(t32.data_ptr<int32_t>()[i], i32[i]) << i;
    EXPECT_EQ(t16.data_ptr<int16_t>()[i], i16[i]) << i;
    EXPECT_EQ(t8.data_ptr<int8_t>()[i], i8[i]) << i;
    EXPECT_EQ(tu8.data_ptr<uint8_t>()[i], u8[i]) << i;
  }
  // uint8 goes through int64: 2^32 + 257 keeps its low byte.
  Tensor d = fromVector<double>({4294967553.0, -2147483905.0}, {2}).to(kByte);
  EXPECT_EQ(d.data_ptr<uint8_t>()[0], 1);
  EXPECT_EQ(d.data_ptr<uint8_t>()[1], 255);
}

TEST(CopyTest, BoolConversions) {
  Tensor f = fromVector<float>({0.0f, -0.0f, std::nanf(""), 0.5f}, {4}).to(kBool);
  EXPECT_EQ(f.dtype(), kBool);
  std::vector<bool> expect = {false, false, true, true};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(f.data_ptr<bool>()[i], expect[i]);
  Tensor b = fromVector<bool>({true, false}, {2});
  Tensor h = b.to(kHalf);
  EXPECT_EQ(static_cast<float>(h.data_ptr<Half>()[0]), 1.0f);
  EXPECT_EQ(static_cast<float>(h.data_ptr<Half>()[1]), 0.0f);
  Tensor i = fromVector<int64_t>({256, 0, -1}, {3}).to(kBool);
  EXPECT_TRUE(i.data_ptr<bool>()[0]);
  EXPECT_FALSE(i.data_ptr<bool>()[1]);
  EXPECT_TRUE(i.data_ptr<bool>()[2]);
}

TEST(CopyTest, ReducedPrecisionRounding) {
  Tensor f = fromVector<double>({0.1, 65519.0, 65520.0, 1e-8}, {4}).to(kHalf);
  EXPECT_EQ(f.data_ptr<Half>()[0].x, 0x2e66);  // 0.0999755859375
  EXPECT_EQ(static_cast<float>(f.data_ptr<Half>()[1]), 65504.0f);
  EXPECT_TRUE(std::isinf(static_cast<float>(f.data_ptr<Half>()[2])));
  EXPECT_EQ(static_cast<float>(f.data_ptr<Half>()[3]), 0.0f);
  Tensor big = fromVector<int64_t>({(int64_t{1} << 40) + 5}, {1});
  EXPECT_TRUE(std::isinf(static_cast<float>(big.to(kHalf).data_ptr<Half>()[0])));
  EXPECT_EQ(static_cast<float>(big.to(kBFloat16).data_ptr<BFloat16>()[0]), 1099511627776.0f);
  // Half -> int goes through float.
  Tensor hi = fromVector<float>({65504.0f, -2.5f}, {2}).to(kHalf).to(kInt);
  EXPECT_EQ(hi.data_ptr<int32_t>()[0], 65504);
  EXPECT_EQ(hi.data_ptr<int32_t>()[1], -2);
}

TEST(CopyTest, IntegerNarrowingWraps) {
  Tensor x = fromVector<int64_t>({-1, 256, (int64_t{1} << 40) + 5}, {3});
  Tensor u = x.to(kByte);
  EXPECT_EQ(u.data_ptr<uint8_t>()[0], 255);
  EXPECT_EQ(u.data_ptr<uint8_t>()[1], 0);
  EXPECT_EQ(u.data_ptr<uint8_t>()[2], 5);
  Tensor s = x.to(kShort);
  EXPECT_EQ(s.data_ptr<int16_t>()[1], 256);
}

TEST(CopyTest, OverlapRules) {
  Tensor x = arangeFloat(10, {10});
  Tensor a = Tensor::make(x.storage(), kFloat, {5}, {1}, 1);
  Tensor b = Tensor::make(x.storage(), kFloat, {5}, {1}, 0);
  EXPECT_THROW(copy_(a, b), Error);  // partial overlap
  // Same memory, same geometry: a no-op.
  Tensor b2 = Tensor::make(x.storage(), kFloat, {5}, {1}, 0);
  copy_(b2, b);
  EXPECT_EQ(x.data_ptr<float>()[3], 3.0f);
  // Expanded destination: internal overlap.
  Tensor expanded = Tensor::make(x.storage(), kFloat, {2, 3}, {0, 1});
  try {
    copy_(expanded, arangeFloat(3, {3}));
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("more than one element of the written-to tensor"), std::string::npos);
  }
  // Interleaved, non-dense views of one buffer: no overlap, copy works.
  Tensor even = Tensor::make(x.storage(), kFloat, {5}, {2}, 0);
  Tensor odd = Tensor::make(x.storage(), kFloat, {5}, {2}, 1);
  copy_(even, odd);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(x.data_ptr<float>()[2 * i], static_cast<float>(2 * i + 1));
  // Square matrix into its own transpose: partial overlap in PyTorch's terms.
  Tensor m = arangeFloat(9, {3, 3});
  Tensor mt = Tensor::make(m.storage(), kFloat, {3, 3}, {1, 3});
  EXPECT_THROW(copy_(m, mt), Error);
}

TEST(CopyTest, ZeroSizeAndZeroDim) {
  Tensor z = empty({0, 3}, kFloat);
  copy_(z, empty({3}, kLong));  // nothing to do, no error
  Tensor s = fromVector<double>({2.5}, {});
  Tensor out = empty({2, 2}, kInt);
  copy_(out, s);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(out.data_ptr<int32_t>()[i], 2);
  Tensor scalarOut = empty({}, kFloat);
  copy_(scalarOut, fromVector<int8_t>({-3}, {}));
  EXPECT_EQ(scalarOut.data_ptr<float>()[0], -3.0f);
  // A 1-element 1-d source does not fit a 0-dim destination (PyTorch rejects it too).
  EXPECT_THROW(copy_(scalarOut, fromVector<int8_t>({-3}, {1})), Error);
}

TEST(CopyTest, LargeParallelCopies) {
  const int64_t n = 1 << 20;
  Tensor a = arangeFloat(n, {n});
  Tensor b = empty({n}, kFloat);
  copy_(b, a);
  EXPECT_EQ(b.data_ptr<float>()[n - 1], static_cast<float>(n - 1));
  Tensor d = a.to(kDouble);
  EXPECT_EQ(d.data_ptr<double>()[n / 2 + 3], static_cast<double>(n / 2 + 3));
  // Transposed large copy.
  Tensor m = arangeFloat(n, {1024, 1024});
  Tensor mt = Tensor::make(m.storage(), kFloat, {1024, 1024}, {1, 1024});
  Tensor c = mt.contiguous();
  EXPECT_TRUE(c.is_contiguous());
  EXPECT_EQ(c.data_ptr<float>()[5 * 1024 + 7], static_cast<float>(7 * 1024 + 5));
}

TEST(ToTest, ReturnsSelfUnlessChangedOrCopyRequested) {
  Tensor a = arangeFloat(4, {4});
  EXPECT_TRUE(a.to(kFloat).is_same(a));
  Tensor c = a.to(kFloat, false, true);
  EXPECT_FALSE(c.is_same(a));
  EXPECT_FALSE(c.is_alias_of(a));
  EXPECT_EQ(c.data_ptr<float>()[3], 3.0f);
  Tensor l = a.type_as(empty({1}, kLong));
  EXPECT_EQ(l.dtype(), kLong);
  EXPECT_EQ(l.data_ptr<int64_t>()[2], 2);
}

TEST(ToTest, PreservesDenseLayout) {
  Tensor m = arangeFloat(6, {2, 3});
  Tensor mt = Tensor::make(m.storage(), kFloat, {3, 2}, {1, 3});
  Tensor d = mt.to(kDouble);
  EXPECT_EQ(d.strides(), IntArrayRef({1, 3}));
  EXPECT_EQ(at<double>(d, {2, 1}), 5.0);
  Tensor cl = mt.clone();
  EXPECT_EQ(cl.strides(), IntArrayRef({1, 3}));
  EXPECT_FALSE(cl.is_alias_of(mt));
  // Non-dense: row-major result.
  Tensor big = arangeFloat(12, {12});
  Tensor sparse = Tensor::make(big.storage(), kFloat, {2, 3}, {6, 2});
  Tensor sc = sparse.clone();
  EXPECT_TRUE(sc.is_contiguous());
  EXPECT_EQ(at<float>(sc, {1, 2}), 10.0f);
}

TEST(ContiguousTest, ReturnsSelfWhenContiguous) {
  Tensor a = arangeFloat(6, {2, 3});
  EXPECT_TRUE(a.contiguous().is_same(a));
  Tensor t = Tensor::make(a.storage(), kFloat, {3, 2}, {1, 3});
  Tensor c = t.contiguous();
  EXPECT_FALSE(c.is_same(t));
  EXPECT_TRUE(c.is_contiguous());
  EXPECT_EQ(c.data_ptr<float>()[1], 3.0f);
}

TEST(DetachTest, SharesStorageWithoutGrad) {
  Tensor a = arangeFloat(4, {2, 2});
  a.set_requires_grad(true);
  Tensor d = a.detach();
  EXPECT_FALSE(d.requires_grad());
  EXPECT_FALSE(d.is_same(a));
  EXPECT_TRUE(d.is_alias_of(a));
  EXPECT_EQ(d.sizes(), a.sizes());
  d.data_ptr<float>()[0] = 42.0f;
  EXPECT_EQ(a.data_ptr<float>()[0], 42.0f);
}

// NCHW <-> channels-last conversions take a tiled transpose (an RGB image a path of its own);
// single images included, whose copy sees a 0 stride along the batch dim.
TEST(CopyTest, ChannelsLastConversionsKeepEveryElement) {
  for (auto sizes : {std::vector<int64_t>{1, 3, 5, 7}, std::vector<int64_t>{2, 3, 17, 19}, std::vector<int64_t>{1, 20, 9, 4},
                     std::vector<int64_t>{3, 5, 1, 33}}) {
    const int64_t n = sizes[0] * sizes[1] * sizes[2] * sizes[3];
    Tensor x = arangeFloat(n, sizes);
    Tensor cl = contiguous(x, MemoryFormat::ChannelsLast);
    const std::vector<int64_t> clStrides{sizes[1] * sizes[2] * sizes[3], 1, sizes[3] * sizes[1], sizes[1]};
    for (int d = 0; d < 4; ++d)
      if (sizes[d] != 1) ASSERT_EQ(cl.strides()[d], clStrides[d]) << d;
    Tensor back = contiguous(cl, MemoryFormat::Contiguous);
    ASSERT_TRUE(back.is_contiguous());
    for (int64_t a = 0; a < sizes[0]; ++a)
      for (int64_t c = 0; c < sizes[1]; ++c)
        for (int64_t h = 0; h < sizes[2]; ++h)
          for (int64_t w = 0; w < sizes[3]; ++w) {
            const float want = static_cast<float>(((a * sizes[1] + c) * sizes[2] + h) * sizes[3] + w);
            ASSERT_EQ(at<float>(cl, {a, c, h, w}), want) << sizes[1] << " channels at " << a << c << h << w;
            ASSERT_EQ(at<float>(back, {a, c, h, w}), want);
          }
  }
}

}  // namespace
}  // namespace ember
