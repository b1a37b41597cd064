// The fuser's partitioning pass with aten::cat: a concatenation of chains computed in the group
// ends the group (PyTorch 1.13's NNC also puts aten::cat in its groups). IR text with `# CHECK`
// lines for the groups that must (or must not) form.
#include <gtest/gtest.h>

#include "ember/core/symbols.h"
#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"
#include "passes/tensorexpr_fuser.h"

namespace ember::jit {
namespace {

int countKind(const Block* b, Symbol kind) {
  int n = 0;
  for (const Node* node : b->nodes()) {
    n += node->kind() == kind;
    for (const Block* sub : node->blocks()) n += countKind(sub, kind);
  }
  return n;
}

std::shared_ptr<Graph> fused(const char* ir, bool expectChange) {
  auto g = std::make_shared<Graph>();
  parseIR(ir, *g);
  EXPECT_EQ(fuseTensorExprs(g), expectChange);
  g->lint();
  FileCheck::runAnnotated(ir, g->toString());
  return g;
}

const Graph* onlySubgraph(const std::shared_ptr<Graph>& g) {
  for (Node* n : g->nodes())
    if (n->kind() == prim::If)
      for (Node* m : n->blocks()[0]->nodes())
        if (m->kind() == prim::TensorExprGroup) return m->g(attr::Subgraph).get();
  return nullptr;
}

// Two chains and a group input concatenated: list and cat sit inside the group, at its end.
TEST(TensorExprFuserCat, CatOfChainsEndsTheGroup) {
  auto g = fused(R"IR(
graph(%a : Float(*, *, requires_grad=0, device=cpu), %b : Float(*, *, requires_grad=0, device=cpu), %c : Float(*, *, requires_grad=0, device=cpu)):
  %one : int = prim::Constant[value=1]()
  %1 : Tensor = aten::tanh(%a)
  %2 : Tensor = aten::mul(%a, %b)
  %3 : Tensor = aten::sigmoid(%2)
  %l : Tensor[] = prim::ListConstruct(%1, %3, %c)
  %y : Tensor = aten::cat(%l, %one)
  return (%y)
  # CHECK: prim::TypeCheck
  # CHECK: prim::TensorExprGroup_0(
  # CHECK: block1():
  # CHECK: aten::cat
  # CHECK: with prim::TensorExprGroup_0 = graph(
  # CHECK-DAG: aten::tanh
  # CHECK-DAG: aten::sigmoid
  # CHECK: prim::ListConstruct
  # CHECK-NEXT: Float(*, *, requires_grad=0, device=cpu) = aten::cat
  # CHECK-NEXT: return
)IR",
                 true);
  EXPECT_EQ(countKind(g->block(), prim::TensorExprGroup), 1);
  const Graph* sub = onlySubgraph(g);
  ASSERT_NE(sub, nullptr);
  EXPECT_EQ(sub->outputs().size(), 1u);
  EXPECT_EQ(sub->outputs()[0]->node()->kind(), aten::cat);
}

// A chain after the cat forms a group of its own (the cat only ends a group).
TEST(TensorExprFuserCat, ChainAfterTheCatIsAnotherGroup) {
  auto g = fused(R"IR(
graph(%a : Float(*, requires_grad=0, device=cpu), %b : Float(*, requires_grad=0, device=cpu)):
  %zero : int = prim::Constant[value=0]()
  %1 : Tensor = aten::exp(%a)
  %2 : Tensor = aten::neg(%b)
  %l : Tensor[] = prim::ListConstruct(%1, %2)
  %y : Tensor = aten::cat(%l, %zero)
  %3 : Tensor = aten::tanh(%y)
  %4 : Tensor = aten::mul(%3, %y)
  return (%4)
  # CHECK: prim::TensorExprGroup_0(
  # CHECK: prim::TensorExprGroup_1(
  # CHECK: with prim::TensorExprGroup_0 = graph(
  # CHECK: aten::cat
  # CHECK: with prim::TensorExprGroup_1 = graph(
  # CHECK-NOT: aten::cat
  # CHECK: aten::tanh
)IR",
                 true);
  EXPECT_EQ(countKind(g->block(), prim::TensorExprGroup), 2);
}

// A value before the cat that is also used outside: the cat stays outside the group (the
// chain still fuses), so the kernel never needs to write a piece twice.
TEST(TensorExprFuserCat, PieceUsedOutsideKeepsCatOut) {
  auto g = fused(R"IR(
graph(%a : Float(*, requires_grad=0, device=cpu), %b : Float(*, requires_grad=0, device=cpu)):
  %zero : int = prim::Constant[value=0]()
  %1 : Tensor = aten::mul(%a, %b)
  %2 : Tensor = aten::exp(%1)
  %l : Tensor[] = prim::ListConstruct(%2, %a)
  %y : Tensor = aten::cat(%l, %zero)
  return (%y, %2)
  # CHECK: prim::TensorExprGroup_0(
  # CHECK: aten::cat
  # CHECK: with prim::TensorExprGroup_0 = graph(
  # CHECK-NOT: aten::cat
  # CHECK: return
)IR",
                 true);
  const Graph* sub = onlySubgraph(g);
  ASSERT_NE(sub, nullptr);
  EXPECT_EQ(countKind(sub->block(), aten::cat), 0);
}

// A cat of group inputs only computes nothing: no group; EMBER_FUSION_DENY=aten::cat keeps it out.
TEST(TensorExprFuserCat, CatAloneOrDeniedIsNotFused) {
  fused(R"IR(
graph(%a : Float(*, requires_grad=0, device=cpu), %b : Float(*, requires_grad=0, device=cpu)):
  %zero : int = prim::Constant[value=0]()
  %l : Tensor[] = prim::ListConstruct(%a, %b)
  %y : Tensor = aten::cat(%l, %zero)
  return (%y)
  # CHECK-NOT: prim::TensorExprGroup
)IR",
        false);
  setenv("EMBER_FUSION_DENY", "aten::cat", 1);
  auto g = fused(R"IR(
graph(%a : Float(*, requires_grad=0, device=cpu), %b : Float(*, requires_grad=0, device=cpu)):
  %zero : int = prim::Constant[value=0]()
  %1 : Tensor = aten::exp(%a)
  %2 : Tensor = aten::neg(%1)
  %l : Tensor[] = prim::ListConstruct(%2, %b)
  %y : Tensor = aten::cat(%l, %zero)
  return (%y)
  # CHECK: prim::TensorExprGroup_0(
  # CHECK: aten::cat
  # CHECK: with prim::TensorExprGroup_0 = graph(
  # CHECK-NOT: aten::cat
  # CHECK: return
)IR",
                 true);
  unsetenv("EMBER_FUSION_DENY");
  EXPECT_EQ(countKind(onlySubgraph(g)->block(), aten::cat), 0);
}

}  // namespace
}  // namespace ember::jit
