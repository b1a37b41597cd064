// The fuser's partitioning pass: IR text with `# CHECK` lines for the groups it must form (or
// not form). Group formation was compared with torch._C._jit_pass_fuse_tensorexprs on the
// graphs PyTorch's profiling executor fuses (see docs/internals/fuser.md for the differences).
#include "passes/tensorexpr_fuser.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include "ember/core/symbols.h"
#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"

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

// The issue's 10-op chain: one group, guarded, with the unfused ops in the else branch.
TEST(TensorExprFuser, ChainBecomesOneGuardedGroup) {
  auto g = fused(R"IR(
graph(%a : Float(*, *, requires_grad=0, device=cpu), %b : Float(*, *, requires_grad=0, device=cpu)):
  %half : float = prim::Constant[value=0.5]()
  %one : int = prim::Constant[value=1]()
  %1 : Tensor = aten::mul(%a, %b)
  %2 : Tensor = aten::add(%1, %a, %one)
  %3 : Tensor = aten::mul(%2, %half)
  %4 : Tensor = aten::sub(%3, %b, %one)
  %5 : Tensor = aten::relu(%4)
  %6 : Tensor = aten::add(%5, %one, %one)
  %7 : Tensor = aten::sqrt(%6)
  %8 : Tensor = aten::mul(%7, %a)
  %9 : Tensor = aten::tanh(%8)
  %10 : Tensor = aten::sigmoid(%9)
  return (%10)
  # CHECK: prim::TypeCheck[types=[Float(*, *, requires_grad=0, device=cpu), Float(*, *, requires_grad=0, device=cpu)]](%a, %b)
  # CHECK: Float(*, *, requires_grad=0, device=cpu) = prim::If(
  # CHECK: block0():
  # CHECK-NEXT: prim::TensorExprGroup_0(
  # CHECK: block1():
  # CHECK-NEXT: aten::mul(%a, %b)
  # CHECK: aten::sigmoid
  # CHECK: return
  # CHECK: with prim::TensorExprGroup_0 = graph(
  # CHECK: aten::mul
  # CHECK: aten::sqrt
  # CHECK: Float(*, *, requires_grad=0, device=cpu) = aten::sigmoid
  # CHECK: return
)IR",
                 true);
  EXPECT_EQ(countKind(g->block(), prim::TensorExprGroup), 1);
  Node* group = nullptr;
  for (Node* n : g->nodes())
    if (n->kind() == prim::If) group = n->blocks()[0]->nodes().front();
  ASSERT_NE(group, nullptr);
  EXPECT_EQ(group->kind(), prim::TensorExprGroup);
  EXPECT_EQ(group->inputs().size(), 2u);  // constants are copied into the subgraph
  EXPECT_EQ(countKind(group->g(attr::Subgraph)->block(), aten::mul), 3);
}

// Nothing is known about `Tensor` inputs (no profile): no group.
TEST(TensorExprFuser, UnknownTypesStayUnfused) {
  fused(R"IR(
graph(%a : Tensor, %b : Tensor):
  %1 : Tensor = aten::mul(%a, %b)
  %2 : Tensor = aten::tanh(%1)
  return (%2)
  # CHECK-NOT: prim::TensorExprGroup
)IR",
        false);
}

// Inputs that may require grad, or of an unfused dtype, are not fused.
TEST(TensorExprFuser, GradAndHalfStayUnfused) {
  fused(R"IR(
graph(%a : Float(*, device=cpu), %b : Half(*, requires_grad=0, device=cpu)):
  %1 : Tensor = aten::mul(%a, %a)
  %2 : Tensor = aten::tanh(%1)
  %3 : Tensor = aten::mul(%b, %b)
  %4 : Tensor = aten::tanh(%3)
  return (%2, %4)
  # CHECK-NOT: prim::TensorExprGroup
)IR",
        false);
}

// Two chains reading one value merge into one group (as PyTorch merges them): the value and
// the first chain's result become outputs; a chain after the group (reading the same value)
// that could not move before it stays out.
TEST(TensorExprFuser, ChainsSharingAValueMerge) {
  auto g = fused(R"IR(
graph(%i : Float(*, *, requires_grad=0, device=cpu), %j : Float(*, *, requires_grad=0, device=cpu)):
  %one : int = prim::Constant[value=1]()
  %three : float = prim::Constant[value=3.]()
  %1 : Tensor = aten::mul(%i, %three)
  %a : Tensor = aten::add(%1, %j, %one)
  %m : Tensor = aten::minimum(%a, %i)
  %2 : Tensor = aten::abs(%a)
  %3 : Tensor = aten::div(%2, %j)
  %4 : Tensor = aten::lt(%3, %j)
  %5 : Tensor = aten::where(%4, %3, %a)
  return (%m, %5)
  # CHECK: prim::TensorExprGroup_0(
  # CHECK-NOT: prim::TensorExprGroup_1(
  # CHECK: with prim::TensorExprGroup_0 = graph(
  # CHECK: aten::mul
  # CHECK-NEXT: aten::add
  # CHECK-NEXT: aten::abs
  # CHECK-NEXT: aten::minimum
  # CHECK-NEXT: aten::div
  # CHECK: aten::where
)IR",
                 true);
  EXPECT_EQ(countKind(g->block(), prim::TensorExprGroup), 1);
  for (Node* n : g->nodes())
    if (n->kind() == prim::If) EXPECT_EQ(n->outputs().size(), 2u);  // %m, %5
  // A sibling of another rank (a row reduction's broadcast partner) does not join.
  auto h = fused(R"IR(
graph(%a : Float(*, *, requires_grad=0, device=cpu), %v : Float(*, requires_grad=0, device=cpu)):
  %1 : Tensor = aten::tanh(%v)
  %2 : Tensor = aten::exp(%1)
  %3 : Tensor = aten::mul(%a, %v)
  %4 : Tensor = aten::sigmoid(%3)
  return (%2, %4)
  # CHECK: prim::TensorExprGroup_0(
  # CHECK: prim::TensorExprGroup_1(
)IR",
                 true);
  EXPECT_EQ(countKind(h->block(), prim::TensorExprGroup), 2);
}

// A chain after torch.cat / torch.stack of known tensors of one dtype fuses (the concatenation
// stays outside the group); mixed dtypes (cat promotes) leave the result unknown.
TEST(TensorExprFuser, ChainAfterCatFuses) {
  auto g = fused(R"IR(
graph(%a : Float(*, *, requires_grad=0, device=cpu), %b : Float(*, *, requires_grad=0, device=cpu)):
  %one : int = prim::Constant[value=1]()
  %l : Tensor[] = prim::ListConstruct(%a, %b)
  %c : Tensor = aten::cat(%l, %one)
  %1 : Tensor = aten::tanh(%c)
  %2 : Tensor = aten::mul(%1, %c)
  %s : Tensor = aten::stack(%l, %one)
  %3 : Tensor = aten::exp(%s)
  %4 : Tensor = aten::neg(%3)
  return (%2, %4)
  # CHECK: aten::cat
  # CHECK: prim::TypeCheck[types=[Float(*, *, requires_grad=0, device=cpu)]]
  # CHECK: prim::TensorExprGroup_0(
  # CHECK: aten::stack
  # CHECK: prim::TypeCheck[types=[Float(*, *, *, requires_grad=0, device=cpu)]]
  # CHECK: prim::TensorExprGroup_1(
)IR",
                 true);
  EXPECT_EQ(countKind(g->block(), prim::TensorExprGroup), 2);
  fused(R"IR(
graph(%a : Float(*, requires_grad=0, device=cpu), %b : Double(*, requires_grad=0, device=cpu)):
  %zero : int = prim::Constant[value=0]()
  %l : Tensor[] = prim::ListConstruct(%a, %b)
  %c : Tensor = aten::cat(%l, %zero)
  %1 : Tensor = aten::tanh(%c)
  %2 : Tensor = aten::mul(%1, %c)
  return (%2)
  # CHECK-NOT: prim::TensorExprGroup
)IR",
        false);
}

// A single fusible op is not worth a group (minimum size 2).
TEST(TensorExprFuser, SingleOpIsNotAGroup) {
  fused(R"IR(
graph(%a : Float(*, requires_grad=0, device=cpu)):
  %1 : Tensor = aten::tanh(%a)
  %2 : Tensor = aten::matmul(%1, %1)
  %3 : Tensor = aten::relu(%2)
  return (%3)
  # CHECK-NOT: prim::TensorExprGroup
)IR",
        false);
}

// %a is written (add_): nothing moves across the write. mul and tanh fuse where they stand,
// before it; exp, after the write, stays alone (AliasDb does not let tanh move past add_).
TEST(TensorExprFuser, NothingMovesAcrossAWrite) {
  auto g = fused(R"IR(
graph(%a : Float(*, requires_grad=0, device=cpu)):
  %one : int = prim::Constant[value=1]()
  %1 : Tensor = aten::mul(%a, %a)
  %2 : Tensor = aten::tanh(%1)
  %3 : Tensor = aten::add_(%a, %one, %one)
  %4 : Tensor = aten::exp(%2)
  return (%4, %3)
  # CHECK: prim::TypeCheck
  # CHECK: prim::TensorExprGroup_0(%
  # CHECK: aten::mul(%a, %a)
  # CHECK: aten::tanh
  # CHECK: aten::add_(%a
  # CHECK-NEXT: aten::exp
  # CHECK: with prim::TensorExprGroup_0
  # CHECK: aten::mul
  # CHECK: aten::tanh
  # CHECK-NOT: aten::exp
)IR",
                 true);
  EXPECT_EQ(countKind(g->block(), prim::TensorExprGroup), 1);
}

// An intermediate used after the group becomes a second output.
TEST(TensorExprFuser, IntermediateUsedOutsideIsAnOutput) {
  auto g = fused(R"IR(
graph(%a : Double(*, *, requires_grad=0, device=cpu)):
  %1 : Tensor = aten::exp(%a)
  %2 : Tensor = aten::log(%1)
  %3 : Tensor = aten::neg(%2)
  %4 : Tensor = aten::matmul(%1, %3)
  return (%4)
  # CHECK: Double(*, *, requires_grad=0, device=cpu) = prim::If(
  # CHECK: prim::TensorExprGroup_0(
  # CHECK: aten::matmul
)IR",
                 true);
  EXPECT_EQ(countKind(g->block(), prim::TensorExprGroup), 1);
  for (Node* n : g->nodes()) {
    if (n->kind() == prim::If) EXPECT_EQ(n->outputs().size(), 2u);
  }
}

// Type promotion flows through the chain: int64 * float scalar is float32, a comparison is bool,
// and where picks up the float dtype; the group's outputs carry the promoted types.
TEST(TensorExprFuser, PromotionAndComparisons) {
  fused(R"IR(
graph(%i : Long(*, requires_grad=0, device=cpu), %x : Float(*, requires_grad=0, device=cpu)):
  %s : float = prim::Constant[value=2.5]()
  %1 : Tensor = aten::mul(%i, %s)
  %2 : Tensor = aten::gt(%1, %x)
  %3 : Tensor = aten::where(%2, %1, %x)
  return (%3)
  # CHECK: prim::TensorExprGroup_0(
  # CHECK: with prim::TensorExprGroup_0 = graph(
  # CHECK: Float(*, requires_grad=0, device=cpu) = aten::mul
  # CHECK: Bool(*, requires_grad=0, device=cpu) = aten::gt
  # CHECK: Float(*, requires_grad=0, device=cpu) = aten::where
)IR",
        true);
}

// Non-constant Python numbers are group inputs, not checked by the guard.
TEST(TensorExprFuser, ScalarInputsJoinTheGroup) {
  fused(R"IR(
graph(%x : Float(*, requires_grad=0, device=cpu), %k : float):
  %1 : Tensor = aten::mul(%x, %k)
  %2 : Tensor = aten::clamp(%1, %k, %k)
  return (%2)
  # CHECK: prim::TypeCheck[types=[Float(*, requires_grad=0, device=cpu)]](%x)
  # CHECK: prim::TensorExprGroup_0(
  # CHECK-SAME: , %k)
)IR",
        true);
}

// Two chains separated by an unfused op (matmul) form two groups: matmul's result type is
// inferred (torch.matmul's rank rule), so the chain after it fuses too.
TEST(TensorExprFuser, UnfusibleOpSplitsChains) {
  auto g = fused(R"IR(
graph(%a : Float(*, *, requires_grad=0, device=cpu), %v : Float(*, requires_grad=0, device=cpu)):
  %1 : Tensor = aten::sigmoid(%a)
  %2 : Tensor = aten::mul(%1, %a)
  %3 : Tensor = aten::matmul(%2, %2)
  %4 : Tensor = aten::relu(%3)
  %5 : Tensor = aten::tanh(%4)
  %6 : Tensor = aten::matmul(%5, %v)
  %7 : Tensor = aten::neg(%6)
  %8 : Tensor = aten::exp(%7)
  return (%8)
  # CHECK: prim::TensorExprGroup_0(
  # CHECK: aten::matmul
  # CHECK: prim::TypeCheck[types=[Float(*, *, requires_grad=0, device=cpu)]]
  # CHECK: prim::TensorExprGroup_1(
  # CHECK: aten::matmul
  # CHECK: prim::TypeCheck[types=[Float(*, requires_grad=0, device=cpu)]]
  # CHECK: prim::TensorExprGroup_2(
)IR",
                 true);
  EXPECT_EQ(countKind(g->block(), prim::TensorExprGroup), 3);
}

// A linear layer keeps its input's dtype and rank: the bias-free epilogue after it fuses.
TEST(TensorExprFuser, ChainAfterLinearFuses) {
  fused(R"IR(
graph(%x : Float(*, *, requires_grad=0, device=cpu), %w : Float(*, *, requires_grad=0, device=cpu)):
  %none : NoneType = prim::Constant()
  %half : float = prim::Constant[value=0.5]()
  %1 : Tensor = aten::linear(%x, %w, %none)
  %2 : Tensor = aten::relu(%1)
  %3 : Tensor = aten::mul(%2, %half)
  return (%3)
  # CHECK: aten::linear
  # CHECK: prim::TypeCheck[types=[Float(*, *, requires_grad=0, device=cpu)]]
  # CHECK: prim::TensorExprGroup_0(
)IR",
        true);
}

TEST(TensorExprFuser, DenyListKeepsOpsOut) {
  setenv("EMBER_FUSION_DENY", "aten::tanh, aten::exp", 1);
  auto g = fused(R"IR(
graph(%a : Float(*, requires_grad=0, device=cpu)):
  %1 : Tensor = aten::relu(%a)
  %2 : Tensor = aten::neg(%1)
  %3 : Tensor = aten::tanh(%2)
  %4 : Tensor = aten::exp(%3)
  return (%4)
  # CHECK: prim::TensorExprGroup_0(
  # CHECK: aten::tanh
  # CHECK: aten::exp
  # CHECK: with prim::TensorExprGroup_0
  # CHECK-NOT: aten::tanh
)IR",
                 true);
  unsetenv("EMBER_FUSION_DENY");
  EXPECT_EQ(countKind(g->block(), prim::TensorExprGroup), 1);
}

TEST(TensorExprFuser, SwitchedOff) {
  setTensorExprFuserEnabled(false);
  fused(R"IR(
graph(%a : Float(*, requires_grad=0, device=cpu)):
  %1 : Tensor = aten::relu(%a)
  %2 : Tensor = aten::neg(%1)
  return (%2)
  # CHECK-NOT: prim::TensorExprGroup
)IR",
        false);
  setTensorExprFuserEnabled(true);
}

// Groups form inside nested blocks too.
TEST(TensorExprFuser, NestedBlocks) {
  fused(R"IR(
graph(%a : Float(*, requires_grad=0, device=cpu), %c : bool):
  %r : Tensor = prim::If(%c)
    block0():
      %1 : Tensor = aten::relu(%a)
      %2 : Tensor = aten::neg(%1)
      -> (%2)
    block1():
      -> (%a)
  return (%r)
  # CHECK: prim::If(%c)
  # CHECK: block0():
  # CHECK: prim::TypeCheck
  # CHECK: prim::TensorExprGroup_0(
)IR",
        true);
}

}  // namespace
}  // namespace ember::jit
