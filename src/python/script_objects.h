// The Python-side handles of TorchScript callables (ScriptFunction, ScriptMethod) and the binding
// of Python call arguments to a schema, shared by the jit and script binding files.
#pragma once

#include <memory>
#include <optional>

#include <pybind11/pybind11.h>

#include "ember/api/compilation_unit.h"
#include "ember/api/object.h"
#include "ember/core/function_schema.h"
#include "ember/core/ivalue.h"

namespace ember::python {

namespace py = pybind11;

// A free function of a compilation unit (torch.jit.ScriptFunction); holds the unit alive.
struct ScriptFunction {
  std::shared_ptr<jit::CompilationUnit> cu;
  jit::Function* fn;
};

// A method bound to its object (torch.ScriptMethod).
struct ScriptMethod {
  jit::Object owner;
  jit::Function* fn;
};

// The stack for calling `schema` with Python arguments: converted with the schema's types as
// hints, keywords matched by name, defaults filled in; `self` (for methods) goes first. Wrong
// arity or unknown keywords are TypeErrors naming the schema.
jit::Stack createStack(const jit::FunctionSchema& schema, const py::args& args, const py::kwargs& kwargs,
                       const std::optional<jit::IValue>& self = std::nullopt);
// Runs `fn` on `stack` without the GIL and converts the result(s) to Python.
py::object runFunction(jit::Function& fn, jit::Stack stack);

}  // namespace ember::python
