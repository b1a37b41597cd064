// Peephole rewrites the graph executor applies when optimising (PyTorch's PeepholeOptimize):
//  - `aten::eq(%x, %x)` is True and `aten::ne(%x, %x)` is False when %x is an int, float or bool,
//    or a list of them. As in PyTorch this also holds for a float NaN compared with itself,
//    which programs can observe (`x == x` is True for x = nan once optimised).
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

// Returns whether the graph changed.
bool peepholeOptimize(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
