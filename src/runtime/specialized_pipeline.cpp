// The pipeline of a specialised graph (the spec's Graph Executor sections, in its order).
//
// The graph it gets was already through the required passes and the profiling-insensitive
// optimisations before it was profiled (profiling_graph_executor.cpp), so each stage only does
// what the guarded types can add. That is deliberate: running the whole pipeline again cost the
// transformer archive's second call tens of milliseconds for nothing, and the second call must
// stay within a few milliseconds of the third on small graphs (bench/executor_bench.cpp reports
// these stage times).
#include "runtime/specialized_pipeline.h"

#include <chrono>
#include <cstdlib>
#include <string_view>

#include "ember/ir/ir.h"
#include "passes/channels_last_regions.h"
#include "passes/constant_propagation.h"
#include "passes/dead_code_elimination.h"
#include "passes/fuse_batch_norm_epilogue.h"
#include "passes/jit_log.h"
#include "passes/peephole.h"
#include "passes/tensorexpr_fuser.h"
#include "runtime/autodiff/autodiff_stage.h"

namespace ember::jit {
namespace {

template <typename Fn>
void timed(PipelineTimes& times, PipelineStage stage, Fn&& fn) {
  auto t0 = std::chrono::steady_clock::now();
  fn();
  auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - t0).count();
  times.nanos[static_cast<size_t>(stage)] += ns;
}

bool channelsLastEnabled() {
  static const bool enabled = [] {
    const char* v = std::getenv("EMBER_CHANNELS_LAST");
    return !(v && (std::string_view(v) == "off" || std::string_view(v) == "0"));
  }();
  return enabled;
}

}  // namespace

const char* pipelineStageName(PipelineStage stage) {
  switch (stage) {
    case PipelineStage::PreDerivative: return "pre_derivative";
    case PipelineStage::Required: return "required";
    case PipelineStage::DerivativePreserving: return "derivative_preserving";
    case PipelineStage::DifferentiableSplit: return "differentiable_split";
    case PipelineStage::PostDerivativeFusion: return "post_derivative_fusion";
  }
  return "?";
}

void runSpecializedPipeline(const std::shared_ptr<Graph>& graph, FusionBehavior behavior, PipelineTimes& times,
                            bool profiledRequiresGrad) {
  (void)behavior;  // for the fusion stage: STATIC fuses for the guarded sizes, DYNAMIC for symbolic ones
  bool changed = false;

  // Pre-derivative: the peephole rules that read types (aten::dim, prim::dtype, prim::device, and
  // sizes under STATIC guards) now that the inputs carry the guarded types.
  timed(times, PipelineStage::PreDerivative, [&] { changed = peepholeOptimize(graph); });

  // Required: the body had them before profiling; only what the rewrites above left dead goes.
  timed(times, PipelineStage::Required, [&] {
    if (changed) eliminateDeadCode(graph);
  });

  // Derivative-preserving: constants the type rewrites exposed fold further (nothing to do when
  // they rewrote nothing: the body was constant-propagated before profiling).
  timed(times, PipelineStage::DerivativePreserving, [&] {
    if (changed && constantPropagation(graph)) eliminateDeadCode(graph);
  });

  // Differentiable-graph splitting: when a profiled tensor requires grad and grad mode is on, runs
  // of differentiable nodes become prim::DifferentiableGraph nodes, each differentiated into its
  // forward and backward graphs (runtime/autodiff/autodiff_stage.h).
  timed(times, PipelineStage::DifferentiableSplit, [&] { splitDifferentiableGraphs(graph, profiledRequiresGrad); });

  // Convolution nets in channels-last (passes/channels_last_regions.h). The pass converts only
  // entries profiled with requires_grad=0 (not `profiledRequiresGrad`, which counts a module's
  // parameters read through GetAttr even under no_grad); differentiable subgraphs are opaque to
  // it. EMBER_CHANNELS_LAST=off turns it off.
  if (channelsLastEnabled())
    timed(times, PipelineStage::PostDerivativeFusion, [&] { channelsLastRegions(graph); });

  // Post-derivative fusion: pointwise chains on the guarded types become prim::TensorExprGroup
  // nodes (passes/tensorexpr_fuser.h); EMBER_FUSION=off turns it off.
  timed(times, PipelineStage::PostDerivativeFusion, [&] {
    if (!profiledRequiresGrad) fuseBatchNormEpilogues(graph);  // inference only: not differentiable
    fuseTensorExprs(graph);
  });

  GRAPH_DUMP("After the specialised pipeline:", graph);
}

}  // namespace ember::jit
