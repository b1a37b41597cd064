// Node attributes: named constants attached to a node (`prim::Constant[value=1]`). Attributes
// are rare by design — operator arguments travel as inputs — but constants, subgraphs of fusion
// groups and a few prims need them.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ember/core/ivalue.h"
#include "ember/core/symbol.h"
#include "ember/core/type.h"
#include "ember/tensor/tensor.h"

namespace ember::jit {

class Graph;

// The kinds follow PyTorch's: f (float), fs, c (complex, unused here), i, is, s, ss, t, ts,
// g, gs, ty, tys, ival.
enum class AttributeKind { f, fs, i, is, s, ss, t, ts, g, gs, ty, tys, ival };

const char* attributeKindName(AttributeKind kind);

// One attribute: its name and a value of one kind. Values are immutable once set; copying
// a node copies the attribute (graphs are shared by pointer, tensors by reference).
class AttributeValue {
 public:
  virtual ~AttributeValue() = default;
  AttributeValue(Symbol name) : name_(name) {}  // NOLINT
  Symbol name() const { return name_; }
  virtual AttributeKind kind() const = 0;
  virtual std::unique_ptr<AttributeValue> clone() const = 0;

 private:
  Symbol name_;
};

template <typename T, AttributeKind Kind>
class ScalarAttributeValue final : public AttributeValue {
 public:
  using ValueType = T;
  ScalarAttributeValue(Symbol name, T value) : AttributeValue(name), value_(std::move(value)) {}
  const T& value() const { return value_; }
  AttributeKind kind() const override { return Kind; }
  std::unique_ptr<AttributeValue> clone() const override {
    return std::make_unique<ScalarAttributeValue>(name(), value_);
  }

 private:
  T value_;
};

using FloatAttr = ScalarAttributeValue<double, AttributeKind::f>;
using FloatsAttr = ScalarAttributeValue<std::vector<double>, AttributeKind::fs>;
using IntAttr = ScalarAttributeValue<int64_t, AttributeKind::i>;
using IntsAttr = ScalarAttributeValue<std::vector<int64_t>, AttributeKind::is>;
using StringAttr = ScalarAttributeValue<std::string, AttributeKind::s>;
using StringsAttr = ScalarAttributeValue<std::vector<std::string>, AttributeKind::ss>;
using TensorAttr = ScalarAttributeValue<Tensor, AttributeKind::t>;
using TensorsAttr = ScalarAttributeValue<std::vector<Tensor>, AttributeKind::ts>;
using GraphAttr = ScalarAttributeValue<std::shared_ptr<Graph>, AttributeKind::g>;
using GraphsAttr = ScalarAttributeValue<std::vector<std::shared_ptr<Graph>>, AttributeKind::gs>;
using TypeAttr = ScalarAttributeValue<TypePtr, AttributeKind::ty>;
using TypesAttr = ScalarAttributeValue<std::vector<TypePtr>, AttributeKind::tys>;
using IValueAttr = ScalarAttributeValue<IValue, AttributeKind::ival>;

// Subgraph attributes are deep-copied when their node is copied, so that a pass editing one
// fusion group's subgraph never changes another's (defined in node.cpp).
template <>
std::unique_ptr<AttributeValue> GraphAttr::clone() const;
template <>
std::unique_ptr<AttributeValue> GraphsAttr::clone() const;

}  // namespace ember::jit
