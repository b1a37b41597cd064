// Requires-grad analysis (PyTorch 1.13's PropagateRequiresGrad, which Python does not expose):
// given the requires_grad of the graph's inputs (a TensorType's requires_grad; unknown counts as
// true, as in PyTorch), sets on every tensor value whether it may require grad.
//
// A node's tensor outputs require grad when any input may (a list or optional of tensors may
// when its tensors may), except: comparisons (eq/ne/lt/le/gt/ge) and `detach` never do;
// `type_as` follows its first input; `aten::tensor` follows its constant `requires_grad`
// argument; outputs whose dtype is known and not floating point or complex never do (type_as
// included). An If's outputs require grad when either branch's do; a Loop's carried values are
// iterated to a fixed point. Beyond PyTorch: a list that is only read (indexed, unpacked,
// measured) requires grad as the node that made it did, instead of counting as an unknown
// tensor; index-valued ops (argmax, argmin, argsort, nonzero, ...) never require grad even when
// their output dtype is unknown (their outputs are always Long).
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

bool propagateRequiresGrad(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
