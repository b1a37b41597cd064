// Resolver: how the IR emitter finds global names that are not local variables (the spec's
// "Resolver" section). The native resolver knows `torch`, `math`, `F` (torch.nn.functional), typing
// names and exception
// classes; a compilation-unit resolver adds the functions and classes of the unit being compiled,
// so definitions can refer to each other in any order.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>

#include "ember/api/compilation_unit.h"
#include "frontend/source_range.h"
#include "frontend/sugared_value.h"

namespace ember::jit {

class Resolver {
 public:
  virtual ~Resolver() = default;
  // A value for a global name, or nullptr when unknown.
  virtual SugaredValuePtr resolveValue(const std::string& name, Emitter& m, const SourceRange& loc) = 0;
  // A type for a (possibly dotted) name used in annotations or as a constructor, or nullptr.
  virtual TypePtr resolveType(const std::string& name, const SourceRange& loc) = 0;
  // What a method's `self` denotes, for resolvers that know more about the object than its class
  // type (ember.jit.script of a torch.nn.Module: submodule calls, containers, methods compiled on
  // demand); nullptr: a plain value of the class type.
  virtual SugaredValuePtr methodSelf(Value* /*self*/) { return nullptr; }
};
using ResolverPtr = std::shared_ptr<Resolver>;

// torch, math, typing's names, builtin exception classes.
ResolverPtr nativeResolver();

// Functions of `cu` named `functionPrefix + name` and types named `typePrefix + name` (or by
// their full qualified name), then `parent`.
class CompilationUnitResolver : public Resolver {
 public:
  CompilationUnitResolver(CompilationUnit& cu, std::string functionPrefix, std::string typePrefix,
                          ResolverPtr parent = nativeResolver());
  SugaredValuePtr resolveValue(const std::string& name, Emitter& m, const SourceRange& loc) override;
  TypePtr resolveType(const std::string& name, const SourceRange& loc) override;
  // Default values of NamedTuple fields, by qualified name of the tuple type.
  void setNamedTupleDefaults(const std::string& qualname, std::vector<std::optional<IValue>> defaults) {
    namedTupleDefaults_[qualname] = std::move(defaults);
  }
  // A module-level variable of a Python file (`EPS = 1e-6`), with its Python type name: like
  // PyTorch, compiled code may not use it ("python value of type 'float' cannot be used ...").
  void addPythonGlobal(const std::string& name, std::string pythonType) { pythonGlobals_[name] = std::move(pythonType); }

 private:
  CompilationUnit& cu_;
  std::string functionPrefix_;
  std::string typePrefix_;
  ResolverPtr parent_;
  std::unordered_map<std::string, std::vector<std::optional<IValue>>> namedTupleDefaults_;
  std::unordered_map<std::string, std::string> pythonGlobals_;
};

}  // namespace ember::jit
