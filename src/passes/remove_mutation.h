// Removing mutation (PyTorch's RemoveMutation): rewrites in-place operations into functional ones
// when no alias of the mutated value can observe the difference.
//
//   %x = aten::zeros(...); %y = aten::add_(%x, %one, %one); return (%y)
//     -> %x = aten::zeros(...); %y = aten::add(%x, %one, %one); return (%y)
//   %l = prim::ListConstruct(%a); %m = aten::append(%l, %b)
//     -> %l = prim::ListConstruct(%a, %b)
//
// A mutation is removed only when the mutated value is created in the graph by a node whose
// inputs it cannot alias (not a graph input, not an element of a container, not an attribute),
// and the creating node can be moved right before the mutation (AliasDb's topological move), so
// that creation and mutation become one step; or when the value is the output of a prim::If
// whose branches each create such a value used nowhere else.
#pragma once

#include <functional>
#include <memory>

namespace ember::jit {

class Graph;
class Node;

// Both rewrites, lists first (as torch._C._jit_pass_remove_mutation). Returns whether the graph
// changed.
bool removeMutation(const std::shared_ptr<Graph>& graph);
// `aten::append`, `aten::insert` with a constant position and `aten::_set_item` with a constant
// in-range index, on a list made by prim::ListConstruct.
bool removeListMutation(const std::shared_ptr<Graph>& graph);
// In-place aten ops `foo_` that have a functional `foo` with matching schema, plus fill_,
// zero_, normal_ and bernoulli_ (rewritten with full_like, zeros_like, normal and bernoulli).
// `filter`, if given, is asked about each candidate.
bool removeTensorMutation(const std::shared_ptr<Graph>& graph, const std::function<bool(Node*)>& filter = nullptr);

}  // namespace ember::jit
