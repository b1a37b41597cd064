// The int/float arithmetic and comparisons of TorchScript's scalar builtins (aten::add.int,
// aten::lt.float, ...), shared by the operators (scalar_ops.cpp) and the interpreter's typed
// instructions, so both compute exactly the same thing. Each functor has an (int64_t, int64_t)
// and a (double, double) form with Python's semantics.
#pragma once

#include <cmath>
#include <cstdint>

#include "runtime/ops/python_number.h"

namespace ember::jit::scalar {

struct Add {
  int64_t operator()(int64_t a, int64_t b) const { return py::addInt(a, b); }
  double operator()(double a, double b) const { return a + b; }
};
struct Sub {
  int64_t operator()(int64_t a, int64_t b) const { return py::subInt(a, b); }
  double operator()(double a, double b) const { return a - b; }
};
struct Mul {
  int64_t operator()(int64_t a, int64_t b) const { return py::mulInt(a, b); }
  double operator()(double a, double b) const { return a * b; }
};
// True division; TorchScript gives inf/nan on a zero divisor rather than raising.
struct Div {
  double operator()(int64_t a, int64_t b) const { return static_cast<double>(a) / static_cast<double>(b); }
  double operator()(double a, double b) const { return a / b; }
};
// TorchScript's float // and % are floor(a / b) and a remainder with the sign of b; unlike
// Python they give inf/nan for a zero divisor instead of raising.
struct FloorDiv {
  int64_t operator()(int64_t a, int64_t b) const { return py::floordivInt(a, b); }
  double operator()(double a, double b) const { return std::floor(a / b); }
};
struct Remainder {
  int64_t operator()(int64_t a, int64_t b) const { return py::modInt(a, b); }
  double operator()(double a, double b) const { return std::fmod(b + std::fmod(a, b), b); }
};
#define EMBER_COMPARE_FUNCTOR(Name, op)                                       \
  struct Name {                                                               \
    template <typename T>                                                     \
    bool operator()(const T& a, const T& b) const { return a op b; }         \
  };
EMBER_COMPARE_FUNCTOR(Eq, ==)
EMBER_COMPARE_FUNCTOR(Ne, !=)
EMBER_COMPARE_FUNCTOR(Lt, <)
EMBER_COMPARE_FUNCTOR(Le, <=)
EMBER_COMPARE_FUNCTOR(Gt, >)
EMBER_COMPARE_FUNCTOR(Ge, >=)
#undef EMBER_COMPARE_FUNCTOR

}  // namespace ember::jit::scalar
