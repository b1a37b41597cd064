// prim::PythonOp: compiled code calling a Python function, as TorchScript calls an
// @torch.jit.ignore'd function or method, or another callable Python value (a functools.partial,
// printed `<python_value>`); the graph prints it `^name[]()(%x)`, as PyTorch does. Calls of
// @torch.jit.unused functions are compiled by the same sugared value, as a raise.
//
// The frontend side is a sugared value (PythonOpValue) that the Python resolver and the module
// value hand out for such a function; calling it matches the arguments against the function's
// declared signature (annotations, Tensor where there are none) and emits one prim::PythonOp
// node whose single output has the declared return type. The node carries the function's name
// (attr::name) and an index into a process-wide table of Python callables (attr::pyobj).
//
// The operator exists only when the Python extension is loaded (registerPythonOp, called by
// `ember._C`): the C++ runtime alone has no Python to call. At run time it takes the GIL,
// converts the inputs to Python (tensors as ember or torch tensors, as the caller passed them),
// calls, converts the result back to the declared type and releases the GIL. A Python exception
// or a result of the wrong type is an ember::Error, which the interpreter reports with the
// TorchScript traceback.
#pragma once

#include <string>
#include <vector>

#include <pybind11/pybind11.h>

#include "ember/core/function_schema.h"
#include "frontend/sugared_value.h"

namespace ember::python {

namespace py = pybind11;

class PythonOpValue : public jit::SugaredValue {
 public:
  // `signature`: the Python description of the function (python/ember/_python_op.py):
  // (callable, name, [(arg name, Type, has default, default), ...], return Type). `self`: the
  // module whose ignored method this is (passed as the first input), or null for a function.
  // `unused`: an @torch.jit.unused function: the call is compiled as PyTorch compiles it, a
  // prim::RaiseException and a prim::Uninitialized value of the return type.
  PythonOpValue(py::object signature, jit::Value* self = nullptr, bool unused = false);

  std::string kind() const override { return "python function"; }
  jit::SugaredValuePtr call(const jit::SourceRange& loc, jit::Emitter& m, const std::vector<jit::NamedValue>& args,
                            const std::vector<jit::NamedValue>& kwargs, size_t nBinders) override;

 private:
  jit::FunctionSchema schema_;
  int64_t callable_ = -1;
  jit::Value* self_;
  bool unused_;
};

// Adds prim::PythonOp to the global operator registry (once).
void registerPythonOp();

}  // namespace ember::python
