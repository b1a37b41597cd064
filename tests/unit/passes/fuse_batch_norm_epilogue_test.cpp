#include "passes/fuse_batch_norm_epilogue.h"

#include <gtest/gtest.h>

#include "ember/error.h"
#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"

namespace ember::jit {
namespace {

// The module class the graphs read their parameters from.
TypePtr moduleClass(const std::string& name) {
  EMBER_CHECK(name == "__torch__.M", "unexpected class ", name);
  static ClassTypePtr cls = [] {
    ClassTypePtr c = ClassType::create("__torch__.M", /*isModule=*/true);
    for (const char* a : {"weight", "bn_weight", "bn_bias", "running_mean", "running_var"})
      c->addAttribute(a, TensorType::get());
    return c;
  }();
  return cls;
}

// A convolution and an eval-mode batch norm as an unfrozen module's graph holds them after the
// executor specialised on `training` (False): the parameters and running statistics read
// through prim::GetAttr, then `tail`. `training` is the batch norm's mode argument.
std::shared_ptr<Graph> convBnThen(const std::string& tail, const std::string& ret = "%y",
                                  const std::string& training = "%false") {
  auto g = std::make_shared<Graph>();
  parseIR(
      "graph(%self : __torch__.M, %x : Float(1, 4, 8, 8), %id : Float(1, 4, 8, 8), %t : bool):\n"
      "  %one : int = prim::Constant[value=1]()\n"
      "  %false : bool = prim::Constant[value=0]()\n"
      "  %true : bool = prim::Constant[value=1]()\n"
      "  %none : NoneType = prim::Constant()\n"
      "  %momentum : float = prim::Constant[value=0.1]()\n"
      "  %eps : float = prim::Constant[value=1.0000000000000001e-05]()\n"
      "  %l1 : int[] = prim::ListConstruct(%one, %one)\n"
      "  %w : Tensor = prim::GetAttr[name=\"weight\"](%self)\n"
      "  %c : Tensor = aten::conv2d(%x, %w, %none, %l1, %l1, %l1, %one)\n"
      "  %bw : Tensor = prim::GetAttr[name=\"bn_weight\"](%self)\n"
      "  %bb : Tensor = prim::GetAttr[name=\"bn_bias\"](%self)\n"
      "  %mean : Tensor = prim::GetAttr[name=\"running_mean\"](%self)\n"
      "  %var : Tensor = prim::GetAttr[name=\"running_var\"](%self)\n"
      "  %n : Tensor = aten::batch_norm(%c, %bw, %bb, %mean, %var, " +
          training + ", %momentum, %eps, %true)\n" + tail + "  return (" + ret + ")\n",
      *g, IRParseOptions{moduleClass});
  return g;
}

Node* producerOfOutput(const std::shared_ptr<Graph>& g, size_t i = 0) { return g->outputs()[i]->node(); }

TEST(FuseBatchNormEpilogue, ConvBatchNormResidualAndRelu) {
  // ResNet's block end, unfrozen: bn2(conv2(out)); out += identity; relu(out), in place.
  auto g = convBnThen("  %r : Tensor = aten::add_(%n, %id, %one)\n  %y : Tensor = aten::relu_(%r)\n");
  EXPECT_TRUE(fuseBatchNormEpilogues(g));
  g->lint();
  FileCheck()
      .check("prim::GetAttr[name=\"running_var\"]")
      .check("ember::conv2d_bn_fused(%x, %w, %none, %l1, %l1, %l1, %one, %bw, %bb, %mean, %var, %eps, %id, %")
      .checkNot("aten::conv2d")
      .checkNot("aten::batch_norm")
      .checkNot("aten::add_")
      .checkNot("aten::relu_")
      .check("return")
      .run(g->toString());
  EXPECT_EQ(toIValue(producerOfOutput(g)->input(13))->toStringRef(), "relu");
}

TEST(FuseBatchNormEpilogue, ConvBatchNormAloneAndWithActivations) {
  // A downsample branch: the batch norm's result is the residual of another add.
  auto alone = convBnThen("  %y : Tensor = aten::mul(%n, %id)\n");
  EXPECT_TRUE(fuseBatchNormEpilogues(alone));
  FileCheck().check("ember::conv2d_bn_fused").check("aten::mul").checkNot("aten::batch_norm").run(alone->toString());
  Node* f = producerOfOutput(alone)->input(0)->node();
  EXPECT_TRUE(toIValue(f->input(12))->isNone());
  EXPECT_EQ(toIValue(f->input(13))->toStringRef(), "none");

  // mobilenet's ReLU6 (hardtanh_ 0..6) and efficientnet's SiLU.
  auto six = convBnThen(
      "  %lo : float = prim::Constant[value=0.]()\n  %hi : float = prim::Constant[value=6.]()\n"
      "  %y : Tensor = aten::hardtanh_(%n, %lo, %hi)\n");
  EXPECT_TRUE(fuseBatchNormEpilogues(six));
  f = producerOfOutput(six);
  EXPECT_EQ(toIValue(f->input(13))->toStringRef(), "hardtanh");
  EXPECT_EQ(toIValue(f->input(15))->toDouble(), 6.0);
  auto silu = convBnThen("  %y : Tensor = aten::silu_(%n)\n");
  EXPECT_TRUE(fuseBatchNormEpilogues(silu));
  FileCheck().check("ember::conv2d_bn_fused").checkNot("aten::silu_").run(silu->toString());
}

// The max pool after resnet's stem.
const char* const kPoolTail =
    "  %k : int[] = prim::ListConstruct(%three, %three)\n"
    "  %ps : int[] = prim::ListConstruct(%two, %two)\n"
    "  %q : Tensor = aten::max_pool2d(%y, %k, %ps, %l1, %l1, %false)\n";

std::string withPoolConstants(const std::string& tail) {
  return "  %two : int = prim::Constant[value=2]()\n  %three : int = prim::Constant[value=3]()\n" + tail;
}

TEST(FuseBatchNormEpilogue, StemMaxPoolJoinsTheFusion) {
  // resnet's stem: maxpool(relu(bn1(conv1(x)))).
  auto g = convBnThen(withPoolConstants("  %y : Tensor = aten::relu_(%n)\n") + kPoolTail, "%q");
  EXPECT_TRUE(fuseBatchNormEpilogues(g));
  g->lint();
  FileCheck()
      .check("ember::conv2d_bn_max_pool2d(%x, %w, %none, %l1, %l1, %l1, %one, %bw, %bb, %mean, %var, %eps, %")
      .check(", %k, %ps, %l1, %l1, %false)")
      .checkNot("aten::relu_")
      .checkNot("aten::max_pool2d")
      .check("return")
      .run(g->toString());
  Node* f = producerOfOutput(g);
  ASSERT_EQ(f->inputs().size(), 21u);
  EXPECT_TRUE(toIValue(f->input(12))->isNone());
  EXPECT_EQ(toIValue(f->input(13))->toStringRef(), "relu");
  // Without an activation too: the pool reads the batch norm's result.
  auto bare = convBnThen(withPoolConstants("  %y : Tensor = aten::max_pool2d(%n, %l1, %l1, %l1, %l1, %false)\n"));
  EXPECT_TRUE(fuseBatchNormEpilogues(bare));
  FileCheck().check("ember::conv2d_bn_max_pool2d").checkNot("aten::max_pool2d").run(bare->toString());
  // The batch norm's result used twice: the convolution and batch norm fuse, the pool stays.
  auto twice = convBnThen(withPoolConstants("  %y : Tensor = aten::mul(%n, %one)\n"
                                            "  %y2 : Tensor = aten::max_pool2d(%n, %l1, %l1, %l1, %l1, %false)\n"),
                          "%y2, %y");
  EXPECT_TRUE(fuseBatchNormEpilogues(twice));
  FileCheck().check("ember::conv2d_bn_fused").check("aten::max_pool2d").run(twice->toString());
}

TEST(FuseBatchNormEpilogue, MaxPoolStaysOutsideWhereItCannotJoin) {
  // The activation's result also returned: the pool is not its only use.
  auto shared = convBnThen(withPoolConstants("  %y : Tensor = aten::relu_(%n)\n") + kPoolTail, "%q, %y");
  EXPECT_TRUE(fuseBatchNormEpilogues(shared));
  FileCheck().check("ember::conv2d_bn_fused").check("aten::max_pool2d").run(shared->toString());
  // After a residual add (not the stem's shape): the pool stays.
  auto residual =
      convBnThen(withPoolConstants("  %r : Tensor = aten::add_(%n, %id, %one)\n  %y : Tensor = aten::relu_(%r)\n") +
                 kPoolTail, "%q");
  EXPECT_TRUE(fuseBatchNormEpilogues(residual));
  FileCheck().check("ember::conv2d_bn_fused").check("aten::max_pool2d").run(residual->toString());
  // The weights written between the convolution and the pool: the fused node, at the pool's
  // place, would read the new values: the rest fuses before the write, the pool stays after it.
  auto written = convBnThen(
      withPoolConstants("  %y : Tensor = aten::relu_(%n)\n  %z : Tensor = aten::mul_(%w, %one)\n") + kPoolTail, "%q");
  EXPECT_TRUE(fuseBatchNormEpilogues(written));
  FileCheck()
      .check("ember::conv2d_bn_fused")
      .check("aten::mul_")
      .check("aten::max_pool2d")
      .checkNot("ember::conv2d_bn_max_pool2d")
      .run(written->toString());
}

TEST(FuseBatchNormEpilogue, TrainingOrUnknownModeStays) {
  for (const char* training : {"%true", "%t"}) {
    auto g = convBnThen("  %y : Tensor = aten::relu_(%n)\n", "%y", training);
    EXPECT_FALSE(fuseBatchNormEpilogues(g)) << training;
    FileCheck().check("aten::conv2d").check("aten::batch_norm").check("aten::relu_").run(g->toString());
  }
}

TEST(FuseBatchNormEpilogue, WithoutConvolutionNeedsAnEpilogue) {
  // The convolution's result is also returned: it stays, and the batch norm fuses with its relu.
  auto g = convBnThen("  %y : Tensor = aten::relu(%n)\n", "%y, %c");
  EXPECT_TRUE(fuseBatchNormEpilogues(g));
  FileCheck()
      .check("aten::conv2d")
      .check("ember::batch_norm_fused(%c, %bw, %bb, %mean, %var, %eps, %")
      .checkNot("aten::batch_norm")
      .run(g->toString());
  EXPECT_TRUE(toIValue(producerOfOutput(g)->input(6))->isNone());
  EXPECT_EQ(toIValue(producerOfOutput(g)->input(7))->toStringRef(), "relu");
  // batch_norm -> add -> relu after some other producer.
  auto h = convBnThen("  %r : Tensor = aten::add(%id, %n, %one)\n  %y : Tensor = aten::relu(%r)\n", "%y, %c");
  EXPECT_TRUE(fuseBatchNormEpilogues(h));
  FileCheck()
      .check("ember::batch_norm_fused(%c, %bw, %bb, %mean, %var, %eps, %id, %")
      .checkNot("aten::add")
      .run(h->toString());
  // A lone batch norm after another producer gains nothing: it stays.
  auto lone = convBnThen("", "%n, %c");
  EXPECT_FALSE(fuseBatchNormEpilogues(lone));
  FileCheck().check("aten::batch_norm").checkNot("ember::").run(lone->toString());
}

TEST(FuseBatchNormEpilogue, TwoBatchNormsAddedTogetherShareNoNode) {
  // regnet's block end: relu(bn(conv(x)) + bn2(y)): both batch norms see the add and the relu as
  // their epilogue; the first takes them, the second stays a lone batch norm (nothing to fuse).
  auto g = convBnThen(
      "  %n2 : Tensor = aten::batch_norm(%id, %bw, %bb, %mean, %var, %false, %momentum, %eps, %true)\n"
      "  %r : Tensor = aten::add(%n, %n2, %one)\n  %y : Tensor = aten::relu_(%r)\n");
  EXPECT_TRUE(fuseBatchNormEpilogues(g));
  g->lint();
  FileCheck()
      .check("%n2 : Tensor = aten::batch_norm(%id")
      .check("ember::conv2d_bn_fused(%x, %w, %none, %l1, %l1, %l1, %one, %bw, %bb, %mean, %var, %eps, %n2, %")
      .checkNot("aten::add")
      .checkNot("aten::relu_")
      .run(g->toString());
}

TEST(FuseBatchNormEpilogue, WritesBetweenBlockFusion) {
  // The running statistics updated between the batch norm and its epilogue: the fused node, at
  // the epilogue's place, would read the new values.
  auto stats = convBnThen("  %z : Tensor = aten::add_(%mean, %one, %one)\n  %y : Tensor = aten::relu_(%n)\n");
  EXPECT_FALSE(fuseBatchNormEpilogues(stats));
  FileCheck().check("aten::batch_norm").check("aten::add_").check("aten::relu_").run(stats->toString());
  // The convolution's input written between the convolution and the batch norm's epilogue.
  auto input = convBnThen("  %z : Tensor = aten::mul_(%x, %one)\n  %y : Tensor = aten::relu_(%n)\n");
  EXPECT_FALSE(fuseBatchNormEpilogues(input));
  FileCheck().check("aten::conv2d").check("aten::mul_").run(input->toString());
  // An in-place add that writes the residual (identity += bn) is not a residual add.
  auto into = convBnThen("  %y : Tensor = aten::add_(%id, %n, %one)\n");
  EXPECT_TRUE(fuseBatchNormEpilogues(into));  // conv + batch norm still fuse
  FileCheck().check("ember::conv2d_bn_fused").check("aten::add_(%id").run(into->toString());
}

}  // namespace
}  // namespace ember::jit
