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

}  // namespace ember::jit
