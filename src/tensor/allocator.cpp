#include "ember/tensor/allocator.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstdint>
#include <mutex>
#include <string_view>
#include <vector>

#include "ember/error.h"
#include "tensor/allocator_arena.h"
#include "tensor/object_pool.h"

namespace ember {
namespace {

// Every block carries a 64-byte header in front of the pointer handed out, recording its size
// class, the requested size and where the block came from (mmap or the C heap), so freeing needs
// no lookup table and stays right when caching is switched off while blocks are live.
struct BlockHeader {
  uint32_t classIndex;
  uint32_t magic;
  size_t requested;
  uint32_t mapped;
  size_t granted;  // an arena block's size (MappedArena::take)
};
constexpr uint32_t kMagic = 0xE3BE7A11u;
constexpr size_t kHeader = kTensorAlignment;
static_assert(sizeof(BlockHeader) <= kHeader);

// Size classes: multiples of 64 bytes up to 4 KiB (indices 0..63), then four classes per power
// of two (waste at most 25%), so repeated requests for one shape hit the same class.
constexpr int kSmallClasses = 64;
constexpr int kMaxLog2 = 46;  // 64 TiB: anything larger is a bug or an attack
constexpr int kNumClasses = kSmallClasses + (kMaxLog2 - 12 + 1) * 4;

int classIndexOf(size_t nbytes) {
  if (nbytes <= 4096) return nbytes == 0 ? 0 : static_cast<int>((nbytes - 1) / 64);
  int k = 63 - __builtin_clzll(nbytes - 1);  // nbytes in (2^k, 2^(k+1)]
  size_t step = size_t{1} << (k - 2);        // four steps of 2^(k-2) span (2^k, 2^(k+1)]
  size_t quarter = (nbytes - (size_t{1} << k) - 1) / step;  // 0..3
  return kSmallClasses + (k - 12) * 4 + static_cast<int>(quarter);
}

size_t classBytes(int index) {
  if (index < kSmallClasses) return static_cast<size_t>(index + 1) * 64;
  int k = 12 + (index - kSmallClasses) / 4;
  int quarter = (index - kSmallClasses) % 4;
  return (size_t{1} << k) + (static_cast<size_t>(quarter) + 1) * (size_t{1} << (k - 2));
}

// Under AddressSanitizer blocks go straight back to the OS, so use-after-free is caught.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kCache = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kCache = false;
#else
constexpr bool kCache = true;
#endif
#else
constexpr bool kCache = true;
#endif

// Counters are atomics so that the thread-local fast path needs no lock.
struct Stats {
  std::atomic<bool> enabled{false};
  std::atomic<int64_t> liveBytes{0}, peakLiveBytes{0}, liveBlocks{0}, cachedBytes{0}, allocations{0};
  bool on() const { return enabled.load(std::memory_order_relaxed); }
  void addCached(int64_t delta) {
    if (on()) cachedBytes.fetch_add(delta, std::memory_order_relaxed);
  }
  void onAllocate(size_t nbytes) {
    if (!on()) return;
    int64_t live = liveBytes.fetch_add(static_cast<int64_t>(nbytes), std::memory_order_relaxed) +
                   static_cast<int64_t>(nbytes);
    int64_t peak = peakLiveBytes.load(std::memory_order_relaxed);
    while (live > peak && !peakLiveBytes.compare_exchange_weak(peak, live, std::memory_order_relaxed)) {
    }
    liveBlocks.fetch_add(1, std::memory_order_relaxed);
    allocations.fetch_add(1, std::memory_order_relaxed);
  }
  void onFree(size_t nbytes) {
    if (!on()) return;
    liveBytes.fetch_sub(static_cast<int64_t>(nbytes), std::memory_order_relaxed);
    liveBlocks.fetch_sub(1, std::memory_order_relaxed);
  }
};

// Caching can be switched off at run time (EMBER_ALLOCATOR=system, setAllocatorCaching): then
// every block comes from and goes straight back to the C heap, as PyTorch's allocator does.
std::atomic<bool>& cachingSwitch() {
  static std::atomic<bool> on{[] {
    const char* env = std::getenv("EMBER_ALLOCATOR");
    return !(env && std::string_view(env) == "system");
  }()};
  return on;
}

bool cachingOn() { return kCache && cachingSwitch().load(std::memory_order_relaxed); }

// Blocks of 64 KiB and more (header included) come from the mapped arena (allocator_arena.h):
// mapped memory carved by best fit and merged again when freed, so memory one size freed serves
// the next sizes. Not under AddressSanitizer, which checks only the heap's blocks for overflows.
constexpr size_t kArenaBlock = size_t{64} << 10;

bool isArenaClass(int index) { return cachingOn() && classBytes(index) + kHeader >= kArenaBlock; }

// BlockHeader::mapped: where the block came from.
enum : uint32_t { kFromHeap = 0, kFromArena = 1 };

// The cap on the bytes the pool keeps (EMBER_ALLOCATOR_CACHE_MB, default 8 GiB): a freed block
// that would take the pool past it goes back to the OS.
size_t cacheLimitFromEnv() {
  const char* env = std::getenv("EMBER_ALLOCATOR_CACHE_MB");
  if (!env) return size_t{8} << 30;
  char* end = nullptr;
  unsigned long long mb = std::strtoull(env, &end, 10);
  return end != env ? static_cast<size_t>(mb) << 20 : size_t{8} << 30;
}

struct Pool {
  std::mutex mu;
  std::vector<void*> free[kNumClasses];  // cached heap blocks (header pointers) per class
  size_t heapFreeBytes = 0;              // bytes in `free` (under mu)
  detail::MappedArena arena;             // blocks of kArenaBlock and more (under mu)
  std::atomic<size_t> limit{cacheLimitFromEnv()};
  Stats stats;

  size_t freeBytes() const { return heapFreeBytes + arena.freeBytes(); }
  // Runs `change` on the arena and counts what it moved in or out of its free ranges as cached.
  template <typename F>
  auto onArena(F&& change) {
    const size_t before = arena.freeBytes();
    auto result = change(arena);
    stats.addCached(static_cast<int64_t>(arena.freeBytes()) - static_cast<int64_t>(before));
    return result;
  }
};

Pool& pool() {
  static Pool* p = new Pool();  // leaked on purpose: tensors may be freed during exit
  return *p;
}

void releaseCacheLocked(Pool& p) {
  for (int i = 0; i < kNumClasses; ++i) {
    for (void* b : p.free[i]) {
      std::free(b);
      p.stats.addCached(-static_cast<int64_t>(classBytes(i)));
    }
    p.free[i].clear();
  }
  p.heapFreeBytes = 0;
  p.onArena([](detail::MappedArena& a) { return a.releaseIdle(); });
}

// Small blocks (up to 4 KiB) are also cached per thread, so the common small-tensor
// allocate/free pair takes no lock. A thread's cache goes back to the pool when it exits.
// The cache itself is trivial and constant-initialised: a thread_local with a destructor makes
// GCC check an init guard (__tls_init) on every access, ~15% of a 1-element add. The flush at
// thread exit lives in a second thread_local, touched once per thread.
constexpr size_t kThreadCacheDepth = 16;
struct ThreadCache {
  void* blocks[kSmallClasses][kThreadCacheDepth];
  uint8_t count[kSmallClasses];
  bool flushRegistered;
  bool destroyed;  // the thread is exiting: tensors freed from here on go to the pool
};
constinit thread_local ThreadCache tCache EMBER_TLS_FAST = {};

struct ThreadCacheFlush {
  ~ThreadCacheFlush() {
    tCache.destroyed = true;
    Pool& p = pool();
    std::lock_guard<std::mutex> lock(p.mu);
    for (int i = 0; i < kSmallClasses; ++i)
      for (uint8_t k = 0; k < tCache.count[i]; ++k) {
        p.free[i].push_back(tCache.blocks[i][k]);
        p.heapFreeBytes += classBytes(i);
      }
    std::fill(std::begin(tCache.count), std::end(tCache.count), uint8_t{0});
  }
};

void registerThreadCacheFlush() {
  tCache.flushRegistered = true;
  thread_local ThreadCacheFlush flush;
  (void)flush;
}

void* finishAllocation(Pool& p, void* block, int index, size_t nbytes) {
  auto* header = static_cast<BlockHeader*>(block);
  header->classIndex = static_cast<uint32_t>(index);
  header->magic = kMagic;
  header->requested = nbytes;
  p.stats.onAllocate(nbytes);
  return static_cast<char*>(block) + kHeader;
}

}  // namespace

void* allocateCpu(size_t nbytes) {
  EMBER_CHECK(nbytes < (size_t{1} << kMaxLog2),
              "DefaultCPUAllocator: not enough memory: you tried to allocate ", nbytes, " bytes.");
  int index = classIndexOf(nbytes);
  size_t bytes = classBytes(index);
  Pool& p = pool();
  void* block = nullptr;
  if (kCache && index < kSmallClasses && tCache.count[index] > 0) {
    block = tCache.blocks[index][--tCache.count[index]];
    p.stats.addCached(-static_cast<int64_t>(bytes));
    return finishAllocation(p, block, index, nbytes);
  }
  std::lock_guard<std::mutex> lock(p.mu);
  if (isArenaClass(index)) {
    size_t granted = 0;
    auto take = [&](detail::MappedArena& a) { return a.take(classBytes(index) + kHeader, granted); };
    block = p.onArena(take);
    if (!block) {
      releaseCacheLocked(p);  // give the cache back and retry once
      block = p.onArena(take);
    }
    EMBER_CHECK(block != nullptr, "DefaultCPUAllocator: not enough memory: you tried to allocate ",
                nbytes, " bytes.");
    static_cast<BlockHeader*>(block)->mapped = kFromArena;
    static_cast<BlockHeader*>(block)->granted = granted;
  } else if (!p.free[index].empty()) {
    block = p.free[index].back();
    p.free[index].pop_back();
    p.heapFreeBytes -= bytes;
    p.stats.addCached(-static_cast<int64_t>(bytes));
  } else {
    const size_t blockBytes = classBytes(index) + kHeader;
    block = std::aligned_alloc(kTensorAlignment, blockBytes);
    if (!block) {
      releaseCacheLocked(p);
      block = std::aligned_alloc(kTensorAlignment, blockBytes);
    }
    EMBER_CHECK(block != nullptr, "DefaultCPUAllocator: not enough memory: you tried to allocate ",
                nbytes, " bytes.");
    static_cast<BlockHeader*>(block)->mapped = kFromHeap;
  }
  return finishAllocation(p, block, index, nbytes);
}

void freeCpu(void* ptr) {
  if (!ptr) return;
  void* block = static_cast<char*>(ptr) - kHeader;
  auto* header = static_cast<BlockHeader*>(block);
  EMBER_ASSERT(header->magic == kMagic && header->classIndex < kNumClasses,
               "freeCpu of a pointer the allocator did not hand out");
  header->magic = 0;
  Pool& p = pool();
  p.stats.onFree(header->requested);
  uint32_t index = header->classIndex;
  if (header->mapped == kFromArena) {
    // Back to the arena; its mapping goes back to the OS when the pool would pass its cap or
    // caching is off, if nothing else in it is live.
    std::lock_guard<std::mutex> lock(p.mu);
    const size_t granted = header->granted;
    const bool keep = cachingOn() && p.freeBytes() + granted <= p.limit.load(std::memory_order_relaxed);
    p.onArena([&](detail::MappedArena& a) {
      a.give(block, granted);
      return keep ? size_t{0} : a.releaseIfIdle(block);
    });
    return;
  }
  if (!cachingOn()) {
    std::free(block);
    return;
  }
  const size_t bytes = classBytes(static_cast<int>(index));
  if (index < kSmallClasses && !tCache.destroyed && tCache.count[index] < kThreadCacheDepth) {
    if (!tCache.flushRegistered) registerThreadCacheFlush();
    p.stats.addCached(static_cast<int64_t>(bytes));
    tCache.blocks[index][tCache.count[index]++] = block;
    return;
  }
  {
    std::lock_guard<std::mutex> lock(p.mu);
    if (p.freeBytes() + bytes <= p.limit.load(std::memory_order_relaxed)) {
      p.heapFreeBytes += bytes;
      p.stats.addCached(static_cast<int64_t>(bytes));
      p.free[index].push_back(block);
      return;
    }
  }
  std::free(block);  // over the cap: back to the OS
}

bool allocatorCachingEnabled() { return cachingOn(); }

void setAllocatorCaching(bool enabled) {
  cachingSwitch().store(enabled, std::memory_order_relaxed);
  if (!enabled) emptyAllocatorCache();
}

void setAllocatorCacheLimit(size_t bytes) { pool().limit.store(bytes, std::memory_order_relaxed); }

size_t allocatorCacheLimit() { return pool().limit.load(std::memory_order_relaxed); }

void setAllocatorStatsEnabled(bool enabled) { pool().stats.enabled.store(enabled, std::memory_order_relaxed); }

AllocatorStats allocatorStats() {
  const Stats& s = pool().stats;
  AllocatorStats out;
  out.liveBytes = s.liveBytes.load(std::memory_order_relaxed);
  out.peakLiveBytes = s.peakLiveBytes.load(std::memory_order_relaxed);
  out.liveBlocks = s.liveBlocks.load(std::memory_order_relaxed);
  out.cachedBytes = s.cachedBytes.load(std::memory_order_relaxed);
  out.allocations = s.allocations.load(std::memory_order_relaxed);
  return out;
}

void resetPeakAllocatorStats() {
  Stats& s = pool().stats;
  s.peakLiveBytes.store(s.liveBytes.load(std::memory_order_relaxed), std::memory_order_relaxed);
  s.allocations.store(0, std::memory_order_relaxed);
}

void reserveAllocatorCache(size_t bytes) {
  if (!cachingOn() || bytes < kArenaBlock) return;
  void* block = allocateCpu(bytes);
  // One write per page backs it (a huge page takes the first, the others find it there).
  for (size_t at = 0; at < bytes; at += detail::MappedArena::kPage) static_cast<volatile char*>(block)[at] = 0;
  freeCpu(block);
}

void emptyAllocatorCache() {
  Pool& p = pool();
  if (kCache && !tCache.destroyed) {
    for (int i = 0; i < kSmallClasses; ++i) {
      for (uint8_t k = 0; k < tCache.count[i]; ++k) {
        std::free(tCache.blocks[i][k]);
        p.stats.addCached(-static_cast<int64_t>(classBytes(i)));
      }
      tCache.count[i] = 0;
    }
  }
  std::lock_guard<std::mutex> lock(p.mu);
  releaseCacheLocked(p);
}

}  // namespace ember
