// Builtin functions: overloads of builtin names written in TorchScript itself, such as
// `add(a: int, b: Tensor) -> Tensor` (Python's `1 + x`) or `floordiv(self: Tensor, other: number)`
// (`x // 2`). They take part in overload resolution next to the operators of the same name and
// are inlined where they are called, as TorchScript does.
#pragma once

#include <vector>

#include "ember/core/function.h"
#include "ember/core/symbol.h"

namespace ember::jit {

// The builtin functions named `name` (aten::add, ...), compiled on first use. Empty while they
// are being compiled, so their own bodies resolve to operators only.
const std::vector<Function*>& builtinFunctionsFor(Symbol name);

}  // namespace ember::jit
