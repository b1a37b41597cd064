// PythonResolver (see python_resolver.h).
#include "python/python_resolver.h"

#include "frontend/error_report.h"
#include "frontend/sugared_value.h"
#include "python/module_value.h"
#include "python/script_objects.h"

namespace ember::python {

PythonResolver::PythonResolver(py::function callback, py::object moduleInfo)
    : callback_(std::move(callback)), moduleInfo_(std::move(moduleInfo)) {}

PythonResolver::~PythonResolver() {
  py::gil_scoped_acquire gil;
  callback_ = py::function();
  moduleInfo_ = py::object();
}

py::object PythonResolver::ask(const std::string& name) {
  py::gil_scoped_acquire gil;
  return callback_(name);
}

jit::SugaredValuePtr PythonResolver::resolveValue(const std::string& name, jit::Emitter& m, const jit::SourceRange& loc) {
  if (jit::SugaredValuePtr native = jit::nativeResolver()->resolveValue(name, m, loc)) {
    if (name != "F" && name != "ops") return native;  // `F` may be something else in user code
  }
  py::gil_scoped_acquire gil;
  py::object answer = callback_(name);
  if (answer.is_none()) return jit::nativeResolver()->resolveValue(name, m, loc);
  auto pair = answer.cast<py::tuple>();
  std::string kind = pair[0].cast<std::string>();
  if (kind == "module") return std::make_shared<jit::BuiltinModule>(pair[1].cast<std::string>());
  if (kind == "function") return std::make_shared<jit::FunctionValue>(pair[1].cast<ScriptFunction>().fn);
  if (kind == "class") {
    auto type = pair[1].cast<jit::TypePtr>()->cast<jit::ClassType>();
    EMBER_CHECK(type, "resolver answered a class that is not a class type");
    return std::make_shared<jit::ClassValue>(type);
  }
  if (kind == "error") jit::throwErrorAt(loc, pair[1].cast<std::string>());
  return nullptr;
}

jit::TypePtr PythonResolver::resolveType(const std::string& name, const jit::SourceRange&) {
  py::gil_scoped_acquire gil;
  py::object answer = callback_(name);
  if (answer.is_none()) return nullptr;
  auto pair = answer.cast<py::tuple>();
  if (pair[0].cast<std::string>() == "class") return pair[1].cast<jit::TypePtr>();
  return nullptr;
}

jit::SugaredValuePtr PythonResolver::methodSelf(jit::Value* self) {
  py::gil_scoped_acquire gil;
  if (moduleInfo_.is_none()) return nullptr;
  return std::make_shared<ModuleValue>(self, moduleInfo_);
}

}  // namespace ember::python
