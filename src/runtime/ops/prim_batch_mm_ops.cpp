// prim::MMTreeReduce, the node the batch_mm pass (src/passes/batch_mm.h) puts in place of a sum
// of matrix products: inputs are the N left-hand matrices then the N right-hand ones, and the
// sum a1 @ b1 + ... + aN @ bN is one product of the concatenations, [a1 ... aN] @ [b1; ...; bN].
#include <vector>

#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/linalg.h"
#include "ember/tensor/ops/shape.h"
#include "runtime/ops/op_helpers.h"

namespace ember::jit {
namespace {

NodeOperation createMMTreeReduce(const Node* node) {
  size_t n = ops::nodeInputCount(node, "prim::MMTreeReduce");
  EMBER_CHECK(n >= 2 && n % 2 == 0, "prim::MMTreeReduce takes pairs of matrices, got ", n, " inputs");
  return [n](Stack& stack) {
    size_t half = n / 2;
    std::vector<Tensor> lhs, rhs;
    for (size_t i = 0; i < half; ++i) {
      lhs.push_back(peek(stack, i, n).toTensor());
      rhs.push_back(peek(stack, half + i, n).toTensor());
    }
    Tensor result = mm(cat(lhs, 1), cat(rhs, 0));
    drop(stack, n);
    push(stack, std::move(result));
  };
}

RegisterOperators reg({
    Operator("prim::MMTreeReduce(...) -> Tensor", createMMTreeReduce, AliasAnalysisKind::PURE_FUNCTION),
});

}  // namespace
}  // namespace ember::jit
