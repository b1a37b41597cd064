// Canonical order for the outputs of prim::If and prim::Loop: outputs that are used come first,
// in the order of their first use, and unused ones keep their relative order at the end. The
// frontend adds these outputs variable by variable; PyTorch runs the same reordering at the end
// of compilation (its CanonicalizeOutputs), so graphs print with the same output order.
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

void canonicalizeOutputs(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
