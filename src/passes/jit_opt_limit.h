// Optimisation limiter (PyTorch's jit_opt_limit): EMBER_JIT_OPT_LIMIT or PYTORCH_JIT_OPT_LIMIT,
// e.g. "constant_propagation=3:peephole=0", bounds how many rewrites the pass in each named file
// (the `__FILE__` stem) may make, to bisect a miscompilation down to one rewrite. A pass asks
// before each rewrite:
//
//   if (!JIT_OPT_ALLOWED) { GRAPH_DUMP("opt limit reached", graph); return; }
//
// Each call that returns true counts one rewrite for its file; files not listed are unlimited.
// The environment is read once (reparseJitOptLimitEnvironment re-reads it and resets the counts).
#pragma once

#include <atomic>
#include <string>

namespace ember::jit {

// Whether the pass in file `path` (a __FILE__ or a stem) may make one more rewrite; counts it.
bool jitOptAllowed(const char* path);

void reparseJitOptLimitEnvironment();

namespace detail {
extern std::atomic<int> gJitOptLimitState;  // -1 unread, 0 no limits, 1 some limit
bool jitOptAllowedSlow(const char* path);
inline bool jitOptAllowedFast(const char* path) {
  if (__builtin_expect(gJitOptLimitState.load(std::memory_order_relaxed) == 0, 1)) return true;
  return jitOptAllowedSlow(path);
}
}  // namespace detail

}  // namespace ember::jit

#define JIT_OPT_ALLOWED ::ember::jit::detail::jitOptAllowedFast(__FILE__)
