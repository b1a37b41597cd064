// The extension module `ember._C`: the C++ half of the ember Python package (python/ember/ holds
// the pure-Python half, which imports this).
#include "python/python_bindings.h"

PYBIND11_MODULE(_C, m) {
  m.doc() = "ember: a TorchScript-compatible JIT and runtime (C++ bindings)";
  ember::python::initErrorBindings(m);
  ember::python::initTensorBindings(m);
  ember::python::initOperatorBindings(m);
  ember::python::initJitBindings(m);
  ember::python::initGraphBindings(m);
  ember::python::initScriptBindings(m);
  ember::python::initTraceBindings(m);
  ember::python::initExportBindings(m);
}
