#include "ember/tensor/allocator.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstdint>
#include <mutex>
#include <string_view>
#include <vector>

#include <sys/mman.h>

#include "ember/error.h"
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

// Blocks of at least 2 MiB come straight from mmap, aligned to 2 MiB and marked for transparent
// huge pages: a first touch then faults one 2 MiB page instead of 512 small ones. On the VMs we
// run on a 4 KiB fault costs ~11 us (first calls of resnet50 spent ~100 ms in them); with huge
// pages the same memory is ready in about 60% of the time, and big tensors need fewer TLB
// entries afterwards. Where THP is off the advice is ignored.
constexpr size_t kHugePage = size_t{2} << 20;
constexpr size_t kLargeBlock = kHugePage;

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

// Not under AddressSanitizer, which checks only the heap's blocks for overflows.
bool isLargeClass(int index) { return cachingOn() && classBytes(index) + kHeader >= kLargeBlock; }

size_t largeMappingBytes(int index) { return (classBytes(index) + kHeader + kHugePage - 1) & ~(kHugePage - 1); }

void* allocateLarge(int index) {
  const size_t bytes = largeMappingBytes(index);
  // Over-map by one huge page and trim, so the block starts on a 2 MiB boundary.
  void* raw = mmap(nullptr, bytes + kHugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) return nullptr;
  const auto start = reinterpret_cast<uintptr_t>(raw);
  const uintptr_t aligned = (start + kHugePage - 1) & ~uintptr_t{kHugePage - 1};
  if (aligned > start) munmap(raw, aligned - start);
  const uintptr_t end = start + bytes + kHugePage;
  if (end > aligned + bytes) munmap(reinterpret_cast<void*>(aligned + bytes), end - (aligned + bytes));
#ifdef MADV_HUGEPAGE
  madvise(reinterpret_cast<void*>(aligned), bytes, MADV_HUGEPAGE);
#endif
  return reinterpret_cast<void*>(aligned);
}

// Blocks from 64 KiB up to the large ones are mapped too, with their pages populated by the
// mmap call itself. From the C heap they were fresh memory (glibc maps blocks this big, or grows
// its heap) that the first write faulted in one 4 KiB page at a time: most of the activations of
// a small conv net's first call (mobilenet_v2: ~2,000 faults, the batch_norm and depthwise
// outputs, oneDNN's reordered tensors). Populating costs the zeroing alone, not a fault each.
// Nearly every such block is an op's output or workspace, written in full straight away, so
// little is populated in vain; once freed it is cached like the rest, so warm calls never get here.
constexpr size_t kPageBytes = 4096;
constexpr size_t kPopulatedBlock = size_t{64} << 10;

bool isPopulatedClass(int index) { return cachingOn() && classBytes(index) + kHeader >= kPopulatedBlock; }

size_t populatedMappingBytes(int index) { return (classBytes(index) + kHeader + kPageBytes - 1) & ~(kPageBytes - 1); }

void* allocatePopulated(int index) {
  void* p = mmap(nullptr, populatedMappingBytes(index), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE,
                 -1, 0);
  return p == MAP_FAILED ? nullptr : p;
}

// BlockHeader::mapped: how the block was obtained.
enum : uint32_t { kFromHeap = 0, kMappedLarge = 1, kMappedPopulated = 2 };

void* allocateBlock(int index, uint32_t& mapped) {
  if (isLargeClass(index)) {
    mapped = kMappedLarge;
    return allocateLarge(index);
  }
  if (isPopulatedClass(index)) {
    mapped = kMappedPopulated;
    return allocatePopulated(index);
  }
  mapped = kFromHeap;
  return std::aligned_alloc(kTensorAlignment, classBytes(index) + kHeader);
}

void freeBlock(void* block, int index) {
  const uint32_t mapped = static_cast<BlockHeader*>(block)->mapped;
  if (mapped == kMappedLarge) munmap(block, largeMappingBytes(index));
  else if (mapped == kMappedPopulated) munmap(block, populatedMappingBytes(index));
  else std::free(block);
}

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
  std::vector<void*> free[kNumClasses];  // cached blocks (header pointers) per class
  size_t freeBytes = 0;                  // bytes in `free` (under mu)
  std::atomic<size_t> limit{cacheLimitFromEnv()};
  Stats stats;
};

Pool& pool() {
  static Pool* p = new Pool();  // leaked on purpose: tensors may be freed during exit
  return *p;
}

void releaseCacheLocked(Pool& p) {
  for (int i = 0; i < kNumClasses; ++i) {
    for (void* b : p.free[i]) {
      freeBlock(b, i);
      p.stats.addCached(-static_cast<int64_t>(classBytes(i)));
    }
    p.free[i].clear();
  }
  p.freeBytes = 0;
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
        p.freeBytes += classBytes(i);
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
  if (!p.free[index].empty()) {
    block = p.free[index].back();
    p.free[index].pop_back();
    p.freeBytes -= bytes;
    p.stats.addCached(-static_cast<int64_t>(bytes));
  } else {
    uint32_t mapped = kFromHeap;
    block = allocateBlock(index, mapped);
    if (!block) {
      releaseCacheLocked(p);  // give the cache back and retry once
      block = allocateBlock(index, mapped);
    }
    EMBER_CHECK(block != nullptr, "DefaultCPUAllocator: not enough memory: you tried to allocate ",
                nbytes, " bytes.");
    static_cast<BlockHeader*>(block)->mapped = mapped;
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
  if (!cachingOn()) {
    freeBlock(block, static_cast<int>(index));
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
    if (p.freeBytes + bytes <= p.limit.load(std::memory_order_relaxed)) {
      p.freeBytes += bytes;
      p.stats.addCached(static_cast<int64_t>(bytes));
      p.free[index].push_back(block);
      return;
    }
  }
  freeBlock(block, static_cast<int>(index));  // over the cap: back to the OS
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
