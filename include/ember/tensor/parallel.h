// The intra-op thread pool: OpenMP's threads (shared with oneDNN's kernels) serve every
// kernel; idle workers spin briefly, then sleep (libgomp's policy, OMP_WAIT_POLICY honoured).
// Small ranges run inline on the calling thread with no hand-off.
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>

namespace ember {

// torch.set_num_threads / torch.get_num_threads: the thread budget for intra-op parallelism
// (BLAS and oneDNN threads are set from the same number).
void set_num_threads(int n);
int get_num_threads();
// True on a pool worker (or inside a parallel region): nested regions then run serially.
bool inParallelRegion();

// A non-owning reference to a callable, so parallelFor needs no allocation per call.
template <typename Sig> class FunctionRef;
template <typename R, typename... Args>
class FunctionRef<R(Args...)> {
 public:
  template <typename F, typename = std::enable_if_t<!std::is_same_v<std::decay_t<F>, FunctionRef>>>
  FunctionRef(F&& f)  // NOLINT: implicit by design
      : obj_(const_cast<void*>(static_cast<const void*>(&f))),
        call_([](void* o, Args... a) -> R { return (*static_cast<std::remove_reference_t<F>*>(o))(std::forward<Args>(a)...); }) {}
  R operator()(Args... a) const { return call_(obj_, std::forward<Args>(a)...); }

 private:
  void* obj_;
  R (*call_)(void*, Args...);
};

// Default grain: below this many elements an elementwise op is not worth a hand-off.
constexpr int64_t kGrainSize = 32768;

namespace detail {
void parallelForImpl(int64_t begin, int64_t end, int64_t grain, FunctionRef<void(int64_t, int64_t)> fn);
}

// Calls fn(chunkBegin, chunkEnd) over [begin, end) in chunks of at least `grain` elements,
// on up to get_num_threads() threads. Exceptions from any chunk propagate to the caller.
template <typename F>
void parallelFor(int64_t begin, int64_t end, int64_t grain, F&& fn) {
  if (end <= begin) return;
  if (end - begin <= grain || inParallelRegion() || get_num_threads() == 1) {
    fn(begin, end);
    return;
  }
  detail::parallelForImpl(begin, end, grain, FunctionRef<void(int64_t, int64_t)>(fn));
}

}  // namespace ember
