#include "ember/api/object.h"

#include <mutex>
#include <unordered_map>

#include "ember/api/compilation_unit.h"
#include "ember/error.h"
#include "ember/ir/ir.h"
#include "ember/runtime/graph_function.h"

namespace ember::jit {
namespace {

// Class -> the unit owning its methods. Weak: a unit lives as long as some Object holds it.
std::mutex gUnitsMutex;
std::unordered_map<const ClassType*, std::weak_ptr<CompilationUnit>>& classUnits() {
  static auto* units = new std::unordered_map<const ClassType*, std::weak_ptr<CompilationUnit>>();
  return *units;
}

}  // namespace

void registerClassUnit(const ClassTypePtr& type, const std::shared_ptr<CompilationUnit>& cu) {
  if (!type || !cu) return;
  std::lock_guard<std::mutex> lock(gUnitsMutex);
  classUnits()[type.get()] = cu;
}

std::shared_ptr<CompilationUnit> findClassUnit(const ClassType& type) {
  std::lock_guard<std::mutex> lock(gUnitsMutex);
  auto it = classUnits().find(&type);
  return it == classUnits().end() ? nullptr : it->second.lock();
}

Object::Object(std::shared_ptr<CompilationUnit> cu, ClassTypePtr type) : cu_(std::move(cu)) {
  EMBER_CHECK(type, "Object needs a class type");
  registerClassUnit(type, cu_);
  obj_ = ObjectImpl::create(std::move(type));
}

Object::Object(IntrusivePtr<ObjectImpl> obj, std::shared_ptr<CompilationUnit> cu)
    : obj_(std::move(obj)), cu_(std::move(cu)) {
  EMBER_CHECK(obj_, "Object needs an object");
  if (!cu_) cu_ = findClassUnit(*obj_->type);
}

ClassTypePtr Object::type() const {
  EMBER_CHECK(obj_, "undefined Object");
  return obj_->type;
}

bool Object::hasattr(const std::string& name) const { return type()->hasAttribute(name); }

IValue Object::attr(const std::string& name) const {
  auto slot = type()->findAttributeSlot(name);
  EMBER_CHECK_KIND(Key, slot, type()->name(), " has no attribute '", name, "'");
  return *slot < obj_->slots.size() ? obj_->slots[*slot] : IValue();
}

IValue Object::attr(const std::string& name, IValue orElse) const {
  auto slot = type()->findAttributeSlot(name);
  if (!slot) return orElse;
  return *slot < obj_->slots.size() ? obj_->slots[*slot] : IValue();
}

void Object::setattr(const std::string& name, IValue v) {
  auto slot = type()->findAttributeSlot(name);
  EMBER_CHECK_KIND(Key, slot, type()->name(), " has no attribute '", name, "'");
  const TypePtr& declared = type()->getAttribute(*slot);
  TypePtr actual = v.type();
  EMBER_CHECK_KIND(Type, actual->isSubtypeOf(*declared), "Expected a value of type '", declared->annotation_str(),
                   "' for field '", name, "', but found '", actual->annotation_str(), "'");
  obj_->setSlot(*slot, std::move(v));
}

void Object::register_attribute(const std::string& name, const TypePtr& type, IValue v, bool isParameter,
                                bool isBuffer) {
  auto kind = isParameter ? ClassAttribute::Kind::Parameter
                          : (isBuffer ? ClassAttribute::Kind::Buffer : ClassAttribute::Kind::Regular);
  size_t slot = this->type()->addOrCheckAttribute(name, type, kind);
  TypePtr actual = v.type();
  EMBER_CHECK_KIND(Type, actual->isSubtypeOf(*type) || v.isNone(), "Expected a value of type '",
                   type->annotation_str(), "' for field '", name, "', but found '", actual->annotation_str(), "'");
  obj_->setSlot(slot, std::move(v));
}

std::optional<Method> Object::find_method(const std::string& name) const {
  if (Function* fn = type()->findMethod(name)) return Method(obj_, fn);
  return std::nullopt;
}

Method Object::get_method(const std::string& name) const {
  auto m = find_method(name);
  EMBER_CHECK(m, "Method '", name, "' is not defined on ", type()->name());
  return *m;
}

std::vector<Method> Object::get_methods() const {
  std::vector<Method> out;
  for (Function* fn : type()->methods()) out.emplace_back(obj_, fn);
  return out;
}

Method Object::define_method(const std::string& name, std::shared_ptr<Graph> graph) {
  EMBER_CHECK(cu_, "cannot define a method: the object has no compilation unit");
  EMBER_CHECK(graph && !graph->inputs().empty(), "a method's graph takes self as its first input");
  GraphFunction* fn = cu_->createFunction(type()->qualifiedName() + "." + name, std::move(graph));
  type()->addMethod(fn);
  return Method(obj_, fn);
}

}  // namespace ember::jit
