#include "passes/remove_dropout.h"

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

// Eval-mode dropout: `train` is the constant False.
bool isRemovable(const Node* n) {
  if (!isDropoutKind(n->kind()) || n->inputs().size() != 3) return false;
  std::optional<bool> train = constantBool(n->input(2));
  return train && !*train;
}

}  // namespace

bool removeDropout(const std::shared_ptr<Graph>& graph) {
  return rewriteEachNode(graph->block(), [](Node* n) {
    if (!isRemovable(n)) return false;
    n->output()->replaceAllUsesWith(n->input(0));
    n->destroy();
    return true;
  });
}

}  // namespace ember::jit
