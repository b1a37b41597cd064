// Dead code elimination: removes nodes whose results are never needed and that have no effect
// the program could observe, also inside the blocks of prim::If and prim::Loop, and drops
// prim::If outputs and loop-carried values nobody reads (PyTorch's EliminateDeadCode).
//
// Always kept: the kinds listed by Node::hasSideEffects (prim::Print, prim::RaiseException,
// calls, aten::warn, ...) and CONSERVATIVE operators. On a whole graph, alias analysis decides
// about writes (Note [Alias-aware DCE] in the .cpp): a write is kept when it reaches a graph input
// or other wildcard memory, or memory a value still needed may point to. On a block alone, every
// operator that writes to one of its inputs (a `!` annotation in its schema) is kept.
#pragma once

#include <memory>

namespace ember::jit {

class Block;
class Graph;
class Node;

void eliminateDeadCode(const std::shared_ptr<Graph>& graph);
// Only the given block and the blocks nested in it; values defined outside count as live, and
// the block's results are all used. No alias analysis.
void eliminateDeadCode(Block* block);

// Whether DCE must keep `node` even when its outputs are unused, without alias analysis (nested
// blocks not included).
bool nodeMustBeKept(const Node* node);

}  // namespace ember::jit
