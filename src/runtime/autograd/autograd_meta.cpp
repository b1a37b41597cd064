// The tables of per-tensor autograd state and per-storage versions (autograd_meta.h).
//
// Every TensorImpl and StorageImpl free calls a hook here once autograd has been used, so the
// free of a tensor autograd never touched must stay cheap: a counting filter (one relaxed load of
// a counter picked by the address) says whether the address may have an entry, and only then
// is the table locked. The tables are sharded by address, each shard with its own mutex, so
// threads recording or freeing different tensors rarely meet.
#include "runtime/autograd/autograd_meta.h"

#include <array>
#include <mutex>
#include <unordered_map>

#include "ember/tensor/autograd_hooks.h"
#include "tensor/storage_watch.h"

namespace ember::autograd {

namespace {

constexpr size_t kShards = 64;
constexpr size_t kFilterSlots = size_t{1} << 14;

size_t mix(const void* p) {
  uint64_t x = reinterpret_cast<uintptr_t>(p);
  x ^= x >> 29;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 32;
  return static_cast<size_t>(x);
}

// How many entries (metas and versions) live at addresses hashing to each slot.
std::array<std::atomic<uint32_t>, kFilterSlots>& filter() {
  static auto* f = new std::array<std::atomic<uint32_t>, kFilterSlots>();
  return *f;
}
std::atomic<uint32_t>& slotOf(const void* p) { return filter()[mix(p) % kFilterSlots]; }
bool mayHaveEntry(const void* p) { return slotOf(p).load(std::memory_order_relaxed) != 0; }

template <typename V>
struct Shard {
  std::mutex mutex;
  std::unordered_map<const void*, V> map;
};

template <typename V>
struct Table {
  std::array<Shard<V>, kShards> shards;
  Shard<V>& of(const void* p) { return shards[(mix(p) >> 20) % kShards]; }
};

// Never destroyed: tensors freed at exit still call the hooks.
Table<AutogradMeta>& metas() {
  static auto* t = new Table<AutogradMeta>();
  return *t;
}
Table<uint32_t>& versions() {
  static auto* t = new Table<uint32_t>();
  return *t;
}

// A freed tensor's state is moved out under the lock and destroyed after it: destroying it may
// free other tensors (its .grad, its grad_fn's saved tensors), which come back here.
void tensorFreed(const void* impl) {
  if (!mayHaveEntry(impl)) return;
  Shard<AutogradMeta>& s = metas().of(impl);
  std::unordered_map<const void*, AutogradMeta>::node_type dead;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    dead = s.map.extract(impl);
    if (!dead.empty()) slotOf(impl).fetch_sub(1, std::memory_order_relaxed);
  }
}

void storageFreed(const void* storage) {
  if (!mayHaveEntry(storage)) return;
  Shard<uint32_t>& s = versions().of(storage);
  std::lock_guard<std::mutex> lock(s.mutex);
  if (s.map.erase(storage)) slotOf(storage).fetch_sub(1, std::memory_order_relaxed);
}

void installHooks() {
  static const bool installed = [] {
    ember::detail::gTensorImplFreed.store(tensorFreed);
    ember::detail::gStorageImplFreed.store(storageFreed);
    return true;
  }();
  (void)installed;
}

}  // namespace

AutogradMeta* autogradMeta(const TensorImpl* impl) {
  if (!mayHaveEntry(impl)) return nullptr;
  Shard<AutogradMeta>& s = metas().of(impl);
  std::lock_guard<std::mutex> lock(s.mutex);
  auto it = s.map.find(impl);
  return it == s.map.end() ? nullptr : &it->second;
}

AutogradMeta& ensureAutogradMeta(const TensorImpl* impl) {
  installHooks();
  Shard<AutogradMeta>& s = metas().of(impl);
  std::lock_guard<std::mutex> lock(s.mutex);
  auto [it, inserted] = s.map.try_emplace(impl);
  if (inserted) slotOf(impl).fetch_add(1, std::memory_order_relaxed);
  return it->second;
}

void clearHistory(const TensorImpl* impl) {
  if (AutogradMeta* m = autogradMeta(impl)) {
    std::shared_ptr<Node> fn = std::move(m->gradFn);
    Tensor base = std::move(m->viewBase);
    m->isView = false;
  }
}

uint32_t versionOf(const StorageImpl* storage) {
  if (!mayHaveEntry(storage)) return 0;
  Shard<uint32_t>& s = versions().of(storage);
  std::lock_guard<std::mutex> lock(s.mutex);
  auto it = s.map.find(storage);
  return it == s.map.end() ? 0 : it->second;
}

void bumpVersion(const StorageImpl* storage) {
  installHooks();
  Shard<uint32_t>& s = versions().of(storage);
  std::lock_guard<std::mutex> lock(s.mutex);
  auto [it, inserted] = s.map.try_emplace(storage, 0);
  if (inserted) slotOf(storage).fetch_add(1, std::memory_order_relaxed);
  ++it->second;
  // Caches of data derived from tensor contents (reordered convolution weights) see the write too.
  ember::detail::noteStorageWrite(storage);
}

}  // namespace ember::autograd
