// The optimisation pipeline the profiling executor runs on a specialised (guarded) graph, in the
// spec's order, each stage timed (GraphExecutorState::stageNanos, the executor benchmark).
#pragma once

#include <cstdint>
#include <memory>

#include "ember/runtime/graph_executor.h"

namespace ember::jit {

class Graph;

struct PipelineTimes {
  int64_t nanos[kNumPipelineStages] = {};
};

// Optimises `graph` (the guarded graph: prim::TypeCheck, then the body reading the checked, typed
// inputs) in place, adding each stage's time to `times`. `profiledRequiresGrad`: a profiled
// tensor required grad (a module's parameters, read through prim::GetAttr, are not guarded
// inputs), so the differentiable-graph stage runs even when no guard says so.
void runSpecializedPipeline(const std::shared_ptr<Graph>& graph, FusionBehavior behavior, PipelineTimes& times,
                            bool profiledRequiresGrad = false);

}  // namespace ember::jit
