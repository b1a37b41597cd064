// float32 convolutions on oneDNN. Creating a primitive costs far more than running a small one,
// so primitives (and the reorders between ember's plain layouts and the blocked layouts oneDNN
// picks) are cached by shape, layout and thread count. Weights reordered into the blocked layout
// are cached too, per weight storage and its write version (see PackedWeights). Transposed convolutions stay on im2col.
#include <dnnl.hpp>
#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string_view>
#include <mutex>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/parallel.h"
#include "tensor/blas_backend.h"
#include "tensor/conv_utils.h"
#include "tensor/conv_winograd_weights.h"
#include "tensor/kernels/stream_gemm_kernels.h"
#include "tensor/storage_watch.h"

namespace ember::conv {

namespace {

using dnnl::memory;
using Tag = memory::format_tag;

dnnl::engine& cpuEngine() {
  static dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  return engine;
}

struct KeyHash {
  size_t operator()(const std::vector<int64_t>& v) const {
    size_t h = 1469598103934665603ull;
    for (int64_t x : v) h = (h ^ static_cast<size_t>(x)) * 1099511628211ull;
    return h;
  }
};

// A cached convolution with the reorders around it (absent when the plain layout is what the
// primitive wants).
struct Plan {
  bool winograd = false;  // oneDNN's Winograd kernels (winogradFits, winogradKind)
  bool postOps = true;    // the PostOp runs inside (Winograd lacks some: the caller applies them)
  int64_t dstBlock = 0;   // B when the primitive writes nChw<B>c for a channels-last output
  dnnl::convolution_forward::primitive_desc pd;
  dnnl::convolution_forward conv;
  memory::desc userSrc, userWeights, userDst;
  std::unique_ptr<dnnl::reorder> srcReorder, weightsReorder, dstReorder;
};

std::mutex gCacheMutex;
std::unordered_map<std::vector<int64_t>, std::shared_ptr<Plan>, KeyHash> gCache;
constexpr size_t kMaxCachedPlans = 256;
// What calls created rather than found cached (builtPlanCount / weightReorderCount, for tests).
std::atomic<size_t> gPlansBuilt{0};
std::atomic<size_t> gWeightReorders{0};

memory::dims spatialDims(const Dims3& d, bool threeD) {
  return threeD ? memory::dims{d[0], d[1], d[2]} : memory::dims{d[1], d[2]};
}

memory::dims concat(memory::dims a, const memory::dims& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// The implementation named `kind` ("wino_4x3", "wino_2x3") among the Winograd ones the
// descriptor offers; false when it is not one of them.
bool pickImplementation(dnnl::convolution_forward::primitive_desc& pd, std::string_view kind) {
  do {
    if (std::string_view(pd.impl_info_str()).find(kind) != std::string_view::npos) return true;
  } while (pd.next_impl());
  return false;
}

// Which Winograd kernels a shape that winogradFits takes (see there).
std::string_view winogradKind(const ConvShape& s) {
  return s.inChannels <= 128 && s.outChannels <= 128 ? "wino_4x3" : "wino_2x3";
}

std::shared_ptr<Plan> buildPlan(const ConvParams& p, const ConvShape& s, bool channelsLastIn, bool channelsLastOut,
                                bool hasBias, const PostOp& post, bool winograd) {
  const bool threeD = p.spatial == 3;
  const auto f32 = memory::data_type::f32;
  memory::dims src = concat({s.batch, s.inChannels}, spatialDims(s.in, threeD));
  memory::dims dst = concat({s.batch, s.outChannels}, spatialDims(s.out, threeD));
  memory::dims k = spatialDims(s.kernel, threeD);
  const int64_t g = p.groups;
  memory::dims weights =
      g == 1 ? concat({s.outChannels, s.inChannels}, k) : concat({g, s.outChannels / g, s.inChannels / g}, k);
  Tag plainSrc = threeD ? Tag::ncdhw : Tag::nchw;
  Tag srcTag = channelsLastIn ? Tag::nhwc : plainSrc;
  Tag dstTag = channelsLastOut ? Tag::nhwc : plainSrc;
  Tag wTag = threeD ? (g == 1 ? Tag::oidhw : Tag::goidhw) : (g == 1 ? Tag::oihw : Tag::goihw);
  memory::dims strides = spatialDims(p.stride, threeD), padL = spatialDims(p.padL, threeD),
               padR = spatialDims(p.padR, threeD), dil = spatialDims(p.dilation, threeD);
  for (auto& d : dil) d -= 1;  // oneDNN counts the holes

  auto plan = std::make_shared<Plan>();
  plan->userSrc = memory::desc(src, f32, srcTag);
  plan->userWeights = memory::desc(weights, f32, wTag);
  plan->userDst = memory::desc(dst, f32, dstTag);
  memory::desc biasMd({s.outChannels}, f32, Tag::x);
  auto primitiveDesc = [&](Tag srcLayout, dnnl::algorithm algorithm = dnnl::algorithm::convolution_direct,
                           bool withPostOps = true) {
    memory::desc anySrc(src, f32, srcLayout), anyW(weights, f32, Tag::any), anyDst(dst, f32, Tag::any);
    const auto prop = dnnl::prop_kind::forward_inference;
    auto desc = hasBias ? dnnl::convolution_forward::desc(prop, algorithm, anySrc, anyW, biasMd, anyDst, strides, dil,
                                                          padL, padR)
                        : dnnl::convolution_forward::desc(prop, algorithm, anySrc, anyW, anyDst, strides, dil, padL, padR);
    // A scratchpad per call (from ember's allocator) lets several threads run one cached primitive.
    dnnl::primitive_attr attr;
    attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
    if (withPostOps && (post.algorithm != 0 || post.scale)) {
      dnnl::post_ops ops;
      if (post.scale) {  // a batch norm's per-channel scale and shift (conv_utils.h)
        memory::desc perChannel(concat({1, s.outChannels}, memory::dims(threeD ? 3 : 2, 1)), f32,
                                threeD ? Tag::abcde : Tag::abcd);
        ops.append_binary(dnnl::algorithm::binary_mul, perChannel);
        ops.append_binary(dnnl::algorithm::binary_add, perChannel);
      }
      if (post.algorithm != 0)
        ops.append_eltwise(1.0f, static_cast<dnnl::algorithm>(post.algorithm), post.alpha, post.beta);
      attr.set_post_ops(ops);
    }
    dnnl::convolution_forward::primitive_desc pd(desc, attr, cpuEngine());
    // Walked here, while `desc` lives: the iterator behind `pd` builds the next implementation's
    // descriptor from it (walked after it is gone, the F(4x4, 3x3) primitive crashed on creation).
    if (algorithm == dnnl::algorithm::convolution_winograd && !pickImplementation(pd, winogradKind(s)))
      return decltype(pd)();
    return pd;
  };
  if (winograd) {
    // Blocked activations only (no NHWC implementation): the plan reorders them in and out.
    // Its eltwise post-ops are relu-like ones; with another the activation runs after it.
    for (bool withPostOps : {true, false}) {
      try {
        plan->pd = primitiveDesc(Tag::any, dnnl::algorithm::convolution_winograd, withPostOps);
      } catch (const dnnl::error&) {
        continue;
      }
      if (plan->pd) {
        plan->winograd = true;
        plan->postOps = withPostOps;
        break;
      }
    }
  }
  if (!plan->winograd) {
    // A few input channels (an image's RGB) in NCHW: oneDNN's direct kernels read that layout as
    // it is; left to choose, it takes NHWC and a reorder (1x3x224x224 3x3 stride 2 -> 32: 0.17
    // against 0.32 ms; 7x7 -> 64: 1.29 against 1.48 ms; at 16 channels NCHW is slower). Unless
    // that leaves it only a reference implementation.
    const bool plainImage = g == 1 && s.inChannels <= 8 && !channelsLastIn && !threeD;
    plan->pd = primitiveDesc(plainImage ? plainSrc : Tag::any);
    if (plainImage && std::string_view(plan->pd.impl_info_str()).rfind("ref", 0) == 0)
      plan->pd = primitiveDesc(Tag::any);
  }
  plan->conv = dnnl::convolution_forward(plan->pd);
  auto& eng = cpuEngine();
  if (plan->pd.src_desc() != plan->userSrc)
    plan->srcReorder =
        std::make_unique<dnnl::reorder>(dnnl::reorder::primitive_desc(eng, plan->userSrc, eng, plan->pd.src_desc()));
  if (plan->pd.weights_desc() != plan->userWeights)
    plan->weightsReorder = std::make_unique<dnnl::reorder>(
        dnnl::reorder::primitive_desc(eng, plan->userWeights, eng, plan->pd.weights_desc()));
  if (plan->pd.dst_desc() != plan->userDst)
    plan->dstReorder =
        std::make_unique<dnnl::reorder>(dnnl::reorder::primitive_desc(eng, plan->pd.dst_desc(), eng, plan->userDst));
  if (plan->dstReorder && channelsLastOut && !threeD) {
    for (auto [tag, block] : {std::pair{Tag::nChw16c, 16}, std::pair{Tag::nChw8c, 8}})
      if (plan->pd.dst_desc() == memory::desc(dst, f32, tag)) plan->dstBlock = block;
  }
  return plan;
}

int64_t floatBits(float f) {
  int32_t bits;
  std::memcpy(&bits, &f, sizeof bits);
  return bits;
}

std::shared_ptr<Plan> getPlan(const ConvParams& p, const ConvShape& s, bool clIn, bool clOut, bool hasBias,
                              int threads, const PostOp& post, bool winograd) {
  std::vector<int64_t> key{p.spatial, p.groups, s.batch, s.inChannels, s.outChannels, clIn, clOut, hasBias, threads,
                           post.algorithm, floatBits(post.alpha), floatBits(post.beta), post.scale != nullptr,
                           winograd};
  for (const Dims3* d : {&s.in, &s.kernel, &p.stride, &p.padL, &p.padR, &p.dilation})
    key.insert(key.end(), d->begin(), d->end());
  {
    std::lock_guard<std::mutex> lock(gCacheMutex);
    auto it = gCache.find(key);
    if (it != gCache.end()) return it->second;
  }
  auto plan = buildPlan(p, s, clIn, clOut, hasBias, post, winograd);
  gPlansBuilt.fetch_add(1, std::memory_order_relaxed);
  std::lock_guard<std::mutex> lock(gCacheMutex);
  if (gCache.size() >= kMaxCachedPlans) gCache.clear();
  gCache.emplace(std::move(key), plan);
  return plan;
}

// Scratch memory for a reordered tensor, from ember's caching allocator.
memory scratch(const memory::desc& md, Tensor& holder) {
  holder = empty({static_cast<int64_t>(md.get_size())}, kByte);
  return memory(md, cpuEngine(), holder.data_ptr());
}

// Weights in the blocked layout a plan wants, cached per weight storage: a module's weights are
// the same every call, and reordering them costs up to a fifth of a ResNet's convolution time
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

struct PackedCache {
  std::mutex mutex;
  std::unordered_map<PackedKey, std::shared_ptr<PackedWeights>, PackedKeyHash> entries;
  // Weights convolutions used, with their storage's write version at the last use (see
  // weightsUsedBefore).
  std::unordered_map<UseKey, uint32_t, UseKeyHash> uses;
  size_t bytes = 0;
};

// Never destroyed: weights freed during exit (after static destructors) still come to
// forgetStorage.
PackedCache& packedCache() {
  static auto* cache = new PackedCache();
  return *cache;
}
// Past this the cache starts over.
constexpr size_t kMaxPackedBytes = size_t{1} << 30;

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

// Whether a convolution used the weights at (storage, offset) before, at this write version.
bool usedAt(const StorageImpl* storage, int64_t offset, uint32_t version) {
  PackedCache& c = packedCache();
  std::lock_guard<std::mutex> lock(c.mutex);
  auto it = c.uses.find(UseKey{storage, offset});
  return it != c.uses.end() && it->second == version;
}

void storePacked(const PackedKey& key, std::shared_ptr<PackedWeights> entry) {
  PackedCache& c = packedCache();
  Evicted dead;
  std::lock_guard<std::mutex> lock(c.mutex);
  const size_t bytes = entryBytes(*entry);
  if (c.bytes + bytes > kMaxPackedBytes) {
    for (auto& [k, e] : c.entries) dead.push_back(std::move(e));
    c.entries.clear();
    c.bytes = 0;
  }
  auto& slot = c.entries[key];
  if (slot) {
    c.bytes -= entryBytes(*slot);
    dead.push_back(std::move(slot));
  }
  slot = std::move(entry);
  c.bytes += bytes;
}

// `weight` (in the user layout `userDesc`) in `layout`, into `holder`: from the cache while the
// weights' storage has not been written since, else made now: by ember for oneDNN's Winograd
// layouts (conv_winograd_weights.h), else by `reorder` (built here when null). Cacheable weights
// are cached when a convolution used them before at the same write version, not on their first
// use: a blocked copy costs fresh memory, which on first touch costs as much as the reorder
// itself or more (the kernel zeroes every page: resnet18's 45 MB of copies were about a third of
// its first call), and a weight used once (a one-shot call, a convolution run by the profiling
// call only) never pays it back. A module called twice has its copies from the second call on.
void weightsInLayout(const Tensor& weight, const memory::desc& userDesc, const memory::desc& layout,
                     const dnnl::reorder* reorder, bool cacheable, dnnl::stream& stream, Tensor& holder) {
  auto& eng = cpuEngine();
  const StorageImpl* storage = weight.storage().impl();
  const PackedKey key{storage, weight.storage_offset(), layout};
  uint32_t version = 0;
  if (cacheable) {
    version = watchedVersion(storage);
    std::shared_ptr<PackedWeights> hit = findPacked(key);
    if (hit && hit->version == version) {
      holder = hit->blocked;
      return;
    }
  }
  memory w = scratch(layout, holder);
  if (!winogradWeightsInto(weight, layout.data, static_cast<float*>(w.get_data_handle()))) {
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
}

// The blocked weights a plan wants.
memory blockedWeights(const std::shared_ptr<Plan>& planPtr, const Tensor& weight, bool cacheable, dnnl::stream& stream,
                      Tensor& holder) {
  const Plan& plan = *planPtr;
  weightsInLayout(weight, plan.userWeights, plan.pd.weights_desc(), plan.weightsReorder.get(), cacheable, stream,
                  holder);
  return memory(plan.pd.weights_desc(), cpuEngine(), holder.data_ptr());
}

// 3x3 stride-1 convolutions of 16 to 512 channels (multiples of 16) at 14x14 and more take
// oneDNN's Winograd kernels. Up to 128 channels F(4x4, 3x3), a quarter of the direct kernels'
// multiplies: on the AVX-512 Xeon, one thread, one image, the primitive alone against the direct
// one on blocked layouts, 64 ch at 56x56 0.62 against 1.36 ms, 128 at 28x28 0.66 against 1.30;
// in resnet18, with the reorders from and to channels-last, those layers take about half the
// time. Above, F(2x2, 3x3), 4/9 of the multiplies and 16/9 of the weights (F(4x4, 3x3)'s would
// be 4x, read from memory each call): with the weights of a model cycling through the cache and
// the reorders, 256 ch at 14x14 1.00-1.08 against 1.43-1.49 ms, 512 at 14x14 3.7 against 5.7,
// 256 at 28x28 4.3 against 5.3 (oneDNN offers F(2x2, 3x3) for one image at a time; batches
// stay direct). At 7x7 Winograd is slower (512 ch: 2.1 against 1.38 ms). The transformed
// weights are ember's (conv_winograd_weights.h: 256x256x3x3 in ~1.8 ms, where oneDNN's reorder
// took 10-23) and cached like blocked ones; weights used before take these kernels, and
// 64-channel ones from their first use (winogradAtFirstUse). Results differ from the direct
// kernels' in the last bits (largest error against the direct result: 2.3e-6 of the largest
// output for F(4x4, 3x3) at 128 channels, 3.5e-6 for F(2x2, 3x3) at 512). An activation
// post-op runs inside them as in the direct kernels (so conv2d_fused's result has the bits of
// conv2d + relu_); per-channel binary ones (EMBER_BN_POSTOPS) they have not, and those stay
// direct. EMBER_CONV_WINOGRAD=0 keeps every convolution on the direct kernels.
std::atomic<bool> gWinograd{[] {
  const char* env = std::getenv("EMBER_CONV_WINOGRAD");
  return !(env && std::string_view(env) == "0");
}()};

bool winogradEnabled() { return gWinograd.load(std::memory_order_relaxed); }

bool winogradFits(const ConvParams& p, const ConvShape& s, const PostOp& post) {
  const Dims3 one{1, 1, 1}, pad{0, 1, 1};
  return p.spatial == 2 && p.groups == 1 && !p.transposed && s.kernel == Dims3{1, 3, 3} && p.stride == one &&
         p.dilation == one && p.padL == pad && p.padR == pad && s.inChannels % 16 == 0 && s.outChannels % 16 == 0 &&
         s.inChannels <= 512 && s.outChannels <= 512 && s.out[1] >= 14 && s.out[2] >= 14 && !post.scale;
}

// Winograd for weights not used before too, when transforming them costs less than the kernels
// save in one call: up to 64x64 channels (transform ~0.2 ms; 64 ch at 56x56 takes ~0.7 ms less
// than on the direct kernels). Larger ones wait for their second use, whose transform is then
// cached (128x128: ~0.75 ms for ~0.4 ms saved per call; 256x256: ~1.8 for ~0.4).
bool winogradAtFirstUse(const ConvShape& s) { return s.inChannels * s.outChannels <= 64 * 64; }

// Whether the plan's blocked result can go into `out` through the store epilogue: the terms
// only (no post-op inside to come before them), whole blocks of channels, a residual laid out
// as `out`, a pool the store can do.
bool storeFits(const Plan& plan, const StoreEpilogue* store, const PostOp& post, const Tensor& out) {
  if (!store || plan.dstBlock == 0 || !store->terms.scale || !store->terms.shift) return false;
  if (post.algorithm != 0 || post.scale || out.size(1) % plan.dstBlock != 0) return false;
  const Tensor& r = store->residual;
  if (r.defined() && (r.dtype() != kFloat || r.sizes() != out.sizes() || r.strides() != out.strides())) return false;
  return storeFitsPool(out, *store);
}

bool isNhwc(const Tensor& t) {
  if (t.dim() != 4) return false;
  const int64_t c = t.size(1), h = t.size(2), w = t.size(3);
  return t.stride(1) == 1 && t.stride(3) == c && t.stride(2) == w * c && t.stride(0) == h * w * c;
}

}  // namespace

bool setWinograd(bool enabled) { return gWinograd.exchange(enabled, std::memory_order_relaxed); }

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

void noteWeightsUsed(const Tensor& weight) {
  if (!weightsCacheable(weight)) return;
  const uint32_t version = watchedVersion(weight.storage().impl());
  PackedCache& c = packedCache();
  std::lock_guard<std::mutex> lock(c.mutex);
  c.uses[UseKey{weight.storage().impl(), weight.storage_offset()}] = version;
}

Tensor streamPackedWeights(const Tensor& weight) {
  EMBER_CHECK(weight.dim() == 4 && weight.size(0) % kStreamPanel == 0 && weight.is_contiguous(),
              "streamPackedWeights: contiguous O x I x kh x kw weights with O a multiple of ", kStreamPanel);
  const memory::dims dims{weight.size(0), weight.size(1), weight.size(2), weight.size(3)};
  const auto f32 = memory::data_type::f32;
  thread_local dnnl::stream stream(cpuEngine());
  Tensor holder;
  weightsInLayout(weight, memory::desc(dims, f32, Tag::oihw), memory::desc(dims, f32, Tag::Acdb64a), nullptr,
                  weightsCacheable(weight), stream, holder);
  stream.wait();
  return holder;
}

size_t cachedWeightCount() {
  PackedCache& c = packedCache();
  std::lock_guard<std::mutex> lock(c.mutex);
  return c.entries.size();
}

size_t builtPlanCount() { return gPlansBuilt.load(std::memory_order_relaxed); }
size_t weightReorderCount() { return gWeightReorders.load(std::memory_order_relaxed); }

bool onednnConvolution(const Tensor& out, const Tensor& input0, const Tensor& weight0, const Tensor& bias,
                       const ConvParams& p, const ConvShape& s, const PostOp& post, bool weightsReused,
                       bool* postApplied, StoreEpilogue* store) {
  if (p.transposed) return false;
  const bool clOut = !out.is_contiguous();
  const bool clIn = p.spatial == 2 && isNhwc(input0);
  Tensor input = clIn ? input0 : input0.contiguous();
  Tensor weight = weight0.contiguous();
  Tensor b = bias.defined() ? bias.contiguous() : Tensor();
  const int threads = blas::gemmThreads(2.0 * static_cast<double>(out.numel()) * s.kernel[0] * s.kernel[1] *
                                        s.kernel[2] * s.inChannels / p.groups);
  blas::setOnednnThreads(threads);
  std::shared_ptr<Plan> plan;
  try {
    // 1-D convolutions are 2-D ones with height 1 (the normalised shape already says so).
    const bool winograd =
        (weightsReused || winogradAtFirstUse(s)) && winogradEnabled() && winogradFits(p, s, post);
    plan = getPlan(p, s, clIn, clOut, b.defined(), threads, post, winograd);
  } catch (const dnnl::error&) {
    return false;  // no implementation for this shape: im2col handles it
  }
  auto& eng = cpuEngine();
  thread_local dnnl::stream stream(eng);
  memory userSrc(plan->userSrc, eng, input.data_ptr());
  memory userDst(plan->userDst, eng, out.data_ptr());
  Tensor srcHold, wHold, dstHold, scratchHold;
  memory src = plan->srcReorder ? scratch(plan->pd.src_desc(), srcHold) : userSrc;
  // Only weights that are already contiguous can be cached: a copy made by contiguous() above
  // is a new storage each call.
  const bool cacheable = weightsCacheable(weight0);
  memory w = plan->weightsReorder ? blockedWeights(plan, weight, cacheable, stream, wHold)
                                  : memory(plan->userWeights, eng, weight.data_ptr());
  memory dst = plan->dstReorder ? scratch(plan->pd.dst_desc(), dstHold) : userDst;
  if (plan->srcReorder) plan->srcReorder->execute(stream, userSrc, src);
  std::unordered_map<int, memory> args{{DNNL_ARG_SRC, src}, {DNNL_ARG_WEIGHTS, w}, {DNNL_ARG_DST, dst}};
  if (plan->pd.scratchpad_desc().get_size() > 0)
    args.emplace(DNNL_ARG_SCRATCHPAD, scratch(plan->pd.scratchpad_desc(), scratchHold));
  if (b.defined())
    args.emplace(DNNL_ARG_BIAS,
                 memory(memory::desc({s.outChannels}, memory::data_type::f32, Tag::x), eng, b.data_ptr()));
  if (post.scale && plan->postOps) {
    const int64_t ones = p.spatial == 3 ? 3 : 2;
    memory::desc perChannel(concat({1, s.outChannels}, memory::dims(ones, 1)), memory::data_type::f32,
                            ones == 3 ? Tag::abcde : Tag::abcd);
    args.emplace(DNNL_ARG_ATTR_MULTIPLE_POST_OP(0) | DNNL_ARG_SRC_1,
                 memory(perChannel, eng, const_cast<float*>(post.scale)));
    args.emplace(DNNL_ARG_ATTR_MULTIPLE_POST_OP(1) | DNNL_ARG_SRC_1,
                 memory(perChannel, eng, const_cast<float*>(post.shift)));
  }
  plan->conv.execute(stream, args);
  const bool storeHere = storeFits(*plan, store, post, out);
  if (plan->dstReorder && !storeHere) plan->dstReorder->execute(stream, dst, userDst);
  stream.wait();
  if (storeHere) {
    storeBlocked(out, static_cast<const float*>(dst.get_data_handle()), plan->dstBlock, *store);
    store->applied = true;
  }
  setLastBackend(plan->winograd ? "onednn_winograd" : "onednn");
  if (postApplied) *postApplied = plan->postOps && (post.algorithm != 0 || post.scale);
  return true;
}

}  // namespace ember::conv
