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

// Both return whether the graph changed. The full variant also folds lists of ints, floats,
// bools and strings that alias analysis proves unwritten (a ListConstruct of constants becomes a
// list constant, then len/indexing of it fold), as PyTorch's does; unlike PyTorch it leaves
// lists that escape the graph (a returned list constant would be shared between calls) and
// still folds no tensors. The immutable variant is what the frontend's clean-up needs.
bool constantPropagation(const std::shared_ptr<Graph>& graph);
bool constantPropagationImmutableTypes(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
