// What ember's oneDNN primitives share: the engine, scratch memory from ember's allocator, and
// weights in a primitive's blocked layout through the cache of onednn_weight_cache.h.
#pragma once

#include <dnnl.hpp>

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ember/tensor/tensor.h"
#include "tensor/onednn_args.h"
#include "tensor/onednn_weight_cache.h"

namespace ember::onednn {

// The CPU engine every ember primitive runs on.
dnnl::engine& cpuEngine();

// Memory of layout `md` from ember's caching allocator; `holder` keeps it alive.
dnnl::memory scratch(const dnnl::memory::desc& md, Tensor& holder);

// The calling thread's stream on cpuEngine(): primitives run on the thread that executes them.
dnnl::stream& threadStream();

// The pool of argument sets for a primitive made from `pd`: `layouts` plus its scratchpad, if it
// asks for one.
std::unique_ptr<ArgPool> makeArgPool(ArgPool::Layouts layouts, const dnnl::primitive_desc_base& pd);

// Points the scratchpad argument of `args` (from makeArgPool) at memory `holder` keeps alive,
// when the primitive asks for one.
void setScratchpad(ArgPool::Lease& args, Tensor& holder);

// `weight` (laid out as `userDesc`) in `layout`, into `holder`: from the cache while the weights'
// storage has not been written since, else made now (by `reorder` when given, built here when
// null; ember's own transform for oneDNN's Winograd layouts) and cached when `cacheable` and the
// weights were used before at this write version. With `keptOnly`, a copy the cache would not
// keep (not cacheable, or no room left) is not made: false, `holder` untouched.
bool weightsInLayout(const Tensor& weight, const dnnl::memory::desc& userDesc, const dnnl::memory::desc& layout,
                     const dnnl::reorder* reorder, bool cacheable, dnnl::stream& stream, Tensor& holder,
                     bool keptOnly = false);

// A hash of a key of integers (FNV-1a over the values).
struct IntVectorHash {
  size_t operator()(const std::vector<int64_t>& v) const {
    size_t h = 1469598103934665603ull;
    for (int64_t x : v) h = (h ^ static_cast<size_t>(x)) * 1099511628211ull;
    return h;
  }
};

// Primitives (with whatever goes with them) cached by a key of integers (shapes, strides, thread
// count...): creating one costs far more than running a small one. Past kMaxPlans entries the
// cache starts over. Safe to share between threads.
template <typename Plan>
class PlanCache {
 public:
  static constexpr size_t kMaxPlans = 256;

  // The plan for `key`, made by `build()` when not cached (a null plan is cached too).
  template <typename Build>
  std::shared_ptr<Plan> get(std::vector<int64_t> key, Build&& build) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      auto it = plans_.find(key);
      if (it != plans_.end()) return it->second;
    }
    std::shared_ptr<Plan> plan = build();
    built_.fetch_add(1, std::memory_order_relaxed);
    std::lock_guard<std::mutex> lock(mutex_);
    if (plans_.size() >= kMaxPlans) plans_.clear();
    plans_.emplace(std::move(key), plan);
    return plan;
  }

  // Plans built so far (for tests: a call that finds its plan cached adds nothing).
  size_t built() const { return built_.load(std::memory_order_relaxed); }

 private:
  std::mutex mutex_;
  std::unordered_map<std::vector<int64_t>, std::shared_ptr<Plan>, IntVectorHash> plans_;
  std::atomic<size_t> built_{0};
};

// Keys of plans seen once: callers build a plan on a key's second sight, so that a one-off shape
// (a test's, a loop whose sizes grow every step) costs no primitive. Safe to share between threads.
class SeenKeys {
 public:
  static constexpr size_t kMaxKeys = 4096;  // past this it starts over

  // Whether `key` was seen before; notes it either way.
  bool seenBefore(const std::vector<int64_t>& key) { return worthBuilding(key, 1.0, 1.0); }

  // The ski-rental rule, for plans that save little per call: notes a sight of `key` whose call a
  // plan would make `savingUs` faster, and says whether the time lost on the earlier sights adds
  // up to `buildUs`, what building the plan costs. Paying for the plan only then costs at most
  // twice what the best choice in hindsight would have. A plan that saves its cost in one call is
  // built on the second sight, as seenBefore does.
  bool worthBuilding(const std::vector<int64_t>& key, double savingUs, double buildUs) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (lost_.size() >= kMaxKeys) lost_.clear();
    double& lost = lost_[key];
    const bool worth = lost >= buildUs;
    lost += savingUs;
    return worth;
  }

 private:
  std::mutex mutex_;
  std::unordered_map<std::vector<int64_t>, double, IntVectorHash> lost_;  // time lost so far per key
};

}  // namespace ember::onednn
