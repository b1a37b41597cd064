// NamedValue: an argument for Graph::insert — either a Value already in the graph or a C++
// constant (an IValue) to be materialised as prim::Constant, optionally with a keyword name
// and a source range for error messages.
#pragma once

#include <optional>
#include <string>

#include "ember/core/ivalue.h"
#include "ember/core/source_range.h"

namespace ember::jit {

class Value;
class Graph;

class NamedValue {
 public:
  NamedValue(Value* value) : value_(value) {}  // NOLINT: implicit by design
  NamedValue(IValue constant) : constant_(std::move(constant)) {}  // NOLINT
  NamedValue(int64_t v) : constant_(IValue(v)) {}                  // NOLINT
  NamedValue(int v) : constant_(IValue(static_cast<int64_t>(v))) {}  // NOLINT
  NamedValue(double v) : constant_(IValue(v)) {}                   // NOLINT
  NamedValue(bool v) : constant_(IValue(v)) {}                     // NOLINT
  NamedValue(const char* v) : constant_(IValue(std::string(v))) {}  // NOLINT
  NamedValue(std::string name, Value* value) : name_(std::move(name)), value_(value) {}
  NamedValue(std::string name, IValue constant) : name_(std::move(name)), constant_(std::move(constant)) {}

  const std::optional<std::string>& name() const { return name_; }
  bool isConstant() const { return value_ == nullptr; }
  const IValue& constant() const { return constant_; }
  // The Value, inserting a prim::Constant into `g` at its insertion point for a constant.
  Value* value(Graph& g) const;
  Value* valueOrNull() const { return value_; }
  const std::optional<SourceRange>& loc() const { return loc_; }
  NamedValue& withLoc(SourceRange r) {
    loc_ = std::move(r);
    return *this;
  }

 private:
  std::optional<std::string> name_;
  Value* value_ = nullptr;
  IValue constant_;
  std::optional<SourceRange> loc_;
};

}  // namespace ember::jit
