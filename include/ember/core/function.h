// Function: the abstract callable that classes refer to as methods, FunctionType wraps and
// prim::CallFunction/CallMethod invoke. The concrete kinds live in higher layers: GraphFunction
// (a graph run by a GraphExecutor, src/runtime) and builtin functions. Core only needs what every
// caller uses: names, the schema, and running on a stack.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "ember/core/ivalue.h"

namespace ember::jit {

struct FunctionSchema;
class Graph;

class Function {
 public:
  virtual ~Function() = default;
  // Unqualified name: "forward".
  virtual const std::string& name() const = 0;
  // Qualified name: "__torch__.MyModule.forward".
  virtual const std::string& qualname() const = 0;
  virtual const FunctionSchema& getSchema() const = 0;
  // Pops the arguments (all positional, defaults already filled in) and pushes the outputs.
  virtual void run(Stack& stack) = 0;
  // Graph functions expose their graph so that passes (inlining) and the interpreter (calls
  // without C++ recursion) can see through the call.
  virtual bool isGraphFunction() const { return false; }
  virtual std::shared_ptr<Graph> graph() const { return nullptr; }

  // Calls with positional and keyword arguments bound to the schema (defaults fill the rest, types
  // are checked); several outputs come back as a tuple.
  IValue operator()(std::vector<IValue> args, const std::unordered_map<std::string, IValue>& kwargs = {});
};

}  // namespace ember::jit
