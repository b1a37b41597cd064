// RemoveDropout: in a graph that runs in eval mode, dropout is the identity. Removes
// aten::dropout, aten::dropout_, aten::feature_dropout and aten::feature_dropout_ whose `train`
// argument is the constant False, as PyTorch's removeDropout does (the alpha variants stay, as
// there). Part of the frozen-graph optimisations.
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

// Returns whether the graph changed.
bool removeDropout(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
