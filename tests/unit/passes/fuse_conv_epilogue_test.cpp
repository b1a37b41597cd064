#include "passes/fuse_conv_epilogue.h"

#include <gtest/gtest.h>

#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"

namespace ember::jit {
namespace {

// A 3x3 convolution of %x by %w (bias %b) as frozen graphs hold it, followed by `tail`.
std::shared_ptr<Graph> convThen(const std::string& tail, const std::string& ret = "%y") {
  auto g = std::make_shared<Graph>();
  parseIR(
      "graph(%x : Float(1, 4, 8, 8), %w : Float(4, 4, 3, 3), %b : Float(4), %id : Float(1, 4, 8, 8)):\n"
      "  %one : int = prim::Constant[value=1]()\n"
      "  %l1 : int[] = prim::ListConstruct(%one, %one)\n"
      "  %c : Tensor = aten::conv2d(%x, %w, %b, %l1, %l1, %l1, %one)\n" +
          tail + "  return (" + ret + ")\n",
      *g);
  return g;
}

TEST(FuseConvEpilogue, ResidualAddAndRelu) {
  // ResNet's block end: out += identity; relu(out), in place.
  auto g = convThen("  %r : Tensor = aten::add_(%c, %id, %one)\n  %y : Tensor = aten::relu_(%r)\n");
  EXPECT_TRUE(fuseConvEpilogues(g));
  g->lint();
  FileCheck()
      .check("ember::conv2d_fused(%x, %w, %b, %l1, %l1, %l1, %one, %id, %")
      .checkNot("aten::conv2d")
      .checkNot("aten::add_")
      .checkNot("aten::relu_")
      .check("return")
      .run(g->toString());
  Node* fused = g->outputs()[0]->node();
  ASSERT_EQ(fused->kind().toQualString(), std::string("ember::conv2d_fused"));
  EXPECT_EQ(toIValue(fused->input(8))->toStringRef(), "relu");
}

TEST(FuseConvEpilogue, ResidualFirstOperandAndActivationsAlone) {
  auto add = convThen("  %y : Tensor = aten::add(%id, %c, %one)\n");
  EXPECT_TRUE(fuseConvEpilogues(add));
  FileCheck().check("ember::conv2d_fused(%x, %w, %b, %l1, %l1, %l1, %one, %id, %").checkNot("aten::add").run(
      add->toString());
  EXPECT_EQ(toIValue(add->outputs()[0]->node()->input(8))->toStringRef(), "none");

  // mobilenet's ReLU6 as scripted: hardtanh_ with constant bounds.
  auto six = convThen(
      "  %lo : float = prim::Constant[value=0.]()\n  %hi : float = prim::Constant[value=6.]()\n"
      "  %y : Tensor = aten::hardtanh_(%c, %lo, %hi)\n");
  EXPECT_TRUE(fuseConvEpilogues(six));
  Node* f = six->outputs()[0]->node();
  EXPECT_EQ(toIValue(f->input(8))->toStringRef(), "hardtanh");
  EXPECT_EQ(toIValue(f->input(9))->toDouble(), 0.0);
  EXPECT_EQ(toIValue(f->input(10))->toDouble(), 6.0);
  EXPECT_TRUE(toIValue(f->input(7))->isNone());

  auto gelu = convThen("  %a : str = prim::Constant[value=\"tanh\"]()\n  %y : Tensor = aten::gelu(%c, %a)\n");
  EXPECT_TRUE(fuseConvEpilogues(gelu));
  EXPECT_EQ(toIValue(gelu->outputs()[0]->node()->input(8))->toStringRef(), "gelu_tanh");
  auto silu = convThen("  %y : Tensor = aten::silu(%c)\n");
  EXPECT_TRUE(fuseConvEpilogues(silu));
  FileCheck().check("ember::conv2d_fused").checkNot("aten::silu").run(silu->toString());
}

TEST(FuseConvEpilogue, IntermediateWithOtherUsesStays) {
  // The convolution's result is also returned: fusing would lose it.
  auto g = convThen("  %y : Tensor = aten::relu(%c)\n", "%y, %c");
  EXPECT_FALSE(fuseConvEpilogues(g));
  FileCheck().check("aten::conv2d").check("aten::relu").checkNot("ember::conv2d_fused").run(g->toString());
  // The add's result used twice: the conv + add pair still fuses, the relu stays.
  auto h = convThen("  %r : Tensor = aten::add(%c, %id, %one)\n  %y : Tensor = aten::relu(%r)\n", "%y, %r");
  EXPECT_TRUE(fuseConvEpilogues(h));
  FileCheck().check("ember::conv2d_fused").check("aten::relu").run(h->toString());
}

TEST(FuseConvEpilogue, MutationsBlockFusion) {
  // An in-place add that writes the residual (identity += conv) is not a residual add.
  auto into = convThen("  %y : Tensor = aten::add_(%id, %c, %one)\n");
  EXPECT_FALSE(fuseConvEpilogues(into));
  FileCheck().check("aten::conv2d").check("aten::add_").run(into->toString());
  // A write to the convolution's input or weight between it and its epilogue would change what
  // the fused node (at the epilogue's place) reads; writes to the residual are refused as well.
  auto input = convThen(
      "  %z : Tensor = aten::mul_(%x, %one)\n  %y : Tensor = aten::relu(%c)\n");
  EXPECT_FALSE(fuseConvEpilogues(input));
  FileCheck().check("aten::conv2d").check("aten::mul_").check("aten::relu").run(input->toString());
  auto weight = convThen(
      "  %z : Tensor = aten::zero_(%w)\n  %y : Tensor = aten::relu(%c)\n");
  EXPECT_FALSE(fuseConvEpilogues(weight));
  FileCheck().check("aten::conv2d").check("aten::zero_").run(weight->toString());
  auto residual = convThen(
      "  %z : Tensor = aten::zero_(%id)\n  %r : Tensor = aten::add(%c, %id, %one)\n  %y : Tensor = aten::relu(%r)\n");
  EXPECT_FALSE(fuseConvEpilogues(residual));
  FileCheck().check("aten::conv2d").check("aten::zero_").check("aten::add").run(residual->toString());
}

TEST(FuseConvEpilogue, AlphaAndUnknownActivationsStay) {
  auto alpha = convThen("  %two : int = prim::Constant[value=2]()\n  %y : Tensor = aten::add(%c, %id, %two)\n");
  EXPECT_FALSE(fuseConvEpilogues(alpha));
  auto tanh = convThen("  %y : Tensor = aten::tanh(%c)\n");
  EXPECT_FALSE(fuseConvEpilogues(tanh));
  FileCheck().check("aten::conv2d").check("aten::tanh").run(tanh->toString());
}

}  // namespace
}  // namespace ember::jit
