#include "passes/lower_tuples.h"

#include "ember/core/symbols.h"
#include "ember/ir/ir.h"
#include "passes/dead_code_elimination.h"

namespace ember::jit {

namespace {

// Python-style index into a tuple of `size` elements, if in range.
std::optional<size_t> tupleSlot(int64_t index, size_t size) {
  int64_t n = static_cast<int64_t>(size);
  if (index < 0) index += n;
  if (index < 0 || index >= n) return std::nullopt;
  return static_cast<size_t>(index);
}

void lowerBlock(Block* block) {
  for (auto it = block->nodes().begin(); it != block->nodes().end();) {
    Node* n = *it++;
    for (Block* b : n->blocks()) lowerBlock(b);
    if (n->inputs().empty()) continue;
    Node* construct = n->input(0)->node();
    if (construct->kind() != prim::TupleConstruct) continue;
    if (n->kind() == prim::TupleUnpack && n->outputs().size() == construct->inputs().size()) {
      for (size_t i = 0; i < n->outputs().size(); ++i) n->output(i)->replaceAllUsesWith(construct->input(i));
      n->destroy();
    } else if (n->kind() == prim::TupleIndex && n->inputs().size() == 2) {
      auto index = toIValue(n->input(1));
      if (!index || !index->isInt()) continue;
      auto slot = tupleSlot(index->toInt(), construct->inputs().size());
      if (!slot) continue;  // out of range: the error is raised at run time
      n->output()->replaceAllUsesWith(construct->input(*slot));
      n->destroy();
    }
  }
}

}  // namespace

void lowerSimpleTuples(const std::shared_ptr<Graph>& graph) {
  lowerBlock(graph->block());
  eliminateDeadCode(graph);
}

}  // namespace ember::jit
