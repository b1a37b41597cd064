// Composite operators: operators implemented by running TorchScript through the interpreter (the
// `*_backward` operators of src/runtime/ops/aten_backward_ops.cpp). The interpreter records the
// calls inside them, so their results carry that history and higher-order gradients follow, as
// PyTorch's differentiable backward kernels give; recording the call itself would hide it behind
// a node with no formula.
#pragma once

#include <string>

#include "ember/core/function_schema.h"

namespace ember::autograd {

// `name` as "aten::gelu_backward" or "aten::threshold_backward.grad_input"; called by operator
// libraries' static initialisers.
void registerCompositeOperator(const std::string& name);

bool isComposite(const jit::FunctionSchema& schema);

}  // namespace ember::autograd
