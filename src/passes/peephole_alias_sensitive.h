// Peephole rules that are only valid when nothing writes the values involved (PyTorch's
// PeepholeOptimizeAliasSensitive), run after the other peephole rules:
//  - `aten::dim` of the result of aten::conv1d / conv2d / conv3d is the constant 3 / 4 / 5.
//    Modules check their input's rank (BatchNorm2d's `_check_input_dim`), and that check would
//    otherwise be a second use of the convolution's output that stops freezing from folding the
//    batch norm into it. As in PyTorch, the rule assumes batched inputs (an unbatched conv2d
//    returns a 3-d tensor) and is skipped when AliasDb finds a writer of the output (resize_).
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

// Returns whether the graph changed.
bool peepholeOptimizeAliasSensitive(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
