// The C++ half of ember.export (python/ember/export.py holds the torch.export-shaped surface):
// capture of a ScriptModule or ScriptFunction into an ExportedProgram, its parts as plain Python
// values (graph text and nodes, signature, state_dict, ranges, guards), running it, decomposing
// it, and the .pt2e save/load. ConstraintViolation becomes its own Python exception class.
#include <pybind11/stl.h>

#include "ember/api/module.h"
#include "ember/export/decompositions.h"
#include "ember/export/export.h"
#include "ember/export/exported_program.h"
#include "ember/export/serialize.h"
#include "python/ivalue_conversion.h"
#include "python/python_bindings.h"
#include "python/script_objects.h"

namespace ember::python {
namespace {

using exporter::ExportedModule;
using exporter::ExportedProgram;
using ProgramPtr = std::shared_ptr<ExportedProgram>;

ProgramPtr share(ExportedProgram ep) { return std::make_shared<ExportedProgram>(std::move(ep)); }

// dynamic: (input index or argument name, dim, Dim name, min, max) per dynamic dimension.
exporter::ExportOptions exportOptions(const py::dict& kwargs, const py::list& dynamic, const std::string& method) {
  exporter::ExportOptions opts;
  opts.method = method;
  for (auto kv : kwargs) opts.kwargs[py::cast<std::string>(kv.first)] = toIValue(kv.second);
  for (py::handle item : dynamic) {
    auto t = py::cast<py::tuple>(item);
    EMBER_CHECK(t.size() == 5, "internal: a dynamic dimension is (input, dim, name, min, max)");
    exporter::DynamicDim d;
    if (py::isinstance<py::str>(t[0])) d.inputName = py::cast<std::string>(t[0]);
    else d.input = py::cast<size_t>(t[0]);
    d.dim = py::cast<int64_t>(t[1]);
    d.spec.name = py::cast<std::string>(t[2]);
    if (!t[3].is_none()) d.spec.min = py::cast<int64_t>(t[3]);
    if (!t[4].is_none()) d.spec.max = py::cast<int64_t>(t[4]);
    opts.dynamic.push_back(std::move(d));
  }
  return opts;
}

std::vector<IValue> toArgs(const py::tuple& args) {
  std::vector<IValue> out;
  for (py::handle a : args) out.push_back(toIValue(a));
  return out;
}

py::dict tensorsToPython(const std::map<std::string, Tensor>& tensors, bool asTorch) {
  py::dict out;
  for (const auto& [name, t] : tensors) out[py::str(name)] = asTorch ? tensorToTorch(t) : py::cast(t);
  return out;
}

// (name, op, target, [input node names], meta val text) per node: enough to inspect a graph from
// Python without binding every FX type.
py::list nodeList(const exporter::FxGraph& g) {
  py::list out;
  for (const auto& n : g.nodes()) {
    py::list inputs;
    for (const exporter::FxNode* in : n->inputNodes()) inputs.append(in->name);
    out.append(py::make_tuple(n->name, exporter::toString(n->op), n->target, inputs, n->val.str()));
  }
  return out;
}

void bindProgram(py::module_& m) {
  py::class_<ExportedProgram, ProgramPtr>(m, "_ExportedProgram")
      .def("__str__", &ExportedProgram::str)
      .def_property_readonly("graph_str", [](const ExportedProgram& ep) { return ep.graph.str(); })
      .def_property_readonly("nodes", [](const ExportedProgram& ep) { return nodeList(ep.graph); })
      .def("submodule_nodes", [](const ExportedProgram& ep, const std::string& name) {
        auto it = ep.graph.submodules.find(name);
        EMBER_CHECK_KIND(Key, it != ep.graph.submodules.end(), "the graph has no submodule '", name, "'");
        return nodeList(*it->second);
      })
      .def_property_readonly("submodule_names", [](const ExportedProgram& ep) {
        std::vector<std::string> names;
        for (const auto& [name, g] : ep.graph.submodules) names.push_back(name);
        return names;
      })
      .def_property_readonly("input_specs", [](const ExportedProgram& ep) {
        py::list out;
        for (const auto& s : ep.signature.inputSpecs) out.append(py::make_tuple(toString(s.kind), s.name, s.target));
        return out;
      })
      .def_property_readonly("output_specs", [](const ExportedProgram& ep) {
        py::list out;
        for (const auto& s : ep.signature.outputSpecs) out.append(py::make_tuple(toString(s.kind), s.name, s.target));
        return out;
      })
      .def_property_readonly("signature_str", [](const ExportedProgram& ep) { return ep.signature.str(); })
      .def("state_dict", [](const ExportedProgram& ep, bool asTorch) { return tensorsToPython(ep.stateDict, asTorch); })
      .def("constants", [](const ExportedProgram& ep, bool asTorch) { return tensorsToPython(ep.constants, asTorch); })
      .def_property_readonly("range_constraints", [](const ExportedProgram& ep) {
        py::dict out;
        for (const auto& [name, r] : ep.rangeConstraints) out[py::str(name)] = py::make_tuple(r.min, r.max);
        return out;
      })
      .def_property_readonly("guards", [](const ExportedProgram& ep) {
        std::vector<std::string> out;
        for (const auto& g : ep.guards) out.push_back(g.str());
        return out;
      })
      .def_property_readonly("in_spec", [](const ExportedProgram& ep) { return ep.inSpec().str(); })
      .def_property_readonly("out_spec", [](const ExportedProgram& ep) { return ep.outSpec().str(); })
      .def("operator_counts", &ExportedProgram::operatorCounts)
      .def("module", &ExportedProgram::module)
      .def("run_decompositions", [](const ExportedProgram& ep) {
        py::gil_scoped_release noGil;
        return share(ep.run_decompositions());
      })
      .def("save", [](const ExportedProgram& ep, const std::string& path) { exporter::save(ep, path); })
      .def("save_to_bytes", [](const ExportedProgram& ep) { return py::bytes(exporter::saveToBytes(ep)); });

  py::class_<ExportedModule>(m, "_ExportedModule")
      .def("__call__", [](ExportedModule& self, py::args args) {
        InteropScope scope;
        std::vector<IValue> in = toArgs(args);
        IValue out;
        {
          py::gil_scoped_release noGil;
          out = self.forward(in);
        }
        return toPython(out);
      })
      .def("state_dict", [](ExportedModule& self, bool asTorch) { return tensorsToPython(self.state(), asTorch); });
}

void bindCapture(py::module_& m) {
  m.def("_export_module", [](const jit::Module& module, const py::tuple& args, const py::dict& kwargs,
                             const py::list& dynamic, const std::string& method) {
    exporter::ExportOptions opts = exportOptions(kwargs, dynamic, method);
    std::vector<IValue> in = toArgs(args);
    py::gil_scoped_release noGil;
    return share(exporter::exportModule(module, std::move(in), opts));
  });
  m.def("_export_function", [](const ScriptFunction& fn, const py::tuple& args, const py::dict& kwargs,
                               const py::list& dynamic) {
    exporter::ExportOptions opts = exportOptions(kwargs, dynamic, "forward");
    std::vector<IValue> in = toArgs(args);
    py::gil_scoped_release noGil;
    return share(exporter::exportFunction(*fn.fn, std::move(in), opts));
  });
  // The user arguments' names (no self), so that ep.module() can take keyword arguments.
  m.def("_argument_names", [](const jit::Module& module, const std::string& method) {
    std::vector<std::string> names;
    const auto& args = module.get_method(method).getSchema().arguments();
    for (size_t i = 1; i < args.size(); ++i) names.push_back(args[i].name());
    return names;
  });
  m.def("_argument_names", [](const ScriptFunction& fn) {
    std::vector<std::string> names;
    for (const auto& a : fn.fn->getSchema().arguments()) names.push_back(a.name());
    return names;
  });
  m.def("_load_exported", [](const std::string& path) { return share(exporter::load(path)); });
  m.def("_load_exported_bytes", [](const py::bytes& data) { return share(exporter::loadFromBytes(data)); });
}

}  // namespace

void initExportBindings(py::module_& m) {
  // Registered after the ember::Error translator, so tried before it.
  py::register_exception<exporter::ConstraintViolation>(m, "ConstraintViolation", PyExc_RuntimeError);
  bindProgram(m);
  bindCapture(m);
}

}  // namespace ember::python
