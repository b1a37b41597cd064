// GraphExecutor: runs a graph function. It keeps one ExecutionPlan per ArgumentSpec (the dtype,
// rank, requires_grad, device and definedness of the tensor inputs, also inside tuples); on a
// miss it copies the graph, runs the required passes (inlining, DCE, constant pooling, and the
// optimising pipeline when enabled) and emits interpreter Code for it.
#pragma once

#include <memory>
#include <string>

#include "ember/core/ivalue.h"

namespace ember::jit {

class Graph;
class Code;

struct ExecutionPlan {
  std::shared_ptr<Code> code;
  std::shared_ptr<Graph> graph;  // the graph the code was emitted from (after passes)
};

class GraphExecutor {
 public:
  GraphExecutor(std::shared_ptr<Graph> graph, std::string functionName);
  ~GraphExecutor();
  GraphExecutor(const GraphExecutor&) = delete;
  GraphExecutor& operator=(const GraphExecutor&) = delete;

  // Pops the inputs, pushes the outputs.
  void run(Stack& stack);
  // The plan for these inputs (the top graph()->inputs().size() values of the stack).
  // Thread-safe; the returned plan lives as long as the executor.
  const ExecutionPlan& getPlanFor(const Stack& stack);
  const std::shared_ptr<Graph>& graph() const;
  const std::string& functionName() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Whether the optimising pipeline runs (the required passes always do).
void setGraphExecutorOptimize(bool optimize);
bool getGraphExecutorOptimize();

}  // namespace ember::jit
