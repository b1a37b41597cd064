// torch.jit.interface classes for ember.jit.script: an InterfaceType (method signatures only)
// built from the signatures the Python half reads off the class's annotations
// (python/ember/_interface.py), registered in the compilation unit so that annotations name it.
// Values of an interface type are called with prim::CallMethod, dispatched on the object's
// class at run time (the frontend and interpreter already do this for archives' interfaces).
#include <sstream>

#include <pybind11/stl.h>

#include "ember/api/compilation_unit.h"
#include "ember/core/function_schema.h"
#include "ember/core/type.h"
#include "python/python_bindings.h"

namespace ember::python {
namespace {

using Arguments = std::vector<std::pair<std::string, jit::TypePtr>>;
// (method name, [(argument name, type), ...] without self, return type)
using MethodSignature = std::tuple<std::string, Arguments, jit::TypePtr>;

jit::TypePtr createInterface(const std::shared_ptr<jit::CompilationUnit>& cu, const std::string& qualname,
                             bool isModule, const std::vector<MethodSignature>& methods) {
  EMBER_CHECK(!cu->findType(qualname), "type '", qualname, "' is already defined");
  auto iface = jit::InterfaceType::create(qualname, isModule);
  for (const auto& [name, args, ret] : methods) {
    // `self` is Any, as in interfaces read from archives (an argument of the interface's own
    // type would be a reference cycle).
    std::vector<jit::Argument> arguments{jit::Argument("self", jit::AnyType::get())};
    for (const auto& [argName, type] : args) arguments.emplace_back(argName, type);
    std::vector<jit::Argument> returns{jit::Argument("", ret)};
    iface->addMethod(std::make_shared<const jit::FunctionSchema>(name, "", std::move(arguments), std::move(returns)));
  }
  cu->registerType(iface);
  return iface;
}

}  // namespace

void initInterfaceBindings(py::module_& m) {
  m.def("_create_interface", &createInterface, py::arg("cu"), py::arg("qualname"), py::arg("is_module"),
        py::arg("methods"));
  m.def("_is_interface", [](const jit::TypePtr& t) { return t->cast<jit::InterfaceType>() != nullptr; });
  // Why a class does not implement an interface ("" when it does).
  m.def("_why_not_implemented", [](const jit::TypePtr& cls, const jit::TypePtr& iface) {
    std::ostringstream why;
    return cls->isSubtypeOfExt(*iface, &why) ? std::string() : why.str();
  });
}

}  // namespace ember::python
