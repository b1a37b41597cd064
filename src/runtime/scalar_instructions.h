// Typed scalar instructions: the int and float arithmetic and comparisons of TorchScript's
// scalar builtins, run by the interpreter on registers directly instead of through the stack and
// an operator call. Scalar control flow (loop counters, `if i % 3 == 0`) is mostly these, so
// this is what makes such programs fast. The results are the operators' own (the same functors
// in ops/scalar_functors.h), and an instruction meeting a value of an unexpected kind falls back
// to the operator.
#pragma once

#include <cstdint>
#include <optional>

#include "ember/core/function_schema.h"

namespace ember::jit {

enum class ScalarOp : uint8_t { Add, Sub, Mul, Div, FloorDiv, Rem, Eq, Ne, Lt, Le, Gt, Ge };

struct ScalarInstruction {
  ScalarOp op;
  bool isFloat;  // both operands float (the `.float` overload), else both int (`.int`)
};

inline bool isComparison(ScalarOp op) { return op >= ScalarOp::Eq; }

// The typed form of an operator (aten::add.int, aten::lt.float, ...), when it has one.
std::optional<ScalarInstruction> scalarInstructionFor(const OperatorName& name);

// Division by a constant without a division instruction (a 64-bit divide takes tens of cycles,
// more than the rest of a loop iteration like `if i % 3 == 0`). For 32-bit unsigned n and d:
// with M = ceil(2^64 / d) (0 for d = 1, where it wraps), n / d is the high word of M * n, and
// n % d that of (M * n mod 2^64) * d (Lemire, Kaser and Kurz, "Faster remainder by direct
// computation", 2019); the quotient needs d >= 2. On non-negative operands Python's // and %
// agree with these.
constexpr uint64_t kMaxFastDivisor = uint64_t{1} << 32;
inline uint64_t fastDivisorMagic(uint64_t d) { return ~uint64_t{0} / d + 1; }
inline uint64_t fastQuotient(uint64_t n, uint64_t magic) {
  return static_cast<uint64_t>((static_cast<unsigned __int128>(magic) * n) >> 64);
}
inline uint64_t fastRemainder(uint64_t n, uint64_t magic, uint64_t d) {
  uint64_t low = magic * n;
  return static_cast<uint64_t>((static_cast<unsigned __int128>(low) * d) >> 64);
}

}  // namespace ember::jit
