// Constant propagation: runs every node whose inputs are all constants and that has no effect
// besides its result (no side effects, no writes, deterministic), replacing its outputs with
// prim::Constant nodes; folds prim::If on a constant condition into the taken branch; drops If
// outputs that are the same value in both branches and loop-carried values the body passes
// through unchanged. Dead code is removed afterwards when anything changed.
//
// Operators run through the registry (Operator::getOperation), so only registered operators
// fold; an operator that throws (e.g. integer division by zero) is left for run time.
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

// Both return whether the graph changed. PyTorch's full variant also folds values of mutable
// types (lists, tensors) that alias analysis proves unwritten; without alias analysis ember's
// full variant is the immutable one, which is what the frontend's clean-up needs.
bool constantPropagation(const std::shared_ptr<Graph>& graph);
bool constantPropagationImmutableTypes(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
