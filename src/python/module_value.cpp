// ModuleValue (see module_value.h).
#include "python/module_value.h"

#include <pybind11/stl.h>

#include "frontend/error_report.h"
#include "frontend/ir_emitter.h"
#include "python/python_op.h"
#include "python/script_objects.h"

namespace ember::python {

using jit::SugaredValuePtr;

namespace {

// A Python object owned by code that runs without the GIL (the emitter): released under it.
class Held {
 public:
  Held() = default;
  explicit Held(py::object o) : o_(std::move(o)) {}
  Held(Held&&) = default;
  Held& operator=(Held&&) = default;
  ~Held() {
    if (o_) {
      py::gil_scoped_acquire gil;
      o_ = py::object();
    }
  }
  const py::object& get() const { return o_; }

 private:
  py::object o_;
};

std::vector<std::pair<std::string, Held>> containerItems(const py::object& info) {
  py::gil_scoped_acquire gil;
  std::vector<std::pair<std::string, Held>> items;
  for (py::handle item : info.attr("items")()) {
    auto t = item.cast<py::tuple>();
    items.emplace_back(t[0].cast<std::string>(), Held(py::reinterpret_borrow<py::object>(t[1])));
  }
  return items;
}

// `self.blocks.items()` / `.keys()` / `.values()` of a ModuleDict: a tuple unrolled by `for`.
struct ContainerMethod : jit::SugaredValue {
  explicit ContainerMethod(std::vector<SugaredValuePtr> result) : result_(std::move(result)) {}
  std::string kind() const override { return "builtin"; }
  SugaredValuePtr call(const jit::SourceRange& loc, jit::Emitter&, const std::vector<jit::NamedValue>& args,
                       const std::vector<jit::NamedValue>& kwargs, size_t) override {
    if (!args.empty() || !kwargs.empty()) jit::throwErrorAt(loc, "this container method takes no arguments");
    return std::make_shared<jit::SugaredTupleValue>(result_);
  }

 private:
  std::vector<SugaredValuePtr> result_;
};

bool fitsExactly(const jit::FunctionSchema& schema, jit::Graph& g, const std::vector<jit::NamedValue>& args,
                 const std::vector<jit::NamedValue>& kwargs) {
  const auto& formals = schema.arguments();  // formals[0] is self
  if (args.size() + 1 > formals.size()) return false;
  for (size_t i = 0; i < args.size(); ++i)
    if (!args[i].value(g)->type()->isSubtypeOf(*formals[i + 1].type())) return false;
  for (const jit::NamedValue& kw : kwargs) {
    if (!kw.name()) return false;
    auto index = schema.argumentIndexWithName(*kw.name());
    if (!index || !kw.value(g)->type()->isSubtypeOf(*formals[*index].type())) return false;
  }
  return true;
}

// A method with overloads (`forward__0`, `forward__1`, ...): the first whose schema the
// arguments match is called, as PyTorch picks among a module method's overloads.
struct OverloadedMethod : jit::SugaredValue {
  OverloadedMethod(jit::Value* self, std::vector<std::string> names) : self_(self), names_(std::move(names)) {}
  std::string kind() const override { return "method"; }
  SugaredValuePtr call(const jit::SourceRange& loc, jit::Emitter& m, const std::vector<jit::NamedValue>& args,
                       const std::vector<jit::NamedValue>& kwargs, size_t nBinders) override {
    // As PyTorch: an overload the arguments fit without conversions wins (a Tensor must not
    // pick a List[Tensor] overload by becoming a one-element list).
    jit::ClassTypePtr cls = self_->type()->cast<jit::ClassType>();
    for (const std::string& name : names_) {
      jit::Function* fn = cls ? cls->findMethod(name) : nullptr;
      if (fn && fitsExactly(fn->getSchema(), m.graph(), args, kwargs))
        return jit::MethodValue(self_, name).call(loc, m, args, kwargs, nBinders);
    }
    std::string reasons;
    for (const std::string& name : names_) {
      try {
        return jit::MethodValue(self_, name).call(loc, m, args, kwargs, nBinders);
      } catch (const jit::ErrorReport& e) {
        reasons += "\n" + name + ": " + e.what();
      }
    }
    jit::throwErrorAt(loc, "Arguments for call are not valid for any overload of the method:", reasons);
  }

 private:
  jit::Value* self_;
  std::vector<std::string> names_;
};

// `self.proxy`, a submodule annotated with a torch.jit.interface: a value of the interface type
// whose calls are prim::CallMethods dispatched on its class at run time; `self.proxy(x)` calls
// its forward.
struct InterfaceModuleValue : jit::SimpleValue {
  explicit InterfaceModuleValue(jit::Value* v) : jit::SimpleValue(v) {}
  SugaredValuePtr call(const jit::SourceRange& loc, jit::Emitter& m, const std::vector<jit::NamedValue>& args,
                       const std::vector<jit::NamedValue>& kwargs, size_t nBinders) override {
    return jit::MethodValue(getValue(), "forward").call(loc, m, args, kwargs, nBinders);
  }
};

}  // namespace

ModuleValue::ModuleValue(jit::Value* self, py::object info) : self_(self), info_(std::move(info)) {}

ModuleValue::~ModuleValue() {
  py::gil_scoped_acquire gil;
  info_ = py::object();
}

jit::Value* ModuleValue::asValue(const jit::SourceRange&, jit::Emitter&) { return self_; }

std::string ModuleValue::container() const {
  py::gil_scoped_acquire gil;
  py::object c = info_.attr("container");
  return c.is_none() ? std::string() : c.cast<std::string>();
}

SugaredValuePtr ModuleValue::submodule(const jit::SourceRange& loc, jit::Emitter& m, const std::string& name,
                                       const py::object& info) {
  jit::Graph& g = m.graph();
  jit::Node* n = g.insertNode(g.createGetAttr(self_, name));
  n->setSourceRange(loc);
  py::gil_scoped_acquire gil;
  return std::make_shared<ModuleValue>(n->output(), info);
}

SugaredValuePtr ModuleValue::attr(const jit::SourceRange& loc, jit::Emitter& m, const std::string& field) {
  std::string kind;
  Held detail;
  {
    py::gil_scoped_acquire gil;
    py::object answer;
    try {
      answer = info_.attr("lookup")(field);
    } catch (py::error_already_set& e) {
      std::string what = e.what();
      jit::throwErrorAt(loc, what);
    }
    if (answer.is_none()) {
      std::string cont = container();
      if (cont == "dict" && (field == "items" || field == "keys" || field == "values")) kind = field;
      else kind = "missing";
    } else {
      auto t = answer.cast<py::tuple>();
      kind = t[0].cast<std::string>();
      if (t.size() > 1) detail = Held(py::reinterpret_borrow<py::object>(t[1]));
    }
  }
  jit::ClassTypePtr type = self_->type()->cast<jit::ClassType>();
  if (kind == "submodule") return submodule(loc, m, field, detail.get());
  if (kind == "attribute") return jit::makeSimple(self_)->attr(loc, m, field);
  if (kind == "interface") {
    jit::Node* n = m.graph().insertNode(m.graph().createGetAttr(self_, field));
    n->setSourceRange(loc);
    return std::make_shared<InterfaceModuleValue>(n->output());
  }
  if (kind == "constant") {
    auto slot = type->findConstantSlot(field);
    EMBER_CHECK(slot, "constant '", field, "' is not on ", type->name());
    return jit::makeSimple(m.graph().insertConstant(type->getConstant(*slot), loc));
  }
  if (kind == "method") return std::make_shared<jit::MethodValue>(self_, field);
  if (kind == "builtin") {  // a torch function stored on the module: ("torch.nn.functional", "relu")
    std::string ns, name;
    {
      py::gil_scoped_acquire gil;
      auto pair = detail.get().cast<py::tuple>();
      ns = pair[0].cast<std::string>();
      name = pair[1].cast<std::string>();
    }
    return std::make_shared<jit::BuiltinModule>(ns)->attr(loc, m, name);
  }
  if (kind == "function") {
    jit::Function* fn;
    {
      py::gil_scoped_acquire gil;
      fn = detail.get().cast<ScriptFunction>().fn;
    }
    return std::make_shared<jit::FunctionValue>(fn);
  }
  if (kind == "python_op") {  // an @torch.jit.ignore'd method: called through Python with self
    py::gil_scoped_acquire gil;
    return std::make_shared<PythonOpValue>(detail.get(), self_);
  }
  if (kind == "unused_call") {  // an @torch.jit.unused method: the call raises
    py::gil_scoped_acquire gil;
    return std::make_shared<PythonOpValue>(detail.get(), self_, true);
  }
  if (kind == "overloads") {
    std::vector<std::string> names;
    {
      py::gil_scoped_acquire gil;
      names = detail.get().cast<std::vector<std::string>>();
    }
    return std::make_shared<OverloadedMethod>(self_, std::move(names));
  }
  if (kind == "property") {
    std::string getter;
    {
      py::gil_scoped_acquire gil;
      getter = detail.get().cast<std::string>();
    }
    return jit::MethodValue(self_, getter).call(loc, m, {}, {}, 1);
  }
  if (kind == "items" || kind == "keys" || kind == "values") {
    return std::make_shared<ContainerMethod>(entries(loc, m, kind));
  }
  if (kind == "error") {
    std::string message;
    {
      py::gil_scoped_acquire gil;
      message = detail.get().cast<std::string>();
    }
    jit::throwErrorAt(loc, message);
  }
  jit::throwErrorAt(loc, "Module '", type->name(), "' has no attribute '", field, "' ");
}

bool ModuleValue::hasAttr(const jit::SourceRange&, jit::Emitter&, const std::string& field) {
  py::gil_scoped_acquire gil;
  return info_.attr("has")(field).cast<bool>();
}

void ModuleValue::setAttr(const jit::SourceRange& loc, jit::Emitter& m, const std::string& field, jit::Value* v) {
  jit::makeSimple(self_)->setAttr(loc, m, field, v);
}

SugaredValuePtr ModuleValue::call(const jit::SourceRange& loc, jit::Emitter& m, const std::vector<jit::NamedValue>& args,
                                  const std::vector<jit::NamedValue>& kwargs, size_t nBinders) {
  return attr(loc, m, "forward")->call(loc, m, args, kwargs, nBinders);
}

std::vector<SugaredValuePtr> ModuleValue::entries(const jit::SourceRange& loc, jit::Emitter& m, const std::string& what) {
  auto items = containerItems(info_);
  std::vector<SugaredValuePtr> out;
  for (auto& [key, info] : items) {
    if (what == "keys") {
      out.push_back(jit::makeSimple(m.graph().insertConstant(jit::IValue(key), loc)));
      continue;
    }
    SugaredValuePtr sub = submodule(loc, m, key, info.get());
    if (what == "values") {
      out.push_back(sub);
    } else {
      SugaredValuePtr k = jit::makeSimple(m.graph().insertConstant(jit::IValue(key), loc));
      out.push_back(std::make_shared<jit::SugaredTupleValue>(std::vector<SugaredValuePtr>{k, sub}));
    }
  }
  return out;
}

SugaredValuePtr ModuleValue::iter(const jit::SourceRange& loc, jit::Emitter& m) {
  std::string cont = container();
  if (cont == "list") return std::make_shared<jit::SugaredTupleValue>(entries(loc, m, "values"));
  if (cont == "dict") return std::make_shared<jit::SugaredTupleValue>(entries(loc, m, "keys"));
  jit::throwErrorAt(loc, "'", self_->type()->repr_str(), "' object is not iterable (only ModuleList, Sequential and "
                    "ModuleDict modules are)");
}

std::optional<int64_t> ModuleValue::staticLen() {
  if (container().empty()) return std::nullopt;
  py::gil_scoped_acquire gil;
  return static_cast<int64_t>(py::len(info_.attr("items")()));
}

jit::Value* ModuleValue::len(const jit::SourceRange& loc, jit::Emitter& m) {
  std::optional<int64_t> n = staticLen();
  if (!n) jit::throwErrorAt(loc, "'", self_->type()->repr_str(), "' object has no len()");
  return m.graph().insertConstant(jit::IValue(*n), loc);
}

SugaredValuePtr ModuleValue::getitem(const jit::SourceRange& loc, jit::Emitter& m, jit::Value* idx,
                                     const jit::TypePtr& typeHint) {
  std::string cont = container();
  if (cont.empty()) return jit::makeSimple(self_)->getitem(loc, m, idx, typeHint);
  std::optional<jit::IValue> key = jit::toIValue(idx);
  auto items = containerItems(info_);
  std::string name;
  if (cont == "list") {
    if (!key || !key->isInt())
      jit::throwErrorAt(loc, "Index of a ModuleList or Sequential must be an integer literal (TorchScript unrolls "
                        "module containers)");
    int64_t i = key->toInt(), n = static_cast<int64_t>(items.size());
    if (i < 0) i += n;
    if (i < 0 || i >= n) jit::throwErrorAt(loc, "Index ", key->toInt(), " out of range of length ", n);
    name = items[static_cast<size_t>(i)].first;
  } else {
    if (!key || !key->isString()) jit::throwErrorAt(loc, "Key of a ModuleDict must be a string literal");
    name = key->toStringRef();
  }
  for (auto& [k, v] : items)
    if (k == name) return submodule(loc, m, name, v.get());
  jit::throwErrorAt(loc, "Key '", name, "' is not in the ModuleDict");
}

}  // namespace ember::python
