#include "passes/fuse_addmm.h"

#include "ember/core/symbols.h"
#include "ember/core/type.h"
#include "ember/ir/ir.h"
#include "passes/jit_log.h"
#include "passes/jit_opt_limit.h"

namespace ember::jit {
namespace {

const TensorType* tensorType(const Value* v) { return v->type()->castRaw<TensorType>(); }

bool isMm(const Node* n) { return n->kind() == aten::mm && n->matches("aten::mm(Tensor self, Tensor mat2) -> Tensor"); }

bool alphaIsOne(const Node* add) {
  if (!add->matches("aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor")) return false;
  auto alpha = toIValue(add->input(2));
  return alpha && ((alpha->isInt() && alpha->toInt() == 1) || (alpha->isDouble() && alpha->toDouble() == 1.0));
}

// Fuses `add` when its operand `mmSide` is an mm; returns whether it did.
bool tryFuse(Node* add, size_t mmSide) {
  const TensorType* biasType = tensorType(add->input(1 - mmSide));
  if (!biasType || !biasType->dim()) return false;
  Node* mm = add->input(mmSide)->node();
  if (!isMm(mm)) return false;
  Value* mat1 = mm->input(0);
  Value* mat2 = mm->input(1);
  Value* typed = tensorType(mat1) && tensorType(mat1)->scalarType() ? mat1 : mat2;
  const TensorType* typedType = tensorType(typed);
  if (!typedType || !typedType->scalarType()) return false;
  if (biasType->scalarType() != typedType->scalarType()) return false;
  if (!JIT_OPT_ALLOWED) return false;
  Graph* graph = add->owningGraph();
  WithInsertPoint guard(add);
  Value* bias = add->input(1 - mmSide);
  Value* one = graph->insertConstant(IValue(int64_t(1)));
  Node* addmm = graph->insertNode(graph->create(aten::addmm, {bias, mat1, mat2, one, one}));
  addmm->output()->copyMetadata(add->output());
  GRAPH_UPDATE("Fusing ", add->output()->debugName(), " = add(mm, ...) into addmm ", addmm->output()->debugName());
  add->output()->replaceAllUsesWith(addmm->output());
  return true;
}

bool fuseIn(Block* block) {
  bool changed = false;
  for (Node* n : block->nodes()) {
    for (Block* sub : n->blocks()) changed |= fuseIn(sub);
    if (n->kind() != aten::add || !alphaIsOne(n)) continue;
    for (size_t side = 0; side < 2; ++side) {
      if (tryFuse(n, side)) {
        changed = true;
        break;
      }
    }
  }
  return changed;
}

}  // namespace

bool fuseAddMM(const std::shared_ptr<Graph>& graph) {
  bool changed = fuseIn(graph->block());
  GRAPH_DUMP("After FuseAddMM: ", graph);
  return changed;
}

}  // namespace ember::jit
