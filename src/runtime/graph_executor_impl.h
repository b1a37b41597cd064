// The two ways a GraphExecutor runs a graph (internal to the runtime):
//  - SpecializingExecutor: one plan per ArgumentSpec of the inputs (the spec's legacy executor);
//  - ProfilingExecutor: profile the first runs, then plans specialised to what was seen, behind
//    type guards whose failure comes back to the executor (profiling_graph_executor.cpp).
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
  // Runs a call whose inputs failed the guard of one of this executor's specialised plans (the
  // prim::FallbackGraph of that plan calls it): pops the inputs, pushes the outputs.
  virtual void runAfterBailout(Stack& stack);
  // GraphExecutor::prepareAhead; nothing by default.
  virtual void prepareAhead() {}

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

// Where a prim::FallbackGraph sends its call: the executor that built the specialised plan, while
// it lives (the node holds this as its capsule attribute `bailout_target`). A copy of the graph
// that outlives the executor finds it detached and runs its Subgraph unspecialised instead.
class BailoutTarget : public CustomClassHolder {
 public:
  explicit BailoutTarget(GraphExecutorImplBase* owner) : owner_(owner) {}
  // Whether the owner ran the call.
  bool run(Stack& stack) {
    GraphExecutorImplBase* owner = owner_.load(std::memory_order_acquire);
    if (!owner) return false;
    owner->runAfterBailout(stack);
    return true;
  }
  void detach() { owner_.store(nullptr, std::memory_order_release); }

 private:
  std::atomic<GraphExecutorImplBase*> owner_;
};

// Remembers the graph of the last optimised plan run (lastExecutedOptimizedGraph()).
void noteExecutedOptimizedGraph(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
