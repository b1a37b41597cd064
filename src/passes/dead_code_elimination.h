// Dead code elimination: removes nodes whose results are never needed and that have no effect
// the program could observe, also inside the blocks of prim::If and prim::Loop, and drops
// prim::If outputs and loop-carried values nobody reads (PyTorch's EliminateDeadCode).
//
// Without alias analysis, an operator that writes to one of its inputs (a `!` annotation in its
// schema) or whose alias kind is CONSERVATIVE is always kept, as are the kinds listed by
// Node::hasSideEffects (prim::Print, prim::RaiseException, calls, aten::warn, ...).
#pragma once

#include <memory>

namespace ember::jit {

class Block;
class Graph;
class Node;

void eliminateDeadCode(const std::shared_ptr<Graph>& graph);
// Only the given block and the blocks nested in it; values defined outside count as live.
void eliminateDeadCode(Block* block);

// Whether DCE must keep `node` even when its outputs are unused (nested blocks not included).
bool nodeMustBeKept(const Node* node);

}  // namespace ember::jit
