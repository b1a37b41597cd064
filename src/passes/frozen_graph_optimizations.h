// The optimisations torch.jit.freeze runs on a frozen graph (PyTorch's OptimizeFrozenGraph):
// dropout removal, then, when `optimizeNumerics` (results may change in the last bits), the
// folds of batch norm, add/sub and mul/div into convolutions and of batch norm into linear
// layers, repeated until none applies (so conv -> mul -> add folds whole). Dead weights go at the
// end. PyTorch's FrozenConcatLinear (several linears of one input merged into one) is not done.
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

// Returns whether the graph changed.
bool optimizeFrozenGraph(const std::shared_ptr<Graph>& graph, bool optimizeNumerics = true);

}  // namespace ember::jit
