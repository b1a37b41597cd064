#include "frontend/builtin_call.h"

#include <sstream>

#include "ember/core/operator.h"
#include "ember/core/symbols.h"
#include "frontend/builtin_functions.h"
#include "frontend/error_report.h"

namespace ember::jit {
namespace {

CallArgument toCallArgument(const NamedValue& v) {
  CallArgument a;
  a.name = v.name().value_or("");
  if (v.isConstant()) {
    a.type = v.constant().type();
  } else {
    a.type = v.valueOrNull()->type();
    a.isEmptyListLiteral = v.valueOrNull()->node()->kind() == prim::EmptyListLiteral;
  }
  return a;
}

std::vector<CallArgument> toCallArguments(ArrayRef<NamedValue> values) {
  std::vector<CallArgument> out;
  out.reserve(values.size());
  for (const NamedValue& v : values) out.push_back(toCallArgument(v));
  return out;
}

Value* listFromTuple(Graph& g, Value* tuple, const TypePtr& listType) {
  std::vector<Value*> elems = createTupleUnpack(tuple);
  return g.insertNode(g.createList(listType->expectRef<ListType>().getElementType(), elems))->output();
}

TypePtr unwrapOptional(const TypePtr& t) {
  if (auto o = t->castRaw<OptionalType>()) return o->getElementType();
  return t;
}

// Applies the conversion the matcher chose for one argument.
Value* applyConversion(Graph& g, const SourceRange& loc, const ArgumentSource& src, const Argument& formal, Value* v) {
  using C = ArgumentSource::Conversion;
  switch (src.conversion) {
    case C::None: return v;
    case C::RepeatToList: {
      std::vector<Value*> items(static_cast<size_t>(formal.N().value_or(1)), v);
      return g.insertNode(g.createList(v->type(), items))->output();
    }
    case C::TupleToList: return listFromTuple(g, v, unwrapOptional(src.type));
    case C::EmptyListToTyped: {
      TypePtr list = unwrapOptional(src.type);
      if (v->node()->kind() != prim::EmptyListLiteral) return v;
      return g.insertNode(g.createList(list->expectRef<ListType>().getElementType(), {}))->output();
    }
    default: {
      Node* conv = g.insertNode(g.create(src.conversionOp, {v}));
      conv->setSourceRange(loc);
      conv->output()->setType(unwrapOptional(src.type));
      return conv->output();
    }
  }
}

std::vector<Value*> materializeInputs(const SourceRange& loc, Graph& g, const MatchedSchema& m,
                                      ArrayRef<NamedValue> args, ArrayRef<NamedValue> kwargs,
                                      const std::optional<NamedValue>& self) {
  std::vector<Value*> inputs;
  const auto& formals = m.schema->arguments();
  for (size_t i = 0; i < m.inputs.size(); ++i) {
    const ArgumentSource& src = m.inputs[i];
    Value* v = nullptr;
    switch (src.kind) {
      case ArgumentSource::Kind::Positional: v = args[src.index].value(g); break;
      case ArgumentSource::Kind::Keyword: v = kwargs[src.index].value(g); break;
      case ArgumentSource::Kind::Self: v = self->value(g); break;
      case ArgumentSource::Kind::Default: {
        const auto& def = formals[i].defaultValue();
        EMBER_ASSERT(def.has_value(), "matched a default for an argument without one");
        v = g.insertConstant(*def);
        // None defaults of Optional arguments keep the NoneType constant; typed list defaults
        // are constants of the argument's list type.
        break;
      }
      case ArgumentSource::Kind::PackedList: {
        std::vector<Value*> items;
        for (size_t k = src.index; k < args.size(); ++k) items.push_back(args[k].value(g));
        TypePtr listType = unwrapOptional(src.type);
        TypePtr elem = listType->castRaw<ListType>() ? listType->expectRef<ListType>().getElementType()
                                                     : (items.empty() ? IntType::get() : items[0]->type());
        v = g.insertNode(g.createList(elem, items))->output();
        inputs.push_back(v);
        continue;
      }
    }
    inputs.push_back(applyConversion(g, loc, src, formals[i], v));
  }
  for (size_t k : m.varargs) inputs.push_back(args[k].value(g));
  return inputs;
}

std::string errorText(const Error& e) {
  std::string msg = e.message();
  while (!msg.empty() && msg.back() == '\n') msg.pop_back();
  return msg;
}

}  // namespace

std::vector<Value*> createTupleUnpack(Value* v) {
  if (v->node()->kind() == prim::TupleConstruct) {
    auto ins = v->node()->inputs();
    return std::vector<Value*>(ins.begin(), ins.end());
  }
  Graph& g = *v->owningGraph();
  Node* n = g.insertNode(g.createTupleUnpack(v));
  return std::vector<Value*>(n->outputs().begin(), n->outputs().end());
}

Value* packOutputs(Graph& g, ArrayRef<Value*> values, const std::optional<std::vector<std::string>>& fieldNames) {
  if (values.size() == 1) return values[0];
  TupleTypePtr type;
  if (fieldNames && fieldNames->size() == values.size()) {
    std::vector<TypePtr> types;
    for (Value* v : values) types.push_back(v->type());
    type = TupleType::createNamed("", *fieldNames, types);
  }
  return g.insertNode(g.createTuple(values, type))->output();
}

bool hasBuiltinOperator(Symbol name) { return !OperatorRegistry::global().getAllOperatorsFor(name).empty(); }

// A method exists when an overload has an argument named `self` (anywhere: `x.polygamma(2)` is
// aten::polygamma(int n, Tensor self)) that takes the receiver's type; the call binds the
// receiver to that argument, as PyTorch's schema matching does.
bool hasBuiltinMethod(Symbol name, const TypePtr& selfType) {
  for (const OperatorPtr& op : OperatorRegistry::global().getAllOperatorsFor(name)) {
    for (const Argument& arg : op->schema().arguments()) {
      if (arg.name() != "self") continue;
      TypeEnv env;
      if (matchTypeVariables(arg.type(), selfType, env).success()) return true;
      break;
    }
  }
  return false;
}

Value* emitBuiltinCall(const SourceRange& loc, Graph& g, Symbol name, ArrayRef<NamedValue> args,
                       ArrayRef<NamedValue> kwargs, const std::optional<NamedValue>& self) {
  std::vector<CallArgument> callArgs = toCallArguments(args), callKwargs = toCallArguments(kwargs);
  std::optional<CallArgument> callSelf;
  if (self) callSelf = toCallArgument(*self);
  // Operators first, then the builtin functions of that name, as TorchScript lists them.
  auto ops = OperatorRegistry::global().getAllOperatorsFor(name);
  const std::vector<Function*>& functions = builtinFunctionsFor(name);
  std::vector<const FunctionSchema*> schemas;
  for (const auto& op : ops) schemas.push_back(&op->schema());
  for (Function* f : functions) schemas.push_back(&f->getSchema());
  std::pair<size_t, MatchedSchema> matched;
  try {
    EMBER_CHECK(!schemas.empty(), "Unknown builtin op: ", name.toQualString(), ".");
    matched = matchSchemas(schemas, callArgs, callKwargs, callSelf);
  } catch (const ErrorReport&) {
    throw;
  } catch (const Error& e) {
    throwErrorAt(loc, errorText(e), "\nThe original call is");
  }
  const MatchedSchema& m = matched.second;
  std::vector<Value*> inputs = materializeInputs(loc, g, m, args, kwargs, self);
  if (matched.first >= ops.size()) {
    // Builtin functions are small wrappers: inlined, as TorchScript does.
    Function* fn = functions[matched.first - ops.size()];
    return fn->graph()->insertGraphInto(g, inputs).at(0);
  }
  Node* n = g.insertNode(g.create(name, inputs, 0));
  n->setSourceRange(loc);
  for (const TypePtr& t : m.returnTypes) n->addOutput()->setType(t);
  // An operator without results gives an empty tuple (`torch.sort([1])` is `()`), as in PyTorch.
  return packOutputs(g, n->outputs(), m.returnFieldNames);
}

PreparedCall matchSchemaAndPrepareInputs(const SourceRange& loc, Graph& g, const FunctionSchema& schema,
                                         ArrayRef<NamedValue> args, ArrayRef<NamedValue> kwargs,
                                         const std::optional<NamedValue>& self) {
  std::vector<CallArgument> callArgs = toCallArguments(args), callKwargs = toCallArguments(kwargs);
  std::optional<CallArgument> callSelf;
  if (self) callSelf = toCallArgument(*self);
  PreparedCall out;
  try {
    out.match = matchSchema(schema, callArgs, callKwargs, callSelf);
  } catch (const ErrorReport&) {
    throw;
  } catch (const Error& e) {
    throwErrorAt(loc, errorText(e));
  }
  out.inputs = materializeInputs(loc, g, out.match, args, kwargs, self);
  return out;
}

Value* tryConvertToType(const SourceRange& loc, Graph& g, const TypePtr& concrete, Value* v, bool allowConversions) {
  TypePtr target = unwrapOptional(concrete);
  if (v->type()->isSubtypeOf(*concrete)) return v;
  // An unannotated `[]` takes the type it is used as.
  if (v->node()->kind() == prim::EmptyListLiteral && target->kind() == TypeKind::ListType)
    return g.insertNode(g.createList(target->expectRef<ListType>().getElementType(), {}))->output();
  if (auto tup = v->type()->castRaw<TupleType>()) {
    if (auto list = target->castRaw<ListType>()) {
      bool fits = true;
      for (const auto& e : tup->elements()) fits = fits && e->isSubtypeOf(*list->getElementType());
      if (fits) return listFromTuple(g, v, target);
    }
    // Tuples convert element by element (a Scalar from item() to float, a Tensor to int, ...);
    // an element that cannot convert is left for the caller's type check to report.
    auto want = target->castRaw<TupleType>();
    if (want && !v->type()->isSubtypeOf(*target) && want->elements().size() == tup->elements().size()) {
      std::vector<Value*> items = createTupleUnpack(v);
      for (size_t i = 0; i < items.size(); ++i)
        items[i] = tryConvertToType(loc, g, want->elements()[i], items[i], allowConversions);
      v = g.insertNode(g.createTuple(items))->output();
    }
  }
  if (!allowConversions) return v;
  auto insertConv = [&](Symbol op, const TypePtr& out) {
    Node* n = g.insertNode(g.create(op, {v}));
    n->setSourceRange(loc);
    n->output()->setType(out);
    return n->output();
  };
  TypeKind k = target->kind();
  if (v->type()->isSubtypeOf(*TensorType::get())) {
    if (k == TypeKind::IntType) return insertConv(aten::IntImplicit, target);
    if (k == TypeKind::FloatType) return insertConv(aten::FloatImplicit, target);
    if (k == TypeKind::ComplexType) return insertConv(Symbol::aten("ComplexImplicit"), target);
    if (k == TypeKind::NumberType) return insertConv(aten::ScalarImplicit, target);
  } else if (v->type()->kind() == TypeKind::NumberType) {  // not bool: TorchScript 1.13 rejects True as an int
    if (k == TypeKind::IntType) return insertConv(aten::Int, target);
    if (k == TypeKind::FloatType) return insertConv(aten::Float, target);
  }
  if (v->type()->kind() == TypeKind::StringType && k == TypeKind::DeviceObjType)
    return insertConv(Symbol::aten("device"), target);
  return v;
}

}  // namespace ember::jit
