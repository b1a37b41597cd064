#include "frontend/environment.h"

#include <sstream>
#include <unordered_map>

#include "ember/core/symbols.h"
#include "frontend/builtin_call.h"
#include "frontend/error_report.h"
#include "frontend/ir_emitter.h"

namespace ember::jit {

Environment::Environment(Emitter& m, ResolverPtr resolver, Block* block, std::shared_ptr<Environment> next)
    : m_(m), resolver_(std::move(resolver)), block_(block), next_(std::move(next)) {}

Value* Environment::insertLoad(const std::string& name, const TypePtr& type) {
  Graph& g = m_.graph();
  Node* n = g.insertNode(g.create(presa::load(), {}, 1));
  n->s_(attr::name, name);
  n->output()->setType(type);
  n->output()->setDebugName(name);
  return n->output();
}

void Environment::insertStore(const std::string& name, const SourceRange& loc, Value* v, const TypePtr& type) {
  Graph& g = m_.graph();
  Node* n = g.insertNode(g.create(presa::store(), {v}, 0));
  n->s_(attr::name, name);
  n->setSourceRange(loc);
  typeTable_[name] = type;
}

SugaredValuePtr Environment::findInThisFrame(const std::string& name) {
  if (auto it = valueTable_.find(name); it != valueTable_.end()) return it->second;
  if (auto it = typeTable_.find(name); it != typeTable_.end()) return makeSimple(insertLoad(name, it->second));
  return nullptr;
}

SugaredValuePtr Environment::findInParentFrame(const std::string& name) {
  return next_ ? next_->findInAnyFrame(name) : nullptr;
}

SugaredValuePtr Environment::findInAnyFrame(const std::string& name) {
  for (Environment* e = this; e; e = e->next_.get())
    if (auto v = e->findInThisFrame(name)) return v;
  return nullptr;
}

TypePtr Environment::findTypeInAnyFrame(const std::string& name) const {
  for (const Environment* e = this; e; e = e->next_.get()) {
    if (e->valueTable_.count(name)) return nullptr;
    if (auto it = e->typeTable_.find(name); it != e->typeTable_.end()) return it->second;
  }
  return nullptr;
}

TypePtr Environment::findTypeInParentFrame(const std::string& name) const {
  return next_ ? next_->findTypeInAnyFrame(name) : nullptr;
}

std::vector<std::string> Environment::definedVariables() const {
  std::vector<std::string> out;
  for (const auto& [name, type] : typeTable_) out.push_back(name);
  return out;
}

void Environment::setVariableTypeError(const std::string& name, std::function<std::string()> message) {
  errorMessages_[name] = std::move(message);
}

std::optional<std::string> Environment::findVariableTypeError(const std::string& name) const {
  for (const Environment* e = this; e; e = e->next_.get())
    if (auto it = e->errorMessages_.find(name); it != e->errorMessages_.end()) return it->second();
  return std::nullopt;
}

void Environment::removeVariable(const std::string& name) {
  for (Environment* e = this; e; e = e->next_.get()) {
    e->typeTable_.erase(name);
    e->valueTable_.erase(name);
  }
}

void Environment::setVar(const SourceRange& loc, const std::string& name, Value* value) {
  setSugaredVar(loc, name, makeSimple(value), nullptr);
}

namespace {

// Names PyTorch does not give to values: temporaries of the emitter and `_`.
bool meaningfulName(const std::string& name) {
  if (name.empty() || name == "_") return false;
  if (name[0] == '$') return false;
  if (name.size() >= 2 && name[0] == '_' && name[1] == '_') return false;
  return true;
}

}  // namespace

void Environment::setSugaredVar(const SourceRange& loc, const std::string& name, SugaredValuePtr value,
                                TypePtr annotatedType) {
  Value* simple = asSimple(value);
  if (simple && !simple->hasDebugName() && meaningfulName(name) && simple->node()->owningBlock() == block_ &&
      Value::isValidName(name))
    simple->setDebugName(name);
  // A variable of an enclosing block keeps its type: its value after the block depends on
  // control flow, so it must stay first-class and of one type.
  bool inParent = false;
  TypePtr parentType;
  for (const Environment* e = next_.get(); e && !inParent; e = e->next_.get()) {
    if (e->valueTable_.count(name)) {
      inParent = true;
    } else if (auto it = e->typeTable_.find(name); it != e->typeTable_.end()) {
      inParent = true;
      parentType = it->second;
    }
  }
  if (inParent) {
    if (annotatedType)
      throwErrorAt(loc, "Attempting to declare and annotate the type of variable '", name,
                    "' but it is already defined in an outer block");
    if (!simple)
      throwErrorAt(loc, "Cannot re-assign '", name, "' to a value of type ", value->kind(), " because ", name,
                   " is not a first-class value.  Only reassignments to first-class values are allowed");
    if (!parentType)
      throwErrorAt(loc, "Cannot re-assign '", name, "' because it has type ", value->kind(), " and ", name,
                   " is not a first-class value.  Only reassignments to first-class values are allowed");
    TypePtr unshaped = unshapedType(parentType);
    simple = tryConvertToType(loc, m_.graph(), unshaped, simple, /*allowConversions=*/true);
    std::ostringstream whyNot;
    if (!simple->type()->isSubtypeOfExt(*unshaped, &whyNot)) {
      std::ostringstream msg;
      msg << "Variable '" << name << "' previously had type " << parentType->repr_str()
          << " but is now being assigned to a value of type " << simple->type()->repr_str();
      if (parentType->kind() == TypeKind::ListType && simple->type()->kind() == TypeKind::ListType)
        msg << "\nEmpty lists default to List[Tensor]. Add a variable annotation to the assignment to create an "
               "empty list of another type (torch.jit.annotate(List[T, []]) where T is the type of elements in "
               "the list for Python 2)";
      if (!whyNot.str().empty()) msg << "\n" << whyNot.str();
      throwErrorAt(loc, msg.str());
    }
  }
  if (simple) {
    if (annotatedType) {
      simple = tryConvertToType(loc, m_.graph(), annotatedType, simple, /*allowConversions=*/false);
      if (!simple->type()->isSubtypeOf(*annotatedType))
        throwErrorAt(loc, "Variable '", name, "' is annotated with type ", annotatedType->repr_str(),
                     " but is being assigned to a value of type ", simple->type()->repr_str());
    }
    valueTable_.erase(name);
    errorMessages_.erase(name);
    insertStore(name, loc, simple, annotatedType ? annotatedType : simple->type());
  } else {
    typeTable_.erase(name);
    valueTable_[name] = std::move(value);
  }
}

Value* Environment::getVar(const std::string& name, const SourceRange& loc) {
  return getSugaredVar(name, loc)->asValue(loc, m_);
}

SugaredValuePtr Environment::globalBuiltin(const std::string& name) {
  auto magic = [](const char* method, SugaredValuePtr base) { return std::make_shared<MagicMethod>(method, base); };
  auto builtin = [](Symbol s) { return std::make_shared<BuiltinFunction>(s, std::nullopt); };
  static const std::unordered_map<std::string, SugaredValuePtr> kGlobals = {
      {"print", std::make_shared<PrintValue>()},
      {"tuple", SpecialFormValue::create(prim::TupleConstruct)},
      {"float", magic("__float__", std::make_shared<CastValue>(FloatType::get(), aten::Float))},
      {"complex", magic("__complex__", std::make_shared<CastValue>(ComplexType::get(), aten::Complex))},
      {"int", magic("__int__", std::make_shared<CastValue>(IntType::get(), aten::Int))},
      {"bool", magic("__bool__", std::make_shared<CastValue>(BoolType::get(), aten::Bool))},
      {"str", magic("__str__", std::make_shared<CastValue>(StringType::get(), aten::str))},
      {"getattr", SpecialFormValue::create(prim::GetAttr)},
      {"hasattr", SpecialFormValue::create(Symbol::prim("HasAttr"))},
      {"isinstance", SpecialFormValue::create(prim::isinstance)},
      {"_to_tensor", std::make_shared<CastValue>(TensorType::get(), prim::NumToTensor)},
      {"len", magic("__len__", builtin(aten::len))},
      {"hex", magic("__hex__", builtin(Symbol::aten("hex")))},
      {"oct", magic("__oct__", builtin(Symbol::aten("oct")))},
      {"round", magic("__round__", builtin(Symbol::aten("round")))},
      {"hash", builtin(Symbol::aten("hash"))},
      {"id", builtin(prim::id)},
      {"min", builtin(prim::min)},
      {"max", builtin(prim::max)},
      {"abs", builtin(prim::abs)},
      {"all", builtin(Symbol::aten("all"))},
      {"any", builtin(Symbol::aten("any"))},
      {"divmod", builtin(Symbol::aten("divmod"))},
      {"sum", builtin(aten::sum)},
      {"list", SpecialFormValue::create(Symbol::prim("list"))},
      {"dict", SpecialFormValue::create(Symbol::prim("dict"))},
      {"ord", builtin(Symbol::aten("ord"))},
      {"chr", builtin(Symbol::aten("chr"))},
      {"bin", builtin(Symbol::aten("bin"))},
      {"pow", builtin(aten::pow)},
      {"range", SpecialFormValue::create(Symbol::prim("range"))},
      {"zip", SpecialFormValue::create(Symbol::prim("zip"))},
      {"enumerate", SpecialFormValue::create(Symbol::prim("enumerate"))},
      {"rangelist", builtin(Symbol::prim("rangelist"))},
      {"sorted", builtin(Symbol::aten("sorted"))},
      {"AssertionError", std::make_shared<ExceptionValue>("AssertionError", "")},
  };
  auto it = kGlobals.find(name);
  return it == kGlobals.end() ? nullptr : it->second;
}

SugaredValuePtr Environment::getSugaredVar(const std::string& name, const SourceRange& loc, bool required) {
  SugaredValuePtr v = findInAnyFrame(name);
  if (!v) v = resolver_->resolveValue(name, m_, loc);
  if (!v) v = globalBuiltin(name);
  if (!v && required) {
    // Why the variable is not usable (set in one branch only, or to different types), then
    // where it was used, as PyTorch reports it.
    if (auto msg = findVariableTypeError(name)) throw ErrorReport(loc, *msg + "and was used here");
    throwErrorAt(loc, "undefined value ", name);
  }
  return v;
}

}  // namespace ember::jit
