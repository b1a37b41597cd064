#include "ember/core/schema_matching.h"

#include <sstream>

#include "ember/core/symbols/aten.h"

namespace ember::jit {
namespace {

TypePtr unwrapOptional(const TypePtr& t) {
  if (auto o = t->castRaw<OptionalType>()) return o->getElementType();
  return t;
}

// A homogeneous tuple (or a list) whose elements fit the list's element type.
bool convertibleToList(const TypePtr& type, const TypePtr& listType) {
  auto list = listType->castRaw<ListType>();
  if (!list) return false;
  if (type->isSubtypeOf(*listType)) return true;
  if (auto tup = type->castRaw<TupleType>()) {
    for (const auto& e : tup->elements())
      if (!e->isSubtypeOf(*list->getElementType())) return false;
    return true;
  }
  return false;
}

bool isIntOrFloatUsedAsList(const TypePtr& actual, const Argument& arg) {
  if (actual->kind() != TypeKind::IntType && actual->kind() != TypeKind::FloatType) return false;
  auto list = unwrapOptional(arg.type())->castRaw<ListType>();
  return list && *list->getElementType() == *actual && arg.N();
}

// zeros(2, 3): the last non-keyword list argument (not a sized list, not of type variables)
// may take the remaining positional arguments.
bool varargsCanBeUsedAsList(const FunctionSchema& schema, size_t i, const Argument& arg) {
  bool isLast = i + 1 == schema.arguments().size() || schema.arguments()[i + 1].kwargOnly();
  auto list = arg.type()->castRaw<ListType>();
  bool typeVarList = list && list->getElementType()->kind() == TypeKind::VarType;
  return isLast && list && !arg.N() && !typeVarList;
}

std::string typeMismatchMessage(const Argument& arg, const std::string& actual) {
  return "Expected a value of type '" + arg.type()->repr_str() + "' for argument '" + arg.name() +
         "' but instead found type '" + actual + "'.\n";
}

class Matcher {
 public:
  Matcher(const FunctionSchema& schema, std::ostream* failures, bool allowConversions)
      : schema_(schema), failures_(failures), allowConversions_(allowConversions) {}

  std::ostream& err() {
    *failures_ << "\n" << schema_ << ":\n";
    return *failures_;
  }

  // Applies the implicit conversions TorchScript allows; returns the converted type.
  TypePtr convert(const TypePtr& concrete, TypePtr actual, bool emptyList, ArgumentSource& src) {
    if (auto opt = concrete->castRaw<OptionalType>()) {
      if (actual->kind() != TypeKind::OptionalType && actual->kind() != TypeKind::NoneType)
        return convert(opt->getElementType(), actual, emptyList, src);
    }
    if (emptyList && concrete->kind() == TypeKind::ListType) {
      src.conversion = ArgumentSource::Conversion::EmptyListToTyped;
      return concrete;
    }
    if (actual->kind() == TypeKind::TupleType && convertibleToList(actual, unwrapOptional(concrete)) &&
        !actual->isSubtypeOf(*unwrapOptional(concrete))) {
      src.conversion = ArgumentSource::Conversion::TupleToList;
      return unwrapOptional(concrete);
    }
    if (!allowConversions_) return actual;
    auto ck = concrete->kind();
    bool toFloat = ck == TypeKind::FloatType, toInt = ck == TypeKind::IntType;
    bool toComplex = ck == TypeKind::ComplexType, toNumber = ck == TypeKind::NumberType;
    auto set = [&](ArgumentSource::Conversion c, Symbol op) {
      src.conversion = c;
      src.conversionOp = op;
      return concrete;
    };
    if (actual->isSubtypeOf(*TensorType::get())) {
      if (toFloat) return set(ArgumentSource::Conversion::TensorToNum, Symbol::aten("FloatImplicit"));
      if (toComplex) return set(ArgumentSource::Conversion::TensorToNum, Symbol::aten("ComplexImplicit"));
      if (toInt) return set(ArgumentSource::Conversion::TensorToNum, Symbol::aten("IntImplicit"));
      if (toNumber) return set(ArgumentSource::Conversion::TensorToNum, Symbol::aten("ScalarImplicit"));
    } else if (*actual == *NumberType::get()) {
      if (toFloat) return set(ArgumentSource::Conversion::NumberCast, aten::Float);
      if (toComplex) return set(ArgumentSource::Conversion::NumberCast, aten::Complex);
      if (toInt) return set(ArgumentSource::Conversion::NumberCast, aten::Int);
    }
    // A bool is not converted: `True < 2` and `True + 1` are rejected, as in TorchScript 1.13.
    if (actual->isSubtypeOf(*StringType::get()) && concrete->isSubtypeOf(*DeviceObjType::get()))
      return set(ArgumentSource::Conversion::StrToDevice, Symbol::aten("device"));
    return actual;
  }

  bool matchArgument(const Argument& arg, const CallArgument& actualArg, ArgumentSource& src) {
    TypePtr actual = actualArg.type;
    if (isIntOrFloatUsedAsList(actual, arg)) {
      actual = ListType::create(actual);
      src.conversion = ArgumentSource::Conversion::RepeatToList;
    }
    auto matched = matchTypeVariables(arg.type(), actual, env_);
    if (!matched.success()) {
      if (failures_)
        err() << "Could not match type " << actual->repr_str() << " to " << arg.type()->repr_str() << " in argument '"
              << arg.name() << "': " << *matched.reason << ".\n";
      return false;
    }
    TypePtr concrete = tryEvalTypeVariables(arg.type(), env_);
    if (!concrete) {
      if (failures_)
        err() << "Type variables in type " << arg.type()->repr_str() << " could not be inferred from actual type "
              << actual->repr_str();
      return false;
    }
    TypePtr converted = convert(concrete, actual, actualArg.isEmptyListLiteral, src);
    std::ostringstream why;
    if (!converted->isSubtypeOfExt(*concrete, failures_ ? &why : nullptr)) {
      if (failures_) {
        auto& os = err() << typeMismatchMessage(arg, actual->repr_str());
        if (auto l = actual->castRaw<ListType>(); l && l->getElementType()->isSubtypeOf(*TensorType::get()))
          os << "Empty lists default to List[Tensor]. Add a variable annotation to the assignment to create an "
                "empty list of another type (torch.jit.annotate(List[T, []]) where T is the type of elements in "
                "the list for Python 2)\n";
        os << why.str();
      }
      return false;
    }
    src.type = concrete;
    return true;
  }

  // Packs args[from..] into the list argument `arg`.
  bool matchPackedList(const Argument& arg, const std::vector<CallArgument>& args, size_t from, ArgumentSource& src) {
    TypePtr elem = unwrapOptional(arg.type())->expectRef<ListType>().getElementType();
    Argument elemArg(arg.name(), elem);
    for (size_t i = from; i < args.size(); ++i) {
      ArgumentSource ignored;
      if (!matchArgument(elemArg, args[i], ignored)) return false;
    }
    src.kind = ArgumentSource::Kind::PackedList;
    src.index = from;
    src.type = ListType::create(tryEvalTypeVariables(elem, env_));
    return true;
  }

  std::optional<MatchedSchema> run(const std::vector<CallArgument>& args, const std::vector<CallArgument>& kwargs,
                                   std::optional<CallArgument> self) {
    MatchedSchema result;
    result.schema = &schema_;
    std::vector<bool> usedKwarg(kwargs.size(), false);
    size_t usedArgs = 0;
    const auto& formals = schema_.arguments();
    for (size_t i = 0; i < formals.size(); ++i) {
      const Argument& arg = formals[i];
      ArgumentSource src;
      const CallArgument* actual = nullptr;
      CallArgument defaultArg;
      if (arg.name() == "self" && self) {
        src.kind = ArgumentSource::Kind::Self;
        actual = &*self;
        self.reset();
      } else if (!arg.kwargOnly() && usedArgs < args.size()) {
        if (allowConversions_ && varargsCanBeUsedAsList(schema_, i, arg)) {
          const TypePtr& t = args[usedArgs].type;
          if (t->kind() != TypeKind::ListType && !convertibleToList(t, unwrapOptional(arg.type()))) {
            if (!matchPackedList(arg, args, usedArgs, src)) return std::nullopt;
            usedArgs = args.size();
            result.inputs.push_back(src);
            continue;
          }
        }
        src.kind = ArgumentSource::Kind::Positional;
        src.index = usedArgs;
        actual = &args[usedArgs++];
      } else if (auto k = findKwarg(arg.name(), kwargs, isAten_)) {
        if (usedKwarg[*k]) {
          if (failures_) err() << "Argument " << arg.name() << " specified twice in schema, submit a bug report!\n";
          return std::nullopt;
        }
        usedKwarg[*k] = true;
        src.kind = ArgumentSource::Kind::Keyword;
        src.index = *k;
        actual = &kwargs[*k];
      } else if (arg.defaultValue()) {
        src.kind = ArgumentSource::Kind::Default;
        defaultArg.type = defaultValueType(arg);
        actual = &defaultArg;
      } else {
        if (failures_) err() << "Argument " << arg.name() << " not provided.\n";
        return std::nullopt;
      }
      if (!matchArgument(arg, *actual, src)) return std::nullopt;
      result.inputs.push_back(src);
    }
    if (self) {
      if (failures_) err() << "Provided self argument not used in schema.\n";
      return std::nullopt;
    }
    if (schema_.isVararg())
      for (; usedArgs < args.size(); ++usedArgs) result.varargs.push_back(usedArgs);
    if (usedArgs < args.size()) {
      if (failures_)
        err() << "Expected at most " << usedArgs << " arguments but found " << args.size()
              << " positional arguments.\n";
      return std::nullopt;
    }
    for (size_t i = 0; i < kwargs.size(); ++i) {
      if (usedKwarg[i]) continue;
      if (failures_) {
        if (!schema_.argumentIndexWithName(kwargs[i].name)) err() << "Keyword argument " << kwargs[i].name << " unknown.\n";
        else err() << "Keyword argument " << kwargs[i].name << " specified twice.\n";
      }
      return std::nullopt;
    }
    bool allNamed = !schema_.returns().empty();
    for (const auto& r : schema_.returns()) {
      TypePtr t = tryEvalTypeVariables(r.type(), env_);
      if (!t) {
        if (failures_) err() << "Return type " << r.type()->repr_str() << " has unbound type variables.\n";
        return std::nullopt;
      }
      result.returnTypes.push_back(t);
      allNamed &= !r.name().empty();
    }
    if (allNamed) {
      result.returnFieldNames.emplace();
      for (const auto& r : schema_.returns()) result.returnFieldNames->push_back(r.name());
    }
    result.schemaName = schema_.operatorName().str();
    return result;
  }

 private:
  // TorchScript lets `input=` name the `self` of an aten operator (torch.sum(input=x)), since the
  // Python functions call that argument `input`.
  static std::optional<size_t> findKwarg(const std::string& name, const std::vector<CallArgument>& kwargs,
                                         bool isAten) {
    for (size_t i = 0; i < kwargs.size(); ++i) {
      if (isAten && name == "self" && kwargs[i].name == "input") return i;
      if (kwargs[i].name == name) return i;
    }
    return std::nullopt;
  }

  // A default's type, as the constant it becomes: None stays None so that Optional matches;
  // otherwise the argument's own type (with `int[2] stride=1` already a list).
  static TypePtr defaultValueType(const Argument& arg) {
    if (arg.defaultValue()->isNone()) return NoneType::get();
    if (arg.type()->hasFreeVariables()) return arg.defaultValue()->type();
    return unwrapOptional(arg.type());
  }

  const FunctionSchema& schema_;
  std::ostream* failures_;
  bool allowConversions_;
  bool isAten_ = schema_.name().starts_with("aten::");
  TypeEnv env_;
};

// TorchScript never resolves a call to aten::view.dtype: a dtype is an int in TorchScript, so
// `x.view(-1)` would take it; `x.view(torch.int8)` therefore also means a view of size [1]
// (PyTorch issue 47964). Nodes read from IR or archives may still call it.
bool blockedForCalls(const FunctionSchema& schema) {
  return schema.name() == "aten::view" && schema.overloadName() == "dtype";
}

std::string prefixLines(const std::string& s, const std::string& prefix) {
  std::string out;
  bool atLineStart = true;
  for (char c : s) {
    if (atLineStart) out += prefix;
    out += c;
    atLineStart = c == '\n';
  }
  return out;
}

}  // namespace

std::optional<MatchedSchema> tryMatchSchema(const FunctionSchema& schema, const std::vector<CallArgument>& args,
                                            const std::vector<CallArgument>& kwargs,
                                            const std::optional<CallArgument>& self, std::ostream* failureMessages,
                                            bool allowConversions) {
  for (const auto& a : args) EMBER_CHECK(a.type, "call argument without a type");
  for (const auto& a : kwargs) EMBER_CHECK(a.type && !a.name.empty(), "keyword argument without a name or type");
  return Matcher(schema, failureMessages, allowConversions).run(args, kwargs, self);
}

MatchedSchema matchSchema(const FunctionSchema& schema, const std::vector<CallArgument>& args,
                          const std::vector<CallArgument>& kwargs, const std::optional<CallArgument>& self) {
  std::ostringstream failures;
  if (blockedForCalls(schema)) EMBER_ERROR(schema, " cannot be called from TorchScript.\n");
  if (auto r = tryMatchSchema(schema, args, kwargs, self, &failures, /*allowConversions=*/true)) return *r;
  EMBER_ERROR(failures.str());
}

std::pair<size_t, MatchedSchema> matchSchemas(const std::vector<const FunctionSchema*>& schemas,
                                              const std::vector<CallArgument>& args,
                                              const std::vector<CallArgument>& kwargs,
                                              const std::optional<CallArgument>& self) {
  EMBER_CHECK(!schemas.empty(), "matchSchemas needs at least one schema");
  if (schemas.size() == 1) return {0, matchSchema(*schemas[0], args, kwargs, self)};
  // Matching without conversions first keeps an exact overload from losing to one that only
  // fits through a conversion listed earlier.
  for (bool allowConversions : {false, true}) {
    for (size_t i = 0; i < schemas.size(); ++i) {
      if (blockedForCalls(*schemas[i])) continue;
      if (auto r = tryMatchSchema(*schemas[i], args, kwargs, self, nullptr, allowConversions)) return {i, *r};
    }
  }
  std::ostringstream failures;
  for (const auto* s : schemas)
    if (!blockedForCalls(*s)) tryMatchSchema(*s, args, kwargs, self, &failures, true);
  EMBER_ERROR("Arguments for call are not valid.\nThe following variants are available:\n",
              prefixLines(failures.str(), "  "));
}

MatchedOperator matchOperator(const OperatorRegistry& registry, Symbol name, const std::vector<CallArgument>& args,
                              const std::vector<CallArgument>& kwargs, const std::optional<CallArgument>& self) {
  auto ops = registry.getAllOperatorsFor(name);
  EMBER_CHECK(!ops.empty(), "Unknown builtin op: ", name.toQualString(), ".");
  std::vector<const FunctionSchema*> schemas;
  for (const auto& op : ops) schemas.push_back(&op->schema());
  auto [index, match] = matchSchemas(schemas, args, kwargs, self);
  return {ops[index], std::move(match)};
}

}  // namespace ember::jit
