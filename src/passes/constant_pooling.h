// Constant pooling: merges equal prim::Constant nodes (same type, same value) anywhere in the
// graph into one, and moves every constant to the start of the graph so that it is in scope for
// all uses, as PyTorch's ConstantPooling does (each newly kept constant goes to the very front).
#pragma once

#include <memory>

namespace ember::jit {

class Graph;
class Node;

// Returns whether the graph changed (a constant merged or moved).
bool constantPooling(const std::shared_ptr<Graph>& graph);

// Whether two prim::Constant nodes hold the same value of the same type. Floats compare by bit
// pattern (so 0.0 and -0.0 stay apart), tensors by identity.
bool sameConstant(const Node* a, const Node* b);

}  // namespace ember::jit
