// What the executor unit tests share: a guard that restores the process-wide executor switches a
// test changes, and the small graph most of them run.
#pragma once

#include <cstdint>

#include "ember/runtime/graph_executor.h"

namespace ember::jit::itest {

// Restores the executor switches a test changes; turns the profiling executor on meanwhile.
struct ExecutorSettings {
  bool profiling = getProfilingExecutor();
  bool optimize = getGraphExecutorOptimize();
  int64_t runs = getNumProfiledRuns();
  FusionStrategy strategy = getFusionStrategy();
  int64_t maxSpecializations = getMaxSpecializations();
  ExecutorSettings() { setProfilingExecutor(true); }
  ~ExecutorSettings() {
    setProfilingExecutor(profiling);
    setGraphExecutorOptimize(optimize);
    setNumProfiledRuns(runs);
    setFusionStrategy(strategy);
    setMaxSpecializations(maxSpecializations);
  }
};

// (a + b) scaled by 2, through aten-free test operators so only the executor is under test.
inline const char* kAddScale = R"IR(
graph(%a : Tensor, %b : Tensor):
  %two : float = prim::Constant[value=2.]()
  %c : Tensor = itest::tadd(%a, %b)
  %d : Tensor = itest::tscale(%c, %two)
  return (%d))IR";

}  // namespace ember::jit::itest
