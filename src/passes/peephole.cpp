#include "passes/peephole.h"

#include "ember/core/symbols.h"
#include "ember/ir/ir.h"

namespace ember::jit {
namespace {

bool isPrimitiveNumber(const TypePtr& t) {
  TypeKind k = t->kind();
  return k == TypeKind::IntType || k == TypeKind::FloatType || k == TypeKind::BoolType;
}

// The types whose self-comparison PyTorch folds: numbers and lists of numbers (not strings,
// devices or tensors).
bool foldsSelfComparison(const TypePtr& t) {
  if (isPrimitiveNumber(t)) return true;
  if (auto list = t->castRaw<ListType>()) return isPrimitiveNumber(list->getElementType());
  return false;
}

bool optimizeBlock(Block* block) {
  bool changed = false;
  for (auto it = block->nodes().begin(); it != block->nodes().end();) {
    Node* n = *it;
    ++it;
    for (Block* sub : n->blocks()) changed |= optimizeBlock(sub);
    bool isEq = n->kind() == aten::eq, isNe = n->kind() == aten::ne;
    if ((!isEq && !isNe) || n->inputs().size() != 2 || n->outputs().size() != 1) continue;
    if (n->input(0) != n->input(1) || !foldsSelfComparison(n->input(0)->type())) continue;
    if (n->output()->type()->kind() != TypeKind::BoolType) continue;
    WithInsertPoint guard(n);
    Value* folded = n->owningGraph()->insertConstant(IValue(isEq));
    n->output()->replaceAllUsesWith(folded);
    n->destroy();
    changed = true;
  }
  return changed;
}

}  // namespace

bool peepholeOptimize(const std::shared_ptr<Graph>& graph) { return optimizeBlock(graph->block()); }

}  // namespace ember::jit
