// The pieces of the `ember._C` extension module: each binding file adds one concept's classes and
// functions to the module (docs/python.md). Kept apart so that each file compiles on its own in
// reasonable time.
#pragma once

#include <pybind11/pybind11.h>

namespace ember::python {

namespace py = pybind11;

void initErrorBindings(py::module_& m);     // ember::Error -> Python exceptions
void initTensorBindings(py::module_& m);    // ember.Tensor, dtypes, DLPack, buffer protocol
void initOperatorBindings(py::module_& m);  // calling registry operators from Python
void initJitBindings(py::module_& m);       // CompilationUnit, ScriptFunction, ScriptModule, load
void initGraphBindings(py::module_& m);     // Graph, Node, Value, Block, passes, FileCheck
void initScriptBindings(py::module_& m);    // compiling Python sources (jit.script)
void initTraceBindings(py::module_& m);     // recording traces (jit.trace)
void initExportBindings(py::module_& m);    // ember.export: ExportedProgram capture, run, save

}  // namespace ember::python
