// Small helpers shared by the builtin operator libraries in src/runtime/ops/: typed pops and
// adapters that turn a stateless lambda into a plain Operation (a function pointer), so that
// one lambda serves the int, float and mixed overloads of an operator.
#pragma once

#include <string>
#include <type_traits>
#include <utility>

#include "ember/core/ivalue.h"
#include "ember/core/operator.h"
#include "ember/core/stack.h"
#include "ember/ir/ir.h"

namespace ember::jit::ops {

// Reads the value as the C++ type T (int64_t, double, bool, std::string, IValue).
template <typename T>
T as(const IValue& v) {
  if constexpr (std::is_same_v<T, int64_t>) return v.toInt();
  else if constexpr (std::is_same_v<T, double>) return v.toDouble();
  else if constexpr (std::is_same_v<T, bool>) return v.toBool();
  else if constexpr (std::is_same_v<T, std::string>) return v.toStringRef();
  else if constexpr (std::is_same_v<T, IValue>) return v;
  else static_assert(sizeof(T) == 0, "ops::as<T>: unsupported type");
}

// A number as a double, for `Scalar`/`number` arguments (int, float or bool).
inline double toNumber(const IValue& v) {
  if (v.isDouble()) return v.toDouble();
  if (v.isInt()) return static_cast<double>(v.toInt());
  return v.toBool() ? 1.0 : 0.0;
}

// Operation for `op(A a) -> R`: F is a captureless lambda type (default-constructible).
template <typename A, typename F>
void unaryOp(Stack& stack) {
  IValue& slot = stack.back();
  slot = IValue(F{}(as<A>(slot)));
}

// Operation for `op(A a, B b) -> R`.
template <typename A, typename B, typename F>
void binaryOp(Stack& stack) {
  IValue b = pop(stack);
  IValue& a = stack.back();
  a = IValue(F{}(as<A>(a), as<B>(b)));
}

// Operations over the whole stack (for results that are not a single IValue).
template <typename F>
void stackOp(Stack& stack) {
  F{}(stack);
}

// Number of inputs of a vararg node; throws when an operator that needs its node runs without one.
inline size_t nodeInputCount(const Node* node, const char* op) {
  EMBER_CHECK(node != nullptr, op, " needs its graph node to run");
  return node->inputs().size();
}

inline size_t nodeOutputCount(const Node* node, const char* op) {
  EMBER_CHECK(node != nullptr, op, " needs its graph node to run");
  return node->outputs().size();
}

}  // namespace ember::jit::ops
