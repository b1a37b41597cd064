// Operators PyTorch 1.13 records in the graph but cannot differentiate: backward through them
// raises. Ember records them the same way (a NotImplementedNode, formula_node.h); this table
// gives each one PyTorch's own error text, which comes in two forms: ops whose derivatives.yaml
// entry says not_implemented ("the derivative for 'geqrf' is not implemented.") and ops with no
// entry, which PyTorch's autograd fallback records ("derivative for aten::_add_relu is not
// implemented"). scripts/autograd_coverage.py counts the ops listed here as handled.
#pragma once

#include <string>

#include "ember/core/function_schema.h"

namespace ember::autograd {

// The error backward through `schema` raises when the op has neither a formula nor a
// decomposition: PyTorch's text for the ops of the table, ember's generic one for the rest.
std::string notImplementedMessage(const jit::FunctionSchema& schema);

}  // namespace ember::autograd
