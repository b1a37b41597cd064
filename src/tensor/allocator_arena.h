// The part of the CPU allocator (allocator.cpp) that holds blocks of 64 KiB and more: memory mapped
// from the OS and kept, carved into blocks by best fit, with freed neighbours merged again.
//
// Why not one cached block per size class: a first call's activations come in many sizes, and a
// freed 4.8 MB block could not serve the 1.6 MB and 3.2 MB requests that came after it, so each
// size faulted in memory of its own: mobilenet_v2's profiling call mapped 16 MB for a peak of
// 6 MB live. Fresh memory is the expensive part of a first call on our VMs (~1.2 ms per MB,
// zeroed and backed by the host on first touch), so reuse across sizes pays directly.
//
// Not thread-safe: the allocator's pool lock guards every call.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <utility>

namespace ember::detail {

class MappedArena {
 public:
  static constexpr size_t kPage = 4096;
  static constexpr size_t kHugePage = size_t{2} << 20;
  // A free range this much larger than a request is split; a smaller excess stays with the block.
  static constexpr size_t kMinSplit = size_t{64} << 10;

  // A block of at least `bytes` (rounded up to whole pages): the smallest free range that fits,
  // split when it is larger by kMinSplit or more, else a fresh mapping. `granted` is the block's
  // size, to be given back with it. nullptr when the OS refuses the mapping.
  void* take(size_t bytes, size_t& granted);
  // Returns a block from take() to the free ranges, merged with free neighbours of its mapping.
  void give(void* block, size_t granted);
  // Bytes in free ranges (every one of them was handed out before, so they are backed).
  size_t freeBytes() const { return freeBytes_; }
  // Unmaps the mapping holding `block` if nothing in it is handed out; returns the bytes unmapped.
  size_t releaseIfIdle(void* block);
  // Unmaps every mapping with nothing handed out; returns the bytes unmapped.
  size_t releaseIdle();

 private:
  void* mapFresh(size_t span, size_t& granted);
  // Unmaps `mapping` if one free range covers all of it; returns the bytes unmapped.
  size_t unmapIfIdle(std::map<uintptr_t, size_t>::iterator mapping);
  void addFree(uintptr_t start, size_t bytes);
  void removeFree(std::map<uintptr_t, size_t>::iterator it);
  std::map<uintptr_t, size_t>::iterator mappingOf(uintptr_t address);

  std::map<uintptr_t, size_t> mappings_;             // start -> bytes of one mmap'ed region
  std::map<uintptr_t, size_t> freeByAddress_;        // free range start -> bytes
  std::set<std::pair<size_t, uintptr_t>> freeBySize_;  // (bytes, start) of the same ranges
  size_t freeBytes_ = 0;
};

}  // namespace ember::detail
