// FunctionSchema: the declaration of an operator or method, in PyTorch's schema language:
//   aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
//   aten::add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)
//   aten::chunk(Tensor(a -> *) self, int chunks, int dim=0) -> Tensor(a)[]
// parseSchema() reads it (with alias annotations, fixed-size lists `int[2]`, defaults,
// keyword-only `*`, varargs `...`); printing gives back the canonical text PyTorch prints.
#pragma once

#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ember/core/ivalue.h"
#include "ember/core/symbol.h"
#include "ember/core/type.h"

namespace ember::jit {

// Which alias sets a value belongs to before and after the call, and whether the call writes
// to them. `Tensor(a)[]` gives a list-level AliasInfo with one contained AliasInfo for the
// elements. Sets are symbols in the `alias` namespace; `*` is the wildcard set.
class AliasInfo {
 public:
  static Symbol wildcardSet();

  // In the order written (PyTorch stores them unordered; keeping the order makes printing
  // reproduce the input, e.g. `Tensor(b|a)`).
  const std::vector<Symbol>& beforeSets() const { return beforeSets_; }
  const std::vector<Symbol>& afterSets() const { return afterSets_; }
  void addBeforeSet(Symbol s);
  void addAfterSet(Symbol s);
  bool isWrite() const { return isWrite_; }
  void setIsWrite(bool w) { isWrite_ = w; }
  bool isWildcardBefore() const;
  bool isWildcardAfter() const;
  const std::vector<AliasInfo>& containedTypes() const { return containedTypes_; }
  void addContainedType(AliasInfo info) { containedTypes_.push_back(std::move(info)); }

  friend bool operator==(const AliasInfo& a, const AliasInfo& b);

 private:
  std::vector<Symbol> beforeSets_;
  std::vector<Symbol> afterSets_;
  std::vector<AliasInfo> containedTypes_;
  bool isWrite_ = false;
};
// `(a)`, `(a!)`, `(a -> *)`, `(b|a)`.
std::ostream& operator<<(std::ostream& os, const AliasInfo& info);

class Argument {
 public:
  Argument(std::string name, TypePtr type, TypePtr realType = nullptr, std::optional<int32_t> N = std::nullopt,
           std::optional<IValue> defaultValue = std::nullopt, bool kwargOnly = false,
           std::optional<AliasInfo> aliasInfo = std::nullopt);

  const std::string& name() const { return name_; }
  // The type values have at run time: ScalarType, Layout, MemoryFormat and SymInt are int.
  const TypePtr& type() const { return type_; }
  // The type as written in the schema (`ScalarType?`), used for printing and for parsing
  // named defaults such as `contiguous_format`.
  const TypePtr& realType() const { return realType_; }
  // Size of a fixed-size list (`int[2]`); a single int is accepted for such an argument.
  const std::optional<int32_t>& N() const { return N_; }
  const std::optional<IValue>& defaultValue() const { return defaultValue_; }
  bool kwargOnly() const { return kwargOnly_; }
  const AliasInfo* aliasInfo() const { return aliasInfo_ ? &*aliasInfo_ : nullptr; }
  // Whether the call writes to this argument (`Tensor(a!)`).
  bool isWrite() const { return aliasInfo_ && aliasInfo_->isWrite(); }
  bool isOut() const { return isWrite() && kwargOnly_; }

  Argument cloneWithType(TypePtr newType) const;
  friend bool operator==(const Argument& a, const Argument& b);

 private:
  std::string name_;
  TypePtr type_;
  TypePtr realType_;
  std::optional<int32_t> N_;
  std::optional<IValue> defaultValue_;
  bool kwargOnly_;
  std::optional<AliasInfo> aliasInfo_;
};
std::ostream& operator<<(std::ostream& os, const Argument& arg);

// "aten::add" plus overload "Tensor".
struct OperatorName {
  std::string name;
  std::string overloadName;
  std::string str() const { return overloadName.empty() ? name : name + "." + overloadName; }
  friend bool operator==(const OperatorName& a, const OperatorName& b) = default;
};

struct FunctionSchema {
  FunctionSchema(std::string name, std::string overloadName, std::vector<Argument> arguments,
                 std::vector<Argument> returns, bool isVararg = false, bool isVarret = false);

  const std::string& name() const { return name_.name; }
  const std::string& overloadName() const { return name_.overloadName; }
  const OperatorName& operatorName() const { return name_; }
  const std::vector<Argument>& arguments() const { return arguments_; }
  const std::vector<Argument>& returns() const { return returns_; }
  bool isVararg() const { return isVararg_; }
  bool isVarret() const { return isVarret_; }
  // Whether any argument is written to (an alias annotation with `!`).
  bool isMutable() const;
  std::optional<size_t> argumentIndexWithName(std::string_view name) const;
  // Functions are contravariant in their arguments and covariant in their results; with
  // asMethod the first argument (self) is not compared.
  bool isSubtypeOf(const FunctionSchema& rhs, bool asMethod, std::ostream* whyNot = nullptr) const;
  FunctionSchema cloneWithName(std::string name, std::string overloadName) const;
  FunctionSchema cloneWithArguments(std::vector<Argument> arguments) const;
  FunctionSchema cloneWithReturns(std::vector<Argument> returns) const;
  std::string str() const;
  // The schema as TorchScript error messages show it (same as str()).
  friend bool operator==(const FunctionSchema& a, const FunctionSchema& b);

 private:
  OperatorName name_;
  std::vector<Argument> arguments_;
  std::vector<Argument> returns_;
  bool isVararg_;
  bool isVarret_;
};
std::ostream& operator<<(std::ostream& os, const FunctionSchema& schema);

// Resolves `__torch__.torch.classes.ns.Name` in schemas. The default (nullptr) creates one
// placeholder ClassType per name, so schemas of custom-class ops parse before the class exists.
using CustomClassResolver = std::function<TypePtr(const std::string& qualifiedName)>;

// Parses a full schema. Throws ember::Error naming the position on malformed input.
FunctionSchema parseSchema(std::string_view text, const CustomClassResolver& resolver = nullptr);
// Parses either a full schema or just a name with optional overload ("aten::add.Tensor").
std::variant<OperatorName, FunctionSchema> parseSchemaOrName(std::string_view text,
                                                             const CustomClassResolver& resolver = nullptr);
// Parses a schema-language type: `Tensor(a!)[]`, `Dict(str, t)`, `int?`. Returns the run-time
// (fake) type.
TypePtr parseSchemaType(std::string_view text, const CustomClassResolver& resolver = nullptr);

}  // namespace ember::jit
