#include "ember/core/enum_type.h"

namespace ember::jit {

EnumType::EnumType(std::string qualifiedName, TypePtr valueType, std::vector<std::pair<std::string, IValue>> members)
    : Type(kKind), qualifiedName_(std::move(qualifiedName)), valueType_(std::move(valueType)), members_(std::move(members)) {}

EnumTypePtr EnumType::create(std::string qualifiedName, TypePtr valueType,
                             std::vector<std::pair<std::string, IValue>> members) {
  EMBER_CHECK(valueType, "enum ", qualifiedName, " needs a value type");
  auto k = valueType->kind();
  EMBER_CHECK(k == TypeKind::IntType || k == TypeKind::FloatType || k == TypeKind::StringType,
              "Cannot create Enum with value type '", valueType->str(), "', only int, float and str are supported");
  for (const auto& [name, value] : members)
    EMBER_CHECK(value.type()->isSubtypeOf(*valueType), "enum ", qualifiedName, " member ", name, " has a value of type ",
                value.type()->repr_str(), " but the enum's values are ", valueType->repr_str());
  return std::make_shared<EnumType>(std::move(qualifiedName), std::move(valueType), std::move(members));
}

const IValue* EnumType::findValue(std::string_view name) const {
  for (const auto& m : members_)
    if (m.first == name) return &m.second;
  return nullptr;
}

bool EnumType::equals(const Type& rhs) const {
  auto o = rhs.castRaw<EnumType>();
  return o && o->qualifiedName_ == qualifiedName_;
}

bool EnumType::isSubtypeOfExt(const Type& rhs, std::ostream* whyNot) const {
  return rhs.kind() == TypeKind::AnyEnumType || Type::isSubtypeOfExt(rhs, whyNot);
}

IntrusivePtr<EnumHolder> EnumHolder::create(EnumTypePtr type, std::string name) {
  const IValue* v = type->findValue(name);
  EMBER_CHECK(v, "enum ", type->qualifiedName(), " has no member ", name);
  IValue value = *v;
  return makeIntrusive<EnumHolder>(std::move(type), std::move(name), std::move(value));
}

}  // namespace ember::jit
