// The CPU allocator: 64-byte aligned blocks from a caching pool. Freed blocks are kept for
// reuse and not returned to the OS between calls, because on these machines the first touch of
// a fresh page costs more than most kernels (DESIGN.md, "Performance design"). Size classes
// (64-byte steps to 4 KiB, then four per power of two), small blocks cached per thread. Blocks
// of 64 KiB and more are carved by best fit from memory the allocator maps itself (populated
// when under 2 MiB, on huge-page boundaries with MADV_HUGEPAGE above), and freed neighbours
// merge, so memory freed by one size serves others (src/tensor/allocator_arena.h).
//
// Environment: EMBER_ALLOCATOR=system turns caching off (every block from and back to the C
// heap); EMBER_ALLOCATOR_CACHE_MB caps the bytes the pool keeps (default 8192): a freed block
// that would pass the cap goes back to the OS (an arena block: its mapping, once nothing in it is
// live).
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
// False under AddressSanitizer, where freed blocks go straight back so use-after-free is caught,
// and when caching is switched off.
bool allocatorCachingEnabled();
// Switches caching on or off at run time (off also empties the cache). Blocks live across the
// switch are freed correctly either way.
void setAllocatorCaching(bool enabled);
// The cap on the pool's cached bytes (blocks in the per-thread caches, at most 16 of each size up
// to 4 KiB, do not count).
void setAllocatorCacheLimit(size_t bytes);
size_t allocatorCacheLimit();
AllocatorStats allocatorStats();
void resetPeakAllocatorStats();
// Backs `bytes` of memory for the pool ahead of use: maps and touches it, and keeps it cached,
// so that allocations up to that size in all find memory whose pages already exist. A fresh page
// is the dear part of a model's first call (~0.16 ms per MB with huge pages on our VMs, several
// times that without: resnet18's first call maps ~19 MB), and jit::load calls this ahead of it.
// Nothing when caching is off.
void reserveAllocatorCache(size_t bytes);
// Returns every cached block to the OS (the trim call: tests, memory-pressure handling, or after
// dropping a model); of the arena, every mapping with nothing live in it.
void emptyAllocatorCache();

}  // namespace ember
