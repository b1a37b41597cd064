// prim::MMTreeReduce, the node the batch_mm pass (src/passes/batch_mm.h) puts in place of a sum
// of matrix products: inputs are the N left-hand matrices then the N right-hand ones, and the
// sum a1 @ b1 + ... + aN @ bN is one product of the concatenations, [a1 ... aN] @ [b1; ...; bN].
// Also prim::MMBatchSide[side=0|1](w, x1, ..., xN), the batch_mm pass's replacement of N products
// sharing one operand: side 0 (w on the left) gives w @ [x1 ... xN] split by columns into the N
// products, side 1 (w on the right) [x1; ...; xN] @ w split by rows. The split follows each
// operand's actual size (PyTorch chunks equally, which is wrong when the operands differ).
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

NodeOperation createMMBatchSide(const Node* node) {
  size_t n = ops::nodeInputCount(node, "prim::MMBatchSide");
  EMBER_CHECK(n >= 2, "prim::MMBatchSide takes a shared matrix and at least one other, got ", n, " inputs");
  EMBER_CHECK(node->hasAttribute(Symbol::attr("side")), "prim::MMBatchSide needs its side attribute");
  int64_t side = node->i(Symbol::attr("side"));
  EMBER_CHECK(side == 0 || side == 1, "prim::MMBatchSide: side must be 0 (left) or 1 (right), got ", side);
  EMBER_CHECK(ops::nodeOutputCount(node, "prim::MMBatchSide") == n - 1,
              "prim::MMBatchSide has one output per other matrix");
  return [n, side](Stack& stack) {
    Tensor shared = peek(stack, 0, n).toTensor();
    std::vector<Tensor> others;
    std::vector<int64_t> sizes;
    int64_t dim = side == 0 ? 1 : 0;
    for (size_t i = 1; i < n; ++i) {
      others.push_back(peek(stack, i, n).toTensor());
      EMBER_CHECK(others.back().dim() == 2, "prim::MMBatchSide: expected 2-D matrices, got ", others.back().dim(),
                  "-D");
      sizes.push_back(others.back().sizes()[dim]);
    }
    Tensor product = side == 0 ? mm(shared, cat(others, 1)) : mm(cat(others, 0), shared);
    drop(stack, n);
    for (Tensor& t : split_with_sizes(product, sizes, dim)) push(stack, std::move(t));
  };
}

RegisterOperators reg({
    Operator("prim::MMBatchSide(...) -> ...", createMMBatchSide, AliasAnalysisKind::PURE_FUNCTION),
    Operator("prim::MMTreeReduce(...) -> Tensor", createMMTreeReduce, AliasAnalysisKind::PURE_FUNCTION),
});

}  // namespace
}  // namespace ember::jit
