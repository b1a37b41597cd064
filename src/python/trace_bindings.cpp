// The C++ half of ember.jit.trace (python/ember/_trace.py): a `_Tracer` over a TracingState
// (ember/frontend/tracer.h) that the Python recorder feeds one intercepted torch call at a time,
// and `_trace_module_shell`, which builds the ember module a traced torch.nn.Module becomes (its
// class hierarchy with PyTorch's qualified names, parameters and buffers sharing the torch
// tensors' memory through DLPack).
//
// Values cross to Python as integer ids. Call arguments arrive encoded by _trace.py:
// ("v", id) a traced value, ("i", id) a traced 0-dim tensor read as an int (aten::Int), ("s", id)
// the same for an element of `x.shape` (the size itself),
// ("l", [...]) / ("t", [...]) a list / tuple of encoded items, ("d", "cpu") a device and
// ("c", obj) any other Python object, which becomes a constant.
#include <pybind11/stl.h>

#include "ember/api/module.h"
#include "ember/frontend/tracer.h"
#include "ember/ir/ir.h"
#include "ember/runtime/graph_function.h"
#include "frontend/builtin_call.h"
#include "python/ivalue_conversion.h"
#include "python/python_bindings.h"
#include "python/script_objects.h"

namespace ember::python {
namespace {

using jit::Graph;
using jit::NamedValue;
using jit::Symbol;
using jit::TypePtr;
using jit::Value;
namespace tracer = jit::tracer;

class PyTracer {
 public:
  PyTracer() : state_(std::make_shared<tracer::TracingState>()) {}

  int64_t addInput(const std::string& name, py::handle example) {
    IValue v = toIValue(example);
    return id(state_->addInput(name, v));
  }
  int64_t addSelf(const jit::Module& module) {
    Value* self = state_->graph().addInput("self");
    self->setType(module.type());
    return id(self);
  }
  int64_t getAttr(int64_t owner, const std::string& name) {
    Value* o = value(owner);
    auto cls = o->type()->cast<jit::ClassType>();
    EMBER_CHECK(cls && cls->hasAttribute(name), "tracer: no attribute '", name, "' to read");
    Graph& g = state_->graph();
    jit::Node* n = g.insertNode(g.create(jit::Symbol::fromQualString("prim::GetAttr"), {o}));
    n->s_(jit::Symbol::attr("name"), name);
    n->output()->setType(cls->getAttribute(name));
    n->setScopeName(state_->currentScope());
    return id(n->output());
  }

  std::vector<int64_t> record(const std::string& name, const py::list& args, const py::dict& kwargs,
                              size_t listOutputs) {
    std::vector<NamedValue> a, k;
    for (py::handle arg : args) a.emplace_back(decode(arg));
    for (auto item : kwargs) k.emplace_back(item.first.cast<std::string>(), decode(item.second));
    std::vector<Value*> outs = state_->recordCall(Symbol::fromQualString(name), a, k, listOutputs);
    std::vector<int64_t> ids;
    for (Value* v : outs) ids.push_back(id(v));
    return ids;
  }

  // A scripted function called by the traced code: one prim::CallFunction (its control flow
  // kept), its tuple result unpacked.
  std::vector<int64_t> callFunction(const ScriptFunction& f, const py::list& args) {
    std::vector<NamedValue> a;
    for (py::handle arg : args) a.emplace_back(decode(arg));
    Graph& g = state_->graph();
    jit::PreparedCall call = jit::matchSchemaAndPrepareInputs(jit::SourceRange(), g, f.fn->getSchema(), a, {});
    jit::Node* callee = g.insertNode(g.create(Symbol::fromQualString("prim::Constant"), {}, 1));
    callee->s_(Symbol::attr("name"), f.fn->name());
    callee->output()->setType(jit::FunctionType::create(f.fn));
    std::vector<Value*> inputs{callee->output()};
    inputs.insert(inputs.end(), call.inputs.begin(), call.inputs.end());
    jit::Node* n = g.insertNode(g.create(Symbol::fromQualString("prim::CallFunction"), inputs, 1));
    n->output()->setType(f.fn->getSchema().returns().at(0).type());
    n->setScopeName(state_->currentScope());
    return unpackResult(n->output());
  }

  std::vector<int64_t> unpackResult(Value* out) {
    std::vector<int64_t> ids;
    if (out->type()->kind() == jit::TypeKind::TupleType) {
      for (Value* v : jit::createTupleUnpack(out)) ids.push_back(id(v));
    } else {
      ids.push_back(id(out));
    }
    return ids;
  }

  // A method of a scripted submodule called by the traced code: one prim::CallMethod.
  std::vector<int64_t> callMethod(int64_t self, const std::string& name, const py::list& args) {
    Value* owner = value(self);
    auto cls = owner->type()->cast<jit::ClassType>();
    jit::Function* method = cls ? cls->findMethod(name) : nullptr;
    EMBER_CHECK(method, "tracer: the scripted module has no method '", name, "'");
    std::vector<NamedValue> a;
    for (py::handle arg : args) a.emplace_back(decode(arg));
    Graph& g = state_->graph();
    jit::PreparedCall call =
        jit::matchSchemaAndPrepareInputs(jit::SourceRange(), g, method->getSchema(), a, {}, NamedValue("self", owner));
    jit::Node* n = g.insertNode(g.create(Symbol::fromQualString("prim::CallMethod"), call.inputs, 1));
    n->s_(Symbol::attr("name"), name);
    n->output()->setType(method->getSchema().returns().at(0).type());
    n->setScopeName(state_->currentScope());
    return unpackResult(n->output());
  }

  // The elements of a tuple input (prim::TupleUnpack).
  std::vector<int64_t> unpackTuple(int64_t tuple) {
    Graph& g = state_->graph();
    jit::Node* n = g.insertNode(g.createTupleUnpack(value(tuple)));
    std::vector<int64_t> ids;
    for (Value* v : n->outputs()) ids.push_back(id(v));
    return ids;
  }

  int64_t size(int64_t tensor, int64_t dim) { return id(state_->recordSize(value(tensor), dim)); }
  int64_t encodedValue(py::handle encoded) { return id(decode(encoded)); }
  void pushScope(const std::string& s) { state_->pushScope(s); }
  void popScope() { state_->popScope(); }

  std::shared_ptr<Graph> finish(const std::vector<int64_t>& outputs) {
    std::vector<Value*> outs;
    for (int64_t o : outputs) outs.push_back(value(o));
    return state_->finish(outs);
  }

 private:
  int64_t id(Value* v) {
    values_.push_back(v);
    return static_cast<int64_t>(values_.size() - 1);
  }
  Value* value(int64_t i) const {
    EMBER_CHECK(i >= 0 && static_cast<size_t>(i) < values_.size(), "tracer: unknown value id ", i);
    return values_[static_cast<size_t>(i)];
  }

  Value* decode(py::handle encoded) {
    auto t = encoded.cast<py::tuple>();
    std::string tag = t[0].cast<std::string>();
    if (tag == "v") return value(t[1].cast<int64_t>());
    if (tag == "i") return state_->toInt(value(t[1].cast<int64_t>()));
    if (tag == "s") {
      // An element of x.shape read as an int: PyTorch's trace uses the aten::size result itself.
      Value* v = value(t[1].cast<int64_t>());
      return v->node()->kind() == Symbol::fromQualString("prim::NumToTensor") ? v->node()->input() : state_->toInt(v);
    }
    if (tag == "d") return state_->constant(IValue(Device::parse(t[1].cast<std::string>())));
    if (tag == "c") return state_->constant(toIValue(t[1]));
    EMBER_CHECK(tag == "l" || tag == "t", "tracer: bad argument encoding '", tag, "'");
    std::vector<Value*> items;
    for (py::handle item : t[1]) items.push_back(decode(item));
    Graph& g = state_->graph();
    if (tag == "t") return g.insertNode(g.createTuple(items))->output();
    return g.insertNode(g.createList(listElementType(items), items))->output();
  }

  // Ints, floats, tensors, or Optional[Tensor] when Nones sit among tensors (index lists).
  static TypePtr listElementType(const std::vector<Value*>& items) {
    TypePtr elem;
    bool none = false;
    for (Value* v : items) {
      if (v->type()->kind() == jit::TypeKind::NoneType) none = true;
      else if (!elem) elem = v->type();
      else if (auto u = jit::unifyTypes(elem, v->type())) elem = *u;
    }
    if (!elem) return jit::OptionalType::create(jit::TensorType::get());
    if (elem->kind() == jit::TypeKind::TensorType) elem = jit::TensorType::get();  // lists are invariant
    return none ? jit::OptionalType::create(elem) : elem;
  }

  std::shared_ptr<tracer::TracingState> state_;
  std::vector<Value*> values_;
};

// desc = (qualified class name, training, [(name, tensor, is_buffer)], [(name, child desc)]); a
// scripted child's desc is ("__scripted__", its ember ScriptModule).
jit::Module buildShell(const py::tuple& desc, const std::shared_ptr<jit::CompilationUnit>& cu) {
  jit::Module m(desc[0].cast<std::string>(), cu, /*shouldMangle=*/true);
  for (py::handle item : desc[2]) {
    auto t = item.cast<py::tuple>();
    std::optional<Tensor> tensor = tryToTensor(t[1]);
    EMBER_CHECK(tensor, "tracer: attribute '", t[0].cast<std::string>(), "' is not a tensor");
    m.register_parameter(t[0].cast<std::string>(), *tensor, /*isBuffer=*/t[2].cast<bool>());
  }
  for (py::handle item : desc[3]) {
    auto t = item.cast<py::tuple>();
    auto child = t[1].cast<py::tuple>();
    // A scripted submodule comes already converted (its methods are called, not traced).
    if (py::isinstance<py::str>(child[0]) && child[0].cast<std::string>() == "__scripted__")
      m.register_module(t[0].cast<std::string>(), child[1].cast<jit::Module>());
    else
      m.register_module(t[0].cast<std::string>(), buildShell(child, cu));
  }
  m.train(desc[1].cast<bool>());
  return m;
}

// The method's schema names its arguments as the Python signature does.
void nameArguments(Graph& g, const std::vector<std::string>& names) {
  size_t first = g.inputs().size() - names.size();
  for (size_t i = 0; i < names.size(); ++i) g.inputs()[first + i]->setDebugName(names[i]);
}

}  // namespace

void initTraceBindings(py::module_& m) {
  py::class_<PyTracer>(m, "_Tracer")
      .def(py::init<>())
      .def("add_input", &PyTracer::addInput)
      .def("add_self", &PyTracer::addSelf)
      .def("get_attr", &PyTracer::getAttr)
      .def("record", &PyTracer::record, py::arg("name"), py::arg("args"), py::arg("kwargs"),
           py::arg("list_outputs") = 0)
      .def("call_function", &PyTracer::callFunction)
      .def("unpack_tuple", &PyTracer::unpackTuple)
      .def("call_method", &PyTracer::callMethod)
      .def("size", &PyTracer::size)
      .def("value", &PyTracer::encodedValue)
      .def("push_scope", &PyTracer::pushScope)
      .def("pop_scope", &PyTracer::popScope)
      .def("finish", &PyTracer::finish);

  m.def("_trace_module_shell", [](const py::tuple& desc) {
    return buildShell(desc, std::make_shared<jit::CompilationUnit>());
  });
  m.def("_trace_define_method", [](jit::Module& module, const std::string& name, std::shared_ptr<Graph> graph,
                                   const std::vector<std::string>& argNames) {
    nameArguments(*graph, argNames);
    module.define_method(name, std::move(graph));
  });
  m.def("_trace_function", [](const std::string& qualname, std::shared_ptr<Graph> graph,
                              const std::vector<std::string>& argNames) {
    nameArguments(*graph, argNames);
    auto cu = std::make_shared<jit::CompilationUnit>();
    jit::Function* fn = cu->createFunction(qualname, std::move(graph));
    return ScriptFunction{cu, fn};
  });
}

}  // namespace ember::python
