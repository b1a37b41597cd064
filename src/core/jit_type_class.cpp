// Nominal types: ClassType (TorchScript classes and modules), InterfaceType, FunctionType.
#include <algorithm>
#include <sstream>

#include "ember/core/code_epoch.h"
#include "ember/core/function.h"
#include "ember/core/function_schema.h"
#include "ember/core/type.h"

namespace ember::jit {
namespace {

std::string baseName(const std::string& qualified) {
  size_t dot = qualified.rfind('.');
  return dot == std::string::npos ? qualified : qualified.substr(dot + 1);
}

const FunctionSchema* findMethodSchema(const Type& t, const std::string& name) {
  if (auto cls = t.castRaw<ClassType>()) {
    Function* f = cls->findMethod(name);
    return f ? &f->getSchema() : nullptr;
  }
  if (auto iface = t.castRaw<InterfaceType>()) return iface->getMethod(name);
  return nullptr;
}

}  // namespace

bool implementsInterface(const Type& cls, const InterfaceType& iface, std::ostream* whyNot) {
  for (const auto& schema : iface.methods()) {
    const FunctionSchema* mine = findMethodSchema(cls, schema->name());
    if (!mine) {
      if (whyNot)
        *whyNot << "Class '" << cls.repr_str() << "' does not have method '" << schema->name() << "' but '"
                << iface.repr_str() << "' does.\n";
      return false;
    }
    if (!mine->isSubtypeOf(*schema, /*asMethod=*/true, whyNot)) {
      if (whyNot)
        *whyNot << "Method on class '" << cls.repr_str() << "' (1) is not compatible with interface '"
                << iface.repr_str() << "' (2)\n  (1) " << *mine << "\n  (2) " << *schema << "\n";
      return false;
    }
  }
  return true;
}

// ---- ClassType ----

ClassType::ClassType(std::string qualifiedName, bool isModule)
    : Type(kKind), qualifiedName_(std::move(qualifiedName)), isModule_(isModule) {}

ClassTypePtr ClassType::create(std::string qualifiedName, bool isModule) {
  EMBER_CHECK(!qualifiedName.empty(), "a class type needs a qualified name");
  return std::make_shared<ClassType>(std::move(qualifiedName), isModule);
}

std::string ClassType::name() const { return baseName(qualifiedName_); }

size_t ClassType::addAttribute(std::string name, TypePtr type, ClassAttribute::Kind kind) {
  EMBER_CHECK(!hasAttribute(name), "attempting to add attribute '", name, "' to class ", qualifiedName_,
              " but an attribute of that name already exists");
  EMBER_CHECK(type, "attribute '", name, "' of class ", qualifiedName_, " has a null type");
  EMBER_CHECK(kind == ClassAttribute::Kind::Regular || type->kind() == TypeKind::TensorType ||
                  (type->kind() == TypeKind::OptionalType &&
                   type->castRaw<OptionalType>()->getElementType()->kind() == TypeKind::TensorType) ||
                  type->kind() == TypeKind::NoneType,
              "Expecting parameter or buffer to have either None, Tensor or Optional[Tensor] type, but got: ",
              type->repr_str());
  attributes_.push_back(ClassAttribute{std::move(name), std::move(type), kind});
  return attributes_.size() - 1;
}

size_t ClassType::addOrCheckAttribute(std::string name, TypePtr type, ClassAttribute::Kind kind) {
  if (auto slot = findAttributeSlot(name)) {
    auto& attr = attributes_[*slot];
    EMBER_CHECK(type->isSubtypeOf(*attr.type), "Attribute '", name, "' of class ", qualifiedName_, " has type ",
                attr.type->repr_str(), " but is being assigned a value of type ", type->repr_str());
    EMBER_CHECK(attr.kind == kind, "Attribute '", name, "' of class ", qualifiedName_,
                " changes between parameter, buffer and plain attribute");
    return *slot;
  }
  return addAttribute(std::move(name), std::move(type), kind);
}

std::optional<size_t> ClassType::findAttributeSlot(std::string_view name) const {
  for (size_t i = 0; i < attributes_.size(); ++i)
    if (attributes_[i].name == name) return i;
  return std::nullopt;
}

size_t ClassType::getAttributeSlot(std::string_view name) const {
  auto slot = findAttributeSlot(name);
  EMBER_CHECK(slot, qualifiedName_, " does not have an attribute with name '", name, "'");
  return *slot;
}

void ClassType::addMethod(Function* method) {
  EMBER_CHECK(method, "cannot add a null method to class ", qualifiedName_);
  EMBER_CHECK(!findMethod(method->name()), "Can't redefine method: ", method->name(), " on class: ", qualifiedName_);
  methods_.push_back(method);
  noteCodeChanged();
}

Function* ClassType::findMethod(std::string_view name) const {
  for (Function* f : methods_)
    if (f->name() == name) return f;
  return nullptr;
}

void ClassType::unsafeRemoveMethod(std::string_view name) {
  auto it = std::find_if(methods_.begin(), methods_.end(), [&](Function* f) { return f->name() == name; });
  EMBER_CHECK(it != methods_.end(), "Can't delete undefined method ", name, " on class: ", qualifiedName_);
  methods_.erase(it);
  noteCodeChanged();
}

bool ClassType::equals(const Type& rhs) const {
  if (this == &rhs) return true;
  auto o = rhs.castRaw<ClassType>();
  return o && o->qualifiedName_ == qualifiedName_;
}

bool ClassType::isSubtypeOfExt(const Type& rhs, std::ostream* whyNot) const {
  if (rhs.kind() == TypeKind::AnyClassType) return true;
  if (auto iface = rhs.castRaw<InterfaceType>()) {
    if (!isModule_ && iface->isModule()) {
      if (whyNot)
        *whyNot << "Class '" << repr_str() << "' is not a subtype of the module interface '" << rhs.repr_str()
                << "' , only ScriptModule class can be subtype of module interface.\n";
      return false;
    }
    return implementsInterface(*this, *iface, whyNot);
  }
  return Type::isSubtypeOfExt(rhs, whyNot);
}

std::string ClassType::annotationStrImpl(const TypePrinter&) const { return qualifiedName_; }

// ---- InterfaceType ----

InterfaceType::InterfaceType(std::string qualifiedName, bool isModule)
    : Type(kKind), qualifiedName_(std::move(qualifiedName)), isModule_(isModule) {}

InterfaceTypePtr InterfaceType::create(std::string qualifiedName, bool isModule) {
  EMBER_CHECK(!qualifiedName.empty(), "an interface type needs a qualified name");
  return std::make_shared<InterfaceType>(std::move(qualifiedName), isModule);
}

std::string InterfaceType::name() const { return baseName(qualifiedName_); }

void InterfaceType::addMethod(std::shared_ptr<const FunctionSchema> schema) {
  EMBER_CHECK(schema, "null interface method schema");
  EMBER_CHECK(!getMethod(schema->name()), "interface ", qualifiedName_, " already has a method ", schema->name());
  methods_.push_back(std::move(schema));
}

const FunctionSchema* InterfaceType::getMethod(std::string_view name) const {
  for (const auto& m : methods_)
    if (m->name() == name) return m.get();
  return nullptr;
}

bool InterfaceType::equals(const Type& rhs) const {
  auto o = rhs.castRaw<InterfaceType>();
  return o && o->qualifiedName_ == qualifiedName_ && implementsInterface(*this, *o, nullptr) &&
         implementsInterface(*o, *this, nullptr);
}

bool InterfaceType::isSubtypeOfExt(const Type& rhs, std::ostream* whyNot) const {
  if (auto iface = rhs.castRaw<InterfaceType>()) {
    if (!isModule_ && iface->isModule()) {
      if (whyNot)
        *whyNot << "Interface '" << repr_str() << "' is not a subtype of the module interface '" << rhs.repr_str()
                << "'.\n";
      return false;
    }
    return implementsInterface(*this, *iface, whyNot);
  }
  return Type::isSubtypeOfExt(rhs, whyNot);
}

std::string InterfaceType::annotationStrImpl(const TypePrinter&) const { return qualifiedName_; }

// ---- FunctionType ----

FunctionTypePtr FunctionType::create(Function* function) {
  EMBER_CHECK(function, "FunctionType needs a function");
  return std::make_shared<FunctionType>(function);
}
bool FunctionType::equals(const Type& rhs) const {
  auto o = rhs.castRaw<FunctionType>();
  return o && o->function_ == function_;
}
std::string FunctionType::str() const { return "Function"; }
std::string FunctionType::annotationStrImpl(const TypePrinter&) const { return function_->qualname(); }

}  // namespace ember::jit
