// batch_mm: FileCheck tests of the tree reduction (PyTorch's own results are the batch_mm cases
// of tests/compat/passes/cases_shapes.py) and prim::MMTreeReduce's value against the sum of
// products it replaces; the same for the side batching (prim::MMBatchSide).
#include "passes/batch_mm.h"

#include <gtest/gtest.h>

#include "ember/core/operator.h"
#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"
#include "ember/tensor.h"
#include "passes/shape_analysis.h"

namespace ember::jit {
namespace {

const char* kFourProducts = R"IR(
graph(%a : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu), %b : Float(3, 4, strides=[4, 1], requires_grad=0, device=cpu),
      %c : Float(2, 5, strides=[5, 1], requires_grad=0, device=cpu), %d : Float(5, 4, strides=[4, 1], requires_grad=0, device=cpu)):
  %one : int = prim::Constant[value=1]()
  %ab : Tensor = aten::mm(%a, %b)
  %cd : Tensor = aten::mm(%c, %d)
  %s1 : Tensor = aten::add(%ab, %cd, %one)
  %cd2 : Tensor = aten::mm(%c, %d)
  %s2 : Tensor = aten::add(%s1, %cd2, %one)
  %ab2 : Tensor = aten::mm(%a, %b)
  %s3 : Tensor = aten::add(%s2, %ab2, %one)
  return (%s3)
)IR";

TEST(BatchMM, NeedsCompleteTypes) {
  auto g = std::make_shared<Graph>();
  parseIR(kFourProducts, *g);
  EXPECT_FALSE(batchMM(g));
  propagateShapes(g);
  EXPECT_TRUE(batchMM(g));
  g->lint();
  FileCheck()
      .checkNot("aten::mm")
      .checkNot("aten::add")
      .check("prim::MMTreeReduce(%a, %c, %c, %a, %b, %d, %d, %b)")
      .run(g->toString());
}

TEST(BatchMM, AlphaOtherThanOneEndsTheTree) {
  auto g = std::make_shared<Graph>();
  std::string ir = kFourProducts;
  ir.replace(ir.find("aten::add(%s2, %ab2, %one)"), 26, "aten::add(%s2, %ab2, %two)");
  ir.replace(ir.find("%one : int"), 0, "%two : int = prim::Constant[value=2]()\n  ");
  parseIR(ir, *g);
  propagateShapes(g);
  EXPECT_FALSE(batchMM(g));
}

TEST(BatchMM, TreeReduceComputesTheSum) {
  auto g = std::make_shared<Graph>();
  parseIR(kFourProducts, *g);
  propagateShapes(g);
  ASSERT_TRUE(batchMM(g));
  Node* reduce = g->outputs()[0]->node();
  ASSERT_EQ(reduce->kind(), Symbol::prim("MMTreeReduce"));
  Tensor a = randn({2, 3}), b = randn({3, 4}), c = randn({2, 5}), d = randn({5, 4});
  Stack stack{a, c, c, a, b, d, d, b};
  reduce->getOperator().getOperation(reduce)(stack);
  ASSERT_EQ(stack.size(), 1u);
  Tensor expected = add(add(add(mm(a, b), mm(c, d)), mm(c, d)), mm(a, b));
  double worst = max(abs(sub(stack[0].toTensor(), expected))).item<double>();
  EXPECT_LT(worst, 1e-4);
}

// `count` products of %w with %x0..., on the left (side 0) or the right (side 1), all returned.
std::string sideProducts(int count, int side) {
  std::string params = "%w : Tensor", body, outs;
  for (int i = 0; i < count; ++i) {
    std::string x = "%x" + std::to_string(i), y = "%y" + std::to_string(i);
    params += ", " + x + " : Tensor";
    body += "  " + y + " : Tensor = aten::mm(" + (side == 0 ? "%w, " + x : x + ", %w") + ")\n";
    outs += (i ? ", " : "") + y;
  }
  return "graph(" + params + "):\n" + body + "  return (" + outs + ")\n";
}

TEST(BatchMM, SideBatchingNeedsEightProducts) {
  auto g = std::make_shared<Graph>();
  parseIR(sideProducts(7, 0), *g);
  EXPECT_FALSE(batchMM(g));
  for (int side : {0, 1}) {
    g = std::make_shared<Graph>();
    parseIR(sideProducts(8, side), *g);
    EXPECT_TRUE(batchMM(g));
    g->lint();
    FileCheck()
        .check("prim::MMBatchSide[side=" + std::to_string(side) + "](%w, %x0, %x1, %x2, %x3, %x4, %x5, %x6, %x7)")
        .checkNot("aten::mm")
        .run(g->toString());
  }
}

TEST(BatchMM, SideBatchingSkipsDependentProducts) {
  auto g = std::make_shared<Graph>();
  std::string ir = sideProducts(8, 0);
  // %y0 feeds one more product with %w: it cannot join the batch that computes %y0.
  ir.replace(ir.find("  return ("), 10, "  %z : Tensor = aten::mm(%w, %y0)\n  return (%z, ");
  parseIR(ir, *g);
  EXPECT_TRUE(batchMM(g));
  g->lint();
  FileCheck()
      .check("prim::MMBatchSide[side=0](%w, %x0, %x1, %x2, %x3, %x4, %x5, %x6, %x7)")
      .check("aten::mm(%w")
      .run(g->toString());
}

TEST(BatchMM, SideBatchComputesEachProduct) {
  auto g = std::make_shared<Graph>();
  parseIR(sideProducts(8, 1), *g);
  ASSERT_TRUE(batchMM(g));
  Node* batched = g->outputs()[0]->node();
  ASSERT_EQ(batched->kind(), Symbol::prim("MMBatchSide"));
  Tensor w = randn({3, 4});
  Stack stack{w};
  std::vector<Tensor> xs;
  for (int i = 0; i < 8; ++i) {
    xs.push_back(randn({i + 1, 3}));  // different row counts: each product keeps its own
    stack.push_back(xs.back());
  }
  batched->getOperator().getOperation(batched)(stack);
  ASSERT_EQ(stack.size(), 8u);
  for (int i = 0; i < 8; ++i) {
    Tensor expected = mm(xs[i], w);
    ASSERT_EQ(stack[i].toTensor().sizes(), expected.sizes()) << i;
    EXPECT_LT(max(abs(sub(stack[i].toTensor(), expected))).item<double>(), 1e-4) << i;
  }
}

}  // namespace
}  // namespace ember::jit
