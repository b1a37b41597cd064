// Method: a class's function bound to one object; calling it passes the object as `self`
// (the spec's "Method": the graph sees the module as its first input, so the executor treats
// parameters like any other input).
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "ember/core/function.h"
#include "ember/core/ivalue.h"

namespace ember::jit {

class Graph;
struct FunctionSchema;

using Kwargs = std::unordered_map<std::string, IValue>;

class Method {
 public:
  Method(IntrusivePtr<ObjectImpl> owner, Function* function);

  const std::string& name() const { return function_->name(); }
  Function& function() const { return *function_; }
  const FunctionSchema& getSchema() const { return function_->getSchema(); }
  // The method's graph (first input: self); nullptr for functions that are not graphs.
  std::shared_ptr<Graph> graph() const { return function_->graph(); }
  IValue owner() const { return IValue(owner_); }

  // Python-style call: positional arguments after self, then keywords; defaults filled in and
  // types checked against the schema. Returns the output (a tuple for several).
  IValue operator()(std::vector<IValue> args, const Kwargs& kwargs = {}) const;
  // Stack-level call: `stack` holds the arguments without self (all of them, positional).
  void run(Stack& stack) const;

 private:
  IntrusivePtr<ObjectImpl> owner_;
  Function* function_;
};

}  // namespace ember::jit
