// GraphFunction: a Function whose body is a Graph, run by its GraphExecutor (created on first
// use). The body may be produced lazily: the frontend registers a function with a creator that
// emits the graph on first request, so functions of a compilation unit can call each other in any
// order (and a function that needs itself while being defined is reported as recursive).
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "ember/core/function.h"
#include "ember/core/function_schema.h"
#include "ember/runtime/graph_executor.h"

namespace ember::jit {

class GraphFunction : public Function {
 public:
  using Creator = std::function<void(GraphFunction&)>;

  // `qualname` like "__torch__.MyModule.forward"; `graph` may be empty when a creator fills it.
  GraphFunction(std::string qualname, std::shared_ptr<Graph> graph, Creator creator = nullptr);
  ~GraphFunction() override;

  const std::string& name() const override { return name_; }
  const std::string& qualname() const override { return qualname_; }
  // The schema set by the frontend, or one derived from the graph's inputs and outputs.
  const FunctionSchema& getSchema() const override;
  void setSchema(FunctionSchema schema);
  bool hasSchema() const { return schema_.has_value(); }

  void run(Stack& stack) override;
  bool isGraphFunction() const override { return true; }
  // Runs the creator first if the body is still pending.
  std::shared_ptr<Graph> graph() const override;
  void setGraph(std::shared_ptr<Graph> graph);


  // Runs the creator if the body has not been emitted yet. Throws "recursive" errors when called
  // from inside its own creator.
  void ensureDefined();
  bool isDefined() const;
  GraphExecutor& getExecutor();
  // Builds the executor and the plan of its first call now (jit::load does so for `forward`), so
  // that the call does not pay for it. Invisible to programs: if the executor settings or the
  // code change before the first call (ExecutorSettings), the prepared executor is discarded and
  // the call builds its own; a preparation that fails is dropped too (the call reports the error).
  // Does nothing when the function has run already.
  void prepareAhead();

 private:
  GraphExecutor& executorLocked();  // mutex_ held
  std::string qualname_;
  std::string name_;
  mutable std::shared_ptr<Graph> graph_;
  Creator creator_;
  mutable std::optional<FunctionSchema> schema_;
  std::unique_ptr<GraphExecutor> executor_;
  // Set while executor_ was prepared ahead and has not run: the settings it was prepared under.
  std::optional<ExecutorSettings> preparedWith_;
  mutable std::recursive_mutex mutex_;
  bool defining_ = false;
};

}  // namespace ember::jit
