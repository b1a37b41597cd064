// RemoveExpands: an `aten::expand` whose `implicit` argument is the constant True was inserted
// for broadcasting the following op does anyway (the tracer records such expands), so its
// users read the unexpanded tensor, as PyTorch's RemoveExpands does.
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

bool removeExpands(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
