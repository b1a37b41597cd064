#include "passes/frozen_linear_transpose.h"

#include "ember/core/symbols.h"
#include "ember/ir/ir.h"
#include "passes/frozen_graph_utils.h"

namespace ember::jit {

namespace {

bool hasConstantMatrixWeight(const Node* n) {
  if (n->kind() != aten::linear || n->inputs().size() != 3) return false;
  std::optional<Tensor> w = constantTensor(n->input(1));
  return w && w->dim() == 2;
}

void transposeLinear(Node* linear) {
  Graph* g = linear->owningGraph();
  Tensor wt = constantTensor(linear->input(1))->t().contiguous();
  Value* weightT = insertConstantTensorBefore(linear, wt, "");
  WithInsertPoint guard(linear);
  Value* product = g->insertNode(g->create(aten::matmul, {linear->input(0), weightT}))->output();
  product->setType(linear->output()->type());
  Value* result = product;
  if (!isConstantNone(linear->input(2))) {
    Value* one = g->insertConstant(IValue(int64_t{1}));
    result = g->insertNode(g->create(aten::add, {product, linear->input(2), one}))->output();
    result->setType(linear->output()->type());
  }
  if (linear->sourceRange()) {
    product->node()->setSourceRange(*linear->sourceRange());
    result->node()->setSourceRange(*linear->sourceRange());
  }
  linear->output()->replaceAllUsesWith(result);
  linear->destroy();
}

}  // namespace

bool frozenLinearTranspose(const std::shared_ptr<Graph>& graph) {
  return rewriteEachNode(graph->block(), [](Node* n) {
    if (!hasConstantMatrixWeight(n)) return false;
    transposeLinear(n);
    return true;
  });
}

}  // namespace ember::jit
