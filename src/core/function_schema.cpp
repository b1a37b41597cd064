// FunctionSchema, Argument and AliasInfo: construction, comparison and printing.
#include "ember/core/function_schema.h"

#include "ember/core/quoted_string.h"

#include <algorithm>
#include <sstream>

namespace ember::jit {

// ---- AliasInfo ----

Symbol AliasInfo::wildcardSet() {
  static const Symbol wildcard = Symbol::fromQualString("alias::*");
  return wildcard;
}

void AliasInfo::addBeforeSet(Symbol s) {
  if (std::find(beforeSets_.begin(), beforeSets_.end(), s) == beforeSets_.end()) beforeSets_.push_back(s);
}
void AliasInfo::addAfterSet(Symbol s) {
  if (std::find(afterSets_.begin(), afterSets_.end(), s) == afterSets_.end()) afterSets_.push_back(s);
}
bool AliasInfo::isWildcardBefore() const {
  return std::find(beforeSets_.begin(), beforeSets_.end(), wildcardSet()) != beforeSets_.end();
}
bool AliasInfo::isWildcardAfter() const {
  return std::find(afterSets_.begin(), afterSets_.end(), wildcardSet()) != afterSets_.end();
}

namespace {
bool sameSets(const std::vector<Symbol>& a, const std::vector<Symbol>& b) {
  if (a.size() != b.size()) return false;
  return std::all_of(a.begin(), a.end(), [&](Symbol s) { return std::find(b.begin(), b.end(), s) != b.end(); });
}
void printSets(std::ostream& os, const std::vector<Symbol>& sets) {
  for (size_t i = 0; i < sets.size(); ++i) os << (i ? "|" : "") << sets[i].toUnqualString();
}
}  // namespace

bool operator==(const AliasInfo& a, const AliasInfo& b) {
  return a.isWrite_ == b.isWrite_ && sameSets(a.beforeSets_, b.beforeSets_) && sameSets(a.afterSets_, b.afterSets_) &&
         a.containedTypes_ == b.containedTypes_;
}

std::ostream& operator<<(std::ostream& os, const AliasInfo& info) {
  os << "(";
  printSets(os, info.beforeSets());
  if (info.isWrite()) os << "!";
  if (!sameSets(info.beforeSets(), info.afterSets())) {
    os << " -> ";
    printSets(os, info.afterSets());
  }
  return os << ")";
}

// ---- Argument ----

Argument::Argument(std::string name, TypePtr type, TypePtr realType, std::optional<int32_t> N,
                   std::optional<IValue> defaultValue, bool kwargOnly, std::optional<AliasInfo> aliasInfo)
    : name_(std::move(name)),
      type_(type ? std::move(type) : TensorType::get()),
      realType_(realType ? std::move(realType) : type_),
      N_(N),
      defaultValue_(std::move(defaultValue)),
      kwargOnly_(kwargOnly),
      aliasInfo_(std::move(aliasInfo)) {}

Argument Argument::cloneWithType(TypePtr newType) const {
  return Argument(name_, newType, newType, N_, defaultValue_, kwargOnly_, aliasInfo_);
}

bool operator==(const Argument& a, const Argument& b) {
  bool defaultsEqual = a.defaultValue_.has_value() == b.defaultValue_.has_value() &&
                       (!a.defaultValue_ || (a.defaultValue_->tag() == b.defaultValue_->tag() &&
                                             *a.defaultValue_ == *b.defaultValue_));
  return a.name_ == b.name_ && *a.type_ == *b.type_ && *a.realType_ == *b.realType_ && a.N_ == b.N_ &&
         defaultsEqual && a.kwargOnly_ == b.kwargOnly_ && a.aliasInfo_ == b.aliasInfo_;
}

namespace {


void printDefault(std::ostream& os, const TypePtr& type, const IValue& value) {
  auto unopt = type->kind() == TypeKind::OptionalType ? type->castRaw<OptionalType>()->getElementType() : type;
  if ((type->kind() == TypeKind::StringType || unopt->kind() == TypeKind::StringType) && value.isString()) {
    printQuotedString(os, value.toStringRef());
    return;
  }
  // native_functions.yaml writes `int[2] stride=1`, not `stride=[1, 1]`.
  if (type->kind() == TypeKind::ListType && type->castRaw<ListType>()->getElementType()->kind() == TypeKind::IntType &&
      value.isList() && value.toListRef().size() > 1) {
    const auto& elems = value.toListRef().elements;
    bool same = std::all_of(elems.begin(), elems.end(), [&](const IValue& e) { return e == elems[0]; });
    if (same) {
      os << elems[0];
      return;
    }
  }
  os << value;
}

}  // namespace

std::ostream& operator<<(std::ostream& os, const Argument& arg) {
  // `Tensor(a!)?`: the alias annotation goes before the `?`, so print the unwrapped type.
  const TypePtr& type = arg.realType();
  bool isOpt = type->kind() == TypeKind::OptionalType;
  TypePtr unopt = isOpt ? type->castRaw<OptionalType>()->getElementType() : type;
  const AliasInfo* alias = arg.aliasInfo();
  if (unopt->kind() == TypeKind::ListType) {
    os << unopt->castRaw<ListType>()->getElementType()->str();
    if (alias && !alias->containedTypes().empty()) os << alias->containedTypes()[0];
    os << "[" << (arg.N() ? std::to_string(*arg.N()) : "") << "]";
  } else {
    os << unopt->str();
  }
  if (alias && !alias->beforeSets().empty()) os << *alias;
  if (isOpt) os << "?";
  if (!arg.name().empty()) os << " " << arg.name();
  if (arg.defaultValue()) {
    os << "=";
    printDefault(os, type, *arg.defaultValue());
  }
  return os;
}

// ---- FunctionSchema ----

FunctionSchema::FunctionSchema(std::string name, std::string overloadName, std::vector<Argument> arguments,
                               std::vector<Argument> returns, bool isVararg, bool isVarret)
    : name_{std::move(name), std::move(overloadName)},
      arguments_(std::move(arguments)),
      returns_(std::move(returns)),
      isVararg_(isVararg),
      isVarret_(isVarret) {}

bool FunctionSchema::isMutable() const {
  return std::any_of(arguments_.begin(), arguments_.end(), [](const Argument& a) { return a.isWrite(); });
}

std::optional<size_t> FunctionSchema::argumentIndexWithName(std::string_view name) const {
  for (size_t i = 0; i < arguments_.size(); ++i)
    if (arguments_[i].name() == name) return i;
  return std::nullopt;
}

namespace {
bool isSubtypeOfList(ArrayRef<Argument> child, ArrayRef<Argument> parent, std::ostream* whyNot) {
  if (child.size() != parent.size()) return false;
  for (size_t i = 0; i < child.size(); ++i) {
    const Argument& c = child[i];
    const Argument& p = parent[i];
    if (c.name() != p.name()) return false;
    if (!c.type()->isSubtypeOfExt(*p.type(), whyNot)) return false;
  }
  return true;
}
}  // namespace

bool FunctionSchema::isSubtypeOf(const FunctionSchema& rhs, bool asMethod, std::ostream* whyNot) const {
  size_t start = asMethod ? 1 : 0;
  if (rhs.arguments_.size() < start || arguments_.size() < start) return false;
  return isSubtypeOfList(ArrayRef<Argument>(rhs.arguments_).slice(start), ArrayRef<Argument>(arguments_).slice(start),
                         whyNot) &&
         isSubtypeOfList(returns_, rhs.returns_, whyNot);
}

FunctionSchema FunctionSchema::cloneWithName(std::string name, std::string overloadName) const {
  return FunctionSchema(std::move(name), std::move(overloadName), arguments_, returns_, isVararg_, isVarret_);
}
FunctionSchema FunctionSchema::cloneWithArguments(std::vector<Argument> arguments) const {
  return FunctionSchema(name_.name, name_.overloadName, std::move(arguments), returns_, isVararg_, isVarret_);
}
FunctionSchema FunctionSchema::cloneWithReturns(std::vector<Argument> returns) const {
  return FunctionSchema(name_.name, name_.overloadName, arguments_, std::move(returns), isVararg_, isVarret_);
}

std::string FunctionSchema::str() const {
  std::ostringstream os;
  os << *this;
  return os.str();
}

bool operator==(const FunctionSchema& a, const FunctionSchema& b) {
  return a.name_ == b.name_ && a.arguments_ == b.arguments_ && a.returns_ == b.returns_ &&
         a.isVararg_ == b.isVararg_ && a.isVarret_ == b.isVarret_;
}

std::ostream& operator<<(std::ostream& os, const FunctionSchema& schema) {
  os << schema.name();
  if (!schema.overloadName().empty()) os << "." << schema.overloadName();
  os << "(";
  bool seenKwargOnly = false;
  for (size_t i = 0; i < schema.arguments().size(); ++i) {
    if (i > 0) os << ", ";
    if (schema.arguments()[i].kwargOnly() && !seenKwargOnly) {
      os << "*, ";
      seenKwargOnly = true;
    }
    os << schema.arguments()[i];
  }
  if (schema.isVararg()) {
    if (!schema.arguments().empty()) os << ", ";
    os << "...";
  }
  os << ") -> ";
  const auto& returns = schema.returns();
  bool single = returns.size() == 1 && !schema.isVarret();
  bool needParen = !(single || (returns.empty() && schema.isVarret()));
  // A single return that itself starts with '(' (a tuple) needs its own parentheses, or it
  // would read back as several returns.
  std::string singleStr;
  if (single) {
    std::ostringstream rs;
    rs << returns[0];
    singleStr = rs.str();
    if (!singleStr.empty() && singleStr.front() == '(') needParen = true;
  }
  if (needParen) os << "(";
  for (size_t i = 0; i < returns.size(); ++i) os << (i ? ", " : "") << returns[i];
  if (schema.isVarret()) os << (returns.empty() ? "" : ", ") << "...";
  if (needParen) os << ")";
  return os;
}

void printQuotedString(std::ostream& os, std::string_view s) {
  os << '"';
  for (char c : s) {
    switch (c) {
      case '\\': os << "\\\\"; break;
      case '\'': os << "\\'"; break;
      case '"': os << "\\\""; break;
      case '\a': os << "\\a"; break;
      case '\b': os << "\\b"; break;
      case '\f': os << "\\f"; break;
      case '\n': os << "\\n"; break;
      case '\r': os << "\\r"; break;
      case '\t': os << "\\t"; break;
      case '\v': os << "\\v"; break;
      default:
        if (static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f) {
          os << c;
        } else {
          auto u = static_cast<unsigned char>(c);
          os << '\\' << char('0' + u / 64) << char('0' + (u / 8) % 8) << char('0' + u % 8);
        }
    }
  }
  os << '"';
}

}  // namespace ember::jit
