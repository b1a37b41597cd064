// fuse_linear_epilogue on IR as optimize_for_inference leaves it (frozen linears as matmul with
// the transposed weight, then the bias add): which chains become ember::matmul_fused /
// ember::linear_fused, with which arguments, and which stay (other uses, writes, alpha,
// activations the kernel does not know).
#include "passes/fuse_linear_epilogue.h"

#include <gtest/gtest.h>

#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"

namespace ember::jit {
namespace {

// %p = matmul(%x, %wt) followed by `tail`.
std::shared_ptr<Graph> matmulThen(const std::string& tail, const std::string& ret = "%y") {
  auto g = std::make_shared<Graph>();
  parseIR(
      "graph(%x : Float(8, 16), %wt : Float(16, 4), %b : Float(4), %id : Float(8, 4)):\n"
      "  %one : int = prim::Constant[value=1]()\n"
      "  %p : Tensor = aten::matmul(%x, %wt)\n" +
          tail + "  return (" + ret + ")\n",
      *g);
  return g;
}

std::string str(const Value* v) { return toIValue(v)->toStringRef(); }

TEST(FuseLinearEpilogue, BiasResidualAndRelu) {
  auto g = matmulThen(
      "  %q : Tensor = aten::add(%p, %b, %one)\n  %r : Tensor = aten::add_(%q, %id, %one)\n"
      "  %y : Tensor = aten::relu(%r)\n");
  EXPECT_TRUE(fuseLinearEpilogues(g));
  g->lint();
  FileCheck()
      .check("ember::matmul_fused(%x, %wt, %b, %id, %")
      .checkNot("aten::matmul")
      .checkNot("aten::add")
      .checkNot("aten::relu")
      .check("return")
      .run(g->toString());
  Node* fused = g->outputs()[0]->node();
  ASSERT_EQ(fused->kind().toQualString(), std::string("ember::matmul_fused"));
  EXPECT_EQ(str(fused->input(4)), "relu");
}

TEST(FuseLinearEpilogue, BiasFirstOperandAloneAndActivationAlone) {
  auto bias = matmulThen("  %y : Tensor = aten::add(%b, %p, %one)\n");
  EXPECT_TRUE(fuseLinearEpilogues(bias));
  FileCheck().check("ember::matmul_fused(%x, %wt, %b, %").checkNot("aten::add").run(bias->toString());
  Node* f = bias->outputs()[0]->node();
  EXPECT_TRUE(toIValue(f->input(3))->isNone());
  EXPECT_EQ(str(f->input(4)), "none");

  auto six = matmulThen(
      "  %lo : float = prim::Constant[value=0.]()\n  %hi : float = prim::Constant[value=6.]()\n"
      "  %y : Tensor = aten::hardtanh_(%p, %lo, %hi)\n");
  EXPECT_TRUE(fuseLinearEpilogues(six));
  Node* s = six->outputs()[0]->node();
  EXPECT_TRUE(toIValue(s->input(2))->isNone());
  EXPECT_EQ(str(s->input(4)), "hardtanh");
  EXPECT_EQ(toIValue(s->input(6))->toDouble(), 6.0);
}

TEST(FuseLinearEpilogue, LinearTakesItsBiasAndOneAdd) {
  auto g = std::make_shared<Graph>();
  parseIR(
      "graph(%x : Float(8, 16), %w : Float(4, 16), %b : Float(4), %id : Float(8, 4)):\n"
      "  %one : int = prim::Constant[value=1]()\n"
      "  %a : str = prim::Constant[value=\"none\"]()\n"
      "  %l : Tensor = aten::linear(%x, %w, %b)\n"
      "  %r : Tensor = aten::add(%l, %id, %one)\n"
      "  %s : Tensor = aten::add(%r, %id, %one)\n"
      "  %y : Tensor = aten::gelu(%s, %a)\n"
      "  return (%y)\n",
      *g);
  EXPECT_TRUE(fuseLinearEpilogues(g));
  // One residual joins; the second add stays, and so does the gelu after it.
  FileCheck()
      .check("ember::linear_fused(%x, %w, %b, %id, %")
      .check("aten::add(")
      .check("aten::gelu")
      .run(g->toString());
}

TEST(FuseLinearEpilogue, IntermediateWithOtherUsesStays) {
  auto g = matmulThen("  %y : Tensor = aten::relu(%p)\n", "%y, %p");
  EXPECT_FALSE(fuseLinearEpilogues(g));
  FileCheck().check("aten::matmul").check("aten::relu").checkNot("ember::matmul_fused").run(g->toString());
  // The bias add's result used twice: matmul + bias fuse, the relu stays.
  auto h = matmulThen("  %q : Tensor = aten::add(%p, %b, %one)\n  %y : Tensor = aten::relu(%q)\n", "%y, %q");
  EXPECT_TRUE(fuseLinearEpilogues(h));
  FileCheck().check("ember::matmul_fused(%x, %wt, %b,").check("aten::relu").run(h->toString());
}

TEST(FuseLinearEpilogue, MutationsAlphaAndUnknownActivationsStay) {
  // identity += p writes the addend, not the product.
  auto into = matmulThen("  %y : Tensor = aten::add_(%id, %p, %one)\n");
  EXPECT_FALSE(fuseLinearEpilogues(into));
  // A write to the weight or the bias between the product and its epilogue.
  auto weight = matmulThen("  %z : Tensor = aten::zero_(%wt)\n  %y : Tensor = aten::relu(%p)\n");
  EXPECT_FALSE(fuseLinearEpilogues(weight));
  FileCheck().check("aten::matmul").check("aten::zero_").check("aten::relu").run(weight->toString());
  auto bias = matmulThen("  %z : Tensor = aten::zero_(%b)\n  %y : Tensor = aten::add(%p, %b, %one)\n");
  EXPECT_FALSE(fuseLinearEpilogues(bias));
  auto alpha = matmulThen("  %two : int = prim::Constant[value=2]()\n  %y : Tensor = aten::add(%p, %b, %two)\n");
  EXPECT_FALSE(fuseLinearEpilogues(alpha));
  auto tanh = matmulThen("  %y : Tensor = aten::tanh(%p)\n");
  EXPECT_FALSE(fuseLinearEpilogues(tanh));
  FileCheck().check("aten::matmul").check("aten::tanh").run(tanh->toString());
}

}  // namespace
}  // namespace ember::jit
