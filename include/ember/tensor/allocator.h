// The CPU allocator: 64-byte aligned blocks from a caching pool. Freed blocks are kept for
// reuse and never returned to the OS between calls, because on these machines the first
// touch of a fresh page costs more than most kernels (DESIGN.md, "Performance design").
#pragma once

#include <cstddef>
#include <cstdint>

namespace ember {

constexpr size_t kTensorAlignment = 64;

// Returns a block of at least nbytes (a zero-byte request still returns a unique pointer).
// Throws ember::Error when the request cannot be satisfied.
void* allocateCpu(size_t nbytes);
void freeCpu(void* ptr);

struct AllocatorStats {
  int64_t liveBytes = 0;       // requested bytes currently handed out
  int64_t peakLiveBytes = 0;   // high-water mark of liveBytes since the last reset
  int64_t liveBlocks = 0;
  int64_t cachedBytes = 0;     // held in the cache, ready for reuse
  int64_t allocations = 0;     // calls to allocateCpu since the last reset
};
// Counting costs atomic operations on every allocation, so it is off until enabled (tests and
// memory benchmarks turn it on). Counts start from the moment it is enabled.
void setAllocatorStatsEnabled(bool enabled);
// False under AddressSanitizer, where freed blocks go straight back so use-after-free is caught.
bool allocatorCachingEnabled();
AllocatorStats allocatorStats();
void resetPeakAllocatorStats();
// Returns every cached block to the OS (for tests and memory-pressure handling).
void emptyAllocatorCache();

}  // namespace ember
