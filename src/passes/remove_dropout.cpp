#include "passes/remove_dropout.h"

#include <vector>

#include "ember/core/symbols.h"
#include "ember/ir/ir.h"
#include "passes/frozen_graph_utils.h"

namespace ember::jit {

namespace {

bool isDropoutKind(Symbol k) {
  static const Symbol kKinds[] = {aten::dropout, Symbol::aten("dropout_"), Symbol::aten("feature_dropout"),
                                  Symbol::aten("feature_dropout_")};
  for (Symbol s : kKinds)
    if (s == k) return true;
  return false;
}

void collectRemovable(Block* block, std::vector<Node*>& out) {
  for (Node* n : block->nodes()) {
    for (Block* b : n->blocks()) collectRemovable(b, out);
    if (!isDropoutKind(n->kind()) || n->inputs().size() != 3) continue;
    std::optional<bool> train = constantBool(n->input(2));
    if (train && !*train) out.push_back(n);
  }
}

}  // namespace

bool removeDropout(const std::shared_ptr<Graph>& graph) {
  std::vector<Node*> removable;
  collectRemovable(graph->block(), removable);
  for (Node* n : removable) {
    n->output()->replaceAllUsesWith(n->input(0));
    n->destroy();
  }
  return !removable.empty();
}

}  // namespace ember::jit
