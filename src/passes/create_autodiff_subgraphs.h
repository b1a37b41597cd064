// CreateAutodiffSubgraphs (PyTorch's name): groups runs of differentiable nodes into
// prim::DifferentiableGraph nodes, each holding its nodes as the `Subgraph` attribute. The
// executor then differentiates each group (runtime/autodiff/differentiate.h) into a forward
// graph and a symbolic backward graph, and runs it as one autograd node.
//
// What is differentiable is decided by the runtime, which knows the derivative formulas: it
// installs a predicate (setDifferentiableNodePredicate) when it is linked; without one, no node
// is. A group is a run of consecutive nodes of one block (constants between them stay outside,
// and are copied into the subgraph where it reads them), so moving it into one node reorders
// nothing and needs no alias reasoning: the predicate refuses nodes that write their inputs.
// Non-tensor helpers between differentiable nodes (a prim::ListConstruct of ints for a view's
// size) join the run. Runs with fewer differentiable nodes than the threshold (PyTorch's
// autodiff subgraph inlining threshold: 2 unless set) are left alone, as PyTorch inlines
// groups below it back.
#pragma once

#include <cstddef>
#include <memory>

namespace ember::jit {

class Graph;
class Node;

using DifferentiableNodePredicate = bool (*)(const Node*);
void setDifferentiableNodePredicate(DifferentiableNodePredicate predicate);
bool isDifferentiableNode(const Node* node);

// Process-wide minimum number of differentiable nodes per group (torch._C._debug_set_autodiff_subgraph_inlining
// keeps groups of 2 and more by default).
void setAutodiffSubgraphThreshold(size_t threshold);
size_t getAutodiffSubgraphThreshold();

// Returns whether a group was made.
bool createAutodiffSubgraphs(const std::shared_ptr<Graph>& graph, size_t threshold);
// viewsStayOutside: operators returning views of their arguments are not grouped, so every view
// is made by eager recording, which tracks it; needed when the graph writes tensors in place (a
// write into a view must rebase its base's history, which a group's fresh outputs cannot do).
bool createAutodiffSubgraphs(const std::shared_ptr<Graph>& graph, size_t threshold, bool viewsStayOutside);
bool createAutodiffSubgraphs(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
