// Unit tests for the tensor core: dtypes, promotion, Half/BFloat16, storage, geometry.
#include <gtest/gtest.h>

#include <cmath>
#include <thread>

#include "ember/tensor.h"

namespace ember {
namespace {

TEST(ScalarTypeTest, CodesMatchPyTorch) {
  EXPECT_EQ(static_cast<int>(kByte), 0);
  EXPECT_EQ(static_cast<int>(kLong), 4);
  EXPECT_EQ(static_cast<int>(kFloat), 6);
  EXPECT_EQ(static_cast<int>(kBool), 11);
  EXPECT_EQ(static_cast<int>(kBFloat16), 15);
}

TEST(ScalarTypeTest, NamesAndParsing) {
  EXPECT_STREQ(scalarTypeName(kFloat), "Float");
  EXPECT_EQ(scalarTypeTorchName(kLong), "torch.int64");
  EXPECT_EQ(parseScalarType("torch.float16"), kHalf);
  EXPECT_EQ(parseScalarType("Double"), kDouble);
  EXPECT_EQ(parseScalarType("long"), kLong);
  EXPECT_THROW(parseScalarType("float128"), Error);
}

TEST(ScalarTypeTest, PromotionLattice) {
  EXPECT_EQ(promoteTypes(kByte, kChar), kShort);
  EXPECT_EQ(promoteTypes(kByte, kLong), kLong);
  EXPECT_EQ(promoteTypes(kBool, kByte), kByte);
  EXPECT_EQ(promoteTypes(kInt, kHalf), kHalf);
  EXPECT_EQ(promoteTypes(kHalf, kBFloat16), kFloat);
  EXPECT_EQ(promoteTypes(kBFloat16, kDouble), kDouble);
  EXPECT_EQ(promoteTypes(kLong, kFloat), kFloat);
  EXPECT_EQ(promoteTypes(kShort, kInt), kInt);
}

TEST(ScalarTypeTest, CanCast) {
  EXPECT_TRUE(canCast(kLong, kFloat));
  EXPECT_FALSE(canCast(kFloat, kLong));
  EXPECT_FALSE(canCast(kLong, kBool));
  EXPECT_TRUE(canCast(kBool, kLong));
}

TEST(HalfTest, RoundTripsAndRounds) {
  EXPECT_EQ(static_cast<float>(Half(1.0f)), 1.0f);
  EXPECT_EQ(Half(1.0f).x, 0x3c00);
  EXPECT_EQ(Half(65504.0f).x, 0x7bff);
  EXPECT_EQ(Half(65520.0f).x, 0x7c00);  // ties to even overflow to inf
  EXPECT_EQ(Half(-2.0f).x, 0xc000);
  EXPECT_TRUE(std::isnan(static_cast<float>(Half(NAN))));
  EXPECT_EQ(static_cast<float>(Half::fromBits(0x0001)), std::ldexp(1.0f, -24));  // smallest subnormal
  EXPECT_EQ(Half(std::ldexp(1.0f, -24)).x, 0x0001);
  EXPECT_EQ(Half(0.1f).x, 0x2e66);
}

TEST(BFloat16Test, RoundsToNearestEven) {
  EXPECT_EQ(BFloat16(1.0f).x, 0x3f80);
  EXPECT_EQ(static_cast<float>(BFloat16(3.140625f)), 3.140625f);
  EXPECT_EQ(BFloat16(0.1f).x, 0x3dcd);
  EXPECT_TRUE(std::isnan(static_cast<float>(BFloat16(NAN))));
}

TEST(DeviceTest, ParseAndPrint) {
  EXPECT_EQ(Device::parse("cpu").str(), "cpu");
  EXPECT_EQ(Device::parse("cuda:1").str(), "cuda:1");
  EXPECT_EQ(Device::parse("cuda"), Device(DeviceType::CUDA));
  EXPECT_THROW(Device::parse("tpu"), Error);
  EXPECT_THROW(Device::parse("cuda:x"), Error);
}

TEST(ScalarTest, KindsAndConversions) {
  Scalar i = 3, d = 2.5, b = true;
  EXPECT_EQ(i.type(), kLong);
  EXPECT_EQ(d.type(), kDouble);
  EXPECT_EQ(b.type(), kBool);
  EXPECT_EQ(d.toLong(), 2);
  EXPECT_EQ((-i).toLong(), -3);
  EXPECT_THROW(-b, Error);
}

TEST(StorageTest, AlignedAndWrapsExternalMemory) {
  Storage s = Storage::allocate(100);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(s.data()) % kTensorAlignment, 0u);
  bool deleted = false;
  static float buf[4] = {1, 2, 3, 4};
  {
    Storage ext = Storage::wrap(buf, sizeof(buf), [&] { deleted = true; });
    EXPECT_EQ(ext.data(), buf);
    EXPECT_FALSE(deleted);
  }
  EXPECT_TRUE(deleted);
}

TEST(AllocatorTest, CachesFreedBlocks) {
  setAllocatorStatsEnabled(true);
  auto before = allocatorStats();
  void* p = allocateCpu(1 << 20);
  auto during = allocatorStats();
  EXPECT_EQ(during.liveBytes - before.liveBytes, 1 << 20);
  freeCpu(p);
  EXPECT_EQ(allocatorStats().liveBytes, before.liveBytes);
  EXPECT_THROW(allocateCpu(size_t{1} << 60), Error);
  // Small blocks come back from the thread's cache: the same address is reused.
  void* a = allocateCpu(100);
  freeCpu(a);
  void* b = allocateCpu(100);
  if (allocatorCachingEnabled()) {
    EXPECT_EQ(a, b);
  }
  freeCpu(b);
  setAllocatorStatsEnabled(false);
}

TEST(AllocatorTest, LargeBlocksAreAlignedWritableAndReused) {
  // Blocks of 2 MiB and more are mapped on huge-page boundaries (the data starts one 64-byte
  // header in), written end to end, cached and handed out again.
  const size_t n = (size_t{3} << 20) + 123;
  auto* p = static_cast<unsigned char*>(allocateCpu(n));
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % kTensorAlignment, 0u);
  if (allocatorCachingEnabled()) {
    EXPECT_EQ((reinterpret_cast<uintptr_t>(p) - kTensorAlignment) % (size_t{2} << 20), 0u);
  }
  for (size_t i = 0; i < n; i += 4096) p[i] = static_cast<unsigned char>(i);
  p[n - 1] = 7;
  freeCpu(p);
  void* q = allocateCpu(n);
  if (allocatorCachingEnabled()) {
    EXPECT_EQ(q, p);
  }
  freeCpu(q);
  emptyAllocatorCache();  // unmaps it
  Tensor big = full({1 << 20}, 2.5);  // 4 MiB: a large block in use by a tensor
  EXPECT_EQ(big.sum().item<double>(), 2.5 * (1 << 20));
}

TEST(AllocatorTest, PeakTracksLiveTensors) {
  setAllocatorStatsEnabled(true);
  resetPeakAllocatorStats();
  auto base = allocatorStats();
  {
    Tensor a = empty({1 << 16});
    Tensor b = empty({1 << 16});
  }
  auto after = allocatorStats();
  EXPECT_EQ(after.peakLiveBytes - base.liveBytes, 2 * (1 << 16) * 4);
  EXPECT_EQ(after.liveBytes, base.liveBytes);
  setAllocatorStatsEnabled(false);
}

TEST(TensorTest, GeometryInlineAndContiguity) {
  Tensor t = empty({2, 3, 4});
  EXPECT_EQ(t.dim(), 3);
  EXPECT_EQ(t.numel(), 24);
  EXPECT_EQ(t.strides(), IntArrayRef({12, 4, 1}));
  EXPECT_TRUE(t.is_contiguous());
  EXPECT_EQ(t.dtype(), kFloat);
  EXPECT_EQ(t.size(-1), 4);
  EXPECT_THROW(t.size(3), Error);
  Tensor tt = Tensor::make(t.storage(), kFloat, {4, 3}, {1, 4});
  EXPECT_FALSE(tt.is_contiguous());
  EXPECT_TRUE(tt.is_alias_of(t));
  EXPECT_THROW(Tensor::make(t.storage(), kFloat, {5, 5}, {5, 1}), Error);  // out of bounds
}

TEST(TensorTest, ZeroSizeAndScalars) {
  Tensor z = empty({0, 3});
  EXPECT_EQ(z.numel(), 0);
  EXPECT_TRUE(z.is_contiguous());
  Tensor s = empty({}, kLong);
  EXPECT_EQ(s.dim(), 0);
  EXPECT_EQ(s.numel(), 1);
  EXPECT_THROW(empty({-1}), Error);
}

TEST(ParallelTest, CoversRangeOnceAndPropagatesErrors) {
  std::vector<std::atomic<int>> hits(100000);
  parallelFor(0, 100000, 1000, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) hits[i]++;
  });
  for (auto& h : hits) ASSERT_EQ(h.load(), 1);
  EXPECT_THROW(parallelFor(0, 100000, 10, [&](int64_t b, int64_t) {
                 if (b > 0) EMBER_ERROR("boom");
               }),
               Error);
}

// Regions run on OpenMP's threads: inside a chunk a nested parallelFor runs inline, the flag is
// cleared again on the caller afterwards, and several user threads may start regions at once.
TEST(ParallelTest, NestedAndConcurrentRegions) {
  const int saved = get_num_threads();
  set_num_threads(2);
  std::atomic<int> nestedInline{0}, chunks{0};
  parallelFor(0, 4, 1, [&](int64_t b, int64_t e) {
    chunks++;
    EXPECT_TRUE(inParallelRegion());
    int pieces = 0;
    parallelFor(b * 1000, e * 1000, 1, [&](int64_t, int64_t) { pieces++; });
    if (pieces == 1) nestedInline++;
  });
  EXPECT_FALSE(inParallelRegion());
  EXPECT_EQ(nestedInline.load(), chunks.load());
  std::vector<std::thread> users;
  std::vector<int64_t> sums(4, 0);
  for (int t = 0; t < 4; ++t)
    users.emplace_back([&, t] {
      std::atomic<int64_t> sum{0};
      for (int rep = 0; rep < 20; ++rep)
        parallelFor(0, 10000, 100, [&](int64_t b, int64_t e) {
          int64_t s = 0;
          for (int64_t i = b; i < e; ++i) s += i;
          sum += s;
        });
      sums[static_cast<size_t>(t)] = sum.load();
    });
  for (auto& u : users) u.join();
  for (int64_t s : sums) EXPECT_EQ(s, 20 * (9999LL * 10000 / 2));
  set_num_threads(saved);
}

}  // namespace
}  // namespace ember
