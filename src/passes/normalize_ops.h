// Operator aliases replaced by their canonical operator (aten::absolute -> aten::abs,
// aten::greater -> aten::gt, aten::moveaxis -> aten::movedim, ...), rsub of two tensors by sub,
// `is` between bools by eq. PyTorch runs
// this on every function it compiles (its NormalizeOps, between SSA conversion and the clean-up
// passes), so compiled graphs, printed code and archives name only the canonical operators.
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

void normalizeOps(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
