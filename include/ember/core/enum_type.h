// EnumType (a TorchScript `enum.Enum` subclass) and EnumHolder (one of its members as a value).
// Separate from type.h because an enum's members are IValues.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "ember/core/ivalue.h"
#include "ember/core/type.h"

namespace ember::jit {

class EnumType;
using EnumTypePtr = std::shared_ptr<EnumType>;

class EnumType : public Type {
 public:
  static constexpr TypeKind kKind = TypeKind::EnumType;
  // valueType is int, float or str; every member value must have that type.
  static EnumTypePtr create(std::string qualifiedName, TypePtr valueType,
                            std::vector<std::pair<std::string, IValue>> members);
  const std::string& qualifiedName() const { return qualifiedName_; }
  const TypePtr& getValueType() const { return valueType_; }
  const std::vector<std::pair<std::string, IValue>>& enumNamesValues() const { return members_; }
  // The member value of `name`, or nullptr.
  const IValue* findValue(std::string_view name) const;

  bool equals(const Type& rhs) const override;
  bool isSubtypeOfExt(const Type& rhs, std::ostream* whyNot) const override;
  std::string str() const override { return "Enum<" + annotation_str() + ">"; }
  EnumType(std::string qualifiedName, TypePtr valueType, std::vector<std::pair<std::string, IValue>> members);

 protected:
  std::string annotationStrImpl(const TypePrinter&) const override { return qualifiedName_; }

 private:
  std::string qualifiedName_;
  TypePtr valueType_;
  std::vector<std::pair<std::string, IValue>> members_;
};

struct EnumHolder : RefCounted {
  EnumHolder(EnumTypePtr type, std::string name, IValue value)
      : type(std::move(type)), name(std::move(name)), value(std::move(value)) {}
  static IntrusivePtr<EnumHolder> create(EnumTypePtr type, std::string name);  // looks the value up
  // "__torch__.Color.RED"
  std::string qualifiedClassName() const { return type->qualifiedName() + "." + name; }
  EnumTypePtr type;
  std::string name;
  IValue value;
};

}  // namespace ember::jit
