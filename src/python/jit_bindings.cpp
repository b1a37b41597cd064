// ember.jit's objects: CompilationUnit, ScriptFunction, ScriptMethod, ScriptModule and
// ScriptObject, with PyTorch's names and behaviour (calling, .graph, .inlined_graph, .code,
// .graph_for, .save, traversal, attributes), and the module-level functions load, freeze,
// optimize_for_inference, prepack_weights, last_executed_optimized_graph and the executor switches.
#include <pybind11/stl.h>

#include "ember/api/freeze.h"
#include "ember/api/prepack.h"
#include "ember/api/module.h"
#include "ember/frontend/compile.h"
#include "ember/ir/ir.h"
#include "ember/runtime/graph_executor.h"
#include "ember/runtime/graph_function.h"
#include "ember/serialization/import.h"
#include "passes/inliner.h"
#include "python/ivalue_conversion.h"
#include "python/python_bindings.h"
#include "python/script_objects.h"
#include "serialization/python_printer.h"

namespace ember::python {
namespace {

using jit::Function;
using jit::Module;
using jit::Object;

jit::GraphFunction& graphFunction(Function& fn) {
  EMBER_CHECK(fn.isGraphFunction(), "'", fn.qualname(), "' is not a TorchScript graph function");
  return static_cast<jit::GraphFunction&>(fn);
}

std::shared_ptr<jit::Graph> inlinedGraph(Function& fn) {
  std::shared_ptr<jit::Graph> g = graphFunction(fn).graph()->copy();
  jit::inlineCalls(*g);
  return g;
}

std::string functionCode(const Function& fn, bool asMethod) {
  std::vector<IValue> constants;
  jit::PythonPrinter printer(constants);
  if (asMethod) printer.printMethod(fn);
  else printer.printFunction(fn);
  return printer.str();
}

std::shared_ptr<jit::Graph> graphFor(Function& fn, jit::Stack stack) {
  py::gil_scoped_release noGil;
  return graphFunction(fn).getExecutor().graphFor(stack);
}

py::list namedTensors(const std::vector<jit::NamedTensor>& items) {
  py::list out;
  for (const auto& item : items) out.append(py::make_tuple(item.name, toPython(IValue(item.value))));
  return out;
}

py::list namedModules(const std::vector<jit::NamedModule>& items) {
  py::list out;
  for (const auto& item : items) out.append(py::make_tuple(item.name, item.value));
  return out;
}

py::object getAttribute(const Object& self, const std::string& name) {
  if (auto method = self.find_method(name)) return py::cast(ScriptMethod{self, &method->function()});
  jit::ClassTypePtr type = self.type();
  if (auto slot = type->findConstantSlot(name)) return toPython(type->getConstant(*slot));
  if (!self.hasattr(name))
    throw py::attribute_error("'" + type->name() + "' object has no attribute '" + name + "'");
  return toPython(self.attr(name));
}

// Methods with @torch.jit._overload_method (nn.LSTM's forward) are compiled as `name__0`,
// `name__1`, ...: the first whose schema the arguments fit is called, as PyTorch dispatches them.
py::object callOverloaded(const Object& self, const std::string& name, const py::args& args, const py::kwargs& kwargs) {
  std::string reasons;
  for (const jit::Method& m : self.get_methods()) {
    if (m.name().rfind(name + "__", 0) != 0) continue;
    jit::Stack stack;
    try {
      stack = createStack(m.getSchema(), args, kwargs, self.ivalue());
    } catch (const Error& e) {
      reasons += "\n" + m.getSchema().str() + ": " + e.what();
      continue;
    }
    return runFunction(m.function(), std::move(stack));
  }
  throw Error("Method '" + name + "' is not defined on " + self.type()->name() +
                  (reasons.empty() ? std::string() : ", and no overload of it accepts these arguments:" + reasons),
              reasons.empty() ? ErrorKind::Runtime : ErrorKind::Type);
}

void setAttribute(Object& self, const std::string& name, py::handle value) {
  jit::ClassTypePtr type = self.type();
  EMBER_CHECK_KIND(Type, type->hasAttribute(name), "'", type->name(), "' object has no attribute '", name,
                   "' (ember modules cannot gain attributes after scripting)");
  self.setattr(name, toIValue(value, type->getAttribute(name)));
}

template <typename Class>
void bindObjectAccess(Class& cls) {
  cls.def("__getattr__", [](const Object& self, const std::string& name) { return getAttribute(self, name); })
      .def("__setattr__", [](Object& self, const std::string& name, py::handle v) { setAttribute(self, name, v); })
      .def("hasattr", &Object::hasattr)
      .def("_method_names", [](const Object& self) {
        std::vector<std::string> names;
        for (const auto& m : self.get_methods()) names.push_back(m.name());
        return names;
      })
      .def("_type_name", [](const Object& self) { return self.type()->qualifiedName(); })
      .def("__dir__", [](const Object& self) {
        std::vector<std::string> names;
        for (const auto& a : self.type()->attributes()) names.push_back(a.name);
        for (const auto& m : self.get_methods()) names.push_back(m.name());
        return names;
      });
}

void bindCompilationUnit(py::module_& m) {
  py::class_<jit::CompilationUnit, std::shared_ptr<jit::CompilationUnit>>(m, "CompilationUnit")
      .def(py::init([](const std::string& source) {
        return source.empty() ? std::make_shared<jit::CompilationUnit>() : jit::compile(source);
      }), py::arg("lang") = "")
      .def("find_function", [](const std::shared_ptr<jit::CompilationUnit>& cu, const std::string& name)
               -> std::optional<ScriptFunction> {
        if (Function* fn = cu->findFunction(name)) return ScriptFunction{cu, fn};
        return std::nullopt;
      })
      .def("__getattr__", [](const std::shared_ptr<jit::CompilationUnit>& cu, const std::string& name) {
        Function* fn = cu->findFunction(name);
        if (!fn) throw py::attribute_error("'CompilationUnit' has no function '" + name + "'");
        return ScriptFunction{cu, fn};
      })
      .def("get_functions", [](const std::shared_ptr<jit::CompilationUnit>& cu) {
        std::vector<ScriptFunction> out;
        for (Function* fn : cu->getFunctions())
          if (fn->qualname().find('.') == std::string::npos || fn->qualname().rfind("__torch__.", 0) == 0)
            out.push_back(ScriptFunction{cu, fn});
        return out;
      });
}

void bindFunctions(py::module_& m) {
  py::class_<ScriptFunction>(m, "ScriptFunction")
      .def("__call__", [](ScriptFunction& f, py::args args, py::kwargs kwargs) {
        InteropScope scope;
        return runFunction(*f.fn, createStack(f.fn->getSchema(), args, kwargs));
      })
      .def_property_readonly("name", [](const ScriptFunction& f) { return f.fn->name(); })
      .def_property_readonly("qualified_name", [](const ScriptFunction& f) { return f.fn->qualname(); })
      .def_property_readonly("schema", [](const ScriptFunction& f) { return f.fn->getSchema().str(); })
      .def_property_readonly("graph", [](const ScriptFunction& f) { return graphFunction(*f.fn).graph(); })
      .def_property_readonly("inlined_graph", [](const ScriptFunction& f) { return inlinedGraph(*f.fn); })
      .def_property_readonly("code", [](const ScriptFunction& f) { return functionCode(*f.fn, false); })
      .def_property_readonly("_cu", [](const ScriptFunction& f) { return f.cu; })
      .def("graph_for", [](ScriptFunction& f, py::args args, py::kwargs kwargs) {
        InteropScope scope;
        return graphFor(*f.fn, createStack(f.fn->getSchema(), args, kwargs));
      })
      .def("save", [](const ScriptFunction& f, const std::string& path) {
        // As torch.jit.save of a function: a module whose forward is the function.
        Module mod("__torch__.PlaceholderModule");
        auto g = graphFunction(*f.fn).graph()->copy();
        jit::Value* self = g->insertInput(0, "self");
        self->setType(mod.type());
        jit::Method forward = mod.define_method("forward", g);
        const jit::FunctionSchema& schema = f.fn->getSchema();  // keeps defaults and names
        std::vector<jit::Argument> args{jit::Argument("self", mod.type())};
        args.insert(args.end(), schema.arguments().begin(), schema.arguments().end());
        graphFunction(forward.function()).setSchema(jit::FunctionSchema("forward", "", args, schema.returns()));
        mod.save(path);
      })
      .def("__repr__", [](const ScriptFunction& f) { return "<ember.jit.ScriptFunction " + f.fn->qualname() + ">"; });

  py::class_<ScriptMethod>(m, "ScriptMethod")
      .def("__call__", [](ScriptMethod& f, py::args args, py::kwargs kwargs) {
        InteropScope scope;
        return runFunction(*f.fn, createStack(f.fn->getSchema(), args, kwargs, f.owner.ivalue()));
      })
      .def_property_readonly("name", [](const ScriptMethod& f) { return f.fn->name(); })
      .def_property_readonly("schema", [](const ScriptMethod& f) { return f.fn->getSchema().str(); })
      .def_property_readonly("graph", [](const ScriptMethod& f) { return graphFunction(*f.fn).graph(); })
      .def_property_readonly("inlined_graph", [](const ScriptMethod& f) { return inlinedGraph(*f.fn); })
      .def_property_readonly("code", [](const ScriptMethod& f) { return functionCode(*f.fn, true); })
      .def_property_readonly("owner", [](const ScriptMethod& f) { return toPython(f.owner.ivalue()); })
      .def("graph_for", [](ScriptMethod& f, py::args args, py::kwargs kwargs) {
        InteropScope scope;
        return graphFor(*f.fn, createStack(f.fn->getSchema(), args, kwargs, f.owner.ivalue()));
      });
}

void bindObjects(py::module_& m) {
  py::class_<Object> object(m, "ScriptObject");
  bindObjectAccess(object);

  py::class_<Module, Object> module(m, "ScriptModule");
  bindObjectAccess(module);
  auto method = [](const Module& self, const std::string& name) {
    jit::Method meth = self.get_method(name);
    return &meth.function();
  };
  module
      .def("__call__", [](Module& self, py::args args, py::kwargs kwargs) {
        InteropScope scope;
        if (auto forward = self.find_method("forward")) {
          Function& fn = forward->function();
          return runFunction(fn, createStack(fn.getSchema(), args, kwargs, self.ivalue()));
        }
        return callOverloaded(self, "forward", args, kwargs);
      })
      .def_property_readonly("graph", [method](const Module& self) { return graphFunction(*method(self, "forward")).graph(); })
      .def_property_readonly("inlined_graph", [method](const Module& self) { return inlinedGraph(*method(self, "forward")); })
      .def_property_readonly("code", [method](const Module& self) { return functionCode(*method(self, "forward"), true); })
      .def("graph_for", [method](Module& self, py::args args, py::kwargs kwargs) {
        InteropScope scope;
        Function* fn = method(self, "forward");
        return graphFor(*fn, createStack(fn->getSchema(), args, kwargs, self.ivalue()));
      })
      .def_property_readonly("original_name", [](const Module& self) { return self.type()->name(); })
      .def("named_parameters", [](const Module& self, bool recurse) { return namedTensors(self.named_parameters(recurse)); },
           py::arg("recurse") = true)
      .def("named_buffers", [](const Module& self, bool recurse) { return namedTensors(self.named_buffers(recurse)); },
           py::arg("recurse") = true)
      .def("named_children", [](const Module& self) { return namedModules(self.named_children()); })
      .def("named_modules", [](const Module& self) { return namedModules(self.named_modules()); })
      .def("train", [](Module& self, bool on) {
        self.train(on);
        return self;
      }, py::arg("mode") = true)
      .def("eval", [](Module& self) {
        self.eval();
        return self;
      })
      .def_property_readonly("training", &Module::is_training)
      .def("save", [](const Module& self, const std::string& path, const std::unordered_map<std::string, py::bytes>& extra) {
        jit::ExtraFilesMap files;
        for (const auto& [k, v] : extra) files[k] = std::string(v);
        self.save(path, files);
      }, py::arg("path"), py::arg("_extra_files") = std::unordered_map<std::string, py::bytes>{})
      .def("save_to_buffer", [](const Module& self) { return py::bytes(self.saveToBytes()); })
      .def("_is_same", [](const Module& a, const Module& b) { return a._ivalue() == b._ivalue(); })
      .def("__repr__", [](const Module& self) { return "<ember.jit.ScriptModule " + self.type()->qualifiedName() + ">"; });
}

void bindModuleFunctions(py::module_& m) {
  m.def("load", [](py::object f, const std::unordered_map<std::string, std::string>& wanted) {
    jit::ExtraFilesMap extra;
    for (const auto& [k, v] : wanted) extra[k] = v;
    Module mod;
    if (py::isinstance<py::str>(f) || py::hasattr(f, "__fspath__")) {
      std::string path = py::str(f);
      py::gil_scoped_release noGil;
      mod = jit::load(path, &extra);
    } else {
      std::string bytes = py::bytes(f.attr("read")());
      py::gil_scoped_release noGil;
      mod = jit::loadFromBytes(std::move(bytes), &extra);
    }
    py::dict files;
    for (const auto& [k, v] : extra) files[py::str(k)] = py::bytes(v);
    return py::make_tuple(mod, files);
  }, py::arg("f"), py::arg("extra_files"));
  m.def("freeze", [](const Module& mod, const std::vector<std::string>& preserved, bool optimizeNumerics) {
    return jit::freeze(mod, preserved, optimizeNumerics);
  }, py::arg("mod"), py::arg("preserved_attrs") = std::vector<std::string>{}, py::arg("optimize_numerics") = true);
  m.def("optimize_for_inference", [](const Module& mod, const std::vector<std::string>& other) {
    return jit::optimize_for_inference(mod, other);
  }, py::arg("mod"), py::arg("other_methods") = std::vector<std::string>{});
  m.def("prepack_weights", [](const Module& mod) {
    py::gil_scoped_release noGil;
    return jit::prepack_weights(mod);
  }, py::arg("mod"));
  m.def("last_executed_optimized_graph", [] { return jit::lastExecutedOptimizedGraph(); });
  m.def("_set_graph_executor_optimize", &jit::setGraphExecutorOptimize);
  m.def("_get_graph_executor_optimize", &jit::getGraphExecutorOptimize);
  m.def("_set_profiling_executor", &jit::setProfilingExecutor);
  m.def("_set_num_profiled_runs", &jit::setNumProfiledRuns);
}

}  // namespace

void initJitBindings(py::module_& m) {
  bindCompilationUnit(m);
  bindFunctions(m);
  bindObjects(m);
  bindModuleFunctions(m);
}

}  // namespace ember::python
