#include "ember/tensor/allocator.h"

#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <vector>

#include "ember/error.h"

namespace ember {
namespace {

// Every block carries a 64-byte header in front of the pointer handed out, recording its size
// class and the requested size, so freeing needs no lookup table.
struct BlockHeader {
  uint32_t classIndex;
  uint32_t magic;
  size_t requested;
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

struct Pool {
  std::mutex mu;
  std::vector<void*> free[kNumClasses];  // cached blocks (header pointers) per class
  AllocatorStats stats;
};

Pool& pool() {
  static Pool* p = new Pool();  // leaked on purpose: tensors may be freed during exit
  return *p;
}

void releaseCacheLocked(Pool& p) {
  for (auto& blocks : p.free) {
    for (void* b : blocks) std::free(b);
    blocks.clear();
  }
  p.stats.cachedBytes = 0;
}

}  // namespace

void* allocateCpu(size_t nbytes) {
  EMBER_CHECK(nbytes < (size_t{1} << kMaxLog2),
              "DefaultCPUAllocator: not enough memory: you tried to allocate ", nbytes, " bytes.");
  int index = classIndexOf(nbytes);
  size_t bytes = classBytes(index);
  Pool& p = pool();
  std::lock_guard<std::mutex> lock(p.mu);
  void* block = nullptr;
  if (!p.free[index].empty()) {
    block = p.free[index].back();
    p.free[index].pop_back();
    p.stats.cachedBytes -= static_cast<int64_t>(bytes);
  } else {
    block = std::aligned_alloc(kTensorAlignment, bytes + kHeader);
    if (!block) {
      releaseCacheLocked(p);  // give the cache back and retry once
      block = std::aligned_alloc(kTensorAlignment, bytes + kHeader);
    }
    EMBER_CHECK(block != nullptr, "DefaultCPUAllocator: not enough memory: you tried to allocate ",
                nbytes, " bytes.");
  }
  auto* header = static_cast<BlockHeader*>(block);
  header->classIndex = static_cast<uint32_t>(index);
  header->magic = kMagic;
  header->requested = nbytes;
  p.stats.liveBytes += static_cast<int64_t>(nbytes);
  p.stats.peakLiveBytes = std::max(p.stats.peakLiveBytes, p.stats.liveBytes);
  p.stats.liveBlocks += 1;
  p.stats.allocations += 1;
  return static_cast<char*>(block) + kHeader;
}

void freeCpu(void* ptr) {
  if (!ptr) return;
  void* block = static_cast<char*>(ptr) - kHeader;
  auto* header = static_cast<BlockHeader*>(block);
  EMBER_ASSERT(header->magic == kMagic && header->classIndex < kNumClasses,
               "freeCpu of a pointer the allocator did not hand out");
  header->magic = 0;
  Pool& p = pool();
  std::lock_guard<std::mutex> lock(p.mu);
  p.stats.liveBytes -= static_cast<int64_t>(header->requested);
  p.stats.liveBlocks -= 1;
  if (!kCache) {
    std::free(block);
    return;
  }
  p.free[header->classIndex].push_back(block);
  p.stats.cachedBytes += static_cast<int64_t>(classBytes(static_cast<int>(header->classIndex)));
}

AllocatorStats allocatorStats() {
  Pool& p = pool();
  std::lock_guard<std::mutex> lock(p.mu);
  return p.stats;
}

void resetPeakAllocatorStats() {
  Pool& p = pool();
  std::lock_guard<std::mutex> lock(p.mu);
  p.stats.peakLiveBytes = p.stats.liveBytes;
  p.stats.allocations = 0;
}

void emptyAllocatorCache() {
  Pool& p = pool();
  std::lock_guard<std::mutex> lock(p.mu);
  releaseCacheLocked(p);
}

}  // namespace ember
