// Results PyTorch 1.13 never differentiates although they are floating point (derivatives.yaml's
// output_differentiability): _ctc_loss's log_alpha, multilabel_margin_loss_forward's is_target.
// They get no grad_fn and do not require grad, as in PyTorch; the op's other results do.
#pragma once

#include <cstddef>

#include "ember/core/function_schema.h"

namespace ember::autograd {

// Whether result `slot` (counting tensor results, list elements one by one) of a recorded call of
// `schema` gets the call's node as its grad_fn.
bool isDifferentiableOutput(const jit::FunctionSchema& schema, size_t slot);

}  // namespace ember::autograd
