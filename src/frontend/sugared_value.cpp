#include "frontend/sugared_value.h"

#include <sstream>
#include <unordered_map>

#include "ember/core/symbols.h"
#include "ember/runtime/graph_function.h"
#include "frontend/builtin_call.h"
#include "frontend/error_report.h"
#include "frontend/ir_emitter.h"

namespace ember::jit {

Value* asSimple(const SugaredValuePtr& v) {
  if (auto s = std::dynamic_pointer_cast<SimpleValue>(v)) return s->getValue();
  return nullptr;
}

SugaredValuePtr makeSimple(Value* v) { return std::make_shared<SimpleValue>(v); }

// ---- SugaredValue defaults ----------------------------------------------------------------

Value* SugaredValue::asValue(const SourceRange& loc, Emitter&) {
  throwErrorAt(loc, kind(), " cannot be used as a value");
}

SugaredValuePtr SugaredValue::attr(const SourceRange& loc, Emitter&, const std::string& field) {
  throwErrorAt(loc, "attribute lookup is not defined on ", kind(), " (looking up '", field, "')");
}

bool SugaredValue::hasAttr(const SourceRange& loc, Emitter&, const std::string&) {
  throwErrorAt(loc, "hasattr's first argument must be an object or module, got ", kind());
}

void SugaredValue::setAttr(const SourceRange& loc, Emitter&, const std::string&, Value*) {
  throwErrorAt(loc, "attribute assignment is not defined on ", kind());
}

std::vector<SugaredValuePtr> SugaredValue::asTuple(const SourceRange& loc, Emitter&, std::optional<size_t>) {
  throwErrorAt(loc, kind(), " cannot be used as a tuple");
}

SugaredValuePtr SugaredValue::call(const SourceRange& loc, Emitter&, const std::vector<NamedValue>&,
                                   const std::vector<NamedValue>&, size_t) {
  throwErrorAt(loc, "cannot call a ", kind());
}

SugaredValuePtr SugaredValue::iter(const SourceRange& loc, Emitter&) {
  throwErrorAt(loc, kind(), " object is not iterable");
}

Value* SugaredValue::len(const SourceRange& loc, Emitter&) {
  throwErrorAt(loc, "'", kind(), "' object is not iterable");
}

SugaredValuePtr SugaredValue::getitem(const SourceRange& loc, Emitter&, Value*, const TypePtr&) {
  throwErrorAt(loc, "'", kind(), "' object is not subscriptable");
}

// ---- SimpleValue --------------------------------------------------------------------------

std::string SimpleValue::kind() const { return "value of type '" + value_->type()->annotation_str() + "'"; }

namespace {

const std::unordered_map<std::string, ScalarType>& tensorCastMethods() {
  static const std::unordered_map<std::string, ScalarType> kMethods = {
      {"byte", ScalarType::Byte},   {"char", ScalarType::Char},     {"double", ScalarType::Double},
      {"float", ScalarType::Float}, {"cfloat", ScalarType::ComplexFloat}, {"cdouble", ScalarType::ComplexDouble},
      {"int", ScalarType::Int},     {"long", ScalarType::Long},     {"short", ScalarType::Short},
      {"half", ScalarType::Half},  // no "bool": TorchScript 1.13 has no Tensor.bool()
  };
  return kMethods;
}

// Tensor and Device properties implemented as operators: field -> namespace.
const char* builtinPropertyNamespace(TypeKind kind, const std::string& field) {
  static const std::unordered_map<std::string, const char*> kTensor = {
      {"dtype", "prim"},        {"device", "prim"},      {"grad", "prim"},         {"data", "prim"},
      {"is_cpu", "prim"},       {"is_cuda", "prim"},      {"is_xpu", "prim"},      {"is_sparse", "prim"},    {"is_sparse_csr", "prim"},
      {"is_mkldnn", "prim"},    {"is_mps", "prim"},      {"is_quantized", "prim"}, {"is_vulkan", "prim"},
      {"is_ipu", "prim"},       {"is_meta", "prim"},     {"is_leaf", "aten"},      {"is_nested", "prim"},
      {"requires_grad", "prim"}, {"layout", "prim"},     {"T", "prim"},            {"H", "prim"},
      {"mT", "aten"},           {"mH", "aten"},          {"is_ort", "prim"},       {"ndim", "prim"},
      {"name", "prim"},         {"real", "aten"},        {"imag", "aten"},         {"retains_grad", "aten"},
  };
  static const std::unordered_map<std::string, const char*> kDevice = {{"type", "prim"}, {"index", "prim"}};
  const auto* table = kind == TypeKind::TensorType ? &kTensor : kind == TypeKind::DeviceObjType ? &kDevice : nullptr;
  if (!table) return nullptr;
  auto it = table->find(field);
  return it == table->end() ? nullptr : it->second;
}

// Emitting inside the __init__ of `cls` (so new attributes may be declared).
bool isInitializing(Emitter& m, const ClassTypePtr& cls) {
  Graph& g = m.graph();
  return m.function().name() == "__init__" && !g.inputs().empty() && g.inputs()[0]->type() == cls;
}

}  // namespace

SugaredValuePtr SimpleValue::attr(const SourceRange& loc, Emitter& m, const std::string& field) {
  Graph& g = m.graph();
  const TypePtr& type = value_->type();
  if (type->isSubtypeOf(*TensorType::get())) {
    if (auto it = tensorCastMethods().find(field); it != tensorCastMethods().end())
      return std::make_shared<TensorCastValue>(it->second, NamedValue("self", value_));
    if (field == "shape")  // `shape` is a builtin function that returns self.size()
      return makeSimple(emitBuiltinCall(loc, g, aten::size, {}, {}, NamedValue("self", value_)));
  }
  if (type->kind() == TypeKind::OptionalType && field == "unchecked_unwrap_optional")
    return makeSimple(emitBuiltinCall(loc, g, prim::unchecked_unwrap_optional, {NamedValue(value_)}, {}));
  TypeKind propKind = type->isSubtypeOf(*TensorType::get()) ? TypeKind::TensorType : type->kind();
  if (const char* ns = builtinPropertyNamespace(propKind, field))
    return makeSimple(emitBuiltinCall(loc, g, Symbol::fromNamespaceAndName(ns, field), {NamedValue(value_)}, {}));

  if (auto e = type->cast<EnumType>(); e && (field == "name" || field == "value")) {
    // prim::EnumValue's overloads differ only in their result: the node's output names the type.
    Node* n = g.insertNode(g.create(Symbol::prim(field == "name" ? "EnumName" : "EnumValue"), {value_}, 1));
    n->setSourceRange(loc);
    n->output()->setType(field == "name" ? StringType::get() : e->getValueType());
    return makeSimple(n->output());
  }
  if (auto tup = type->cast<TupleType>()) {
    if (tup->isNamed()) {
      if (auto idx = tup->fieldIndex(field)) {
        Value* i = g.insertConstant(IValue(static_cast<int64_t>(*idx)));
        Node* n = g.insertNode(g.createTupleIndex(value_, i, tup->elements()[*idx]));
        n->setSourceRange(loc);
        return makeSimple(n->output());
      }
    }
  } else if (auto cls = type->cast<ClassType>()) {
    if (cls->findMethod(field)) return std::make_shared<MethodValue>(value_, field);
    if (cls->hasAttribute(field)) {
      Node* n = g.insertNode(g.createGetAttr(value_, field));
      n->setSourceRange(loc);
      return makeSimple(n->output());
    }
  } else if (auto iface = type->cast<InterfaceType>()) {
    if (iface->getMethod(field)) return std::make_shared<MethodValue>(value_, field);
  }
  if (field == "type" && type->isSubtypeOf(*TensorType::get())) {
    if (auto b = BuiltinFunction::tryCreate(aten::to, NamedValue("self", value_))) return b;
  }
  if (auto b = BuiltinFunction::tryCreate(Symbol::aten(field), NamedValue("self", value_))) return b;
  if (type->isSubtypeOf(*TensorType::get()) && field == "tolist") return SpecialFormValue::create(prim::tolist);
  if (type->isSubtypeOf(*TensorType::get()) && field == "__getitem__") return SpecialFormValue::create(aten::index);
  std::ostringstream msg;
  msg << "'" << type->repr_str() << "' object has no attribute or method '" << field << "'.";
  if (type->kind() == TypeKind::ClassType) msg << " Did you forget to initialize an attribute in __init__()?";
  throwErrorAt(loc, msg.str());
}

bool SimpleValue::hasAttr(const SourceRange& loc, Emitter&, const std::string& field) {
  if (auto cls = value_->type()->cast<ClassType>()) return cls->hasAttribute(field) || cls->findMethod(field);
  if (auto tup = value_->type()->cast<TupleType>(); tup && tup->isNamed()) return tup->fieldIndex(field).has_value();
  throwErrorAt(loc, "hasattr's first argument must be an object or module, got ", value_->type()->repr_str());
}

namespace {
bool typeContains(const TypePtr& t, const ClassTypePtr& cls) {
  if (*t == *cls) return true;
  for (const TypePtr& inner : t->containedTypes())
    if (typeContains(inner, cls)) return true;
  return false;
}
}  // namespace

void checkAttributeNotRecursive(const SourceRange& loc, const ClassTypePtr& cls, const std::string& field,
                                const TypePtr& type) {
  if (typeContains(type, cls))
    throwErrorAt(loc, "Assignment to attribute '", field, "' cannot be of a type that contains class '",
                 cls->repr_str(), "'.\nClasses that recursively contain instances of themselves are not yet supported");
}

void SimpleValue::setAttr(const SourceRange& loc, Emitter& m, const std::string& field, Value* newValue) {
  auto cls = value_->type()->cast<ClassType>();
  if (!cls) throwErrorAt(loc, "Tried to set an attribute: ", field, " on a non-class: ", value_->type()->repr_str());
  Graph& g = m.graph();
  TypePtr expected;
  if (auto slot = cls->findAttributeSlot(field)) expected = cls->getAttribute(*slot);
  if (!expected) {
    if (!isInitializing(m, cls))
      throwErrorAt(loc, "Tried to set nonexistent attribute: ", field, ". Did you forget to initialize it in __init__()?");
    if (g.insertPoint()->owningBlock() != g.block())
      throwErrorAt(loc, "First assignment cannot be in a control-flow block. Initialize the field at the top level first");
    TypePtr t = newValue->type();
    if (newValue->node()->kind() == prim::EmptyListLiteral) {
      newValue = tryConvertToType(loc, g, ListType::ofTensors(), newValue, false);
      t = ListType::ofTensors();
    }
    checkAttributeNotRecursive(loc, cls, field, t);
    cls->addAttribute(field, unshapedType(t));
    expected = unshapedType(t);
  }
  newValue = tryConvertToType(loc, g, expected, newValue, true);
  if (!newValue->type()->isSubtypeOf(*expected))
    throwErrorAt(loc, "Wrong type for attribute assignment. Expected ", expected->repr_str(), " but got ",
                 newValue->type()->repr_str());
  Node* n = g.insertNode(g.createSetAttr(value_, field, newValue));
  n->setSourceRange(loc);
}

std::vector<SugaredValuePtr> SimpleValue::asTuple(const SourceRange& loc, Emitter& m, std::optional<size_t> sizeHint) {
  const TypePtr& type = value_->type();
  std::vector<SugaredValuePtr> out;
  if (type->kind() == TypeKind::TupleType) {
    for (Value* v : createTupleUnpack(value_)) out.push_back(makeSimple(v));
    return out;
  }
  if (type->kind() == TypeKind::ListType) {
    if (!sizeHint) throwErrorAt(loc, "cannot statically infer the expected size of a list in this context");
    Graph& g = m.graph();
    Node* unpack = g.insertNode(g.createListUnpack(value_, *sizeHint));
    unpack->setSourceRange(loc);
    for (Value* v : unpack->outputs()) out.push_back(makeSimple(v));
    return out;
  }
  if (type->kind() == TypeKind::AnyTupleType)
    throwErrorAt(loc, "Provided tuple is not fully defined/refined including its element types, please provide a "
                      "value of type like Tuple[int, int]");
  throwErrorAt(loc, type->repr_str(), " cannot be used as a tuple");
}

SugaredValuePtr SimpleValue::call(const SourceRange& loc, Emitter& m, const std::vector<NamedValue>& args,
                                  const std::vector<NamedValue>& kwargs, size_t nBinders) {
  if (auto fn = value_->type()->cast<FunctionType>())
    return FunctionValue(fn->function()).call(loc, m, args, kwargs, nBinders);
  if (auto cls = value_->type()->cast<ClassType>(); cls && cls->findMethod("__call__"))
    return MethodValue(value_, "__call__").call(loc, m, args, kwargs, nBinders);
  throwErrorAt(loc, "'", value_->type()->repr_str(), "' object is not callable");
}

SugaredValuePtr SimpleValue::iter(const SourceRange& loc, Emitter& m) {
  const TypePtr& type = value_->type();
  TypeKind k = type->kind();
  if (k == TypeKind::ListType || k == TypeKind::StringType || type->isSubtypeOf(*TensorType::get()))
    return shared_from_this();
  if (k == TypeKind::DictType)
    return makeSimple(emitBuiltinCall(loc, m.graph(), Symbol::aten("keys"), {NamedValue(value_)}, {}));
  if (k == TypeKind::TupleType) {
    std::vector<SugaredValuePtr> elems;
    for (Value* v : createTupleUnpack(value_)) elems.push_back(makeSimple(v));
    return std::make_shared<SugaredTupleValue>(std::move(elems));
  }
  throwErrorAt(loc, "'", type->repr_str(), "' object is not iterable");
}

std::optional<int64_t> SimpleValue::staticLen() {
  if (auto tup = value_->type()->castRaw<TupleType>()) return static_cast<int64_t>(tup->elements().size());
  return std::nullopt;
}

Value* SimpleValue::len(const SourceRange& loc, Emitter& m) {
  const TypePtr& type = value_->type();
  TypeKind k = type->kind();
  if (k == TypeKind::ListType || k == TypeKind::StringType || k == TypeKind::DictType ||
      type->isSubtypeOf(*TensorType::get()))
    return emitBuiltinCall(loc, m.graph(), aten::len, {NamedValue(value_)}, {});
  throwErrorAt(loc, "'", type->repr_str(), "' object is not iterable");
}

SugaredValuePtr SimpleValue::getitem(const SourceRange& loc, Emitter& m, Value* idx, const TypePtr& typeHint) {
  Graph& g = m.graph();
  const TypePtr& type = value_->type();
  TypeKind k = type->kind();
  if (k == TypeKind::ListType || k == TypeKind::StringType || k == TypeKind::DictType)
    return makeSimple(emitBuiltinCall(loc, g, aten::__getitem__, {NamedValue(value_), NamedValue(idx)}, {}));
  if (type->isSubtypeOf(*TensorType::get()))
    return makeSimple(emitBuiltinCall(loc, g, aten::select, {NamedValue(value_), NamedValue(int64_t(0)), NamedValue(idx)}, {}));
  if (auto cls = type->cast<ClassType>()) {
    if (cls->isModule() && typeHint) {
      Node* n = g.insertNode(g.create(prim::ModuleContainerIndex, {value_, idx}));
      n->output()->setType(typeHint);
      return makeSimple(n->output());
    }
    return attr(loc, m, "__getitem__")->call(loc, m, {NamedValue(idx)}, {}, 1);
  }
  throwErrorAt(loc, "'", type->repr_str(), "' object is not subscriptable");
}

// ---- Builtins -----------------------------------------------------------------------------

std::shared_ptr<BuiltinFunction> BuiltinFunction::tryCreate(Symbol symbol, const NamedValue& self) {
  Value* v = self.valueOrNull();
  TypePtr t = v ? v->type() : self.constant().type();
  if (!hasBuiltinMethod(symbol, t)) return nullptr;
  return std::make_shared<BuiltinFunction>(symbol, self);
}

SugaredValuePtr BuiltinFunction::call(const SourceRange& loc, Emitter& m, const std::vector<NamedValue>& args,
                                      const std::vector<NamedValue>& kwargs, size_t) {
  return makeSimple(emitBuiltinCall(loc, m.graph(), symbol_, args, kwargs, self_));
}

SugaredValuePtr CastValue::call(const SourceRange& loc, Emitter& m, const std::vector<NamedValue>& args,
                                const std::vector<NamedValue>& kwargs, size_t nBinders) {
  if (args.size() == 1 && kwargs.empty()) {
    Value* v = args[0].value(m.graph());
    // int(x) of an int is x itself (as for every cast to the value's own type)
    if (v->type()->isSubtypeOf(*type_)) return makeSimple(v);
    TypeKind from = v->type()->kind();
    if (type_->kind() == TypeKind::BoolType &&
        (from == TypeKind::StringType || from == TypeKind::ListType || from == TypeKind::DictType))
      return makeSimple(m.emitToBool(loc, v));  // bool(xs): len(xs) > 0
    if (type_->kind() == TypeKind::ListType || *type_ == *TensorType::get()) {
      if (v->type()->kind() == TypeKind::NumberType || v->type()->kind() == TypeKind::IntType ||
          v->type()->kind() == TypeKind::FloatType || v->type()->kind() == TypeKind::BoolType)
        return makeSimple(emitBuiltinCall(loc, m.graph(), symbol(), {NamedValue(v)}, {}));
    }
  }
  return BuiltinFunction::call(loc, m, args, kwargs, nBinders);
}

SugaredValuePtr TensorCastValue::call(const SourceRange& loc, Emitter& m, const std::vector<NamedValue>& args,
                                      const std::vector<NamedValue>& kwargs, size_t) {
  if (!args.empty()) throwErrorAt(loc, "Tensor cast methods take no positional arguments");
  std::vector<NamedValue> toArgs = {NamedValue(IValue(static_cast<int64_t>(dtype_)))};
  return makeSimple(emitBuiltinCall(loc, m.graph(), aten::to, toArgs, kwargs, self_));
}

SugaredValuePtr MagicMethod::call(const SourceRange& loc, Emitter& m, const std::vector<NamedValue>& args,
                                  const std::vector<NamedValue>& kwargs, size_t nBinders) {
  if (!args.empty()) {
    Value* self = args[0].valueOrNull();
    if (self) {
      if (auto cls = self->type()->cast<ClassType>()) {
        if (!cls->findMethod(name_))
          throwErrorAt(loc, "Class '", cls->name(), "' does not define '", name_, "'");
        std::vector<NamedValue> rest(args.begin() + 1, args.end());
        return MethodValue(self, name_).call(loc, m, rest, kwargs, nBinders);
      }
    }
  }
  return base_->call(loc, m, args, kwargs, nBinders);
}

SugaredValuePtr PrintValue::call(const SourceRange& loc, Emitter& m, const std::vector<NamedValue>& args,
                                 const std::vector<NamedValue>& kwargs, size_t) {
  Graph& g = m.graph();
  if (!kwargs.empty()) throwErrorAt(loc, "print doesn't accept any keyword arguments");
  std::vector<Value*> values;
  for (const NamedValue& a : args) {
    Value* v = a.value(g);
    if (v->node()->kind() == prim::EmptyListLiteral) v = tryConvertToType(loc, g, ListType::ofTensors(), v, false);
    values.push_back(v);
  }
  Node* n = g.insertNode(g.create(prim::Print, values, 0));
  n->setSourceRange(loc);
  return makeSimple(g.insertConstant(IValue()));
}

SugaredValuePtr ExceptionValue::call(const SourceRange& loc, Emitter& m, const std::vector<NamedValue>& args,
                                     const std::vector<NamedValue>& kwargs, size_t) {
  Graph& g = m.graph();
  if (qualifiedName_.empty()) {
    // AssertionError: the class name goes into the message, no class is recorded.
    Value* message = g.insertConstant(IValue(name_ + ": "), loc);
    for (const NamedValue& a : args) {
      Value* s = a.value(g);
      if (!s->type()->isSubtypeOf(*StringType::get())) s = emitBuiltinCall(loc, g, aten::str, {NamedValue(s)}, {});
      message = emitBuiltinCall(loc, g, aten::add, {NamedValue(message), NamedValue(s)}, {});
    }
    return std::make_shared<ExceptionMessageValue>(message, g.insertConstant(IValue()));
  }
  Value* message = nullptr;
  if (args.empty()) {
    message = g.insertConstant(IValue(std::string()), loc);
  } else if (args.size() == 1 && kwargs.empty()) {
    message = args[0].value(g);
  } else {
    std::vector<Value*> parts;
    for (const NamedValue& a : args) parts.push_back(a.value(g));
    for (const NamedValue& a : kwargs) parts.push_back(a.value(g));
    message = g.insertNode(g.createTuple(parts))->output();
  }
  return std::make_shared<ExceptionMessageValue>(message, g.insertConstant(IValue(qualifiedName_), loc));
}

// ---- Functions, methods, classes -----------------------------------------------------------

namespace {

const FunctionSchema& calleeSchema(const SourceRange& loc, Function* callee) {
  try {
    if (callee->isGraphFunction()) static_cast<GraphFunction*>(callee)->ensureDefined();
    return callee->getSchema();
  } catch (const ErrorReport&) {
    throw;
  } catch (const Error& e) {
    if (e.message().find("Recursive calls are not supported") != std::string::npos)
      throwErrorAt(loc, " function '", callee->name(), "' is called recursively. Recursive calls are not supported");
    throw;
  }
}

Value* emitFunctionConstant(Graph& g, Function* callee) {
  Node* c = g.insertNode(g.create(prim::Constant, {}, 1));
  c->s_(attr::name, callee->name());
  c->output()->setType(FunctionType::create(callee));
  return c->output();
}

}  // namespace

Value* FunctionValue::asValue(const SourceRange&, Emitter& m) { return emitFunctionConstant(m.graph(), callee_); }

SugaredValuePtr FunctionValue::call(const SourceRange& loc, Emitter& m, const std::vector<NamedValue>& args,
                                    const std::vector<NamedValue>& kwargs, size_t) {
  const FunctionSchema& schema = calleeSchema(loc, callee_);
  Graph& g = m.graph();
  PreparedCall prepared = matchSchemaAndPrepareInputs(loc, g, schema, args, kwargs);
  std::vector<Value*> inputs = {emitFunctionConstant(g, callee_)};
  inputs.insert(inputs.end(), prepared.inputs.begin(), prepared.inputs.end());
  Node* n = g.insertNode(g.create(prim::CallFunction, inputs, 1));
  n->setSourceRange(loc);
  n->output()->setType(prepared.match.returnTypes.empty() ? NoneType::get() : prepared.match.returnTypes[0]);
  return makeSimple(n->output());
}

SugaredValuePtr MethodValue::call(const SourceRange& loc, Emitter& m, const std::vector<NamedValue>& args,
                                  const std::vector<NamedValue>& kwargs, size_t) {
  Graph& g = m.graph();
  const FunctionSchema* schema = nullptr;
  if (auto cls = self_->type()->cast<ClassType>()) {
    Function* method = cls->findMethod(method_);
    if (!method) throwErrorAt(loc, "Class '", cls->name(), "' has no method '", method_, "'");
    schema = &calleeSchema(loc, method);
  } else if (auto iface = self_->type()->cast<InterfaceType>()) {
    schema = iface->getMethod(method_);
  }
  if (!schema) throwErrorAt(loc, "Cannot call method '", method_, "' on ", self_->type()->repr_str());
  PreparedCall prepared = matchSchemaAndPrepareInputs(loc, g, *schema, args, kwargs, NamedValue("self", self_));
  Node* n = g.insertNode(g.create(prim::CallMethod, prepared.inputs, 1));
  n->s_(attr::name, method_);
  n->setSourceRange(loc);
  n->output()->setType(prepared.match.returnTypes.empty() ? NoneType::get() : prepared.match.returnTypes[0]);
  return makeSimple(n->output());
}

SugaredValuePtr ClassValue::call(const SourceRange& loc, Emitter& m, const std::vector<NamedValue>& args,
                                 const std::vector<NamedValue>& kwargs, size_t nBinders) {
  Graph& g = m.graph();
  if (!type_->findMethod("__init__")) throwErrorAt(loc, "Class ", type_->name(), " does not have an __init__ function defined");
  Node* n = g.insertNode(g.create(prim::CreateObject, {}, 1));
  n->setSourceRange(loc);
  n->output()->setType(type_);
  Value* self = n->output();
  MethodValue(self, "__init__").call(loc, m, args, kwargs, nBinders);
  return makeSimple(self);
}

SugaredValuePtr ClassValue::attr(const SourceRange& loc, Emitter& m, const std::string& field) {
  // `Class.__new__(Class)` in archive code: an object with every attribute unset, which the code
  // then initialises with `(obj).__init__(...)`.
  if (field == "__new__") return SpecialFormValue::create(prim::CreateObject);
  // `Point.origin()`: a @staticmethod, declared as the function `<class>.origin`.
  if (!type_->findMethod(field))
    if (Function* fn = m.cu().findFunction(type_->qualifiedName() + "." + field)) return std::make_shared<FunctionValue>(fn);
  return SugaredValue::attr(loc, m, field);
}

SugaredValuePtr EnumClassValue::attr(const SourceRange& loc, Emitter& m, const std::string& field) {
  if (!type_->findValue(field)) throwErrorAt(loc, "'", type_->repr_str(), "' has no attribute '", field, "'");
  return makeSimple(m.graph().insertConstant(IValue(EnumHolder::create(type_, field)), loc));
}

SugaredValuePtr EnumClassValue::iter(const SourceRange& loc, Emitter& m) {
  std::vector<IValue> members;
  for (const auto& nv : type_->enumNamesValues()) members.emplace_back(EnumHolder::create(type_, nv.first));
  Value* list = m.graph().insertConstant(makeList(type_, std::move(members)), loc);
  return makeSimple(list)->iter(loc, m);
}

SugaredValuePtr NamedTupleConstructor::call(const SourceRange& loc, Emitter& m, const std::vector<NamedValue>& args,
                                            const std::vector<NamedValue>& kwargs, size_t) {
  Graph& g = m.graph();
  const auto& names = type_->schema()->fieldNames;
  const auto& types = type_->elements();
  std::vector<Argument> formals;
  for (size_t i = 0; i < names.size(); ++i) {
    std::optional<IValue> def;
    if (i < defaults_.size()) def = defaults_[i];
    formals.emplace_back(names[i], types[i], nullptr, std::nullopt, def);
  }
  FunctionSchema schema(type_->schema()->qualifiedName, "", formals, {Argument("", type_)});
  PreparedCall prepared = matchSchemaAndPrepareInputs(loc, g, schema, args, kwargs);
  Node* n = g.insertNode(g.createTuple(prepared.inputs, type_));
  n->setSourceRange(loc);
  return makeSimple(n->output());
}

Value* SugaredTupleValue::asValue(const SourceRange& loc, Emitter& m) {
  std::vector<Value*> values;
  for (const auto& v : tup_) values.push_back(v->asValue(loc, m));
  return m.graph().insertNode(m.graph().createTuple(values))->output();
}

SugaredValuePtr SugaredTupleValue::getitem(const SourceRange& loc, Emitter& m, Value* idx, const TypePtr&) {
  auto c = toIValue(idx);
  if (!c || !c->isInt()) throwErrorAt(loc, "Expected integer literal for index but got a variable or non-integer.");
  int64_t i = c->toInt();
  int64_t n = static_cast<int64_t>(tup_.size());
  if (i < 0) i += n;
  if (i < 0 || i >= n) throwErrorAt(loc, "Index ", c->toInt(), " out of range of length ", n);
  (void)m;
  return tup_[static_cast<size_t>(i)];
}

SugaredValuePtr ClosureValue::call(const SourceRange& loc, Emitter&, const std::vector<NamedValue>&,
                                   const std::vector<NamedValue>&, size_t) {
  throwErrorAt(loc, "cannot call a closure");
}

}  // namespace ember::jit
