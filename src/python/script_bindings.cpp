// Compiling Python source for ember.jit.script. The Python half (python/ember/_script.py) reads
// a function's source with inspect and hands it here with a resolver callback (see
// python_resolver.h for what it answers); modules and classes are in script_module_bindings.cpp.
#include <pybind11/functional.h>
#include <pybind11/stl.h>

#include "frontend/compile.h"
#include "frontend/error_report.h"
#include "frontend/ir_emitter.h"
#include "frontend/parser.h"
#include "frontend/resolver.h"
#include "python/ivalue_conversion.h"
#include "python/python_bindings.h"
#include "python/python_op.h"
#include "python/python_resolver.h"
#include "python/script_objects.h"

namespace ember::python {
namespace {

// Compiles the defs in `source` (Python dialect) into `cu`, free functions named
// `prefix + name`. `firstLine` is the source's line in its file, so errors point at the file.
void compilePython(const std::shared_ptr<jit::CompilationUnit>& cu, const std::string& source,
                   const std::string& filename, size_t firstLine, const std::string& prefix, py::function resolve) {
  definePython(*cu, source, filename, firstLine, jit::DefineOptions().typePrefix, prefix, std::move(resolve));
}

}  // namespace

void initScriptModuleBindings(py::module_& m);  // script_module_bindings.cpp
void initForkBindings(py::module_& m);          // fork_bindings.cpp
void initInterfaceBindings(py::module_& m);     // interface_bindings.cpp
void initDeepcopyBindings(py::module_& m);      // deepcopy_bindings.cpp

void initScriptBindings(py::module_& m) {
  initScriptModuleBindings(m);
  initForkBindings(m);
  initInterfaceBindings(m);
  initDeepcopyBindings(m);
  registerPythonOp();  // compiled code calling @torch.jit.ignore'd Python functions
  m.def("_compile_python", &compilePython, py::arg("cu"), py::arg("source"), py::arg("filename"),
        py::arg("first_line"), py::arg("prefix"), py::arg("resolve"));
}

}  // namespace ember::python
