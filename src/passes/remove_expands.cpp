#include "passes/remove_expands.h"

#include "ember/core/symbols.h"
#include "ember/ir/ir.h"
#include "passes/jit_log.h"
#include "passes/jit_opt_limit.h"

namespace ember::jit {
namespace {

bool isImplicitExpand(const Node* n) {
  if (n->kind() != aten::expand || n->inputs().size() != 3 || n->outputs().size() != 1) return false;
  auto implicit = toIValue(n->input(2));
  return implicit && implicit->isBool() && implicit->toBool();
}

bool removeIn(Block* block) {
  bool changed = false;
  for (auto it = block->nodes().begin(); it != block->nodes().end();) {
    Node* n = *it++;
    for (Block* sub : n->blocks()) changed |= removeIn(sub);
    if (!isImplicitExpand(n) || !JIT_OPT_ALLOWED) continue;
    GRAPH_UPDATE("Removing implicit expand ", n->output()->debugName());
    n->output()->replaceAllUsesWith(n->input(0));
    n->destroy();
    changed = true;
  }
  return changed;
}

}  // namespace

bool removeExpands(const std::shared_ptr<Graph>& graph) {
  bool changed = removeIn(graph->block());
  GRAPH_DUMP("After RemoveExpands: ", graph);
  return changed;
}

}  // namespace ember::jit
