// The two ways a GraphExecutor runs a graph (internal to the runtime):
//  - SpecializingExecutor: one plan per ArgumentSpec of the inputs (the spec's legacy executor);
//  - ProfilingExecutor: profile the first runs, then one plan specialised to what was seen,
//    behind a type guard that falls back to the unspecialised graph (profiling_graph_executor.cpp).
// Both run the same required passes; setGraphExecutorOptimize(false) leaves only those.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "ember/runtime/graph_executor.h"

namespace ember::jit {

class GraphExecutorImplBase {
 public:
  GraphExecutorImplBase(std::shared_ptr<Graph> graph, std::string name) : graph_(std::move(graph)), name_(std::move(name)) {}
  virtual ~GraphExecutorImplBase() = default;
  virtual const ExecutionPlan& getPlanFor(const Stack& stack) = 0;
  virtual GraphExecutorState debugState() const = 0;

  const std::shared_ptr<Graph>& graph() const { return graph_; }
  const std::string& name() const { return name_; }
  // The inputs of a call: the top graph()->inputs().size() values of `stack` (checked).
  const IValue* inputsOf(const Stack& stack) const;

 protected:
  // A plan for `graph` (a copy the plan owns) after the required passes, and the optimisations
  // when `optimize`.
  ExecutionPlan compilePlan(std::shared_ptr<Graph> graph, bool optimize) const;

  std::shared_ptr<Graph> graph_;
  std::string name_;
};

// Inlining, dead code elimination and constant pooling: what every plan needs.
void runRequiredPasses(const std::shared_ptr<Graph>& graph);
// The optimising passes (what setGraphExecutorOptimize(false) turns off).
void runOptimizations(const std::shared_ptr<Graph>& graph);

std::unique_ptr<GraphExecutorImplBase> makeSpecializingExecutor(std::shared_ptr<Graph> graph, std::string name);
std::unique_ptr<GraphExecutorImplBase> makeProfilingExecutor(std::shared_ptr<Graph> graph, std::string name, int depth);

// Counts the runs of a prim::FallbackGraph (the bail-outs of the executor that built it); the
// node holds it as a capsule attribute `bailouts`.
class BailoutCounter : public CustomClassHolder {
 public:
  std::atomic<int64_t> count{0};
};

// Remembers the graph of the last optimised plan run (lastExecutedOptimizedGraph()).
void noteExecutedOptimizedGraph(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
