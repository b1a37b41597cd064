// Unit tests for the caching allocator's size classes, cap, switch to the system heap and use
// from several threads (the basic caching tests are in tensor_core_test.cpp).
#include <gtest/gtest.h>

#include <sys/resource.h>

#include <atomic>
#include <cstring>
#include <iterator>
#include <mutex>
#include <thread>
#include <vector>

#include "ember/tensor.h"

namespace ember {
namespace {

// Restores the allocator's settings when a test ends, whatever it changed.
struct AllocatorSettings {
  bool caching = allocatorCachingEnabled();
  size_t limit = allocatorCacheLimit();
  AllocatorSettings() { setAllocatorStatsEnabled(true); }
  ~AllocatorSettings() {
    setAllocatorCacheLimit(limit);
    setAllocatorCaching(caching);
    setAllocatorStatsEnabled(false);
  }
};

TEST(AllocatorSizeClassTest, RequestsOfOneClassShareABlock) {
  AllocatorSettings keep;
  if (!allocatorCachingEnabled()) GTEST_SKIP() << "caching is off (AddressSanitizer)";
  // 4097..5120 bytes are one class (a quarter step above 4 KiB): a freed 5000-byte block serves
  // a 4097-byte request; 5121 bytes are the next class up, so the cached block is not used.
  void* a = allocateCpu(5000);
  freeCpu(a);
  void* b = allocateCpu(4097);
  EXPECT_EQ(a, b);
  void* c = allocateCpu(5121);
  EXPECT_NE(c, b);
  freeCpu(b);
  freeCpu(c);
  // 64-byte steps below 4 KiB: 65 and 128 bytes share a class, 129 does not.
  void* d = allocateCpu(128);
  freeCpu(d);
  void* e = allocateCpu(65);
  EXPECT_EQ(d, e);
  void* f = allocateCpu(129);
  EXPECT_NE(f, e);
  freeCpu(e);
  freeCpu(f);
}

TEST(AllocatorCapTest, BlocksPastTheCapGoBackToTheOs) {
  AllocatorSettings keep;
  if (!allocatorCachingEnabled()) GTEST_SKIP() << "caching is off (AddressSanitizer)";
  emptyAllocatorCache();
  const size_t block = 768 << 10;  // pool-cached (above the per-thread sizes), under 2 MiB
  setAllocatorCacheLimit(1 << 20);
  const int64_t cached0 = allocatorStats().cachedBytes;
  void* a = allocateCpu(block);
  void* b = allocateCpu(block);
  freeCpu(a);  // fits under the 1 MiB cap
  // 768 KiB is a class boundary; the block's 64-byte header takes one more page.
  const int64_t afterOne = allocatorStats().cachedBytes - cached0;
  EXPECT_EQ(afterOne, static_cast<int64_t>(block + 4096));
  freeCpu(b);  // would pass it: released
  EXPECT_EQ(allocatorStats().cachedBytes - cached0, afterOne);
  // Under the cap again, blocks are cached again.
  void* c = allocateCpu(block);  // the cached one
  EXPECT_EQ(c, a);
  EXPECT_EQ(allocatorStats().cachedBytes, cached0);
  freeCpu(c);
  EXPECT_EQ(allocatorStats().cachedBytes - cached0, afterOne);
  emptyAllocatorCache();
}

TEST(AllocatorSystemModeTest, NothingIsCachedAndLiveBlocksSurviveTheSwitch) {
  AllocatorSettings keep;
  if (!allocatorCachingEnabled()) GTEST_SKIP() << "caching is off (AddressSanitizer)";
  // A large (mapped) block allocated while caching is on is freed after switching it off, and
  // blocks allocated with it off are freed after switching it back on.
  // (Stats count from when they were first enabled, so only differences are checked.)
  void* mappedBlock = allocateCpu(size_t{3} << 20);
  std::memset(mappedBlock, 1, size_t{3} << 20);
  void* pooled = allocateCpu(100000);
  const int64_t before = allocatorStats().cachedBytes;
  freeCpu(pooled);  // cached in the pool
  const int64_t withPooled = allocatorStats().cachedBytes;
  EXPECT_GT(withPooled, before);
  setAllocatorCaching(false);
  EXPECT_FALSE(allocatorCachingEnabled());
  const int64_t off = allocatorStats().cachedBytes;
  EXPECT_LE(off, before);  // switching off emptied the pool
  freeCpu(mappedBlock);
  void* heapBlock = allocateCpu(size_t{3} << 20);
  std::memset(heapBlock, 2, size_t{3} << 20);
  for (int i = 0; i < 4; ++i) {
    void* p = allocateCpu(100000 + i);
    freeCpu(p);
  }
  EXPECT_EQ(allocatorStats().cachedBytes, off);  // nothing was cached
  setAllocatorCaching(true);
  freeCpu(heapBlock);
  // Tensors work either way.
  setAllocatorCaching(false);
  Tensor t = full({1 << 20}, 1.5);
  EXPECT_EQ(t.sum().item<double>(), 1.5 * (1 << 20));
}

TEST(AllocatorThreadsTest, BlocksMoveBetweenThreadsIntact) {
  AllocatorSettings keep;
  const int64_t live0 = allocatorStats().liveBytes;
  // Each thread allocates blocks of several classes (thread-cached small ones, pooled and
  // mapped large ones), fills them with its id, hands half to the next thread to free, and
  // checks every block it frees still holds its owner's pattern.
  constexpr int kThreads = 4, kRounds = 100;
  const size_t sizes[] = {48, 200, 4096, 9000, 300000, (size_t{2} << 20) + 5};
  std::vector<std::vector<std::pair<unsigned char*, size_t>>> handoff(kThreads);
  std::vector<std::mutex> locks(kThreads);
  std::atomic<int> bad{0};
  auto check = [&](unsigned char* p, size_t n) {
    const unsigned char v = p[0];
    if (p[n / 2] != v || p[n - 1] != v) bad.fetch_add(1);
    freeCpu(p);
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int r = 0; r < kRounds; ++r) {
        size_t n = sizes[(r + t) % std::size(sizes)];
        auto* p = static_cast<unsigned char*>(allocateCpu(n));
        std::memset(p, t + 1, n);
        if (r % 2) {
          std::lock_guard<std::mutex> lock(locks[(t + 1) % kThreads]);
          handoff[(t + 1) % kThreads].emplace_back(p, n);
        } else {
          check(p, n);
        }
        std::vector<std::pair<unsigned char*, size_t>> mine;
        {
          std::lock_guard<std::mutex> lock(locks[t]);
          mine.swap(handoff[t]);
        }
        for (auto [q, m] : mine) check(q, m);
      }
    });
  }
  for (auto& th : threads) th.join();
  for (auto& list : handoff)
    for (auto [q, m] : list) check(q, m);
  EXPECT_EQ(bad.load(), 0);
  EXPECT_EQ(allocatorStats().liveBytes, live0);
}

TEST(AllocatorReuseTest, RepeatedCallsAllocateNoFreshMemory) {
  AllocatorSettings keep;
  if (!allocatorCachingEnabled()) GTEST_SKIP() << "caching is off (AddressSanitizer)";
  // A model-like sequence of intermediate sizes: after the first round every block comes from
  // the cache, so the cache's size is unchanged by further rounds.
  auto round = [] {
    Tensor x = full({1, 32, 112, 112}, 1.0f);
    for (int i = 0; i < 3; ++i) x = x.mul(2.0).relu();
    return x.sum().item<double>();
  };
  const double first = round();
  const int64_t cached = allocatorStats().cachedBytes;
  for (int i = 0; i < 3; ++i) EXPECT_EQ(round(), first);
  EXPECT_EQ(allocatorStats().cachedBytes, cached);
}

// Page faults the calling thread has taken so far.
long threadMinorFaults() {
  rusage u{};
  getrusage(RUSAGE_THREAD, &u);
  return u.ru_minflt;
}

TEST(AllocatorPopulateTest, FreshMidSizeBlocksAreWrittenWithoutAFaultPerPage) {
  AllocatorSettings keep;
  if (!allocatorCachingEnabled()) GTEST_SKIP() << "caching is off (AddressSanitizer)";
  emptyAllocatorCache();
  // 1 MiB (256 pages of 4 KiB) and 100 KB: fresh blocks, mapped with their pages populated.
  for (size_t bytes : {size_t{1} << 20, size_t{100000}}) {
    auto* p = static_cast<unsigned char*>(allocateCpu(bytes));
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 64, 0u);
    const long before = threadMinorFaults();
    std::memset(p, 0x5A, bytes);
    const long faults = threadMinorFaults() - before;
    EXPECT_LT(faults, 8) << bytes << " bytes";
    EXPECT_EQ(p[0], 0x5A);
    EXPECT_EQ(p[bytes - 1], 0x5A);
    freeCpu(p);
  }
  // Freed, such a block is cached and handed out again; with caching off it goes back to the OS.
  void* a = allocateCpu(300000);
  freeCpu(a);
  void* b = allocateCpu(300000);
  EXPECT_EQ(a, b);
  setAllocatorCaching(false);
  const int64_t off = allocatorStats().cachedBytes;
  freeCpu(b);  // not cached: its mapping, free around it, goes back whole
  EXPECT_LT(allocatorStats().cachedBytes, off + 300000);
}

// Blocks of 64 KiB and more are carved from mapped memory by best fit: memory freed by one size
// serves other sizes, and freed neighbours merge again.
TEST(AllocatorArenaTest, FreedMemoryServesOtherSizes) {
  AllocatorSettings keep;
  if (!allocatorCachingEnabled()) GTEST_SKIP() << "caching is off (AddressSanitizer)";
  emptyAllocatorCache();
  const size_t big = size_t{6} << 20;
  auto* base = static_cast<char*>(allocateCpu(big));
  std::memset(base, 1, big);
  freeCpu(base);
  const int64_t cachedBig = allocatorStats().cachedBytes;
  auto inside = [&](void* p, size_t n) {
    return static_cast<char*>(p) >= base - 64 && static_cast<char*>(p) + n <= base + big + (size_t{2} << 20);
  };
  // Two smaller blocks of other sizes come out of the freed one, and take nothing fresh.
  void* a = allocateCpu(size_t{2} << 20);
  void* b = allocateCpu(size_t{3} << 20);
  EXPECT_TRUE(inside(a, size_t{2} << 20));
  EXPECT_TRUE(inside(b, size_t{3} << 20));
  EXPECT_LT(allocatorStats().cachedBytes, cachedBig);
  std::memset(a, 2, size_t{2} << 20);
  std::memset(b, 3, size_t{3} << 20);
  EXPECT_EQ(static_cast<char*>(a)[0], 2);
  EXPECT_EQ(static_cast<char*>(b)[(size_t{3} << 20) - 1], 3);
  // Freed, they merge with the rest: the whole block is one range again.
  freeCpu(a);
  freeCpu(b);
  EXPECT_EQ(allocatorStats().cachedBytes, cachedBig);
  void* again = allocateCpu(big);
  EXPECT_EQ(again, base);
  freeCpu(again);
  // A mapping with nothing live in it goes back to the OS on a trim.
  emptyAllocatorCache();
  EXPECT_EQ(allocatorStats().cachedBytes, cachedBig - static_cast<int64_t>(big + (size_t{2} << 20)));
}

TEST(AllocatorArenaTest, ManyMixedSizesKeepTheirContents) {
  AllocatorSettings keep;
  if (!allocatorCachingEnabled()) GTEST_SKIP() << "caching is off (AddressSanitizer)";
  // Blocks of many sizes, freed in an interleaved order and allocated again, each filled with a
  // byte of its own: no two live blocks overlap.
  std::vector<std::pair<unsigned char*, size_t>> live;
  uint32_t seed = 12345;
  auto next = [&] { return seed = seed * 1664525u + 1013904223u; };
  for (int round = 0; round < 400; ++round) {
    if (!live.empty() && next() % 3 == 0) {
      size_t i = next() % live.size();
      auto [p, n] = live[i];
      for (size_t k = 0; k < n; k += 4093) ASSERT_EQ(p[k], static_cast<unsigned char>(reinterpret_cast<uintptr_t>(p) >> 12));
      freeCpu(p);
      live.erase(live.begin() + static_cast<std::ptrdiff_t>(i));
      continue;
    }
    size_t n = (size_t{64} << 10) + next() % (size_t{3} << 20);
    auto* p = static_cast<unsigned char*>(allocateCpu(n));
    ASSERT_EQ(reinterpret_cast<uintptr_t>(p) % 64, 0u);
    std::memset(p, static_cast<unsigned char>(reinterpret_cast<uintptr_t>(p) >> 12), n);
    live.emplace_back(p, n);
  }
  for (auto [p, n] : live) {
    for (size_t k = 0; k < n; k += 4093) ASSERT_EQ(p[k], static_cast<unsigned char>(reinterpret_cast<uintptr_t>(p) >> 12));
    freeCpu(p);
  }
}

}  // namespace
}  // namespace ember
