// Function: the abstract callable that classes refer to as methods and FunctionType wraps.
// The concrete kinds (graph functions, builtin functions) live in higher layers; core only needs
// a name and a schema, e.g. to check that a class implements an interface.
#pragma once

#include <string>

namespace ember::jit {

struct FunctionSchema;

class Function {
 public:
  virtual ~Function() = default;
  // Unqualified name: "forward".
  virtual const std::string& name() const = 0;
  // Qualified name: "__torch__.MyModule.forward".
  virtual const std::string& qualname() const = 0;
  virtual const FunctionSchema& getSchema() const = 0;
};

}  // namespace ember::jit
