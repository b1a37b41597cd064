// GraphExecutor: runs a graph function (the spec's "Graph Executor"). Two implementations:
//  - the profiling executor (default, as in PyTorch 1.13): the first getNumProfiledRuns() calls
//    run a copy of the graph with prim::profile nodes recording the tensors' types; the next call
//    builds one plan specialised to what was seen (dtype, rank, device, requires_grad of the
//    inputs) behind a prim::TypeCheck guard, whose failure falls back to the unspecialised graph
//    (a bail-out, counted in debugState()); the fallback is itself profiled and specialised, up to
//    a depth of kMaxSpecializations, then runs unspecialised;
//  - the specialising executor (setProfilingExecutor(false)): one plan per ArgumentSpec of the
//    inputs, compiled on a miss.
// Either way a plan is the graph after the required passes (inlining, DCE, constant pooling) and,
// unless setGraphExecutorOptimize(false), the optimisations, emitted as interpreter Code.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "ember/core/ivalue.h"

namespace ember::jit {

class Graph;
class Code;
class GraphExecutorImplBase;

struct ExecutionPlan {
  std::shared_ptr<Code> code;
  std::shared_ptr<Graph> graph;  // the graph the code was emitted from (after passes)
};

// What an executor has done, for tests and `ember graph --optimized`.
struct GraphExecutorState {
  bool profiling = false;        // which implementation
  int64_t plans = 0;             // plans compiled (profiling, specialised and fallback ones)
  int64_t profiledRuns = 0;      // calls that ran the profiling plan
  int64_t bailouts = 0;          // guard failures that ran the fallback (profiling executor)
  std::shared_ptr<Graph> optimizedGraph;  // the specialised plan's graph, once built
};

class GraphExecutor {
 public:
  // `depth` counts how many specialised executors this one is a fallback of.
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
  // The graph the executor runs for these inputs once warm: profiling runs are done first, so
  // this is the specialised graph (PyTorch's graph_for).
  std::shared_ptr<Graph> graphFor(const Stack& stack);
  GraphExecutorState debugState() const;
  const std::shared_ptr<Graph>& graph() const;
  const std::string& functionName() const;

  // How deep fallbacks of fallbacks are specialised before they run unspecialised.
  static constexpr int kMaxSpecializations = 2;

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

// The graph of the last specialised plan any executor ran on this thread
// (torch.jit.last_executed_optimized_graph()); nullptr before one ran.
std::shared_ptr<Graph> lastExecutedOptimizedGraph();

}  // namespace ember::jit
