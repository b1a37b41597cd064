#include "passes/decompose_ops.h"

#include "ember/core/symbols.h"
#include "ember/core/type.h"
#include "ember/ir/ir.h"
#include "passes/constant_propagation.h"
#include "passes/dead_code_elimination.h"
#include "passes/jit_log.h"
#include "passes/jit_opt_limit.h"
#include "passes/shape_analysis.h"

namespace ember::jit {
namespace {

bool isConstantOne(const Value* v) {
  auto c = toIValue(v);
  return c && ((c->isInt() && c->toInt() == 1) || (c->isDouble() && c->toDouble() == 1.0));
}

bool isDecomposableAddmm(const Node* n) {
  return n->kind() == aten::addmm && n->inputs().size() == 5 && n->outputs().size() == 1 &&
         isConstantOne(n->input(3)) && isConstantOne(n->input(4)) &&
         n->matches("aten::addmm(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1) -> Tensor");
}

// self + mat1.mm(mat2), in the order the TorchScript expression emits it.
void decomposeAddmm(Node* n) {
  Graph& graph = *n->owningGraph();
  WithInsertPoint guard(n);
  Value* one = graph.insertConstant(IValue(int64_t(1)));
  Node* mm = graph.insertNode(graph.create(aten::mm, {n->input(1), n->input(2)}));
  mm->output()->setType(TensorType::get());
  Node* add = graph.insertNode(graph.create(aten::add, {n->input(0), mm->output(), one}));
  add->output()->setType(n->output()->type());
  if (n->sourceRange()) {
    mm->setSourceRange(*n->sourceRange());
    add->setSourceRange(*n->sourceRange());
  }
  n->output()->replaceAllUsesWith(add->output());
  n->destroy();
}

bool decomposeIn(Block* block) {
  bool changed = false;
  for (auto it = block->nodes().begin(); it != block->nodes().end();) {
    Node* n = *it++;
    for (Block* sub : n->blocks()) changed |= decomposeIn(sub);
    if (!isDecomposableAddmm(n) || !JIT_OPT_ALLOWED) continue;
    GRAPH_UPDATE("Decomposing addmm %", n->output()->debugName());
    decomposeAddmm(n);
    changed = true;
  }
  return changed;
}

}  // namespace

bool decomposeOps(const std::shared_ptr<Graph>& graph) {
  bool changed = decomposeIn(graph->block());
  if (changed) {
    propagateShapesOnGraph(graph);  // as PyTorch: the new mm/add get their types
    constantPropagation(graph);
    eliminateDeadCode(graph);
  }
  GRAPH_DUMP("After DecomposeOps: ", graph);
  return changed;
}

}  // namespace ember::jit
