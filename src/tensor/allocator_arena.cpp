#include "tensor/allocator_arena.h"

#include <iterator>

#include <sys/mman.h>

#include "ember/error.h"

namespace ember::detail {

namespace {

size_t roundUp(size_t n, size_t to) { return (n + to - 1) / to * to; }

// 2 MiB and more: mapped on a huge-page boundary and marked for transparent huge pages, so a
// first touch faults one 2 MiB page instead of 512 small ones (a 4 KiB fault costs ~11 us on
// our VMs; with huge pages the same memory is ready in about 60% of the time, and big tensors
// need fewer TLB entries). Where THP is off the advice is ignored.
void* mapHugeAligned(size_t bytes) {
  // Over-map by one huge page and trim, so the block starts on a 2 MiB boundary.
  constexpr size_t kHuge = MappedArena::kHugePage;
  void* raw = mmap(nullptr, bytes + kHuge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) return nullptr;
  const auto start = reinterpret_cast<uintptr_t>(raw);
  const uintptr_t aligned = (start + kHuge - 1) & ~uintptr_t{kHuge - 1};
  if (aligned > start) munmap(raw, aligned - start);
  const uintptr_t end = start + bytes + kHuge;
  if (end > aligned + bytes) munmap(reinterpret_cast<void*>(aligned + bytes), end - (aligned + bytes));
#ifdef MADV_HUGEPAGE
  madvise(reinterpret_cast<void*>(aligned), bytes, MADV_HUGEPAGE);
#endif
  return reinterpret_cast<void*>(aligned);
}

// Under 2 MiB: the pages are populated by the mmap call itself. Faulted in one 4 KiB page at a
// time they cost a fault each (mobilenet_v2's first call took ~2,000); populating costs the
// zeroing alone. Nearly every such block is an op's output or workspace, written in full straight
// away, so little is populated in vain.
void* mapPopulated(size_t bytes) {
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
  return p == MAP_FAILED ? nullptr : p;
}

}  // namespace

void* MappedArena::mapFresh(size_t span, size_t& granted) {
  const size_t bytes = span >= kHugePage ? roundUp(span, kHugePage) : span;
  void* p = span >= kHugePage ? mapHugeAligned(bytes) : mapPopulated(bytes);
  if (!p) return nullptr;
  mappings_.emplace(reinterpret_cast<uintptr_t>(p), bytes);
  granted = bytes;
  return p;
}

void* MappedArena::take(size_t bytes, size_t& granted) {
  EMBER_ASSERT(bytes > 0, "empty arena request");
  const size_t span = roundUp(bytes, kPage);
  auto fit = freeBySize_.lower_bound({span, 0});
  if (fit == freeBySize_.end()) return mapFresh(span, granted);
  const auto [rangeBytes, start] = *fit;
  removeFree(freeByAddress_.find(start));
  if (rangeBytes - span >= kMinSplit) {
    addFree(start + span, rangeBytes - span);
    granted = span;
  } else {
    granted = rangeBytes;
  }
  return reinterpret_cast<void*>(start);
}

void MappedArena::give(void* block, size_t granted) {
  uintptr_t start = reinterpret_cast<uintptr_t>(block), end = start + granted;
  auto mapping = mappingOf(start);
  const uintptr_t lo = mapping->first, hi = lo + mapping->second;
  EMBER_ASSERT(end <= hi, "arena block runs past its mapping");
  // Merge with the free ranges on either side, within this mapping only (another mapping may
  // happen to start where this one ends; unmapping needs each one whole).
  auto next = freeByAddress_.lower_bound(start);
  if (next != freeByAddress_.end() && next->first == end && end < hi) {
    end += next->second;
    next = std::next(next);
    removeFree(std::prev(next));
  }
  if (next != freeByAddress_.begin()) {
    auto prev = std::prev(next);
    if (prev->first >= lo && prev->first + prev->second == start) {
      start = prev->first;
      removeFree(prev);
    }
  }
  addFree(start, end - start);
}

size_t MappedArena::releaseIfIdle(void* block) { return unmapIfIdle(mappingOf(reinterpret_cast<uintptr_t>(block))); }

size_t MappedArena::releaseIdle() {
  size_t released = 0;
  for (auto it = mappings_.begin(); it != mappings_.end();) {
    const auto mapping = it++;  // unmapIfIdle may erase it
    released += unmapIfIdle(mapping);
  }
  return released;
}

size_t MappedArena::unmapIfIdle(std::map<uintptr_t, size_t>::iterator mapping) {
  auto range = freeByAddress_.find(mapping->first);
  if (range == freeByAddress_.end() || range->second != mapping->second) return 0;
  const size_t bytes = mapping->second;
  removeFree(range);
  munmap(reinterpret_cast<void*>(mapping->first), bytes);
  mappings_.erase(mapping);
  return bytes;
}

void MappedArena::addFree(uintptr_t start, size_t bytes) {
  freeByAddress_.emplace(start, bytes);
  freeBySize_.emplace(bytes, start);
  freeBytes_ += bytes;
}

void MappedArena::removeFree(std::map<uintptr_t, size_t>::iterator it) {
  freeBySize_.erase({it->second, it->first});
  freeBytes_ -= it->second;
  freeByAddress_.erase(it);
}

std::map<uintptr_t, size_t>::iterator MappedArena::mappingOf(uintptr_t address) {
  auto it = mappings_.upper_bound(address);
  EMBER_ASSERT(it != mappings_.begin(), "arena block outside every mapping");
  --it;
  EMBER_ASSERT(address < it->first + it->second, "arena block outside every mapping");
  return it;
}

}  // namespace ember::detail
