// The exit transform (the spec's "Exit Transform"): removes prim::LoopContinuation (targeting the
// innermost loop body) and prim::ReturnStmt (targeting the graph or closure block) and gives the
// blocks the outputs those exits meant.
//
// After an exit nothing more in its block runs, so the rest of the block is deleted. When a node
// only might exit (an If with an exit in one branch, a loop with a return inside), it gets a
// boolean "has exited" output and the nodes after it move into a new If on that flag. Blocks that
// always raise (prim::RaiseException) count as exiting without values; the values they would
// have to produce are prim::Uninitialized. Finally, consecutive Ifs where the second tests a flag
// that the first sets to a constant in each branch are merged, which gives PyTorch's shapes.
#pragma once

#include <memory>

#include "ember/ir/ir.h"

namespace ember::jit {

void transformExits(std::shared_ptr<Graph>& graph);

// The last step alone: `if c: f = True ... else: f = False ...; if f: A else: B` becomes one If
// with A's nodes in the true branch and B's in the false one.
void inlineConsecutiveIfs(Block* block);

}  // namespace ember::jit
