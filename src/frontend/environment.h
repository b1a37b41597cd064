// Environment: the variables of one block scope while the IR emitter runs (the spec's
// "Environment" section). Before SSA conversion, a variable is read with
// `%v = prim::Load[name="x"]()` and written with `prim::Store[name="x"](%v)`; the environment
// records each variable's type per block, keeps compile-time (sugared) values by name, and
// remembers why a variable is not usable after a branch ("x is not defined in the false branch").
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "ember/ir/ir.h"
#include "frontend/resolver.h"
#include "frontend/sugared_value.h"

namespace ember::jit {

class Environment {
 public:
  Environment(Emitter& m, ResolverPtr resolver, Block* block, std::shared_ptr<Environment> next);

  Block* block() const { return block_; }
  const std::shared_ptr<Environment>& next() const { return next_; }

  // Lookups that find a first-class variable emit a prim::Load at the insertion point.
  SugaredValuePtr findInThisFrame(const std::string& name);
  SugaredValuePtr findInParentFrame(const std::string& name);
  SugaredValuePtr findInAnyFrame(const std::string& name);
  // The type of a first-class variable, without emitting anything (nullptr if none).
  TypePtr findTypeInAnyFrame(const std::string& name) const;
  TypePtr findTypeInParentFrame(const std::string& name) const;

  void setVar(const SourceRange& loc, const std::string& name, Value* value);
  void setSugaredVar(const SourceRange& loc, const std::string& name, SugaredValuePtr value, TypePtr annotatedType);
  Value* getVar(const std::string& name, const SourceRange& loc);
  // Locals, then the resolver, then Python's builtins. Throws "undefined value x" when required.
  SugaredValuePtr getSugaredVar(const std::string& name, const SourceRange& loc, bool required = true);

  // First-class variables assigned in this frame (sorted, so graphs are deterministic).
  std::vector<std::string> definedVariables() const;
  void setType(const std::string& name, TypePtr type) { typeTable_[name] = std::move(type); }
  void setVariableTypeError(const std::string& name, std::function<std::string()> message);
  std::optional<std::string> findVariableTypeError(const std::string& name) const;
  void removeVariable(const std::string& name);

 private:
  Value* insertLoad(const std::string& name, const TypePtr& type);
  void insertStore(const std::string& name, const SourceRange& loc, Value* v, const TypePtr& type);
  SugaredValuePtr globalBuiltin(const std::string& name);

  Emitter& m_;
  ResolverPtr resolver_;
  Block* block_;
  std::shared_ptr<Environment> next_;
  std::unordered_map<std::string, SugaredValuePtr> valueTable_;
  std::map<std::string, TypePtr> typeTable_;
  std::unordered_map<std::string, std::function<std::string()>> errorMessages_;
};

}  // namespace ember::jit
