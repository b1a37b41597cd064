#include "passes/channels_last_regions.h"

#include <gtest/gtest.h>

#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"

namespace ember::jit {
namespace {

// A profiled NCHW-contiguous activation, as prim::TypeCheck gives it to the specialised graph
// (16 channels: an image of up to 8 stays NCHW, see ImageEntriesKeepNchwAndConvertTheWeights).
const char* const kNchw = "Float(1, 16, 8, 8, strides=[1024, 64, 8, 1], requires_grad=0, device=cpu)";

// `graph(%x : <x type>, %w, %b)` with list constants, then `body`.
std::shared_ptr<Graph> parse(const std::string& body, const std::string& xType = kNchw) {
  auto g = std::make_shared<Graph>();
  parseIR("graph(%x : " + xType +
              ", %w : Tensor, %b : Tensor):\n"
              "  %one : int = prim::Constant[value=1]()\n"
              "  %l1 : int[] = prim::ListConstruct(%one, %one)\n" +
              body,
          *g);
  return g;
}

// conv -> batch_norm-free block -> relu, one value returned.
const char* const kConvRelu =
    "  %c : Tensor = aten::conv2d(%x, %w, %b, %l1, %l1, %l1, %one)\n"
    "  %r : Tensor = aten::relu(%c)\n"
    "  %d : Tensor = aten::conv2d(%r, %w, %b, %l1, %l1, %l1, %one)\n"
    "  return (%d)\n";

// The mechanics are tested on small regions (minConvolutions = 1); the pipeline's default
// wants kChannelsLastMinConvolutions.
TEST(ChannelsLastRegions, DefaultNeedsEnoughConvolutions) {
  auto two = parse(kConvRelu);
  EXPECT_FALSE(channelsLastRegions(two)) << "two convolutions";
  FileCheck().checkNot("aten::contiguous").run(two->toString());
  auto three = parse(
      "  %c : Tensor = aten::conv2d(%x, %w, %b, %l1, %l1, %l1, %one)\n"
      "  %d : Tensor = aten::conv2d(%c, %w, %b, %l1, %l1, %l1, %one)\n"
      "  %e : Tensor = aten::conv2d(%d, %w, %b, %l1, %l1, %l1, %one)\n"
      "  return (%e)\n");
  EXPECT_TRUE(channelsLastRegions(three));
  FileCheck().check("aten::contiguous(%x").check("aten::contiguous(%e").run(three->toString());
}

TEST(ChannelsLastRegions, ConvertsEntryOnceAndOutputBack) {
  auto g = parse(kConvRelu);
  EXPECT_TRUE(channelsLastRegions(g, 1));
  g->lint();
  FileCheck()
      .check("prim::Constant[value=2]")
      .check("aten::contiguous(%x, %")
      .check("aten::conv2d(%")
      .checkNot("aten::conv2d(%x")
      .check("aten::relu(%c)")
      .check("aten::conv2d(%r")
      .check("prim::Constant[value=0]")
      .check("aten::contiguous(%d, %")
      .check("return")
      .checkNot("return (%d)")
      .run(g->toString());
  EXPECT_EQ(g->outputs()[0]->node()->kind(), Symbol::aten("contiguous"));
  EXPECT_EQ(toIValue(g->outputs()[0]->node()->input(1))->toInt(), 0);
  // The entry's conversion carries the channels-last strides.
  Node* entry = g->outputs()[0]->node();
  for (Node* n : g->nodes())
    if (n->kind() == Symbol::aten("contiguous") && n->input(0)->debugName() == "x") entry = n;
  ASSERT_EQ(entry->input(0)->debugName(), "x");
  EXPECT_EQ(toIValue(entry->input(1))->toInt(), 2);
  auto t = entry->output()->type()->cast<TensorType>();
  ASSERT_TRUE(t && t->strides());
  EXPECT_EQ(*(*t->strides())[1], 1);
  EXPECT_EQ(*(*t->strides())[3], 16);
  EXPECT_FALSE(channelsLastRegions(g, 1)) << "a second run has nothing left to convert";
}

// An RGB image read only by the stem convolution stays NCHW; the convolution gets channels-last
// weights (so its result is channels-last) and the rest of the region is as before. Read by
// another op too, the image is converted as any entry.
TEST(ChannelsLastRegions, ImageEntriesKeepNchwAndConvertTheWeights) {
  const char* rgb = "Float(1, 3, 8, 8, strides=[192, 64, 8, 1], requires_grad=0, device=cpu)";
  auto g = parse(kConvRelu, rgb);
  EXPECT_TRUE(channelsLastRegions(g, 1));
  g->lint();
  FileCheck()
      .checkNot("aten::contiguous(%x")
      .check("aten::contiguous(%w, %")
      .check("aten::conv2d(%x, %")
      .checkNot("aten::conv2d(%x, %w,")
      .check("aten::relu(%c)")
      .check("aten::conv2d(%r, %w,")
      .check("aten::contiguous(%d, %")
      .run(g->toString());
  Node* stem = nullptr;
  for (Node* n : g->nodes())
    if (n->kind() == Symbol::aten("conv2d") && n->input(0)->debugName() == "x") stem = n;
  ASSERT_NE(stem, nullptr);
  Node* weights = stem->input(1)->node();
  ASSERT_EQ(weights->kind(), Symbol::aten("contiguous"));
  EXPECT_EQ(weights->input(0)->debugName(), "w");
  EXPECT_EQ(toIValue(weights->input(1))->toInt(), 2);

  auto shared = parse(
      "  %c : Tensor = aten::conv2d(%x, %w, %b, %l1, %l1, %l1, %one)\n"
      "  %s : Tensor = aten::add(%c, %x, %one)\n"
      "  return (%s)\n",
      rgb);
  EXPECT_TRUE(channelsLastRegions(shared, 1));
  FileCheck().check("aten::contiguous(%x").checkNot("aten::contiguous(%w").run(shared->toString());
}

TEST(ChannelsLastRegions, IntermediateGraphOutputLeavesAtTheReturn) {
  // %c is returned and used further: it stays in the region, one NCHW copy before the return.
  auto g = parse(
      "  %false : bool = prim::Constant[value=0]()\n"
      "  %c : Tensor = aten::conv2d(%x, %w, %b, %l1, %l1, %l1, %one)\n"
      "  %r : Tensor = aten::relu_(%c)\n"
      "  %d : Tensor = aten::max_pool2d(%r, %l1, %l1, %l1, %l1, %false)\n"
      "  return (%d, %c)\n");
  EXPECT_TRUE(channelsLastRegions(g, 1));
  g->lint();
  FileCheck()
      .check("aten::conv2d")
      .check("aten::relu_(%c)")
      .check("aten::max_pool2d(%r")
      .checkDag("aten::contiguous(%d")
      .checkDag("aten::contiguous(%c")
      .check("return")
      .run(g->toString());
  for (Value* out : g->outputs()) EXPECT_EQ(out->node()->kind(), Symbol::aten("contiguous"));
}

TEST(ChannelsLastRegions, InPlaceWriteToEntryKeepsNchw) {
  // relu_ writes the caller's tensor: a converted copy would lose that write.
  auto g = parse(
      "  %y : Tensor = aten::relu_(%x)\n"
      "  %c : Tensor = aten::conv2d(%y, %w, %b, %l1, %l1, %l1, %one)\n"
      "  return (%c)\n");
  EXPECT_FALSE(channelsLastRegions(g, 1));
  FileCheck().checkNot("aten::contiguous").run(g->toString());
  // The same through add_ into the entry.
  auto h = parse(
      "  %c : Tensor = aten::conv2d(%x, %w, %b, %l1, %l1, %l1, %one)\n"
      "  %y : Tensor = aten::add_(%x, %c, %one)\n"
      "  return (%y)\n");
  EXPECT_FALSE(channelsLastRegions(h, 1));
  FileCheck().checkNot("aten::contiguous").run(h->toString());
}

TEST(ChannelsLastRegions, EntriesMustBeProfiledNchwWithoutGrad) {
  for (const char* type : {"Tensor", "Float(1, 4, 8, 8, strides=[256, 1, 32, 4], requires_grad=0, device=cpu)",
                           "Double(1, 4, 8, 8, strides=[256, 64, 8, 1], requires_grad=0, device=cpu)",
                           "Float(1, 4, 8, 8, strides=[256, 64, 8, 1], requires_grad=1, device=cpu)",
                           "Float(4, 8, 8, strides=[64, 8, 1], requires_grad=0, device=cpu)"}) {
    auto g = parse(kConvRelu, type);
    EXPECT_FALSE(channelsLastRegions(g, 1)) << type;
    FileCheck().checkNot("aten::contiguous").run(g->toString());
  }
}

TEST(ChannelsLastRegions, RegionsWithoutConvolutionAreLeftAlone) {
  auto g = parse(
      "  %r : Tensor = aten::relu(%x)\n"
      "  %s : Tensor = aten::sigmoid(%r)\n"
      "  return (%s)\n");
  EXPECT_FALSE(channelsLastRegions(g, 1));
  FileCheck().checkNot("aten::contiguous").run(g->toString());
}

TEST(ChannelsLastRegions, ShapeReadsStayAndOtherOpsGetTheNchwCopy) {
  auto g = parse(
      "  %c : Tensor = aten::conv2d(%x, %w, %b, %l1, %l1, %l1, %one)\n"
      "  %n : int[] = aten::size(%c)\n"
      "  %r : Tensor = aten::relu(%c)\n"
      "  %f : Tensor = aten::flatten(%r, %one, %one)\n"
      "  %s : Tensor = aten::sigmoid(%r)\n"
      "  return (%f, %s, %n)\n");
  EXPECT_TRUE(channelsLastRegions(g, 1));
  g->lint();
  FileCheck()
      .check("aten::size(%c)")
      .check("aten::relu(%c)")
      .check("aten::contiguous(%r")
      .check("aten::flatten(%")
      .checkNot("aten::flatten(%r")
      .check("aten::sigmoid(%r)")
      .check("aten::contiguous(%s")
      .run(g->toString());
  // One NCHW copy of %r however many ops outside read it.
  FileCheck().checkCount("aten::contiguous(%r", 1, /*exactly=*/true).run(g->toString());
}

TEST(ChannelsLastRegions, BroadcastSideOperandIsNotConverted) {
  // A squeeze-excitation style scale of unknown layout stays as it is; the region still converts.
  auto g = parse(
      "  %c : Tensor = aten::conv2d(%x, %w, %b, %l1, %l1, %l1, %one)\n"
      "  %m : Tensor = aten::mul(%c, %b)\n"
      "  return (%m)\n");
  EXPECT_TRUE(channelsLastRegions(g, 1));
  FileCheck()
      .check("aten::contiguous(%x")
      .checkNot("aten::contiguous(%b")
      .check("aten::mul(%c, %b)")
      .run(g->toString());
}

TEST(ChannelsLastRegions, FlowsThroughIfBranches) {
  // An unfrozen module's `if self.use_res_connect: x + conv(x) else: conv(x)`.
  auto g = parse(
      "  %c : Tensor = aten::conv2d(%x, %w, %b, %l1, %l1, %l1, %one)\n"
      "  %flag : bool = prim::Constant[value=1]()\n"
      "  %y : Tensor = prim::If(%flag)\n"
      "    block0():\n"
      "      %d : Tensor = aten::conv2d(%c, %w, %b, %l1, %l1, %l1, %one)\n"
      "      %e : Tensor = aten::add(%c, %d, %one)\n"
      "      -> (%e)\n"
      "    block1():\n"
      "      %f : Tensor = aten::conv2d(%c, %w, %b, %l1, %l1, %l1, %one)\n"
      "      -> (%f)\n"
      "  %z : Tensor = aten::relu(%y)\n"
      "  return (%z)\n");
  EXPECT_TRUE(channelsLastRegions(g, 1));
  g->lint();
  const std::string text = g->toString();
  FileCheck().checkCount("aten::contiguous(", 2, /*exactly=*/true).run(text);
  FileCheck()
      .check("aten::contiguous(%x")
      .check("prim::If")
      .check("aten::relu(%y)")
      .check("aten::contiguous(%z")
      .run(text);
}

TEST(ChannelsLastRegions, IfWithAnNchwBranchEndsTheRegion) {
  // One branch returns a value from outside the region: the If output is not channels-last,
  // and the region value returned by the other branch leaves it there.
  auto g = parse(
      "  %c : Tensor = aten::conv2d(%x, %w, %b, %l1, %l1, %l1, %one)\n"
      "  %flag : bool = prim::Constant[value=1]()\n"
      "  %y : Tensor = prim::If(%flag)\n"
      "    block0():\n"
      "      -> (%c)\n"
      "    block1():\n"
      "      %t : Tensor = aten::flatten(%x, %one, %one)\n"
      "      -> (%t)\n"
      "  return (%y)\n");
  EXPECT_TRUE(channelsLastRegions(g, 1));
  g->lint();
  FileCheck()
      .check("aten::contiguous(%x")
      .check("aten::conv2d")
      .check("aten::contiguous(%c")
      .check("prim::If")
      .run(g->toString());
}

TEST(ChannelsLastRegions, OutsideWriteBeforeTheRegionEndsKeepsNchw) {
  // A view of a region value written in place while the region still reads the value.
  auto g = parse(
      "  %zero : int = prim::Constant[value=0]()\n"
      "  %c : Tensor = aten::conv2d(%x, %w, %b, %l1, %l1, %l1, %one)\n"
      "  %v : Tensor = aten::select(%c, %zero, %zero)\n"
      "  %u : Tensor = aten::relu_(%v)\n"
      "  %r : Tensor = aten::relu(%c)\n"
      "  return (%r)\n");
  EXPECT_FALSE(channelsLastRegions(g, 1));
  FileCheck().checkNot("aten::contiguous").run(g->toString());
  // After the region's last op the write goes to the NCHW copy, as it went to the value before.
  auto h = parse(
      "  %zero : int = prim::Constant[value=0]()\n"
      "  %c : Tensor = aten::conv2d(%x, %w, %b, %l1, %l1, %l1, %one)\n"
      "  %r : Tensor = aten::relu(%c)\n"
      "  %v : Tensor = aten::select(%r, %zero, %zero)\n"
      "  %u : Tensor = aten::relu_(%v)\n"
      "  return (%r)\n");
  EXPECT_TRUE(channelsLastRegions(h, 1));
  h->lint();
  FileCheck().check("aten::contiguous(%r").check("aten::select(%").checkNot("aten::select(%r").run(h->toString());
  Node* sel = nullptr;
  for (Node* n : h->nodes())
    if (n->kind() == Symbol::aten("select")) sel = n;
  ASSERT_NE(sel, nullptr);
  EXPECT_EQ(h->outputs()[0], sel->input(0)) << "the view and the output share the one NCHW copy";
}

TEST(ChannelsLastRegions, LoopBodiesStayNchw) {
  // Inside a loop an outside write "after" the region precedes the next iteration's reads.
  auto g = parse(
      "  %zero : int = prim::Constant[value=0]()\n"
      "  %true : bool = prim::Constant[value=1]()\n"
      "  %c : Tensor = aten::conv2d(%x, %w, %b, %l1, %l1, %l1, %one)\n"
      "   = prim::Loop(%one, %true)\n"
      "    block0(%i : int):\n"
      "      %d : Tensor = aten::conv2d(%c, %w, %b, %l1, %l1, %l1, %one)\n"
      "      %v : Tensor = aten::select(%c, %zero, %zero)\n"
      "      %u : Tensor = aten::relu_(%v)\n"
      "      -> (%true)\n"
      "  return (%c)\n");
  EXPECT_TRUE(channelsLastRegions(g, 1));
  g->lint();
  // The first convolution's region leaves before the loop; the loop's ops read the NCHW copy.
  FileCheck()
      .check("aten::contiguous(%x")
      .check("aten::conv2d")
      .check("aten::contiguous(%c")
      .check("prim::Loop")
      .checkNot("aten::contiguous")
      .check("aten::conv2d(%")
      .checkNot("aten::conv2d(%c")
      .run(g->toString());
}

TEST(ChannelsLastRegions, RegionWriteAfterTheValueLeftKeepsNchw) {
  // %c leaves (flatten) and a region op writes it afterwards: the copy would miss the write.
  auto g = parse(
      "  %c : Tensor = aten::conv2d(%x, %w, %b, %l1, %l1, %l1, %one)\n"
      "  %f : Tensor = aten::flatten(%c, %one, %one)\n"
      "  %r : Tensor = aten::relu_(%c)\n"
      "  return (%f, %r)\n");
  EXPECT_FALSE(channelsLastRegions(g, 1));
  FileCheck().checkNot("aten::contiguous").run(g->toString());
}

TEST(ChannelsLastRegions, CatOnChannelsJoinsTheRegion) {
  // DenseNet's concatenation: the list and the cat are region ops, the entry is converted once.
  auto g = parse(
      "  %c : Tensor = aten::conv2d(%x, %w, %b, %l1, %l1, %l1, %one)\n"
      "  %l : Tensor[] = prim::ListConstruct(%x, %c)\n"
      "  %k : Tensor = aten::cat(%l, %one)\n"
      "  %d : Tensor = aten::conv2d(%k, %w, %b, %l1, %l1, %l1, %one)\n"
      "  return (%d)\n");
  EXPECT_TRUE(channelsLastRegions(g, 1));
  g->lint();
  const std::string text = g->toString();
  FileCheck().checkCount("aten::contiguous(", 2, /*exactly=*/true).run(text);
  FileCheck()
      .check("aten::contiguous(%x")
      .check("prim::ListConstruct(%")
      .checkNot("prim::ListConstruct(%x")
      .check("aten::cat(%l, %one)")
      .check("aten::contiguous(%d")
      .run(text);
  // On another dim, or a list used twice, the cat is no region op: the list gets NCHW copies.
  auto h = parse(
      "  %zero : int = prim::Constant[value=0]()\n"
      "  %c : Tensor = aten::conv2d(%x, %w, %b, %l1, %l1, %l1, %one)\n"
      "  %l : Tensor[] = prim::ListConstruct(%c, %c)\n"
      "  %k : Tensor = aten::cat(%l, %zero)\n"
      "  return (%k)\n");
  EXPECT_TRUE(channelsLastRegions(h, 1));
  FileCheck().check("aten::contiguous(%c").check("prim::ListConstruct(%").checkNot("prim::ListConstruct(%c").run(
      h->toString());
}

TEST(ChannelsLastRegions, AgnosticOpList) {
  auto g = parse(
      "  %false : bool = prim::Constant[value=0]()\n"
      "  %true : bool = prim::Constant[value=1]()\n"
      "  %p : float = prim::Constant[value=0.5]()\n"
      "  %c : Tensor = aten::conv2d(%x, %w, %b, %l1, %l1, %l1, %one)\n"
      "  %d : Tensor = aten::dropout(%c, %p, %false)\n"
      "  %t : Tensor = aten::dropout(%c, %p, %true)\n"
      "  %a : Tensor = aten::add(%c, %one, %one)\n"
      "  %m : Tensor = aten::mul(%c, %d)\n"
      "  return (%t, %a, %m)\n");
  auto kinds = [&](const char* name) {
    for (Node* n : g->nodes())
      if (n->outputs().size() == 1 && n->output()->debugName() == name) return channelsLastAgnosticInputs(n);
    return std::optional<std::vector<size_t>>{};
  };
  EXPECT_EQ(kinds("c"), (std::vector<size_t>{0}));
  EXPECT_EQ(kinds("d"), (std::vector<size_t>{0})) << "dropout in eval";
  EXPECT_FALSE(kinds("t")) << "dropout in training draws its mask in memory order";
  EXPECT_EQ(kinds("a"), (std::vector<size_t>{0})) << "a Python number is no activation";
  EXPECT_EQ(kinds("m"), (std::vector<size_t>{0, 1}));
}

}  // namespace
}  // namespace ember::jit
