// The cache of weights in oneDNN's blocked layouts (onednn_weight_cache.h) and the shared pieces of
// onednn_memory.h.
#include "tensor/onednn_weight_cache.h"
#include "tensor/onednn_memory.h"

#include <atomic>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ember/tensor/ops/factory.h"
#include "tensor/conv_winograd_weights.h"
#include "tensor/storage_watch.h"

namespace ember::onednn {

namespace {

using dnnl::memory;

std::atomic<size_t> gWeightReorders{0};

// Weights in the blocked layout a primitive wants, cached per weight storage: a module's weights
// are the same every call, and reordering them costs up to a fifth of a ResNet's convolution time
// (512x512x3x3 weights: 9.4 MB rewritten per call). An entry is keyed on the weights' storage,
// offset and blocked layout, not on the plan: plans that differ in the activations' layout or
// their post-ops (the profiling run's NCHW convolution, the specialised plan's channels-last one
// with a fused batch norm) mostly want the same blocked weights, which are then made once. It
// holds the storage's write version (storage_watch.h) it was made at: an in-place write (an
// optimizer step, copy_, load_state_dict) bumps the version and the next call reorders again.
// When the weights' storage is freed its entries go, so the cache keeps nothing of dead weights.
struct PackedWeights {
  Tensor blocked;        // the key's layout (bytes)
  uint32_t version = 0;  // of the weights' storage when `blocked` was made
};

struct PackedKey {
  const StorageImpl* storage;
  int64_t offset;
  memory::desc layout;
  bool operator==(const PackedKey& o) const {
    return storage == o.storage && offset == o.offset && layout == o.layout;
  }
};

struct PackedKeyHash {
  size_t operator()(const PackedKey& k) const {
    const dnnl_memory_desc_t& d = k.layout.data;
    size_t h = std::hash<const void*>()(k.storage) * 31 + std::hash<int64_t>()(k.offset);
    for (int i = 0; i < d.ndims; ++i) h = h * 31 + static_cast<size_t>(d.dims[i]);
    if (d.format_kind == dnnl_blocked) {
      const dnnl_blocking_desc_t& b = d.format_desc.blocking;
      for (int i = 0; i < b.inner_nblks; ++i) h = h * 31 + static_cast<size_t>(b.inner_blks[i] * 8 + b.inner_idxs[i]);
      for (int i = 0; i < d.ndims; ++i) h = h * 31 + static_cast<size_t>(b.strides[i]);
    }
    return h;
  }
};

struct UseKey {
  const StorageImpl* storage;
  int64_t offset;
  bool operator==(const UseKey& o) const { return storage == o.storage && offset == o.offset; }
};

struct UseKeyHash {
  size_t operator()(const UseKey& k) const {
    return std::hash<const void*>()(k.storage) * 31 + std::hash<int64_t>()(k.offset);
  }
};

struct Use {
  uint32_t version;
  bool prepacked;
};

struct PackedCache {
  std::mutex mutex;
  std::unordered_map<PackedKey, std::shared_ptr<PackedWeights>, PackedKeyHash> entries;
  // Weights convolutions and linear layers used, with their storage's write version at the last
  // use (see weightsUsedBefore) and whether they were packed ahead of their first call.
  std::unordered_map<UseKey, Use, UseKeyHash> uses;
  size_t bytes = 0;
};

// Never destroyed: weights freed during exit (after static destructors) still come to
// forgetStorage.
PackedCache& packedCache() {
  static auto* cache = new PackedCache();
  return *cache;
}
// Past this the cache takes no new entries (after dropping the ones whose weights were written
// since): a model with more weights than that keeps the first ones packed, where starting over
// made every call reorder them all again.
std::atomic<size_t> gMaxPackedBytes{size_t{1} << 30};

// On unless EMBER_CONV_WEIGHT_CACHE=0.
std::atomic<bool> gPackedEnabled{[] {
  const char* env = std::getenv("EMBER_CONV_WEIGHT_CACHE");
  return !(env && std::string_view(env) == "0");
}()};

size_t entryBytes(const PackedWeights& e) { return static_cast<size_t>(e.blocked.defined() ? e.blocked.numel() : 0); }

// Entries are destroyed outside the cache's mutex: freeing their blocked copies comes back to
// storage_watch (not to forgetStorage: blocked copies are never watched).
using Evicted = std::vector<std::shared_ptr<PackedWeights>>;

// The weights' storage was freed (storage_watch.h listener).
void forgetStorage(const StorageImpl* storage) {
  PackedCache& c = packedCache();
  Evicted dead;
  std::lock_guard<std::mutex> lock(c.mutex);
  for (auto it = c.entries.begin(); it != c.entries.end();) {
    if (it->first.storage != storage) {
      ++it;
      continue;
    }
    c.bytes -= entryBytes(*it->second);
    dead.push_back(std::move(it->second));
    it = c.entries.erase(it);
  }
  for (auto it = c.uses.begin(); it != c.uses.end();)
    it = it->first.storage == storage ? c.uses.erase(it) : std::next(it);
}

std::shared_ptr<PackedWeights> findPacked(const PackedKey& key) {
  PackedCache& c = packedCache();
  std::lock_guard<std::mutex> lock(c.mutex);
  auto it = c.entries.find(key);
  return it == c.entries.end() ? nullptr : it->second;
}

// The weights' storage is watched from here on (writes bump its version; freeing it drops its
// entries): returns the current version.
uint32_t watchedVersion(const StorageImpl* storage) {
  static const bool listening = [] {
    detail::addStorageFreedListener(forgetStorage);
    return true;
  }();
  (void)listening;
  return detail::watchStorage(storage);
}

// The last use noted for the weights at `offset` in `storage`, if any.
std::optional<Use> useOf(const StorageImpl* storage, int64_t offset) {
  PackedCache& c = packedCache();
  std::lock_guard<std::mutex> lock(c.mutex);
  auto it = c.uses.find(UseKey{storage, offset});
  return it == c.uses.end() ? std::nullopt : std::optional<Use>(it->second);
}

// Whether a convolution used the weights at (storage, offset) before, at this write version.
bool usedAt(const StorageImpl* storage, int64_t offset, uint32_t version) {
  const std::optional<Use> use = useOf(storage, offset);
  return use && use->version == version;
}

// Drops the entries whose weights were written since they were made (the caller holds c.mutex;
// storageVersion takes storage_watch's lock, never held while this one is taken).
void dropStale(PackedCache& c, Evicted& dead) {
  for (auto it = c.entries.begin(); it != c.entries.end();) {
    if (it->second->version == detail::storageVersion(it->first.storage)) {
      ++it;
      continue;
    }
    c.bytes -= entryBytes(*it->second);
    dead.push_back(std::move(it->second));
    it = c.entries.erase(it);
  }
}

// Whether `bytes` more fit (dropping stale entries when they would not); c.mutex held.
bool roomFor(PackedCache& c, size_t bytes, Evicted& dead) {
  const size_t limit = gMaxPackedBytes.load(std::memory_order_relaxed);
  if (c.bytes + bytes <= limit) return true;
  dropStale(c, dead);
  return c.bytes + bytes <= limit;
}

void storePacked(const PackedKey& key, std::shared_ptr<PackedWeights> entry) {
  PackedCache& c = packedCache();
  Evicted dead;
  std::lock_guard<std::mutex> lock(c.mutex);
  auto old = c.entries.find(key);
  if (old != c.entries.end()) {
    c.bytes -= entryBytes(*old->second);
    dead.push_back(std::move(old->second));
    c.entries.erase(old);
  }
  const size_t bytes = entryBytes(*entry);
  if (!roomFor(c, bytes, dead)) return;  // full of live weights: the copy serves this call only
  c.entries.emplace(key, std::move(entry));
  c.bytes += bytes;
}

}  // namespace

// `weight` (in the user layout `userDesc`) in `layout`, into `holder`: from the cache while the
// weights' storage has not been written since, else made now: by ember for oneDNN's Winograd
// layouts (conv_winograd_weights.h), else by `reorder` (built here when null). Cacheable weights
// are cached when a convolution or linear layer used them before at the same write version, not
// on their first use: a blocked copy costs fresh memory, which on first touch costs as much as
// the reorder itself or more (the kernel zeroes every page: resnet18's 45 MB of copies were about
// a third of its first call), and a weight used once (a one-shot call, a convolution run by the
// profiling call only) never pays it back. A module called twice has its copies from the second
// call on. With `keptOnly`, the room is checked before the copy is made.
bool weightsInLayout(const Tensor& weight, const memory::desc& userDesc, const memory::desc& layout,
                     const dnnl::reorder* reorder, bool cacheable, dnnl::stream& stream, Tensor& holder,
                     bool keptOnly) {
  auto& eng = cpuEngine();
  const StorageImpl* storage = weight.storage().impl();
  const PackedKey key{storage, weight.storage_offset(), layout};
  uint32_t version = 0;
  if (cacheable) {
    version = watchedVersion(storage);
    std::shared_ptr<PackedWeights> hit = findPacked(key);
    if (hit && hit->version == version) {
      holder = hit->blocked;
      return true;
    }
  }
  if (keptOnly) {
    PackedCache& c = packedCache();
    Evicted dead;
    std::lock_guard<std::mutex> lock(c.mutex);
    if (!cacheable || !roomFor(c, layout.get_size(), dead)) return false;
  }
  memory w = scratch(layout, holder);
  if (!conv::winogradWeightsInto(weight, layout.data, static_cast<float*>(w.get_data_handle()))) {
    memory userW(userDesc, eng, weight.data_ptr());
    if (reorder)
      reorder->execute(stream, userW, w);
    else
      dnnl::reorder(userW, w).execute(stream, userW, w);
  }
  gWeightReorders.fetch_add(1, std::memory_order_relaxed);
  if (cacheable && usedAt(storage, weight.storage_offset(), version)) {
    auto entry = std::make_shared<PackedWeights>();
    entry->blocked = holder;
    entry->version = version;
    storePacked(key, std::move(entry));
  }
  return true;
}

dnnl::engine& cpuEngine() {
  static dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  return engine;
}

memory scratch(const memory::desc& md, Tensor& holder) {
  holder = empty({static_cast<int64_t>(md.get_size())}, kByte);
  return memory(md, cpuEngine(), holder.data_ptr());
}

dnnl::stream& threadStream() {
  thread_local dnnl::stream stream(cpuEngine());
  return stream;
}

std::unique_ptr<ArgPool> makeArgPool(ArgPool::Layouts layouts, const dnnl::primitive_desc_base& pd) {
  const memory::desc scratchpad = pd.scratchpad_desc();
  if (scratchpad.get_size() > 0) layouts.emplace_back(DNNL_ARG_SCRATCHPAD, scratchpad);
  return std::make_unique<ArgPool>(std::move(layouts), cpuEngine(), scratchpad.get_size());
}

void setScratchpad(ArgPool::Lease& args, Tensor& holder) {
  const size_t bytes = args.scratchpadBytes();
  if (bytes == 0) return;
  holder = empty({static_cast<int64_t>(bytes)}, kByte);
  args.set(DNNL_ARG_SCRATCHPAD, holder.data_ptr());
}

void setWeightCaching(bool enabled) {
  PackedCache& c = packedCache();
  gPackedEnabled.store(enabled, std::memory_order_relaxed);
  Evicted dead;
  std::lock_guard<std::mutex> lock(c.mutex);
  for (auto& [k, e] : c.entries) dead.push_back(std::move(e));
  c.entries.clear();
  c.uses.clear();
  c.bytes = 0;
}

bool weightsCacheable(const Tensor& weight) {
  return gPackedEnabled.load(std::memory_order_relaxed) && weight.is_contiguous();
}

bool weightsUsedBefore(const Tensor& weight) {
  if (!weightsCacheable(weight)) return false;
  const StorageImpl* storage = weight.storage().impl();
  return usedAt(storage, weight.storage_offset(), watchedVersion(storage));
}

namespace {

// Notes a use at the weights' current version: prepacked once `prepacked` says so, and stays so
// while the version stays.
void noteUse(const Tensor& weight, bool prepacked) {
  if (!weightsCacheable(weight)) return;
  const uint32_t version = watchedVersion(weight.storage().impl());
  PackedCache& c = packedCache();
  std::lock_guard<std::mutex> lock(c.mutex);
  auto [it, fresh] =
      c.uses.try_emplace(UseKey{weight.storage().impl(), weight.storage_offset()}, Use{version, prepacked});
  if (fresh) return;
  it->second.prepacked = prepacked || (it->second.prepacked && it->second.version == version);
  it->second.version = version;
}

}  // namespace

void noteWeightsUsed(const Tensor& weight) { noteUse(weight, false); }

void noteWeightsPrepacked(const Tensor& weight) { noteUse(weight, true); }

bool weightsPrepacked(const Tensor& weight) {
  if (!weightsCacheable(weight)) return false;
  const StorageImpl* storage = weight.storage().impl();
  const uint32_t version = watchedVersion(storage);
  const std::optional<Use> use = useOf(storage, weight.storage_offset());
  return use && use->prepacked && use->version == version;
}

size_t cachedWeightCount() {
  PackedCache& c = packedCache();
  std::lock_guard<std::mutex> lock(c.mutex);
  return c.entries.size();
}

size_t weightReorderCount() { return gWeightReorders.load(std::memory_order_relaxed); }

size_t setPackedCacheLimit(size_t bytes) { return gMaxPackedBytes.exchange(bytes, std::memory_order_relaxed); }

}  // namespace ember::onednn
