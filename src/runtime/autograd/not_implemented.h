// The operators PyTorch 1.13 records in autograd but cannot differentiate, with the error text
// PyTorch gives for each: most raise in backward (a `NotImplemented` node, or a derivatives.yaml
// `not_implemented` entry naming the function), a few refuse already in the forward. Every
// other operator without a formula or decomposition gets ember's own backward error.
#pragma once

#include <string>

#include "ember/core/function_schema.h"

namespace ember::autograd {

// The message backward through a call of `schema` raises when the op has no formula nor
// decomposition: PyTorch's for the listed operators, "the derivative for 'aten::x' is not
// implemented." for the rest.
std::string notImplementedMessage(const jit::FunctionSchema& schema);

// Throws PyTorch's error for the listed operators PyTorch refuses to run when an input requires
// grad (view_as_complex_copy, ldexp_); does nothing for all others.
void checkForwardAllowed(const jit::FunctionSchema& schema);

}  // namespace ember::autograd
