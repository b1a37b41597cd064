// PythonResolver (see python_resolver.h).
#include "python/python_resolver.h"

#include "frontend/compile.h"
#include "frontend/error_report.h"
#include "frontend/ir_emitter.h"
#include "frontend/parser.h"
#include "frontend/sugared_value.h"
#include "python/module_value.h"
#include "python/python_op.h"
#include "python/script_objects.h"

namespace ember::python {
namespace {

// torch.overrides.has_torch_function*(...): False in TorchScript, where no tensor subclass can
// override torch functions (PyTorch's compiled modules have it folded away the same way).
struct NoTorchFunction : jit::SugaredValue {
  std::string kind() const override { return "builtin"; }
  jit::SugaredValuePtr call(const jit::SourceRange& loc, jit::Emitter& m, const std::vector<jit::NamedValue>&,
                            const std::vector<jit::NamedValue>&, size_t) override {
    return jit::makeSimple(m.graph().insertConstant(jit::IValue(false), loc));
  }
};

struct TorchOverrides : jit::SugaredValue {
  std::string kind() const override { return "module"; }
  jit::SugaredValuePtr attr(const jit::SourceRange& loc, jit::Emitter&, const std::string& field) override {
    if (field.rfind("has_torch_function", 0) == 0) return std::make_shared<NoTorchFunction>();
    jit::throwErrorAt(loc, "Python builtin <torch.overrides.", field, "> is currently not supported in Torchscript");
  }
};

// torch.jit as Python code sees it: is_tracing() is False in a scripted program.
struct TorchJit : jit::BuiltinModule {
  TorchJit() : jit::BuiltinModule("torch.jit") {}
  jit::SugaredValuePtr attr(const jit::SourceRange& loc, jit::Emitter& m, const std::string& field) override {
    if (field == "is_tracing") return std::make_shared<NoTorchFunction>();
    return jit::BuiltinModule::attr(loc, m, field);
  }
};

// `torch` as Python code sees it: the builtin namespace, plus torch.overrides, and the Python
// helpers of torch that TorchScript compiles (torch._assert), asked of the resolver.
struct TorchNamespace : jit::BuiltinModule {
  explicit TorchNamespace(PythonResolver* resolver) : jit::BuiltinModule("torch"), resolver_(resolver) {}
  jit::SugaredValuePtr attr(const jit::SourceRange& loc, jit::Emitter& m, const std::string& field) override {
    if (field == "overrides") return std::make_shared<TorchOverrides>();
    if (field == "jit") return std::make_shared<TorchJit>();
    if (field == "_assert")
      if (jit::SugaredValuePtr v = resolver_->resolveValue("torch." + field, m, loc)) return v;
    return jit::BuiltinModule::attr(loc, m, field);
  }

 private:
  PythonResolver* resolver_;
};

}  // namespace

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
    if (name == "torch") return std::make_shared<TorchNamespace>(this);
    if (name != "F" && name != "ops") return native;  // `F` may be something else in user code
  }
  py::gil_scoped_acquire gil;
  py::object answer = callback_(name);
  if (answer.is_none()) return jit::nativeResolver()->resolveValue(name, m, loc);
  auto pair = answer.cast<py::tuple>();
  std::string kind = pair[0].cast<std::string>();
  if (kind == "module") {
    std::string qual = pair[1].cast<std::string>();
    if (qual == "torch") return std::make_shared<TorchNamespace>(this);
    return std::make_shared<jit::BuiltinModule>(qual);
  }
  if (kind == "function") return std::make_shared<jit::FunctionValue>(pair[1].cast<ScriptFunction>().fn);
  if (kind == "class") {
    auto t = pair[1].cast<jit::TypePtr>();
    if (auto tuple = t->cast<jit::TupleType>()) return std::make_shared<jit::NamedTupleConstructor>(tuple);
    auto type = t->cast<jit::ClassType>();
    EMBER_CHECK(type, "resolver answered a class that is not a class type");
    return std::make_shared<jit::ClassValue>(type);
  }
  if (kind == "python_op") return std::make_shared<PythonOpValue>(pair[1]);
  if (kind == "unused_call") return std::make_shared<PythonOpValue>(pair[1], nullptr, true);
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

void definePython(jit::CompilationUnit& cu, const std::string& source, const std::string& filename, size_t firstLine,
                  const std::string& typePrefix, const std::string& functionPrefix, py::function resolve) {
  jit::DefineOptions options;
  options.typePrefix = typePrefix;
  options.functionPrefix = functionPrefix;
  options.filename = filename;
  options.dialect = jit::SourceDialect::Python;
  auto src = std::make_shared<jit::Source>(source, filename, firstLine);
  jit::Parser parser(src, options.dialect);
  auto resolver = std::make_shared<PythonResolver>(std::move(resolve));
  py::gil_scoped_release noGil;
  jit::defineInto(cu, parser.parseFile(), resolver, options);
}

}  // namespace ember::python
