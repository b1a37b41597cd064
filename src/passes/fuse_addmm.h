// FuseAddMM: `aten::add(aten::mm(a, b), c, alpha=1)` (either operand order) becomes
// `aten::addmm(c, a, b, 1, 1)`, as PyTorch 1.13's FuseAddMM does: only when c's rank is known
// (addmm rejects a 0-dim bias of another dtype where add would promote) and the product's dtype
// is known; c goes through `aten::type_as` unless it has that dtype already. The add stays for
// the next dead code elimination.
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

bool fuseAddMM(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
