// GraphExecutor: runs a graph function (the spec's "Graph Executor"). Two implementations:
//  - the profiling executor (default, as in PyTorch 1.13): the first getNumProfiledRuns() calls
//    run a copy of the graph with prim::profile nodes recording the tensors' types; the next call
//    builds a plan specialised to what was seen behind a prim::TypeCheck guard (the fusion
//    strategy says how: STATIC guards exact sizes and strides, DYNAMIC dtype, rank, device,
//    requires_grad and contiguity). Inputs that fail the guard bail out: they run another
//    specialisation whose guard they pass, or are profiled and specialised in turn, until the
//    strategy's count is used up; from then on they run the generalised (unspecialised) graph.
//    At most getMaxSpecializations() specialisations are live per function (least recently used
//    evicted). See docs/internals/executor.md;
//  - the specialising executor (setProfilingExecutor(false)): one plan per ArgumentSpec of the
//    inputs, compiled on a miss.
// Either way a plan is the graph after the required passes (inlining, DCE, constant pooling) and,
// unless setGraphExecutorOptimize(false), the optimisations, emitted as interpreter Code.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ember/core/ivalue.h"

namespace ember::jit {

class Graph;
class Code;
class GraphExecutorImplBase;

struct ExecutionPlan {
  std::shared_ptr<Code> code;
  std::shared_ptr<Graph> graph;  // the graph the code was emitted from (after passes)
};

// The stages of the pipeline a specialised graph goes through (specialized_pipeline.cpp), in the
// spec's order; compile times are reported per stage.
enum class PipelineStage { PreDerivative, Required, DerivativePreserving, DifferentiableSplit, PostDerivativeFusion };
constexpr size_t kNumPipelineStages = 5;
const char* pipelineStageName(PipelineStage stage);  // "pre_derivative", ...

// What an executor has done, for tests, benchmarks and `ember graph --optimized`.
struct GraphExecutorState {
  bool profiling = false;        // which implementation
  int64_t plans = 0;             // plans compiled (profiling, specialised and generalised ones)
  int64_t profiledRuns = 0;      // calls that ran a profiling plan
  int64_t bailouts = 0;          // guard failures that ran the fallback (profiling executor)
  int64_t specializations = 0;   // specialised plans compiled (what the fusion strategy counts)
  int64_t recompilations = 0;    // specialisations after the first (each logged with its reason)
  int64_t evictions = 0;         // specialisations dropped by the LRU bound
  int64_t liveSpecializations = 0;
  bool strategyExhausted = false;  // misses now run the generalised graph
  std::shared_ptr<Graph> optimizedGraph;  // the first specialised plan's graph, once built
  // Nanoseconds spent in each pipeline stage, summed over this executor's specialisations, and in
  // preparing the graph before profiling (required passes and profiling-insensitive optimisations).
  int64_t stageNanos[kNumPipelineStages] = {};
  int64_t prepareNanos = 0;
  // The whole of building specialisations: guard, pipeline and Code emission.
  int64_t specializeNanos = 0;
};

class GraphExecutor {
 public:
  // `depth` > 0: a fallback of another executor (a graph copied out of a specialised plan whose
  // executor is gone); it runs the graph unspecialised.
  GraphExecutor(std::shared_ptr<Graph> graph, std::string functionName, int depth = 0);
  ~GraphExecutor();
  GraphExecutor(const GraphExecutor&) = delete;
  GraphExecutor& operator=(const GraphExecutor&) = delete;

  // Pops the inputs, pushes the outputs.
  void run(Stack& stack);
  // The plan the next call with these inputs runs (the top graph()->inputs().size() values of
  // the stack); with the profiling executor, asking counts as a call (a profiling run may be
  // used up). Thread-safe; the returned plan lives as long as the executor.
  const ExecutionPlan& getPlanFor(const Stack& stack);
  // Builds now what the first call would (the profiling executor's profiling plan: the graph
  // inlined and optimised, instrumented, emitted), so that the call does not pay it. Nothing for
  // the specialising executor, whose plans depend on the inputs, or with optimisation off.
  void prepareAhead();
  // The graph the executor runs for these inputs once warm: profiling runs are done first, so
  // this is the specialised graph (PyTorch's graph_for).
  std::shared_ptr<Graph> graphFor(const Stack& stack);
  GraphExecutorState debugState() const;
  const std::shared_ptr<Graph>& graph() const;
  const std::string& functionName() const;

 private:
  std::unique_ptr<GraphExecutorImplBase> impl_;
};

// Whether the optimising pipeline runs (the required passes always do).
void setGraphExecutorOptimize(bool optimize);
bool getGraphExecutorOptimize();

// Which executor new GraphExecutors use (torch._C._jit_set_profiling_executor); default on.
// EMBER_JIT_PROFILING_EXECUTOR=0 in the environment turns it off at start-up.
void setProfilingExecutor(bool on);
bool getProfilingExecutor();

// How many calls the profiling executor profiles before specialising (default 1, as PyTorch).
void setNumProfiledRuns(int64_t runs);
int64_t getNumProfiledRuns();

// How the profiling executor specialises (torch.jit.set_fusion_strategy): a list of (behaviour,
// count) pairs used in order, one specialisation each: with the default {{Static, 2},
// {Dynamic, 10}} the first two specialisations of a function guard exact sizes and strides, the
// next ten dtype, rank, device, requires_grad and contiguity; after them, inputs that fail every
// guard run the generalised graph. setFusionStrategy returns the previous strategy; it applies to
// executors created afterwards.
enum class FusionBehavior { Static, Dynamic };
using FusionStrategy = std::vector<std::pair<FusionBehavior, int64_t>>;
FusionStrategy setFusionStrategy(FusionStrategy strategy);
FusionStrategy getFusionStrategy();
// "STATIC:2,DYNAMIC:10" (PyTorch's names, any case) to a strategy; an ember::Error on bad text.
FusionStrategy parseFusionStrategy(const std::string& text);
std::string fusionStrategyString(const FusionStrategy& strategy);  // "STATIC:2,DYNAMIC:10"

// How many specialisations a profiling executor keeps live per function (default 8, at least 1):
// past it, the least recently used one other than the first is evicted (logged). Applies to
// executors created afterwards.
void setMaxSpecializations(int64_t n);
int64_t getMaxSpecializations();

// What a plan prepared ahead of its first call depends on (GraphFunction::prepareAhead): the
// executor settings above and the code epoch (ember/core/function.h). Equal snapshots, taken at
// preparation and at the first call, mean the prepared plan is the one the call would build.
struct ExecutorSettings {
  bool optimize = false;
  bool profiling = false;
  int64_t numProfiledRuns = 0;
  FusionStrategy strategy;
  int64_t maxSpecializations = 0;
  uint64_t codeEpoch = 0;
  static ExecutorSettings current();
  friend bool operator==(const ExecutorSettings&, const ExecutorSettings&) = default;
};

// The graph of the last specialised plan any executor ran on this thread
// (torch.jit.last_executed_optimized_graph()); nullptr before one ran.
std::shared_ptr<Graph> lastExecutedOptimizedGraph();

}  // namespace ember::jit
