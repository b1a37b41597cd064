// Python number semantics for TorchScript's int and float builtins: int is int64 and wraps
// on overflow (as TorchScript does), floor division and modulo round toward negative
// infinity, and float printing/parsing follows Python.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ember/error.h"

namespace ember::jit::py {

// Two's-complement wrap-around without signed-overflow UB.
inline int64_t addInt(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}
inline int64_t subInt(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b));
}
inline int64_t mulInt(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
}
inline int64_t negInt(int64_t a) { return static_cast<int64_t>(0 - static_cast<uint64_t>(a)); }

// a // b; throws "division by 0" for b == 0. INT64_MIN // -1 wraps. Inline: the interpreter's
// typed instructions run these in its loop.
inline int64_t floordivInt(int64_t a, int64_t b) {
  EMBER_CHECK(b != 0, "division by 0");
  if (b == -1) return negInt(a);  // INT64_MIN / -1 would trap
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}
// a % b with the sign of b.
inline int64_t modInt(int64_t a, int64_t b) {
  EMBER_CHECK(b != 0, "division by 0");
  if (b == -1) return 0;
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}
// Python's float floor division and modulo (the sign of the result follows b), as divmod()
// computes them; `//` and `%` on floats differ in TorchScript (see scalar_ops.cpp).
double floordivDouble(double a, double b);
double modDouble(double a, double b);
// int ** int with a non-negative exponent (wraps on overflow).
int64_t powInt(int64_t base, int64_t exp);

// float -> int as TorchScript's int() does: truncation, and like the x86-64 conversion PyTorch
// relies on, INT64_MIN for nan, inf and values out of range.
int64_t truncToInt(double d);
// floor()/ceil() results -> int; throws "Cannot convert float inf to integer" for nan and inf.
int64_t integralDoubleToInt(double d);

// int(str): Python's literal rules for base 10 (whitespace, sign, underscores between digits).
int64_t parseInt(std::string_view s);
// float(str): decimal and hex-free forms Python accepts, plus inf/nan spellings.
double parseDouble(std::string_view s);

// Python's slice `[start:end:step]` over `size` elements: the first index and the element count.
// Throws ValueError for step 0.
void sliceBounds(std::optional<int64_t> start, std::optional<int64_t> end, int64_t step, int64_t size,
                 int64_t& first, int64_t& count);

// math.gcd, math.factorial.
int64_t gcd(int64_t a, int64_t b);
int64_t factorial(int64_t n);

}  // namespace ember::jit::py
