// CompilationUnit: owns the functions and the named types (classes, NamedTuples, interfaces,
// enums) that one compilation produced. Classes keep non-owning pointers to their methods, which
// the unit owns. Names are qualified ("__torch__.Foo.forward", or "foo" for free functions
// compiled from a string as torch.jit.CompilationUnit does).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ember/core/function.h"
#include "ember/core/type.h"
#include "ember/runtime/graph_function.h"

namespace ember::jit {

class CompilationUnit {
 public:
  CompilationUnit() = default;
  CompilationUnit(const CompilationUnit&) = delete;
  CompilationUnit& operator=(const CompilationUnit&) = delete;

  // ---- functions ----
  // Takes ownership; throws if a function of that qualified name exists.
  Function* registerFunction(std::unique_ptr<Function> fn);
  // Creates and registers a graph function (its body possibly produced lazily by `creator`).
  GraphFunction* createFunction(std::string qualname, std::shared_ptr<Graph> graph,
                                GraphFunction::Creator creator = nullptr);
  Function* findFunction(std::string_view qualname) const;
  // Throws "function 'name' not found" when absent.
  Function& getFunction(std::string_view qualname) const;
  // Free functions and methods, in definition order.
  std::vector<Function*> getFunctions() const;

  // ---- types ----
  // Throws if a type of that name exists.
  // Named types: ClassType, InterfaceType, EnumType, or a TupleType with a qualified name.
  void registerType(TypePtr type);
  TypePtr findType(std::string_view qualname) const;
  ClassTypePtr findClass(std::string_view qualname) const;
  std::vector<TypePtr> getTypes() const;

  // A fresh name for `qualname` when it is taken: "__torch__.Foo" -> "__torch__.___torch_mangle_0.Foo",
  // the scheme PyTorch uses for re-scripted classes.
  std::string mangle(std::string_view qualname);

 private:
  std::vector<std::unique_ptr<Function>> functions_;
  std::unordered_map<std::string, Function*> functionsByName_;
  std::vector<TypePtr> types_;
  std::unordered_map<std::string, TypePtr> typesByName_;
  size_t mangleIndex_ = 0;
};

// The qualified name of a named type ("__torch__.Foo"); empty for structural types.
std::string qualifiedTypeName(const Type& type);

}  // namespace ember::jit
