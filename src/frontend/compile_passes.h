// The passes the frontend runs on every graph right after emitting it (PyTorch's
// runCleanupPasses), and the removal of compile-time-only nodes.
#pragma once

#include <memory>

#include "ember/ir/ir.h"

namespace ember::jit {

// Unannotated `[]` that never met a typed use become empty List[Tensor] constructions.
void replaceEmptyListLiterals(Graph& graph);
// prim::fork nodes keep the forked call in a block while the graph is emitted; afterwards the
// block becomes the node's Subgraph, whose inputs are the values the block used from outside.
void liftForkBlocks(Graph& graph);
// Constant propagation on immutable types, constant pooling, ...: whatever of PyTorch's
// clean-up list exists in src/passes.
void runCleanupPasses(std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
