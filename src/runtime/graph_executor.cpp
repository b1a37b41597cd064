// Placeholder until the interpreter lands: the interface links, running reports that it is missing.
#include "ember/runtime/graph_executor.h"

#include "ember/error.h"
#include "ember/ir/ir.h"

namespace ember::jit {

struct GraphExecutor::Impl {
  std::shared_ptr<Graph> graph;
  std::string name;
};

GraphExecutor::GraphExecutor(std::shared_ptr<Graph> graph, std::string functionName)
    : impl_(std::make_unique<Impl>(Impl{std::move(graph), std::move(functionName)})) {}
GraphExecutor::~GraphExecutor() = default;
void GraphExecutor::run(Stack&) { EMBER_ERROR("the interpreter is not built yet"); }
const ExecutionPlan& GraphExecutor::getPlanFor(const Stack&) { EMBER_ERROR("the interpreter is not built yet"); }
const std::shared_ptr<Graph>& GraphExecutor::graph() const { return impl_->graph; }
const std::string& GraphExecutor::functionName() const { return impl_->name; }

static bool gOptimize = true;
void setGraphExecutorOptimize(bool optimize) { gOptimize = optimize; }
bool getGraphExecutorOptimize() { return gOptimize; }

}  // namespace ember::jit
