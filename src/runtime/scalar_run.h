// The interpreter's fast path for runs of typed scalar instructions (scalar_instructions.h):
// int and float arithmetic, comparisons feeding jumps, loop tests, jumps and single moves of
// numbers, run back to back in a small loop of their own. Its state (instruction pointer,
// operand and register bases) stays in machine registers: the loop calls nothing, and leaves
// everything else (and every operand of an unexpected kind, or a division by zero that must
// raise) to the interpreter's general loop. A scalar loop like fizzbuzz runs here from its first
// iteration to its exit.
//
// Also the semantics of the typed instructions, shared by both loops.
#pragma once

#include <type_traits>

#include "ember/core/ivalue.h"
#include "runtime/code.h"
#include "runtime/ops/scalar_functors.h"
#include "runtime/scalar_instructions.h"

namespace ember::jit {

// Runs instructions from `ip` while they are scalar ones it can run; returns the first one it
// does not run (`ip` itself when it runs none).
const Instruction* runScalarInstructions(const Instruction* ip, const Instruction* insts, const uint32_t* operands,
                                         IValue* regs);

// out = a op b for a kIntOp or kFloatOp on known-kind operands; out is written after both are read.
template <typename T>
[[gnu::always_inline]] inline void scalarArith(uint8_t op, T a, T b, IValue& out) {
  using namespace scalar;
  auto set = [&](auto v) {
    if constexpr (std::is_same_v<decltype(v), bool>) out.setBool(v);
    else if constexpr (std::is_same_v<decltype(v), double>) out.setDouble(v);
    else out.setInt(v);
  };
  switch (static_cast<ScalarOp>(op)) {
    case ScalarOp::Add: return set(Add{}(a, b));
    case ScalarOp::Sub: return set(Sub{}(a, b));
    case ScalarOp::Mul: return set(Mul{}(a, b));
    case ScalarOp::Div: return set(Div{}(a, b));
    case ScalarOp::FloorDiv: return set(FloorDiv{}(a, b));
    case ScalarOp::Rem: return set(Remainder{}(a, b));
    case ScalarOp::Eq: return set(Eq{}(a, b));
    case ScalarOp::Ne: return set(Ne{}(a, b));
    case ScalarOp::Lt: return set(Lt{}(a, b));
    case ScalarOp::Le: return set(Le{}(a, b));
    case ScalarOp::Gt: return set(Gt{}(a, b));
    case ScalarOp::Ge: return set(Ge{}(a, b));
  }
}

// The int arithmetic of kIntOpCmpJumpFalse (never a comparison or true division).
[[gnu::always_inline]] inline int64_t scalarIntArith(ScalarOp op, int64_t a, int64_t b) {
  using namespace scalar;
  switch (op) {
    case ScalarOp::Add: return Add{}(a, b);
    case ScalarOp::Sub: return Sub{}(a, b);
    case ScalarOp::Mul: return Mul{}(a, b);
    case ScalarOp::FloorDiv: return FloorDiv{}(a, b);
    default: return Remainder{}(a, b);
  }
}

template <typename T>
[[gnu::always_inline]] inline bool scalarCompare(uint8_t op, T a, T b) {
  using namespace scalar;
  switch (static_cast<ScalarOp>(op)) {
    case ScalarOp::Eq: return Eq{}(a, b);
    case ScalarOp::Ne: return Ne{}(a, b);
    case ScalarOp::Lt: return Lt{}(a, b);
    case ScalarOp::Le: return Le{}(a, b);
    case ScalarOp::Gt: return Gt{}(a, b);
    default: return Ge{}(a, b);
  }
}

// `a // d` or `a % d` (op) for a in [0, 2^32) and the divisor of a fast-divisor instruction: its
// register holds d, `magic` the reciprocal's (scalar_instructions.h).
[[gnu::always_inline]] inline int64_t divideByConstant(ScalarOp op, int64_t a, const IValue& d, const IValue& magic) {
  const auto n = static_cast<uint64_t>(a), m = static_cast<uint64_t>(magic.unsafeToInt());
  const uint64_t r = op == ScalarOp::Rem ? fastRemainder(n, m, static_cast<uint64_t>(d.unsafeToInt()))
                                         : fastQuotient(n, m);
  return static_cast<int64_t>(r);
}

// Whether an int op would raise (a zero divisor): those run in the general loop, which reports
// the error at the right instruction.
[[gnu::always_inline]] inline bool intOpRaises(ScalarOp op, int64_t b) {
  return b == 0 && (op == ScalarOp::FloorDiv || op == ScalarOp::Rem);
}

}  // namespace ember::jit
