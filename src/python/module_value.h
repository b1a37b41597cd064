// ModuleValue: what `self` (and `self.sub`, `self.layers[0]`, ...) denote while ember.jit.script
// compiles the methods of a torch.nn.Module, as torch.jit.script's ModuleValue does. The Python
// side (python/ember/_module_script.py) describes each module kind with an info object that
// answers, for an attribute name:
//   info.lookup(name) -> ("submodule", info) | ("attribute",) | ("constant",) | ("method",)
//                        | ("property", getter_method_name) | ("python_op", signature)
//                        | ("unused_call", signature) | ("interface",) | ("error", message) | None
// (methods are declared on the class type on demand, when first looked up), and for containers
//   info.container -> "list" (ModuleList, Sequential) | "dict" (ModuleDict) | None
//   info.items()   -> [(key, info), ...]
// Calls on a module call its forward (prim::CallMethod); containers are iterated and indexed by
// constants by unrolling, as TorchScript does.
#pragma once

#include <pybind11/pybind11.h>

#include "frontend/sugared_value.h"

namespace ember::python {

namespace py = pybind11;

class ModuleValue : public jit::SugaredValue {
 public:
  ModuleValue(jit::Value* self, py::object info);
  ~ModuleValue() override;

  std::string kind() const override { return "module"; }
  jit::Value* asValue(const jit::SourceRange& loc, jit::Emitter& m) override;
  jit::SugaredValuePtr attr(const jit::SourceRange& loc, jit::Emitter& m, const std::string& field) override;
  bool hasAttr(const jit::SourceRange& loc, jit::Emitter& m, const std::string& field) override;
  void setAttr(const jit::SourceRange& loc, jit::Emitter& m, const std::string& field, jit::Value* newValue) override;
  jit::SugaredValuePtr call(const jit::SourceRange& loc, jit::Emitter& m, const std::vector<jit::NamedValue>& args,
                            const std::vector<jit::NamedValue>& kwargs, size_t nBinders) override;
  jit::SugaredValuePtr iter(const jit::SourceRange& loc, jit::Emitter& m) override;
  std::optional<int64_t> staticLen() override;
  jit::Value* len(const jit::SourceRange& loc, jit::Emitter& m) override;
  jit::SugaredValuePtr getitem(const jit::SourceRange& loc, jit::Emitter& m, jit::Value* idx,
                               const jit::TypePtr& typeHint) override;

 private:
  // The container's entries as sugared values: submodules for a list, (key, submodule) pairs
  // for `items()`, keys for a dict's iteration.
  std::vector<jit::SugaredValuePtr> entries(const jit::SourceRange& loc, jit::Emitter& m, const std::string& what);
  jit::SugaredValuePtr submodule(const jit::SourceRange& loc, jit::Emitter& m, const std::string& name,
                                 const py::object& info);
  std::string container() const;

  jit::Value* self_;
  py::object info_;
};

}  // namespace ember::python
