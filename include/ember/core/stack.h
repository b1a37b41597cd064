// Helpers for operator implementations working on the interpreter stack: arguments are pushed
// in schema order, an operator pops them and pushes its outputs.
#pragma once

#include <utility>

#include "ember/core/ivalue.h"

namespace ember::jit {

inline IValue pop(Stack& stack) {
  IValue v = std::move(stack.back());
  stack.pop_back();
  return v;
}

// The i-th of the top n values (0 is the deepest of them).
inline IValue& peek(Stack& stack, size_t i, size_t n) { return stack[stack.size() - n + i]; }

inline void drop(Stack& stack, size_t n) { stack.resize(stack.size() - n); }

template <typename... Ts>
inline void push(Stack& stack, Ts&&... values) {
  (stack.emplace_back(std::forward<Ts>(values)), ...);
}

// Pops the top sizeof...(Ts) values into `out` in push order: pop(stack, a, b) for `a, b`.
template <typename... Ts>
inline void pop(Stack& stack, Ts&... out) {
  size_t i = stack.size() - sizeof...(Ts);
  ((out = std::move(stack[i++])), ...);
  drop(stack, sizeof...(Ts));
}

}  // namespace ember::jit
