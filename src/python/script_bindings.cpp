// Compiling Python source for ember.jit.script. The Python half (python/ember/_script.py) reads
// a function's source with inspect and hands it here with a resolver: a Python callable that the
// compiler asks about each global name it cannot resolve itself, answering as torch.jit.script's
// resolution of globals and closures does:
//   None                      unknown here: ember's own names (torch, math, F, exceptions)
//   ("module", "torch.nn.functional")   a builtin namespace under another spelling
//   ("function", ScriptFunction)         another scripted function (called with prim::CallFunction)
//   ("error", message)                   a value TorchScript cannot use (a global int, as PyTorch
//                                        rejects it), reported at the use
#include <pybind11/functional.h>
#include <pybind11/stl.h>

#include "frontend/compile.h"
#include "frontend/error_report.h"
#include "frontend/ir_emitter.h"
#include "frontend/parser.h"
#include "frontend/resolver.h"
#include "python/ivalue_conversion.h"
#include "python/python_bindings.h"
#include "python/script_objects.h"

namespace ember::python {
namespace {

using jit::SugaredValuePtr;

class PythonResolver : public jit::Resolver {
 public:
  explicit PythonResolver(py::function callback) : callback_(std::move(callback)) {}
  ~PythonResolver() override {
    py::gil_scoped_acquire gil;
    callback_ = py::function();
  }

  SugaredValuePtr resolveValue(const std::string& name, jit::Emitter& m, const jit::SourceRange& loc) override {
    if (SugaredValuePtr native = jit::nativeResolver()->resolveValue(name, m, loc)) {
      if (name != "F" && name != "ops") return native;  // `F` may be something else in user code
    }
    py::gil_scoped_acquire gil;
    py::object answer = callback_(name);
    if (answer.is_none()) return jit::nativeResolver()->resolveValue(name, m, loc);
    auto pair = answer.cast<py::tuple>();
    std::string kind = pair[0].cast<std::string>();
    if (kind == "module") return std::make_shared<jit::BuiltinModule>(pair[1].cast<std::string>());
    if (kind == "function") return std::make_shared<jit::FunctionValue>(pair[1].cast<ScriptFunction>().fn);
    if (kind == "error") jit::throwErrorAt(loc, pair[1].cast<std::string>());
    return nullptr;
  }

  jit::TypePtr resolveType(const std::string&, const jit::SourceRange&) override { return nullptr; }

 private:
  py::function callback_;
};

// Compiles the defs in `source` (Python dialect) into `cu`, free functions named
// `prefix + name`. `firstLine` is the source's line in its file, so errors point at the file.
void compilePython(const std::shared_ptr<jit::CompilationUnit>& cu, const std::string& source,
                   const std::string& filename, size_t firstLine, const std::string& prefix, py::function resolve) {
  jit::DefineOptions options;
  options.functionPrefix = prefix;
  options.filename = filename;
  options.dialect = jit::SourceDialect::Python;
  auto src = std::make_shared<jit::Source>(source, filename, firstLine);
  jit::Parser parser(src, options.dialect);
  auto resolver = std::make_shared<PythonResolver>(std::move(resolve));
  py::gil_scoped_release noGil;  // the resolver takes the GIL back when it calls Python
  jit::defineInto(*cu, parser.parseFile(), resolver, options);
}

}  // namespace

void initScriptBindings(py::module_& m) {
  m.def("_compile_python", &compilePython, py::arg("cu"), py::arg("source"), py::arg("filename"),
        py::arg("first_line"), py::arg("prefix"), py::arg("resolve"));
}

}  // namespace ember::python
