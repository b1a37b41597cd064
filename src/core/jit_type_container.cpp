// Parameterised structural types: List, Future, RRef, Dict, Tuple, Union, Optional, type variables.
#include <algorithm>
#include <sstream>

#include "ember/core/type.h"

namespace ember::jit {
namespace {

std::string joinAnnotations(ArrayRef<TypePtr> types, const TypePrinter& printer) {
  std::string out;
  for (size_t i = 0; i < types.size(); ++i) {
    if (i) out += ", ";
    out += types[i]->annotation_str(printer);
  }
  return out;
}

std::string joinStr(ArrayRef<TypePtr> types) {
  std::string out;
  for (size_t i = 0; i < types.size(); ++i) {
    if (i) out += ", ";
    out += types[i]->str();
  }
  return out;
}

bool isOneOfNumberTypes(const Type& t) {
  return t.kind() == TypeKind::IntType || t.kind() == TypeKind::FloatType || t.kind() == TypeKind::ComplexType;
}

}  // namespace

// ---- single-element containers ----

SingleElementType::SingleElementType(TypeKind kind, TypePtr elem) : Type(kind), elem_(std::move(elem)) {
  EMBER_CHECK(elem_, "cannot create ", typeKindToString(kind), " with a null element type");
}

bool SingleElementType::equals(const Type& rhs) const {
  return rhs.kind() == kind() && *elem_ == *rhs.containedTypes()[0];
}

ListTypePtr ListType::create(TypePtr elem) { return std::make_shared<ListType>(std::move(elem)); }
#define EMBER_LIST_OF(fn, elemExpr)                          \
  const ListTypePtr& ListType::fn() {                        \
    static const ListTypePtr instance = create(elemExpr);    \
    return instance;                                         \
  }
EMBER_LIST_OF(ofTensors, TensorType::get())
EMBER_LIST_OF(ofOptionalTensors, OptionalType::ofTensor())
EMBER_LIST_OF(ofInts, IntType::get())
EMBER_LIST_OF(ofFloats, FloatType::get())
EMBER_LIST_OF(ofComplexDoubles, ComplexType::get())
EMBER_LIST_OF(ofBools, BoolType::get())
EMBER_LIST_OF(ofStrings, StringType::get())
#undef EMBER_LIST_OF

// Lists are invariant: List[int] is not a List[number], because the callee could append a float.
bool ListType::isSubtypeOfExt(const Type& rhs, std::ostream* whyNot) const {
  if (Type::isSubtypeOfExt(rhs, whyNot)) return true;
  return rhs.kind() == TypeKind::AnyListType;
}
std::string ListType::str() const { return elem_->str() + "[]"; }
std::string ListType::annotationStrImpl(const TypePrinter& printer) const {
  return "List[" + elem_->annotation_str(printer) + "]";
}
TypePtr ListType::createWithContained(std::vector<TypePtr> contained) const {
  EMBER_ASSERT(contained.size() == 1, "List takes one contained type");
  return create(std::move(contained[0]));
}

FutureTypePtr FutureType::create(TypePtr elem) { return std::make_shared<FutureType>(std::move(elem)); }
// Futures are read-only, hence covariant.
bool FutureType::isSubtypeOfExt(const Type& rhs, std::ostream* whyNot) const {
  if (auto f = rhs.castRaw<FutureType>()) return elem_->isSubtypeOfExt(*f->getElementType(), whyNot);
  return Type::isSubtypeOfExt(rhs, whyNot);
}
std::string FutureType::str() const { return "Future(" + elem_->str() + ")"; }
std::string FutureType::annotationStrImpl(const TypePrinter& printer) const {
  return "Future[" + elem_->annotation_str(printer) + "]";
}
TypePtr FutureType::createWithContained(std::vector<TypePtr> contained) const {
  EMBER_ASSERT(contained.size() == 1, "Future takes one contained type");
  return create(std::move(contained[0]));
}

RRefTypePtr RRefType::create(TypePtr elem) { return std::make_shared<RRefType>(std::move(elem)); }
std::string RRefType::str() const { return "RRef(" + elem_->str() + ")"; }
std::string RRefType::annotationStrImpl(const TypePrinter& printer) const {
  return "RRef[" + elem_->annotation_str(printer) + "]";
}
TypePtr RRefType::createWithContained(std::vector<TypePtr> contained) const {
  EMBER_ASSERT(contained.size() == 1, "RRef takes one contained type");
  return create(std::move(contained[0]));
}

// ---- Dict ----

DictType::DictType(TypePtr key, TypePtr value) : Type(kKind), types_{std::move(key), std::move(value)} {}

DictTypePtr DictType::create(TypePtr key, TypePtr value) {
  EMBER_CHECK(key && value, "cannot create a Dict with a null key or value type");
  switch (key->kind()) {
    case TypeKind::AnyType:
    case TypeKind::IntType:
    case TypeKind::BoolType:
    case TypeKind::FloatType:
    case TypeKind::ComplexType:
    case TypeKind::StringType:
    case TypeKind::TensorType:
    case TypeKind::DeviceObjType:
    case TypeKind::VarType:
      return std::make_shared<DictType>(std::move(key), std::move(value));
    default:
      EMBER_ERROR("Cannot create dict for key type '", key->str(),
                  "', only int, float, complex, Tensor, device and string keys are supported");
  }
}
bool DictType::equals(const Type& rhs) const {
  auto o = rhs.castRaw<DictType>();
  return o && *getKeyType() == *o->getKeyType() && *getValueType() == *o->getValueType();
}
std::string DictType::str() const { return "Dict(" + getKeyType()->str() + ", " + getValueType()->str() + ")"; }
std::string DictType::annotationStrImpl(const TypePrinter& printer) const {
  return "Dict[" + getKeyType()->annotation_str(printer) + ", " + getValueType()->annotation_str(printer) + "]";
}
TypePtr DictType::createWithContained(std::vector<TypePtr> contained) const {
  EMBER_ASSERT(contained.size() == 2, "Dict takes two contained types");
  return create(std::move(contained[0]), std::move(contained[1]));
}

// ---- Tuple ----

TupleType::TupleType(std::vector<TypePtr> elements, std::shared_ptr<const NamedTupleSchema> schema)
    : Type(kKind), elements_(std::move(elements)), schema_(std::move(schema)) {
  for (const auto& e : elements_) EMBER_CHECK(e, "cannot create a Tuple with a null element type");
}

TupleTypePtr TupleType::create(std::vector<TypePtr> elements) {
  return std::make_shared<TupleType>(std::move(elements), nullptr);
}

TupleTypePtr TupleType::createNamed(std::string qualifiedName, std::vector<std::string> fieldNames,
                                    std::vector<TypePtr> elements) {
  EMBER_CHECK(fieldNames.size() == elements.size(), "NamedTuple ", qualifiedName, " has ", fieldNames.size(),
              " field names but ", elements.size(), " field types");
  auto schema = std::make_shared<NamedTupleSchema>(NamedTupleSchema{std::move(qualifiedName), std::move(fieldNames)});
  return std::make_shared<TupleType>(std::move(elements), std::move(schema));
}

std::optional<size_t> TupleType::fieldIndex(const std::string& name) const {
  if (!schema_) return std::nullopt;
  for (size_t i = 0; i < schema_->fieldNames.size(); ++i)
    if (schema_->fieldNames[i] == name) return i;
  return std::nullopt;
}

bool TupleType::equals(const Type& rhs) const {
  auto o = rhs.castRaw<TupleType>();
  if (!o || o->elements_.size() != elements_.size()) return false;
  for (size_t i = 0; i < elements_.size(); ++i)
    if (*elements_[i] != *o->elements_[i]) return false;
  if (!schema_ || !o->schema_) return !schema_ && !o->schema_;
  return schema_->qualifiedName == o->schema_->qualifiedName && schema_->fieldNames == o->schema_->fieldNames;
}

// Tuples are immutable, hence covariant. A NamedTuple is a subtype of the plain tuple of its
// fields, not the other way round.
bool TupleType::isSubtypeOfExt(const Type& rhs, std::ostream* whyNot) const {
  if (Type::isSubtypeOfExt(rhs, whyNot)) return true;
  if (rhs.kind() == TypeKind::AnyTupleType) return true;
  auto o = rhs.castRaw<TupleType>();
  if (!o) return false;
  if (!schema_ && o->schema_) return false;
  if (o->schema_ && schema_->fieldNames != o->schema_->fieldNames) return false;
  if (elements_.size() != o->elements_.size()) return false;
  for (size_t i = 0; i < elements_.size(); ++i)
    if (!elements_[i]->isSubtypeOfExt(*o->elements_[i], whyNot)) return false;
  return true;
}

std::string TupleType::str() const {
  if (schema_ && !schema_->qualifiedName.empty()) return schema_->qualifiedName;
  return "(" + joinStr(elements_) + ")";
}

std::string TupleType::annotationStrImpl(const TypePrinter& printer) const {
  if (schema_ && !schema_->qualifiedName.empty()) return schema_->qualifiedName;
  if (elements_.empty()) return "Tuple[()]";
  return "Tuple[" + joinAnnotations(elements_, printer) + "]";
}

TypePtr TupleType::createWithContained(std::vector<TypePtr> contained) const {
  EMBER_ASSERT(contained.size() == elements_.size(), "Tuple arity changed");
  return std::make_shared<TupleType>(std::move(contained), schema_);
}

// ---- Union / Optional ----

namespace {

// Flattens nested unions, merges members where one absorbs the other (keeping None apart so
// that it is not folded into an Optional too early), and sorts by kind then spelling.
std::vector<TypePtr> normaliseUnionMembers(const std::vector<TypePtr>& input) {
  std::vector<TypePtr> types;
  for (const auto& t : input) {
    EMBER_CHECK(t, "cannot create a Union with a null member type");
    if (t->kind() == TypeKind::UnionType || t->kind() == TypeKind::OptionalType) {
      for (const auto& inner : t->containedTypes()) types.push_back(inner);
    } else {
      types.push_back(t);
    }
  }
  auto isNone = [](const TypePtr& t) { return t->kind() == TypeKind::NoneType; };
  auto supertype = [&](const TypePtr& a, const TypePtr& b) -> std::optional<TypePtr> {
    if (isNone(a) != isNone(b)) return std::nullopt;
    return unifyTypes(a, b);
  };
  if (types.empty()) return types;
  size_t end = types.size() - 1;
  for (size_t i = types.size() - 1; i > 0; --i) {
    for (size_t j = std::min(i - 1, end);; --j) {
      if (auto u = supertype(types[i], types[j])) {
        types[j] = *u;
        types[i] = types[end];
        --end;
        break;
      }
      if (j == 0) break;
    }
  }
  types.erase(types.begin() + static_cast<std::ptrdiff_t>(end) + 1, types.end());
  std::sort(types.begin(), types.end(), [](const TypePtr& a, const TypePtr& b) {
    if (a->kind() != b->kind()) return a->kind() < b->kind();
    return a->str() < b->str();
  });
  return types;
}

}  // namespace

UnionType::UnionType(std::vector<TypePtr> types, TypeKind kind) : Type(kind), types_(std::move(types)) {}

TypePtr UnionType::create(std::vector<TypePtr> types) {
  EMBER_CHECK(!types.empty(), "Union needs at least one member type");
  auto members = normaliseUnionMembers(types);
  // A union that collapses to one type is that type (TorchScript's frontend does the same).
  if (members.size() == 1) return members[0];
  std::vector<TypePtr> rest;
  bool hasNone = false;
  for (const auto& t : members) {
    if (t->kind() == TypeKind::NoneType) hasNone = true;
    else rest.push_back(t);
  }
  if (hasNone && rest.size() == 1) return OptionalType::create(rest[0]);
  if (hasNone && rest.size() == 3 && std::all_of(rest.begin(), rest.end(), [](const TypePtr& t) {
        return isOneOfNumberTypes(*t);
      }))
    return OptionalType::create(NumberType::get());
  return std::make_shared<UnionType>(std::move(members));
}

bool UnionType::canHoldType(const Type& t) const {
  if (t.kind() == TypeKind::NumberType)
    return canHoldType(*IntType::get()) && canHoldType(*FloatType::get()) && canHoldType(*ComplexType::get());
  for (const auto& inner : types_)
    if (t.isSubtypeOf(*inner)) return true;
  return false;
}

std::optional<TypePtr> UnionType::subtractTypeSet(const std::vector<TypePtr>& toRemove) const {
  std::vector<TypePtr> kept;
  for (const auto& t : types_) {
    bool removed = std::any_of(toRemove.begin(), toRemove.end(), [&](const TypePtr& r) { return t->isSubtypeOf(*r); });
    if (!removed) kept.push_back(t);
  }
  if (kept.empty()) return std::nullopt;
  if (kept.size() == 1) return kept[0];
  return create(std::move(kept));
}

bool UnionType::equals(const Type& rhs) const {
  if (rhs.kind() == TypeKind::NumberType) return types_.size() == 3 && canHoldType(*NumberType::get());
  auto o = rhs.castRaw<UnionType>();
  if (!o || rhs.kind() != kind() || o->types_.size() != types_.size()) return false;
  return std::all_of(types_.begin(), types_.end(), [&](const TypePtr& a) {
    return std::any_of(o->types_.begin(), o->types_.end(), [&](const TypePtr& b) { return *a == *b; });
  });
}

bool UnionType::isSubtypeOfExt(const Type& rhs, std::ostream* whyNot) const {
  if (rhs.kind() == TypeKind::AnyType) return true;
  std::vector<const Type*> targets;
  auto addNumbers = [&] {
    targets.push_back(IntType::get().get());
    targets.push_back(FloatType::get().get());
    targets.push_back(ComplexType::get().get());
  };
  if (rhs.kind() == TypeKind::UnionType) {
    for (const auto& t : rhs.containedTypes()) targets.push_back(t.get());
  } else if (auto opt = rhs.castRaw<OptionalType>()) {
    targets.push_back(NoneType::get().get());
    if (opt->getElementType()->kind() == TypeKind::NumberType) addNumbers();
    else targets.push_back(opt->getElementType().get());
  } else if (rhs.kind() == TypeKind::NumberType) {
    addNumbers();
  } else {
    targets.push_back(&rhs);
  }
  return std::all_of(types_.begin(), types_.end(), [&](const TypePtr& lhs) {
    return std::any_of(targets.begin(), targets.end(), [&](const Type* t) { return lhs->isSubtypeOfExt(*t, whyNot); });
  });
}

// PyTorch prints int, float and complex (and number itself, which it stores as those three)
// together as `number` when the union holds all numbers, and
// its separator logic then leaves a stray ", " (`Union[, str, number]`) or none at all
// (`Union[Tensornumber]`); we print exactly the same so that IR and annotations round-trip.
std::string UnionType::unionStr(const TypePrinter* printer, bool annotation) const {
  bool holdsNumber = canHoldType(*NumberType::get());
  std::string out = annotation ? "Union[" : "Union(";
  bool printed = false;
  for (size_t i = 0; i < types_.size(); ++i) {
    if (holdsNumber && (isOneOfNumberTypes(*types_[i]) || types_[i]->kind() == TypeKind::NumberType)) continue;
    if (i > 0) {
      out += ", ";
      printed = true;
    }
    out += annotation ? types_[i]->annotation_str(printer ? *printer : nullptr) : types_[i]->str();
  }
  if (holdsNumber) {
    if (printed) out += ", ";
    out += annotation ? "number" : "Scalar";
  }
  return out + (annotation ? "]" : ")");
}

std::string UnionType::str() const { return unionStr(nullptr, false); }
std::string UnionType::annotationStrImpl(const TypePrinter& printer) const { return unionStr(&printer, true); }

TypePtr UnionType::createWithContained(std::vector<TypePtr> contained) const { return create(std::move(contained)); }

OptionalType::OptionalType(TypePtr elem)
    : UnionType({}, kKind), elem_(std::move(elem)) {
  if (elem_->kind() == TypeKind::UnionType) {
    types_ = elem_->containedTypes().vec();
  } else {
    types_ = {elem_};
  }
  types_.push_back(NoneType::get());
}

OptionalTypePtr OptionalType::create(TypePtr elem) {
  EMBER_CHECK(elem, "cannot create an Optional of a null type");
  if (auto opt = elem->cast<OptionalType>()) return opt;
  EMBER_CHECK(elem->kind() != TypeKind::NoneType, "Optional[None] is not a valid type");
  return std::make_shared<OptionalType>(std::move(elem));
}

const OptionalTypePtr& OptionalType::ofTensor() {
  static const OptionalTypePtr instance = create(TensorType::get());
  return instance;
}

bool OptionalType::equals(const Type& rhs) const {
  auto o = rhs.castRaw<OptionalType>();
  return o && *elem_ == *o->elem_;
}

bool OptionalType::isSubtypeOfExt(const Type& rhs, std::ostream* whyNot) const {
  if (auto o = rhs.castRaw<OptionalType>()) return elem_->isSubtypeOfExt(*o->getElementType(), whyNot);
  if (auto u = rhs.castRaw<UnionType>()) {
    if (!u->canHoldType(*NoneType::get())) {
      if (whyNot) *whyNot << rhs.repr_str() << " cannot hold None";
      return false;
    }
    if (!u->canHoldType(*elem_)) {
      if (whyNot) *whyNot << rhs.repr_str() << " cannot hold " << elem_->repr_str();
      return false;
    }
    return true;
  }
  return Type::isSubtypeOfExt(rhs, whyNot);
}

std::string OptionalType::str() const { return elem_->str() + "?"; }
std::string OptionalType::annotationStrImpl(const TypePrinter& printer) const {
  return "Optional[" + elem_->annotation_str(printer) + "]";
}
TypePtr OptionalType::createWithContained(std::vector<TypePtr> contained) const {
  // containedTypes() is the flattened member list; the element type comes first unless the
  // element is itself a union, in which case rebuild the union from all but None.
  EMBER_ASSERT(!contained.empty(), "Optional needs contained types");
  contained.pop_back();
  if (contained.size() == 1) return create(std::move(contained[0]));
  return create(UnionType::create(std::move(contained)));
}

// ---- VarType ----

VarTypePtr VarType::create(std::string name) { return std::make_shared<VarType>(std::move(name)); }
bool VarType::equals(const Type& rhs) const {
  auto o = rhs.castRaw<VarType>();
  return o && o->name_ == name_;
}

}  // namespace ember::jit
