// The Type base class and the parameterless singleton types.
#include <sstream>

#include "ember/core/type.h"

namespace ember::jit {

const char* typeKindToString(TypeKind kind) {
  switch (kind) {
#define EMBER_TYPE_KIND_NAME(k) \
  case TypeKind::k:             \
    return #k;
    EMBER_FORALL_TYPE_KINDS(EMBER_TYPE_KIND_NAME)
#undef EMBER_TYPE_KIND_NAME
  }
  return "UnknownType";
}

bool Type::equals(const Type& rhs) const { return kind() == rhs.kind(); }

bool operator==(const Type& a, const Type& b) { return &a == &b || a.equals(b); }

std::ostream& operator<<(std::ostream& os, const Type& t) { return os << t.irStr(); }
std::ostream& operator<<(std::ostream& os, const TypePtr& t) { return t ? os << t->irStr() : os << "<null type>"; }

// PyTorch keeps this spelling in one printing routine, separate from str(): only tensors,
// lists, optionals, futures, rrefs, tuples and functions print differently from str().
std::string Type::irStr() const {
  switch (kind()) {
    case TypeKind::TensorType:
      return castRaw<TensorType>()->refinedStr();
    case TypeKind::ListType:
      return castRaw<ListType>()->getElementType()->irStr() + "[]";
    case TypeKind::OptionalType:
      return castRaw<OptionalType>()->getElementType()->irStr() + "?";
    case TypeKind::FutureType:
      return "Future[" + castRaw<FutureType>()->getElementType()->irStr() + "]";
    case TypeKind::RRefType:
      return "RRef[" + castRaw<RRefType>()->getElementType()->irStr() + "]";
    case TypeKind::FunctionType:
      return "Function";
    case TypeKind::TupleType: {
      auto tup = castRaw<TupleType>();
      std::string out = tup->isNamed() ? "NamedTuple(" : "(";
      for (size_t i = 0; i < tup->elements().size(); ++i) {
        if (i) out += ", ";
        if (tup->isNamed()) out += tup->schema()->fieldNames[i] + " : ";
        out += tup->elements()[i]->irStr();
      }
      return out + ")";
    }
    default:
      return str();
  }
}

bool Type::isSubtypeOfExt(const Type& rhs, std::ostream* whyNot) const {
  if (rhs.kind() == TypeKind::AnyType || *this == rhs) return true;
  if (auto opt = rhs.castRaw<OptionalType>()) return isSubtypeOfExt(*opt->getElementType(), whyNot);
  if (rhs.kind() == TypeKind::UnionType) {
    for (const auto& inner : rhs.containedTypes())
      if (isSubtypeOfExt(*inner, whyNot)) return true;
  }
  return false;
}

std::string Type::annotation_str(const TypePrinter& printer) const {
  if (printer) {
    if (auto renamed = printer(*this)) return *renamed;
  }
  return annotationStrImpl(printer);
}

TypePtr Type::createWithContained(std::vector<TypePtr> contained) const {
  EMBER_ASSERT(contained.empty(), "type ", str(), " has no contained types");
  return ptr();
}

bool Type::hasFreeVariables() const {
  if (kind() == TypeKind::VarType) return true;
  for (const auto& t : containedTypes())
    if (t->hasFreeVariables()) return true;
  return false;
}

bool Type::isMutable() const {
  switch (kind()) {
    case TypeKind::TensorType:
    case TypeKind::ListType:
    case TypeKind::DictType:
    case TypeKind::ClassType:
    case TypeKind::InterfaceType:
    case TypeKind::FutureType:
    case TypeKind::RRefType:
    case TypeKind::AnyType:
    case TypeKind::AnyListType:
    case TypeKind::AnyClassType:
    case TypeKind::StorageType:
    case TypeKind::CapsuleType:
    case TypeKind::PyObjectType:
      return true;
    default:
      break;
  }
  for (const auto& t : containedTypes())
    if (t->isMutable()) return true;
  return false;
}

// ---- singletons ----

#define EMBER_DEFINE_SINGLETON_TYPE(Name, Str, Annotation)                              \
  const Name##Ptr& Name::get() {                                                        \
    static const Name##Ptr instance = std::make_shared<Name>();                         \
    return instance;                                                                    \
  }                                                                                     \
  std::string Name::str() const { return Str; }                                         \
  std::string Name::annotationStrImpl(const TypePrinter&) const { return Annotation; }

EMBER_DEFINE_SINGLETON_TYPE(AnyType, "Any", "Any")
EMBER_DEFINE_SINGLETON_TYPE(NumberType, "Scalar", "number")
EMBER_DEFINE_SINGLETON_TYPE(IntType, "int", "int")
EMBER_DEFINE_SINGLETON_TYPE(FloatType, "float", "float")
EMBER_DEFINE_SINGLETON_TYPE(ComplexType, "complex", "complex")
EMBER_DEFINE_SINGLETON_TYPE(BoolType, "bool", "bool")
EMBER_DEFINE_SINGLETON_TYPE(StringType, "str", "str")
EMBER_DEFINE_SINGLETON_TYPE(NoneType, "NoneType", "NoneType")
EMBER_DEFINE_SINGLETON_TYPE(DeviceObjType, "Device", "Device")
EMBER_DEFINE_SINGLETON_TYPE(StreamObjType, "Stream", "Stream")
EMBER_DEFINE_SINGLETON_TYPE(GeneratorType, "Generator", "Generator")
EMBER_DEFINE_SINGLETON_TYPE(StorageType, "Storage", "Storage")
EMBER_DEFINE_SINGLETON_TYPE(CapsuleType, "Capsule", "Capsule")
EMBER_DEFINE_SINGLETON_TYPE(QuantizerType, "Quantizer", "Quantizer")
EMBER_DEFINE_SINGLETON_TYPE(QSchemeType, "QScheme", "QScheme")
EMBER_DEFINE_SINGLETON_TYPE(PyObjectType, "PyObject", "PyObject")
EMBER_DEFINE_SINGLETON_TYPE(ScalarTypeType, "ScalarType", "ScalarType")
EMBER_DEFINE_SINGLETON_TYPE(LayoutType, "Layout", "Layout")
EMBER_DEFINE_SINGLETON_TYPE(MemoryFormatType, "MemoryFormat", "MemoryFormat")
EMBER_DEFINE_SINGLETON_TYPE(SymIntType, "SymInt", "int")
EMBER_DEFINE_SINGLETON_TYPE(AnyListType, "list", "list")
EMBER_DEFINE_SINGLETON_TYPE(AnyTupleType, "tuple", "tuple")
EMBER_DEFINE_SINGLETON_TYPE(AnyClassType, "AnyClassType", "AnyClassType")
EMBER_DEFINE_SINGLETON_TYPE(AnyEnumType, "AnyEnumType", "AnyEnumType")
#undef EMBER_DEFINE_SINGLETON_TYPE

namespace {
bool isNumberRhs(const Type& rhs) { return rhs.kind() == TypeKind::NumberType; }
}  // namespace

#define EMBER_DEFAULT_SUBTYPE(Name) \
  bool Name::isSubtypeOfExt(const Type& rhs, std::ostream* whyNot) const { return Type::isSubtypeOfExt(rhs, whyNot); }
// int, float and complex are numbers; bool is not (TorchScript keeps bool out of `number`).
#define EMBER_NUMBER_SUBTYPE(Name)                                           \
  bool Name::isSubtypeOfExt(const Type& rhs, std::ostream* whyNot) const {  \
    return isNumberRhs(rhs) || Type::isSubtypeOfExt(rhs, whyNot);           \
  }
EMBER_DEFAULT_SUBTYPE(AnyType)
EMBER_DEFAULT_SUBTYPE(NumberType)
EMBER_NUMBER_SUBTYPE(IntType)
EMBER_NUMBER_SUBTYPE(FloatType)
EMBER_NUMBER_SUBTYPE(ComplexType)
EMBER_DEFAULT_SUBTYPE(BoolType)
EMBER_DEFAULT_SUBTYPE(StringType)
EMBER_DEFAULT_SUBTYPE(DeviceObjType)
EMBER_DEFAULT_SUBTYPE(StreamObjType)
EMBER_DEFAULT_SUBTYPE(GeneratorType)
EMBER_DEFAULT_SUBTYPE(StorageType)
EMBER_DEFAULT_SUBTYPE(CapsuleType)
EMBER_DEFAULT_SUBTYPE(QuantizerType)
EMBER_DEFAULT_SUBTYPE(QSchemeType)
EMBER_DEFAULT_SUBTYPE(PyObjectType)
EMBER_DEFAULT_SUBTYPE(ScalarTypeType)
EMBER_DEFAULT_SUBTYPE(LayoutType)
EMBER_DEFAULT_SUBTYPE(MemoryFormatType)
EMBER_DEFAULT_SUBTYPE(AnyListType)
EMBER_DEFAULT_SUBTYPE(AnyTupleType)
EMBER_DEFAULT_SUBTYPE(AnyClassType)
EMBER_DEFAULT_SUBTYPE(AnyEnumType)
#undef EMBER_DEFAULT_SUBTYPE
#undef EMBER_NUMBER_SUBTYPE

// None is a subtype of every Optional and of every Union that holds None.
bool NoneType::isSubtypeOfExt(const Type& rhs, std::ostream* whyNot) const {
  if (rhs.kind() == TypeKind::OptionalType) return true;
  return Type::isSubtypeOfExt(rhs, whyNot);
}

// A SymInt is an int at run time and may be passed where an int is expected.
#define EMBER_INTLIKE_SUBTYPE(Name)                                                          \
  bool Name::isSubtypeOfExt(const Type& rhs, std::ostream* whyNot) const {                  \
    return rhs.kind() == TypeKind::IntType || Type::isSubtypeOfExt(rhs, whyNot);             \
  }
EMBER_INTLIKE_SUBTYPE(SymIntType)
#undef EMBER_INTLIKE_SUBTYPE

}  // namespace ember::jit
