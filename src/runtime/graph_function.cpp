#include "ember/runtime/graph_function.h"

#include <sstream>

#include "ember/core/code_epoch.h"
#include "ember/core/stack.h"
#include "ember/error.h"
#include "ember/ir/ir.h"

namespace ember::jit {
namespace {

std::string lastAtom(const std::string& qualname) {
  size_t dot = qualname.rfind('.');
  return dot == std::string::npos ? qualname : qualname.substr(dot + 1);
}

// The schema PyTorch derives for a graph without one: arguments named after the inputs' debug
// names without their numeric suffix, one return (a tuple type when the graph returns several).
FunctionSchema schemaFromGraph(const std::string& name, const Graph& graph) {
  std::vector<Argument> args;
  for (Value* in : graph.inputs()) args.emplace_back(in->debugNameBase(), in->type());
  std::vector<Argument> rets;
  for (Value* out : graph.outputs()) rets.emplace_back("", out->type());
  return FunctionSchema(name, "", std::move(args), std::move(rets));
}

}  // namespace

GraphFunction::GraphFunction(std::string qualname, std::shared_ptr<Graph> graph, Creator creator)
    : qualname_(std::move(qualname)), name_(lastAtom(qualname_)), graph_(std::move(graph)), creator_(std::move(creator)) {}

GraphFunction::~GraphFunction() = default;

void GraphFunction::ensureDefined() {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  // Checked first: while the creator runs, creator_ is already empty (the mutex is recursive, so
  // only the defining thread itself gets here).
  EMBER_CHECK(!defining_, "Recursive calls are not supported: ", qualname_, " calls itself (directly or indirectly)");
  if (!creator_) return;
  defining_ = true;
  Creator creator = std::move(creator_);
  creator_ = nullptr;
  try {
    creator(*this);
  } catch (...) {
    defining_ = false;
    creator_ = std::move(creator);  // the next request reports the same error again
    throw;
  }
  defining_ = false;
}

bool GraphFunction::isDefined() const {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  return !creator_ && graph_ != nullptr;
}

std::shared_ptr<Graph> GraphFunction::graph() const {
  const_cast<GraphFunction*>(this)->ensureDefined();
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  return graph_;
}

void GraphFunction::setGraph(std::shared_ptr<Graph> graph) {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  graph_ = std::move(graph);
  executor_.reset();
  preparedWith_.reset();
  noteCodeChanged();
}

const FunctionSchema& GraphFunction::getSchema() const {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  if (!schema_) schema_ = schemaFromGraph(name_, *graph());
  return *schema_;
}

void GraphFunction::setSchema(FunctionSchema schema) {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  schema_ = std::move(schema);
}

GraphExecutor& GraphFunction::executorLocked() {
  EMBER_CHECK(graph_, "function '", qualname_, "' has no body");
  // A plan prepared under other settings (or code) is not the one this call would build.
  if (preparedWith_ && !(*preparedWith_ == ExecutorSettings::current())) {
    preparedWith_.reset();
    executor_ = std::make_unique<GraphExecutor>(graph_, qualname_);  // then the prepared one goes
  }
  if (!executor_) executor_ = std::make_unique<GraphExecutor>(graph_, qualname_);
  return *executor_;
}

GraphExecutor& GraphFunction::getExecutor() {
  ensureDefined();
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  return executorLocked();
}

void GraphFunction::prepareAhead() {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  if (executor_) return;
  try {
    ensureDefined();
    executorLocked().prepareAhead();
    // Taken after the preparation: defining the callees it inlined moves the code epoch.
    preparedWith_ = ExecutorSettings::current();
  } catch (const Error&) {
    executor_.reset();
    preparedWith_.reset();
  }
}

void GraphFunction::run(Stack& stack) {
  ensureDefined();
  GraphExecutor* executor;
  {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    executor = &executorLocked();
    preparedWith_.reset();  // from now on the executor is in use: settings apply as to any other
  }
  executor->run(stack);
}

}  // namespace ember::jit
