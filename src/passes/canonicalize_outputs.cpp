// Control-flow outputs in first-use order. Nodes are visited from the end of each block, because
// the order of a node's outputs depends on uses later in the graph, which are canonical by then;
// a node's blocks are visited after the node itself.
#include "passes/canonicalize_outputs.h"

#include <algorithm>
#include <numeric>
#include <optional>
#include <vector>

#include "ember/core/symbols.h"
#include "ember/ir/ir.h"

namespace ember::jit {

namespace {

// Whether node `a` comes strictly before node `b` when both are lifted to their closest common
// block. When one node contains the other neither is before the other.
bool nodeBefore(const Node* a, const Node* b) {
  for (const Node* x = a; x; x = x->owningBlock()->owningNode()) {
    for (const Node* y = b; y; y = y->owningBlock()->owningNode()) {
      if (x->owningBlock() != y->owningBlock()) continue;
      if (x == y) return false;
      return x->isBefore(y);
    }
  }
  return false;
}

bool useBefore(const Use& a, const Use& b) {
  if (a.user == b.user) return a.offset < b.offset;
  return nodeBefore(a.user, b.user);
}

std::optional<Use> firstUse(const Value* v) {
  std::optional<Use> first;
  for (const Use& u : v->uses())
    if (!first || useBefore(u, *first)) first = u;
  return first;
}

std::vector<size_t> firstUseOrder(ArrayRef<Value*> values) {
  std::vector<std::optional<Use>> first;
  first.reserve(values.size());
  for (const Value* v : values) first.push_back(firstUse(v));
  std::vector<size_t> order(values.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t i, size_t j) {
    if (!first[i] || !first[j]) return first[i].has_value() && !first[j].has_value();
    return useBefore(*first[i], *first[j]);
  });
  return order;
}

bool isIdentity(const std::vector<size_t>& order) {
  for (size_t i = 0; i < order.size(); ++i)
    if (order[i] != i) return false;
  return true;
}

// prim::If: the node's outputs and both blocks' outputs move together.
void canonicalizeIf(Node* n) {
  auto order = firstUseOrder(n->outputs());
  if (isIdentity(order)) return;
  n->permuteOutputs(order);
  for (Block* b : n->blocks()) b->permuteOutputs(order);
}

// prim::Loop: the carried values move together: node inputs after (trip count, condition), body
// inputs after the iteration counter, body outputs after the continue condition.
void canonicalizeLoop(Node* n) {
  auto order = firstUseOrder(n->outputs());
  if (isIdentity(order)) return;
  auto shifted = [&](size_t skip) {
    std::vector<size_t> s(skip + order.size());
    std::iota(s.begin(), s.begin() + static_cast<std::ptrdiff_t>(skip), 0);
    for (size_t i = 0; i < order.size(); ++i) s[skip + i] = skip + order[i];
    return s;
  };
  n->permuteOutputs(order);
  n->permuteInputs(shifted(2));
  Block* body = n->blocks()[0];
  body->permuteInputs(shifted(1));
  body->permuteOutputs(shifted(1));
}

void canonicalizeBlock(Block* block) {
  std::vector<Node*> nodes(block->nodes().begin(), block->nodes().end());
  for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
    Node* n = *it;
    if (n->kind() == prim::If) canonicalizeIf(n);
    if (n->kind() == prim::Loop) canonicalizeLoop(n);
    for (Block* b : n->blocks()) canonicalizeBlock(b);
  }
}

}  // namespace

void canonicalizeOutputs(const std::shared_ptr<Graph>& graph) { canonicalizeBlock(graph->block()); }

}  // namespace ember::jit
