// The fuser's partitioning pass with aten::chunk + prim::ListUnpack (PyTorch's
// prim::ConstantChunk): the pair joins a group as a unit when every piece is used inside it,
// and the chunked tensor stays a group input. IR text + FileCheck.
#include <gtest/gtest.h>

#include <cstdlib>

#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"
#include "passes/tensorexpr_fuser.h"

namespace ember::jit {
namespace {

void fused(const char* ir, bool expectChange) {
  auto g = std::make_shared<Graph>();
  parseIR(ir, *g);
  EXPECT_EQ(fuseTensorExprs(g), expectChange);
  g->lint();
  FileCheck::runAnnotated(ir, g->toString());
}

// An LSTM cell after its matmuls: the gates' sum computed only for the chunk joins the group
// (the kernel computes it per piece, PyTorch's BroadcastingChunk); the chunk stays in the group.
TEST(TensorExprFuserChunk, LstmCellIsOneGroup) {
  fused(R"IR(
graph(%x : Float(*, *, requires_grad=0, device=cpu), %h : Float(*, *, requires_grad=0, device=cpu), %cx : Float(*, *, requires_grad=0, device=cpu)):
  %four : int = prim::Constant[value=4]()
  %one : int = prim::Constant[value=1]()
  %gates : Tensor = aten::add(%x, %h, %one)
  %l : Tensor[] = aten::chunk(%gates, %four, %one)
  %i : Tensor, %f : Tensor, %g : Tensor, %o : Tensor = prim::ListUnpack(%l)
  %i1 : Tensor = aten::sigmoid(%i)
  %f1 : Tensor = aten::sigmoid(%f)
  %g1 : Tensor = aten::tanh(%g)
  %o1 : Tensor = aten::sigmoid(%o)
  %c1 : Tensor = aten::mul(%f1, %cx)
  %c2 : Tensor = aten::mul(%i1, %g1)
  %cy : Tensor = aten::add(%c1, %c2, %one)
  %t : Tensor = aten::tanh(%cy)
  %hy : Tensor = aten::mul(%o1, %t)
  return (%hy, %cy)
  # CHECK: prim::TypeCheck
  # CHECK: prim::If(
  # CHECK: prim::TensorExprGroup_0(
  # CHECK: block1():
  # CHECK: aten::chunk
  # CHECK: with prim::TensorExprGroup_0 = graph(
  # CHECK: aten::add(%x, %h
  # CHECK-NEXT: aten::chunk
  # CHECK-NEXT: prim::ListUnpack
  # CHECK: aten::sigmoid
  # CHECK: aten::tanh
  # CHECK: return
)IR",
        true);
}

// A piece used after the group: the pieces are views, a fused output would be a copy; the chunk
// stays out and the ops after it form the group.
TEST(TensorExprFuserChunk, PieceUsedOutsideKeepsTheChunkOut) {
  fused(R"IR(
graph(%gates : Float(*, *, requires_grad=0, device=cpu)):
  %two : int = prim::Constant[value=2]()
  %one : int = prim::Constant[value=1]()
  %l : Tensor[] = aten::chunk(%gates, %two, %one)
  %a : Tensor, %b : Tensor = prim::ListUnpack(%l)
  %1 : Tensor = aten::sigmoid(%a)
  %2 : Tensor = aten::mul(%1, %b)
  %3 : Tensor = aten::matmul(%b, %2)
  return (%3)
  # CHECK: aten::chunk
  # CHECK: prim::ListUnpack
  # CHECK: prim::TensorExprGroup_0(
  # CHECK: with prim::TensorExprGroup_0 = graph(
  # CHECK-NOT: aten::chunk
  # CHECK: aten::sigmoid
)IR",
        true);
}

// EMBER_FUSION_DENY=aten::chunk keeps the chunk and its unpack out; the ops after them still fuse.
TEST(TensorExprFuserChunk, DenyListKeepsTheChunkOut) {
  setenv("EMBER_FUSION_DENY", "aten::chunk", 1);
  fused(R"IR(
graph(%gates : Float(*, *, requires_grad=0, device=cpu)):
  %two : int = prim::Constant[value=2]()
  %one : int = prim::Constant[value=1]()
  %l : Tensor[] = aten::chunk(%gates, %two, %one)
  %a : Tensor, %b : Tensor = prim::ListUnpack(%l)
  %1 : Tensor = aten::sigmoid(%a)
  %2 : Tensor = aten::mul(%1, %b)
  return (%2)
  # CHECK: aten::chunk
  # CHECK: prim::ListUnpack
  # CHECK: prim::TensorExprGroup_0(
  # CHECK: with prim::TensorExprGroup_0 = graph(
  # CHECK-NOT: aten::chunk
  # CHECK: aten::sigmoid
)IR",
        true);
  unsetenv("EMBER_FUSION_DENY");
}

}  // namespace
}  // namespace ember::jit

namespace ember::jit {
namespace {

// The gates' sum reads a product that is also returned: the chunk's kernel computes the sum per
// piece, so the product could not be an output of the same slice; the sum's chain stays out of
// the chunk's group (which reads the gates as an input).
TEST(TensorExprFuserChunk, SharedSliceLeavesTheGroup) {
  auto g = std::make_shared<Graph>();
  const char* ir = R"IR(
graph(%x : Float(*, *, requires_grad=0, device=cpu), %h : Float(*, *, requires_grad=0, device=cpu), %cx : Float(*, *, requires_grad=0, device=cpu)):
  %two : int = prim::Constant[value=2]()
  %one : int = prim::Constant[value=1]()
  %p : Tensor = aten::mul(%x, %h)
  %gates : Tensor = aten::add(%p, %h, %one)
  %l : Tensor[] = aten::chunk(%gates, %two, %one)
  %i : Tensor, %f : Tensor = prim::ListUnpack(%l)
  %i1 : Tensor = aten::sigmoid(%i)
  %f1 : Tensor = aten::tanh(%f)
  %c1 : Tensor = aten::mul(%f1, %cx)
  %cy : Tensor = aten::add(%c1, %i1, %one)
  return (%cy, %p)
  # CHECK: with prim::TensorExprGroup
  # CHECK-NOT: aten::mul(%x
  # CHECK: aten::chunk
)IR";
  parseIR(ir, *g);
  EXPECT_TRUE(fuseTensorExprs(g));
  g->lint();
  FileCheck::runAnnotated(ir, g->toString());
}

}  // namespace
}  // namespace ember::jit
