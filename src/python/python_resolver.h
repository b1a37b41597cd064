// The resolver of Python sources compiled by ember.jit.script: global and closure names are
// answered by a Python callable (python/ember/_script.py), as torch.jit.script resolves them.
// The callback returns, for a name:
//   None                                 unknown here: ember's own names (torch, math, F, exceptions)
//   ("module", "torch.nn.functional")    a builtin namespace under another spelling
//   ("function", ScriptFunction)         another scripted function (called with prim::CallFunction)
//   ("class", Type)                      a TorchScript class scripted with ember.jit.script(cls)
//   ("python_op", signature)             an @torch.jit.ignore'd function, called through Python
//                                        (prim::PythonOp; python_op.h)
//   ("unused_call", signature)           an @torch.jit.unused function: calls raise
//   ("error", message)                   a value TorchScript cannot use (a global int, as PyTorch
//                                        rejects it), reported at the use
// A resolver made for the methods of a scripted torch.nn.Module also knows the module (`self`;
// see module_value.h).
#pragma once

#include <pybind11/pybind11.h>

#include "frontend/resolver.h"

namespace ember::python {

namespace py = pybind11;

class PythonResolver : public jit::Resolver {
 public:
  // `moduleInfo`: the Python description of the module whose methods this resolver compiles
  // (None for free functions and TorchScript classes).
  explicit PythonResolver(py::function callback, py::object moduleInfo = py::none());
  ~PythonResolver() override;

  jit::SugaredValuePtr resolveValue(const std::string& name, jit::Emitter& m, const jit::SourceRange& loc) override;
  jit::TypePtr resolveType(const std::string& name, const jit::SourceRange& loc) override;
  jit::SugaredValuePtr methodSelf(jit::Value* self) override;

 private:
  py::object ask(const std::string& name);

  py::function callback_;
  py::object moduleInfo_;
};

// Compiles the definitions in `source` (Python dialect; `firstLine` is its line in `filename`, so
// errors point at the file) into `cu`: classes named `typePrefix + name`, free functions
// `functionPrefix + name`, global names answered by `resolve` through a PythonResolver. The GIL
// is released while compiling (the resolver takes it back when it calls Python).
void definePython(jit::CompilationUnit& cu, const std::string& source, const std::string& filename, size_t firstLine,
                  const std::string& typePrefix, const std::string& functionPrefix, py::function resolve);

}  // namespace ember::python
