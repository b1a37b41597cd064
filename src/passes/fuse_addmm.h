// FuseAddMM: `aten::add(aten::mm(a, b), c, alpha=1)` (either operand order) becomes
// `aten::addmm(c, a, b, 1, 1)`, as PyTorch 1.13's FuseAddMM does, when c's rank is known and
// the product's dtype is known. The add stays for the next dead code elimination.
//
// Differs from PyTorch on purpose: ember fuses only when c's dtype is known and equal to the
// product's. PyTorch also fuses a bias of another dtype, and that addmm then fails at run time
// ("self and mat2 must have the same dtype") where the add promoted.
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

bool fuseAddMM(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
