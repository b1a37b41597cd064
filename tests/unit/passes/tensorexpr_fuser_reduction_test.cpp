// The fuser's partitioning pass with reductions (tensorexpr_fuser_reductions.h): a group may end
// in one sum/mean/amax/amin/softmax/log_softmax whose input chain it fuses; the result's type
// (dtype= and the rank after keepdim) is known to the guard and the If. IR text + FileCheck.
#include <gtest/gtest.h>


#include "ember/core/symbols.h"
#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"
#include "passes/tensorexpr_fuser.h"

namespace ember::jit {
namespace {

std::shared_ptr<Graph> fused(const char* ir, bool expectChange) {
  auto g = std::make_shared<Graph>();
  parseIR(ir, *g);
  EXPECT_EQ(fuseTensorExprs(g), expectChange);
  g->lint();
  FileCheck::runAnnotated(ir, g->toString());
  return g;
}

TEST(TensorExprFuserReduction, SumEndsTheGroup) {
  fused(R"IR(
graph(%a : Float(*, *, requires_grad=0, device=cpu), %b : Float(*, *, requires_grad=0, device=cpu)):
  %one : int = prim::Constant[value=1]()
  %none : NoneType = prim::Constant()
  %false : bool = prim::Constant[value=0]()
  %dims : int[] = prim::Constant[value=[-1]]()
  %1 : Tensor = aten::mul(%a, %b)
  %2 : Tensor = aten::add(%1, %a, %one)
  %3 : Tensor = aten::sum(%2, %dims, %false, %none)
  %4 : Tensor = aten::relu(%3)
  return (%4)
  # CHECK: Float(*, requires_grad=0, device=cpu) = prim::If(
  # CHECK: block0():
  # CHECK-NEXT: prim::TensorExprGroup_0(
  # CHECK: block1():
  # CHECK: aten::sum
  # CHECK: aten::relu
  # CHECK: with prim::TensorExprGroup_0 = graph(
  # CHECK: aten::mul
  # CHECK: aten::add
  # CHECK: Float(*, requires_grad=0, device=cpu) = aten::sum
  # CHECK-NEXT: return
)IR",
        true);
}

// keepdim keeps the rank; dtype= gives the result's dtype.
TEST(TensorExprFuserReduction, MeanKeepdimAndDtype) {
  fused(R"IR(
graph(%a : Float(*, *, *, requires_grad=0, device=cpu)):
  %none : NoneType = prim::Constant()
  %true : bool = prim::Constant[value=1]()
  %dbl : int = prim::Constant[value=7]()
  %dims : int[] = prim::Constant[value=[1, 2]]()
  %1 : Tensor = aten::exp(%a)
  %2 : Tensor = aten::neg(%1)
  %3 : Tensor = aten::mean(%2, %dims, %true, %dbl)
  return (%3)
  # CHECK: Double(*, *, *, requires_grad=0, device=cpu) = prim::If(
  # CHECK: prim::TensorExprGroup_0(
  # CHECK: with prim::TensorExprGroup_0 = graph(
  # CHECK: Double(*, *, *, requires_grad=0, device=cpu) = aten::mean
)IR",
        true);
}

// softmax and log_softmax keep the shape; amax without keepdim over every dim is 0-dim.
TEST(TensorExprFuserReduction, SoftmaxAndAmax) {
  fused(R"IR(
graph(%a : Double(*, *, requires_grad=0, device=cpu)):
  %none : NoneType = prim::Constant()
  %last : int = prim::Constant[value=-1]()
  %1 : Tensor = aten::tanh(%a)
  %2 : Tensor = aten::mul(%1, %a)
  %3 : Tensor = aten::log_softmax(%2, %last, %none)
  return (%3)
  # CHECK: Double(*, *, requires_grad=0, device=cpu) = prim::If(
  # CHECK: with prim::TensorExprGroup_0 = graph(
  # CHECK: aten::log_softmax
)IR",
        true);
  fused(R"IR(
graph(%a : Float(*, *, requires_grad=0, device=cpu)):
  %false : bool = prim::Constant[value=0]()
  %all : int[] = prim::Constant[value=[0, 1]]()
  %1 : Tensor = aten::sigmoid(%a)
  %2 : Tensor = aten::amax(%1, %all, %false)
  return (%2)
  # CHECK: Float(requires_grad=0, device=cpu) = prim::If(
  # CHECK: with prim::TensorExprGroup_0 = graph(
  # CHECK: aten::amax
)IR",
        true);
}

// layer_norm ends a group; its weight and bias stay group inputs even when computed by
// fusible ops (the kernel reads them as rows).
TEST(TensorExprFuserReduction, LayerNormKeepsWeightAndBiasAsInputs) {
  fused(R"IR(
graph(%a : Float(*, *, requires_grad=0, device=cpu), %w : Float(*, requires_grad=0, device=cpu)):
  %eps : float = prim::Constant[value=1.0000000000000001e-05]()
  %true : bool = prim::Constant[value=1]()
  %shape : int[] = prim::Constant[value=[8]]()
  %two : float = prim::Constant[value=2.]()
  %w2 : Tensor = aten::mul(%w, %two)
  %1 : Tensor = aten::exp(%a)
  %2 : Tensor = aten::mul(%1, %a)
  %3 : Tensor = aten::layer_norm(%2, %shape, %w2, %w, %eps, %true)
  return (%3)
  # CHECK: %w2 : Tensor = aten::mul(%w, %two)
  # CHECK: Float(*, *, requires_grad=0, device=cpu) = prim::If(
  # CHECK: with prim::TensorExprGroup_0 = graph(
  # CHECK-NOT: aten::mul(%w
  # CHECK: aten::exp
  # CHECK: aten::layer_norm
)IR",
        true);
}

// A reduction's result is not fused into a following chain (the chain after it forms its own
// group); a reduction of an int tensor, or with a non-constant dim, stays out of the group its
// input chain forms (the first abs, whose user sum sits before the second chain, does not merge
// into that chain's group).
TEST(TensorExprFuserReduction, WhatStaysOut) {
  auto g = fused(R"IR(
graph(%a : Float(*, *, requires_grad=0, device=cpu)):
  %one : int = prim::Constant[value=1]()
  %none : NoneType = prim::Constant()
  %last : int = prim::Constant[value=-1]()
  %1 : Tensor = aten::exp(%a)
  %2 : Tensor = aten::softmax(%1, %last, %none)
  %3 : Tensor = aten::mul(%2, %2)
  %4 : Tensor = aten::add(%3, %one, %one)
  return (%4)
  # CHECK: prim::TensorExprGroup_0(
  # CHECK: prim::TensorExprGroup_1(
  # CHECK: with prim::TensorExprGroup_0 = graph(
  # CHECK: aten::exp
  # CHECK-NEXT: aten::softmax
  # CHECK: with prim::TensorExprGroup_1 = graph(
  # CHECK-NOT: aten::softmax
  # CHECK: aten::mul
)IR",
                 true);
  fused(R"IR(
graph(%i : Long(*, requires_grad=0, device=cpu), %d : int):
  %none : NoneType = prim::Constant()
  %false : bool = prim::Constant[value=0]()
  %dims : int[] = prim::ListConstruct(%d)
  %1 : Tensor = aten::abs(%i)
  %2 : Tensor = aten::sum(%1, %none)
  %3 : Tensor = aten::mul(%i, %i)
  %4 : Tensor = aten::abs(%3)
  %5 : Tensor = aten::sum(%4, %dims, %false, %none)
  return (%2, %5)
  # CHECK: aten::sum(
  # CHECK: prim::TensorExprGroup_0(
  # CHECK: aten::sum(
  # CHECK: with prim::TensorExprGroup_0 = graph(
  # CHECK-NOT: aten::sum
  # CHECK: return
)IR",
        true);
}

}  // namespace
}  // namespace ember::jit
