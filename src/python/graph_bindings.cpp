// Graph manipulation from Python, with the method names torch._C's Graph, Node, Value and Block
// have (`g.nodes()`, `n.kind()`, `v.replaceAllUsesWith(w)`, `g.create(...)`, `g.insertNode(n)`,
// attributes `n.i("value")` / `n.i_("value", 3)`), parse_ir, Types, running the registered passes
// by name (torch._C._jit_pass_<name>) and FileCheck.
//
// Nodes, values and blocks live inside their graph; their Python handles hold the graph alive
// (a shared_ptr next to the raw pointer), so a handle never outlives what it points to. A
// destroyed node's handle must not be used again, as in PyTorch.
#include <pybind11/stl.h>

#include <sstream>

#include "ember/core/function_schema.h"
#include "ember/core/type.h"
#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"
#include "passes/pass_registry.h"
#include "python/ivalue_conversion.h"
#include "python/python_bindings.h"

namespace ember::python {
namespace {

using jit::Block;
using jit::Graph;
using jit::Node;
using jit::Symbol;
using jit::Value;
using GraphPtr = std::shared_ptr<Graph>;

template <typename T>
struct Handle {
  GraphPtr graph;
  T* ptr;
};
using PyNode = Handle<Node>;
using PyValue = Handle<Value>;
using PyBlock = Handle<Block>;

GraphPtr owner(const Graph* g) { return std::const_pointer_cast<Graph>(g->shared_from_this()); }
PyNode wrap(Node* n) { return {owner(n->owningGraph()), n}; }
PyValue wrap(Value* v) { return {owner(v->owningGraph()), v}; }
PyBlock wrap(Block* b) { return {owner(b->owningGraph()), b}; }
std::optional<PyNode> wrapOpt(Node* n) { return n ? std::optional<PyNode>(wrap(n)) : std::nullopt; }

template <typename Range>
std::vector<PyValue> wrapValues(const Range& values) {
  std::vector<PyValue> out;
  for (Value* v : values) out.push_back(wrap(v));
  return out;
}
std::vector<PyNode> wrapNodes(jit::graph_node_list nodes) {
  std::vector<PyNode> out;
  for (Node* n : nodes) out.push_back(wrap(n));
  return out;
}
std::vector<Value*> unwrap(const std::vector<PyValue>& values) {
  std::vector<Value*> out;
  for (const auto& v : values) out.push_back(v.ptr);
  return out;
}

Symbol attrName(const std::string& name) { return Symbol::attr(name); }
Symbol kindSymbol(const std::string& kind) { return Symbol::fromQualString(kind); }

void findAll(Block* b, Symbol kind, bool recurse, std::vector<PyNode>& out) {
  for (Node* n : b->nodes()) {
    if (n->kind() == kind) out.push_back(wrap(n));
    if (recurse)
      for (Block* sub : n->blocks()) findAll(sub, kind, recurse, out);
  }
}

// Any attribute, converted to Python by its kind (n["value"] and n.ival / n.t / ...).
py::object attribute(const Node& n, const std::string& name) {
  Symbol s = attrName(name);
  EMBER_CHECK_KIND(Key, n.hasAttribute(s), "node ", n.kind().toQualString(), " has no attribute '", name, "'");
  switch (n.kindOf(s)) {
    case jit::AttributeKind::f: return py::float_(n.f(s));
    case jit::AttributeKind::fs: return py::cast(n.fs(s));
    case jit::AttributeKind::i: return py::int_(n.i(s));
    case jit::AttributeKind::is: return py::cast(n.is(s));
    case jit::AttributeKind::s: return py::str(n.s(s));
    case jit::AttributeKind::ss: return py::cast(n.ss(s));
    case jit::AttributeKind::t: return toPython(IValue(n.t(s)));
    case jit::AttributeKind::ts: {
      py::list out;
      for (const Tensor& t : n.ts(s)) out.append(toPython(IValue(t)));
      return out;
    }
    case jit::AttributeKind::g: return py::cast(n.g(s));
    case jit::AttributeKind::gs: return py::cast(n.gs(s));
    case jit::AttributeKind::ty: return py::cast(n.ty(s));
    case jit::AttributeKind::tys: return py::cast(n.tys(s));
    case jit::AttributeKind::ival: return toPython(n.ival(s));
  }
  return py::none();
}

template <typename T>
std::string printed(const T& x) {
  std::ostringstream os;
  os << x;
  return os.str();
}

void bindTypes(py::module_& m) {
  py::class_<jit::Type, std::shared_ptr<jit::Type>>(m, "Type")
      .def("__str__", [](const jit::Type& t) { return t.irStr(); })
      .def("__repr__", [](const jit::Type& t) { return t.irStr(); })
      .def("str", [](const jit::Type& t) { return t.irStr(); })
      .def("kind", [](const jit::Type& t) { return std::string(jit::typeKindToString(t.kind())); })
      .def("annotation_str", [](const jit::Type& t) { return t.annotation_str(); })
      .def("containedTypes", [](const jit::Type& t) { return t.containedTypes().vec(); })
      .def("isSubtypeOf", [](const jit::Type& a, const jit::TypePtr& b) { return a.isSubtypeOf(b); })
      .def("__eq__", [](const jit::Type& a, const jit::Type& b) { return a.equals(b); })
      .def("__hash__", [](const jit::Type& t) { return std::hash<std::string>()(t.irStr()); });
  m.def("parse_type", [](const std::string& text) { return jit::parseTypeAnnotation(text); },
        "A type from a Python annotation string (`List[int]`, `Optional[Tensor]`).");
}

void bindValue(py::module_& m) {
  py::class_<PyValue>(m, "Value")
      .def("debugName", [](const PyValue& v) { return v.ptr->debugName(); })
      .def("setDebugName", [](PyValue& v, const std::string& name) { v.ptr->setDebugName(name); return v; })
      .def("type", [](const PyValue& v) { return v.ptr->type(); })
      .def("setType", [](PyValue& v, const jit::TypePtr& t) { v.ptr->setType(t); return v; })
      .def("node", [](const PyValue& v) { return wrap(v.ptr->node()); })
      .def("offset", [](const PyValue& v) { return v.ptr->offset(); })
      .def("unique", [](const PyValue& v) { return v.ptr->unique(); })
      .def("uses", [](const PyValue& v) {
        py::list out;
        for (const jit::Use& u : v.ptr->uses()) out.append(py::make_tuple(wrap(u.user), u.offset));
        return out;
      })
      .def("hasUses", [](const PyValue& v) { return v.ptr->hasUses(); })
      .def("replaceAllUsesWith", [](PyValue& v, const PyValue& w) { v.ptr->replaceAllUsesWith(w.ptr); })
      .def("replaceFirstUseWith", [](PyValue& v, const PyValue& w) { v.ptr->replaceFirstUseWith(w.ptr); })
      .def("replaceAllUsesAfterNodeWith", [](PyValue& v, const PyNode& n, const PyValue& w) {
        v.ptr->replaceAllUsesAfterNodeWith(n.ptr, w.ptr);
      })
      .def("toIValue", [](const PyValue& v) -> py::object {
        auto iv = jit::toIValue(v.ptr);
        return iv ? toPython(*iv) : py::none();
      })
      .def("isCompleteTensor", [](const PyValue& v) { return v.ptr->isCompleteTensor(); })
      .def("requires_grad", [](const PyValue& v) { return v.ptr->requiresGrad(); })
      .def("__eq__", [](const PyValue& a, const PyValue& b) { return a.ptr == b.ptr; })
      .def("__hash__", [](const PyValue& v) { return reinterpret_cast<uintptr_t>(v.ptr); })
      .def("__repr__", [](const PyValue& v) {
        return "%" + v.ptr->debugName() + " : " + v.ptr->type()->irStr() + " defined in (" + printed(*v.ptr->node()) + ")";
      });
}

void bindNode(py::module_& m) {
  py::class_<PyNode> node(m, "Node");
  node.def("kind", [](const PyNode& n) { return n.ptr->kind().toQualString(); })
      .def("inputs", [](const PyNode& n) { return wrapValues(n.ptr->inputs()); })
      .def("outputs", [](const PyNode& n) { return wrapValues(n.ptr->outputs()); })
      .def("input", [](const PyNode& n) { return wrap(n.ptr->input()); })
      .def("output", [](const PyNode& n) { return wrap(n.ptr->output()); })
      .def("inputsAt", [](const PyNode& n, size_t i) { return wrap(n.ptr->input(i)); })
      .def("outputsAt", [](const PyNode& n, size_t i) { return wrap(n.ptr->output(i)); })
      .def("inputsSize", [](const PyNode& n) { return n.ptr->inputs().size(); })
      .def("outputsSize", [](const PyNode& n) { return n.ptr->outputs().size(); })
      .def("blocks", [](const PyNode& n) {
        std::vector<PyBlock> out;
        for (Block* b : n.ptr->blocks()) out.push_back(wrap(b));
        return out;
      })
      .def("addBlock", [](PyNode& n) { return wrap(n.ptr->addBlock()); })
      .def("owningBlock", [](const PyNode& n) { return wrap(n.ptr->owningBlock()); })
      .def("addInput", [](PyNode& n, const PyValue& v) { return wrap(n.ptr->addInput(v.ptr)); })
      .def("addOutput", [](PyNode& n) { return wrap(n.ptr->addOutput()); })
      .def("replaceInput", [](PyNode& n, size_t i, const PyValue& v) { return wrap(n.ptr->replaceInput(i, v.ptr)); })
      .def("replaceInputWith", [](PyNode& n, const PyValue& a, const PyValue& b) { n.ptr->replaceInputWith(a.ptr, b.ptr); })
      .def("removeInput", [](PyNode& n, size_t i) { n.ptr->removeInput(i); })
      .def("removeAllInputs", [](PyNode& n) { n.ptr->removeAllInputs(); })
      .def("eraseOutput", [](PyNode& n, size_t i) { n.ptr->eraseOutput(i); })
      .def("hasUses", [](const PyNode& n) { return n.ptr->hasUses(); })
      .def("insertBefore", [](PyNode& n, const PyNode& other) { n.ptr->insertBefore(other.ptr); return n; })
      .def("insertAfter", [](PyNode& n, const PyNode& other) { n.ptr->insertAfter(other.ptr); return n; })
      .def("moveBefore", [](PyNode& n, const PyNode& other) { n.ptr->moveBefore(other.ptr); })
      .def("moveAfter", [](PyNode& n, const PyNode& other) { n.ptr->moveAfter(other.ptr); })
      .def("isBefore", [](const PyNode& n, const PyNode& other) { return n.ptr->isBefore(other.ptr); })
      .def("isAfter", [](const PyNode& n, const PyNode& other) { return n.ptr->isAfter(other.ptr); })
      .def("next", [](const PyNode& n) { return wrapOpt(n.ptr->next()); })
      .def("prev", [](const PyNode& n) { return wrapOpt(n.ptr->prev()); })
      .def("destroy", [](PyNode& n) { n.ptr->destroy(); })
      .def("schema", [](const PyNode& n) { return n.ptr->schema().str(); })
      .def("matches", [](const PyNode& n, const std::string& sig) { return n.ptr->matches(sig); })
      .def("namedInput", [](const PyNode& n, const std::string& name) { return wrap(n.ptr->namedInput(name)); })
      .def("hasSideEffects", [](const PyNode& n) { return n.ptr->hasSideEffects(); })
      .def("isNondeterministic", [](const PyNode& n) { return n.ptr->isNondeterministic(); })
      .def("scopeName", [](const PyNode& n) { return n.ptr->scopeName(); })
      .def("hasAttribute", [](const PyNode& n, const std::string& name) { return n.ptr->hasAttribute(attrName(name)); })
      .def("hasAttributes", [](const PyNode& n) { return n.ptr->hasAttributes(); })
      .def("attributeNames", [](const PyNode& n) {
        std::vector<std::string> out;
        for (Symbol s : n.ptr->attributeNames()) out.emplace_back(s.toUnqualString());
        return out;
      })
      .def("kindOf", [](const PyNode& n, const std::string& name) {
        return std::string(jit::attributeKindName(n.ptr->kindOf(attrName(name))));
      })
      .def("removeAttribute", [](PyNode& n, const std::string& name) { n.ptr->removeAttribute(attrName(name)); return n; })
      .def("__getitem__", [](const PyNode& n, const std::string& name) { return attribute(*n.ptr, name); })
      .def("f", [](const PyNode& n, const std::string& a) { return n.ptr->f(attrName(a)); })
      .def("i", [](const PyNode& n, const std::string& a) { return n.ptr->i(attrName(a)); })
      .def("s", [](const PyNode& n, const std::string& a) { return n.ptr->s(attrName(a)); })
      .def("fs", [](const PyNode& n, const std::string& a) { return n.ptr->fs(attrName(a)); })
      .def("is_", [](const PyNode& n, const std::string& a) { return n.ptr->is(attrName(a)); })
      .def("ss", [](const PyNode& n, const std::string& a) { return n.ptr->ss(attrName(a)); })
      .def("t", [](const PyNode& n, const std::string& a) { return toPython(IValue(n.ptr->t(attrName(a)))); })
      .def("g", [](const PyNode& n, const std::string& a) { return n.ptr->g(attrName(a)); })
      .def("ty", [](const PyNode& n, const std::string& a) { return n.ptr->ty(attrName(a)); })
      .def("ival", [](const PyNode& n, const std::string& a) { return toPython(n.ptr->ival(attrName(a))); })
      .def("f_", [](PyNode& n, const std::string& a, double v) { n.ptr->f_(attrName(a), v); return n; })
      .def("i_", [](PyNode& n, const std::string& a, int64_t v) { n.ptr->i_(attrName(a), v); return n; })
      .def("s_", [](PyNode& n, const std::string& a, std::string v) { n.ptr->s_(attrName(a), std::move(v)); return n; })
      .def("fs_", [](PyNode& n, const std::string& a, std::vector<double> v) { n.ptr->fs_(attrName(a), std::move(v)); return n; })
      .def("is__", [](PyNode& n, const std::string& a, std::vector<int64_t> v) { n.ptr->is_(attrName(a), std::move(v)); return n; })
      .def("ss_", [](PyNode& n, const std::string& a, std::vector<std::string> v) { n.ptr->ss_(attrName(a), std::move(v)); return n; })
      .def("t_", [](PyNode& n, const std::string& a, py::handle v) {
        n.ptr->t_(attrName(a), toIValue(v, jit::TensorType::get()).toTensor());
        return n;
      })
      .def("g_", [](PyNode& n, const std::string& a, GraphPtr g) { n.ptr->g_(attrName(a), std::move(g)); return n; })
      .def("ty_", [](PyNode& n, const std::string& a, jit::TypePtr t) { n.ptr->ty_(attrName(a), std::move(t)); return n; })
      .def("ival_", [](PyNode& n, const std::string& a, py::handle v) { n.ptr->ival_(attrName(a), toIValue(v)); return n; })
      .def("__eq__", [](const PyNode& a, const PyNode& b) { return a.ptr == b.ptr; })
      .def("__hash__", [](const PyNode& n) { return reinterpret_cast<uintptr_t>(n.ptr); })
      .def("__repr__", [](const PyNode& n) { return printed(*n.ptr); });
}

void bindBlock(py::module_& m) {
  py::class_<PyBlock>(m, "Block")
      .def("nodes", [](const PyBlock& b) { return wrapNodes(b.ptr->nodes()); })
      .def("inputs", [](const PyBlock& b) { return wrapValues(b.ptr->inputs()); })
      .def("outputs", [](const PyBlock& b) { return wrapValues(b.ptr->outputs()); })
      .def("paramNode", [](const PyBlock& b) { return wrap(b.ptr->paramNode()); })
      .def("returnNode", [](const PyBlock& b) { return wrap(b.ptr->returnNode()); })
      .def("owningNode", [](const PyBlock& b) { return wrapOpt(b.ptr->owningNode()); })
      .def("addInputToBlock", [](PyBlock& b, const std::string& name) { return wrap(b.ptr->addInput(name)); },
           py::arg("name") = "")
      .def("registerOutput", [](PyBlock& b, const PyValue& v) { return b.ptr->registerOutput(v.ptr); })
      .def("addNode", [](PyBlock& b, const std::string& kind, const std::vector<PyValue>& inputs) {
        Graph* g = b.ptr->owningGraph();
        return wrap(b.ptr->appendNode(g->create(kindSymbol(kind), unwrap(inputs))));
      })
      .def("__eq__", [](const PyBlock& a, const PyBlock& b) { return a.ptr == b.ptr; })
      .def("__hash__", [](const PyBlock& b) { return reinterpret_cast<uintptr_t>(b.ptr); });
}

void bindGraph(py::module_& m) {
  py::class_<Graph, GraphPtr>(m, "Graph")
      .def(py::init([] { return std::make_shared<Graph>(); }))
      .def("nodes", [](const GraphPtr& g) { return wrapNodes(g->nodes()); })
      .def("inputs", [](const GraphPtr& g) { return wrapValues(g->inputs()); })
      .def("outputs", [](const GraphPtr& g) { return wrapValues(g->outputs()); })
      .def("param_node", [](const GraphPtr& g) { return wrap(g->paramNode()); })
      .def("return_node", [](const GraphPtr& g) { return wrap(g->returnNode()); })
      .def("block", [](const GraphPtr& g) { return wrap(g->block()); })
      .def("addInput", [](const GraphPtr& g, const std::string& name) { return wrap(g->addInput(name)); },
           py::arg("name") = "")
      .def("eraseInput", [](const GraphPtr& g, size_t i) { g->eraseInput(i); })
      .def("registerOutput", [](const GraphPtr& g, const PyValue& v) { return g->registerOutput(v.ptr); })
      .def("eraseOutput", [](const GraphPtr& g, size_t i) { g->eraseOutput(i); })
      .def("create", [](const GraphPtr& g, const std::string& kind, const std::vector<PyValue>& inputs,
                        size_t numOutputs) { return wrap(g->create(kindSymbol(kind), unwrap(inputs), numOutputs)); },
           py::arg("kind"), py::arg("inputs") = std::vector<PyValue>{}, py::arg("num_outputs") = 1)
      .def("insertNode", [](const GraphPtr& g, const PyNode& n) { return wrap(g->insertNode(n.ptr)); })
      .def("appendNode", [](const GraphPtr& g, const PyNode& n) { return wrap(g->appendNode(n.ptr)); })
      .def("prependNode", [](const GraphPtr& g, const PyNode& n) { return wrap(g->prependNode(n.ptr)); })
      .def("insertConstant", [](const GraphPtr& g, py::handle v) { return wrap(g->insertConstant(toIValue(v))); })
      .def("insert", [](const GraphPtr& g, const std::string& kind, const std::vector<PyValue>& args) {
        std::vector<jit::NamedValue> named;
        for (const auto& v : args) named.emplace_back(v.ptr);
        return wrap(g->insert(kindSymbol(kind), named));
      })
      .def("setInsertPoint", [](const GraphPtr& g, const PyNode& n) { g->setInsertPoint(n.ptr); })
      .def("setInsertPoint", [](const GraphPtr& g, const PyBlock& b) { g->setInsertPoint(b.ptr); })
      .def("insertPoint", [](const GraphPtr& g) { return wrap(g->insertPoint()); })
      .def("findNode", [](const GraphPtr& g, const std::string& kind, bool recurse) -> std::optional<PyNode> {
        std::vector<PyNode> all;
        findAll(g->block(), kindSymbol(kind), recurse, all);
        if (all.empty()) return std::nullopt;
        return all.front();
      }, py::arg("kind"), py::arg("recurse") = true)
      .def("findAllNodes", [](const GraphPtr& g, const std::string& kind, bool recurse) {
        std::vector<PyNode> all;
        findAll(g->block(), kindSymbol(kind), recurse, all);
        return all;
      }, py::arg("kind"), py::arg("recurse") = true)
      .def("lint", [](const GraphPtr& g) { g->lint(); })
      .def("copy", [](const GraphPtr& g) { return g->copy(); })
      .def("str", [](const GraphPtr& g, bool ranges) { return g->toString(ranges); }, py::arg("print_source_ranges") = true)
      .def("__str__", [](const GraphPtr& g) { return g->toString(); })
      .def("__repr__", [](const GraphPtr& g) { return g->toString(); });
}

void bindPassesAndFileCheck(py::module_& m) {
  m.def("parse_ir", [](const std::string& text, bool parseTensorConstants) {
    auto g = std::make_shared<Graph>();
    jit::IRParseOptions options;
    options.parseTensorConstants = parseTensorConstants;
    jit::parseIR(text, *g, options);
    return g;
  }, py::arg("input"), py::arg("parse_tensor_constants") = false);
  m.def("_registered_passes", [] {
    std::vector<std::pair<std::string, std::string>> out;
    for (const jit::PassInfo& p : jit::registeredPasses()) out.emplace_back(p.name, p.summary);
    return out;
  });
  m.def("_run_pass", [](const std::string& name, GraphPtr g) {
    bool changed = jit::runPass(name, g).changed;
    return py::make_tuple(g, changed);
  }, py::arg("name"), py::arg("graph"));
  m.def("_run_pass_pipeline", [](GraphPtr g, const std::string& pipeline) {
    jit::PipelineOptions options;
    options.lintAfterEach = true;
    jit::PipelineReport report = jit::runPassPipeline(g, pipeline, options);
    return py::make_tuple(g, report.summary());
  }, py::arg("graph"), py::arg("pipeline"));

  auto text = [](py::handle obj) -> std::string {
    if (py::isinstance<Graph>(obj)) return obj.cast<GraphPtr>()->toString();
    return py::str(obj);
  };
  py::class_<jit::FileCheck>(m, "FileCheck")
      .def(py::init<>())
      .def("check", [](jit::FileCheck& f, std::string p) -> jit::FileCheck& { return f.check(std::move(p)); },
           py::return_value_policy::reference_internal)
      .def("check_next", [](jit::FileCheck& f, std::string p) -> jit::FileCheck& { return f.checkNext(std::move(p)); },
           py::return_value_policy::reference_internal)
      .def("check_same", [](jit::FileCheck& f, std::string p) -> jit::FileCheck& { return f.checkSame(std::move(p)); },
           py::return_value_policy::reference_internal)
      .def("check_not", [](jit::FileCheck& f, std::string p) -> jit::FileCheck& { return f.checkNot(std::move(p)); },
           py::return_value_policy::reference_internal)
      .def("check_count", [](jit::FileCheck& f, std::string p, int n, bool exactly) -> jit::FileCheck& {
        return f.checkCount(std::move(p), n, exactly);
      }, py::arg("str"), py::arg("count"), py::arg("exactly") = false, py::return_value_policy::reference_internal)
      .def("check_dag", [](jit::FileCheck& f, std::string p) -> jit::FileCheck& { return f.checkDag(std::move(p)); },
           py::return_value_policy::reference_internal)
      .def("check_regex", [](jit::FileCheck& f, std::string p) -> jit::FileCheck& { return f.checkRegex(std::move(p)); },
           py::return_value_policy::reference_internal)
      .def("run", [text](const jit::FileCheck& f, py::handle target) { f.run(text(target)); })
      .def("run", [text](const jit::FileCheck&, const std::string& checks, py::handle target) {
        jit::FileCheck::runAnnotated(checks, text(target));
      });
}

}  // namespace

void initGraphBindings(py::module_& m) {
  bindTypes(m);
  bindValue(m);
  bindNode(m);
  bindBlock(m);
  bindGraph(m);
  bindPassesAndFileCheck(m);
}

}  // namespace ember::python
