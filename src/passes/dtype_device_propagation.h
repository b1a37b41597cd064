// Single-property type propagation: PyTorch 1.13's `torch._C._jit_pass_propagate_dtype`
// (DtypePropagation) and `torch._C._jit_pass_propagate_device` (PropagateDeviceOnGraph). Each
// sets one field of the tensor types of the graph's values, dtype or device, from what the input
// types determine, and leaves every other field of every type as it was.
//
// Both reuse shape propagation's rules (shape_analysis.h, shape_rules.h) instead of rules of
// their own: the analysis runs on a copy of the graph, and only the one property is copied back
// onto the matching values. So a dtype follows torch.result_type's promotion (which needs the
// ranks of the tensor inputs, zero-dim tensors promoting differently), and a device is that of
// an op's tensor inputs when they agree, or the one a `to`/factory argument names.
//
// Differences from PyTorch 1.13, deliberate (docs/internals/passes.md): PyTorch's dtype pass only
// types an op whose tensor inputs all have a dtype and a rank, and writes the dtype alone, so
// its results feed no further op; ember's ranks stay internal to the analysis, so dtypes flow
// on through the graph. PyTorch types some ops it cannot know (mm of Float and Long as Float,
// which fails when run); ember leaves those unknown.
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

// Returns whether any type changed.
bool propagateDtype(const std::shared_ptr<Graph>& graph);
bool propagateDevice(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
