// What a prim::TypeCheck guard accepts, shared by the operator (in the specialised graph) and the
// profiling executor (which picks the specialisation whose guard a call passes, and logs why a
// guard failed). A guard type checks what it knows of a tensor: dtype, device, requires_grad,
// rank, and whichever sizes and strides it holds; `contiguous` also asks for a contiguous tensor
// (the DYNAMIC fusion strategy's guards, whose sizes are symbolic).
#pragma once

#include <string>

#include "ember/core/ivalue.h"
#include "ember/core/type.h"

namespace ember::jit {

bool guardAccepts(const TensorType& guard, bool contiguous, const IValue& value);

// Why `value` fails the guard ("dtype Double, expected Float"); empty when it passes.
std::string guardMismatch(const TensorType& guard, bool contiguous, const IValue& value);

}  // namespace ember::jit
