// Write versions of watched storages (storage_watch.h). Unwatched storages are the common case
// for every write and every free, so a counting filter (one relaxed load of a counter picked by
// the address) answers "not watched" without a lock; only an address whose counter is non-zero
// looks in the table.
#include "tensor/storage_watch.h"

#include <array>
#include <atomic>
#include <mutex>
#include <unordered_map>

namespace ember::detail {

namespace {

constexpr size_t kFilterSlots = size_t{1} << 12;
constexpr size_t kMaxListeners = 4;

size_t slotIndex(const void* p) {
  uint64_t x = reinterpret_cast<uintptr_t>(p);
  x ^= x >> 29;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 32;
  return static_cast<size_t>(x) % kFilterSlots;
}

struct Watch {
  std::array<std::atomic<uint32_t>, kFilterSlots> filter{};  // watched storages per slot
  std::mutex mutex;
  std::unordered_map<const void*, uint32_t> versions;
  std::array<std::atomic<StorageFreedListener>, kMaxListeners> listeners{};
};

// Never destroyed: storages freed at exit still come here.
Watch& watch() {
  static auto* w = new Watch();
  return *w;
}

bool mayBeWatched(const void* p) { return watch().filter[slotIndex(p)].load(std::memory_order_relaxed) != 0; }

}  // namespace

uint32_t watchStorage(const StorageImpl* storage) {
  Watch& w = watch();
  std::lock_guard<std::mutex> lock(w.mutex);
  auto [it, inserted] = w.versions.try_emplace(storage, 0);
  if (inserted) w.filter[slotIndex(storage)].fetch_add(1, std::memory_order_relaxed);
  return it->second;
}

uint32_t storageVersion(const StorageImpl* storage) {
  if (!mayBeWatched(storage)) return 0;
  Watch& w = watch();
  std::lock_guard<std::mutex> lock(w.mutex);
  auto it = w.versions.find(storage);
  return it == w.versions.end() ? 0 : it->second;
}

void noteStorageWrite(const StorageImpl* storage) {
  if (!storage || !mayBeWatched(storage)) return;
  Watch& w = watch();
  std::lock_guard<std::mutex> lock(w.mutex);
  auto it = w.versions.find(storage);
  if (it != w.versions.end()) ++it->second;
}

void addStorageFreedListener(StorageFreedListener listener) {
  for (auto& slot : watch().listeners) {
    StorageFreedListener expected = nullptr;
    if (slot.load() == listener) return;
    if (slot.compare_exchange_strong(expected, listener)) return;
    if (expected == listener) return;
  }
  EMBER_ASSERT(false, "too many storage-freed listeners");
}

void watchedStorageFreed(const StorageImpl* storage) {
  if (!mayBeWatched(storage)) return;
  Watch& w = watch();
  {
    std::lock_guard<std::mutex> lock(w.mutex);
    if (!w.versions.erase(storage)) return;
    w.filter[slotIndex(storage)].fetch_sub(1, std::memory_order_relaxed);
  }
  for (auto& slot : w.listeners)
    if (StorageFreedListener listener = slot.load(std::memory_order_acquire)) listener(storage);
}

}  // namespace ember::detail
