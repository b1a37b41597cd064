// Object: a TorchScript class instance (an ObjectImpl) together with the CompilationUnit that owns
// its class's methods. Attributes are the object's slots, typed by its ClassType; methods are the
// class's functions, called with the object as `self`.
//
//   Object point(cu, cu->findClass("__torch__.Point"));
//   point.setattr("x", 3);
//   IValue n = point.run_method("norm");
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "ember/api/method.h"
#include "ember/core/ivalue.h"
#include "ember/core/type.h"

namespace ember::jit {

class CompilationUnit;
class Graph;
class GraphFunction;

class Object {
 public:
  Object() = default;
  // A fresh instance of `type` (every slot None until set).
  Object(std::shared_ptr<CompilationUnit> cu, ClassTypePtr type);
  // Wraps an existing instance. Without `cu`, the unit that created the class is looked up (see
  // registerClassUnit); methods of a class whose unit is gone cannot be called.
  explicit Object(IntrusivePtr<ObjectImpl> obj, std::shared_ptr<CompilationUnit> cu = nullptr);

  bool defined() const { return static_cast<bool>(obj_); }
  const IntrusivePtr<ObjectImpl>& _ivalue() const { return obj_; }
  IValue ivalue() const { return IValue(obj_); }
  ClassTypePtr type() const;
  const std::shared_ptr<CompilationUnit>& compilationUnit() const { return cu_; }

  // ---- attributes ----
  bool hasattr(const std::string& name) const;
  // Throws "<class> has no attribute '<name>'" when absent.
  IValue attr(const std::string& name) const;
  IValue attr(const std::string& name, IValue orElse) const;
  // Sets an existing attribute; the value must match its declared type.
  void setattr(const std::string& name, IValue v);
  // Adds the attribute to the class (or checks the existing one's type) and sets it.
  void register_attribute(const std::string& name, const TypePtr& type, IValue v, bool isParameter = false,
                          bool isBuffer = false);

  // ---- methods ----
  std::optional<Method> find_method(const std::string& name) const;
  // Throws "Method 'name' is not defined on <class>" when absent.
  Method get_method(const std::string& name) const;
  std::vector<Method> get_methods() const;
  // Adds `graph` (whose first input is self) as method `name` of the class: a GraphFunction
  // owned by the compilation unit. What the frontend does for each compiled `def`.
  Method define_method(const std::string& name, std::shared_ptr<Graph> graph);

  template <typename... Args>
  IValue run_method(const std::string& name, Args&&... args) const {
    return get_method(name)({IValue(std::forward<Args>(args))...});
  }

 protected:
  IntrusivePtr<ObjectImpl> obj_;
  std::shared_ptr<CompilationUnit> cu_;
};

// Records which unit owns `type`'s methods, so that objects found inside other values (a
// submodule read from an attribute, an object returned by a method) can call them. Object and
// Module constructors register automatically.
void registerClassUnit(const ClassTypePtr& type, const std::shared_ptr<CompilationUnit>& cu);
std::shared_ptr<CompilationUnit> findClassUnit(const ClassType& type);

}  // namespace ember::jit
