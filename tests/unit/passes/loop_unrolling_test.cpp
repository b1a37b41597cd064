#include "passes/loop_unrolling.h"

#include <gtest/gtest.h>

#include <string>

#include "ember/core/symbols.h"
#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"

namespace ember::jit {
namespace {

// A for loop over `trips` (an int constant, or the input %n when empty) whose body has `adds`
// additions.
std::shared_ptr<Graph> forLoop(const std::string& trips, int adds) {
  std::string body;
  std::string cur = "%acc";
  for (int i = 0; i < adds; ++i) {
    std::string next = "%v" + std::to_string(i);
    body += "      " + next + " : int = aten::add(" + cur + ", %one)\n";
    cur = next;
  }
  std::string tripDef = trips.empty() ? "" : "  %trips : int = prim::Constant[value=" + trips + "]()\n";
  std::string tripUse = trips.empty() ? "%n" : "%trips";
  auto g = std::make_shared<Graph>();
  parseIR(
      "graph(%x : int, %n : int):\n  %true : bool = prim::Constant[value=1]()\n"
      "  %one : int = prim::Constant[value=1]()\n" +
          tripDef + "  %r : int = prim::Loop(" + tripUse + ", %true, %x)\n    block0(%i : int, %acc : int):\n" + body +
          "      -> (%true, " + cur + ")\n  return (%r)\n",
      *g);
  return g;
}

TEST(LoopUnrolling, ConstantTripsUnrollFully) {
  auto g = forLoop("3", 2);
  EXPECT_TRUE(unrollLoops(g));
  g->lint();
  FileCheck().checkNot("prim::Loop").run(g->toString());
  FileCheck().checkCount("aten::add", 6, /*exactly=*/true).run(g->toString());
}

TEST(LoopUnrolling, SixtyFourTripsArePartiallyUnrolled) {
  auto below = forLoop("63", 1);
  unrollLoops(below);
  FileCheck().checkNot("prim::Loop").checkCount("aten::add", 63, true).run(below->toString());
  auto at = forLoop("64", 1);
  EXPECT_TRUE(unrollLoops(at));
  at->lint();
  // 8 copies in the main loop, one in the epilogue
  FileCheck()
      .check("aten::__round_to_zero_floordiv")
      .check("prim::Loop")
      .checkCount("aten::add", 8, true)
      .check("prim::Loop")
      .checkCount("aten::add", 1, true)
      .run(at->toString());
}

TEST(LoopUnrolling, UnknownTripsGetEpilogue) {
  auto g = forLoop("", 2);
  EXPECT_TRUE(unrollLoops(g));
  g->lint();
  FileCheck()
      .check("aten::__round_to_zero_floordiv(%n")
      .check("aten::mul")
      .check("aten::sub(%n")
      .check("prim::Loop")
      .checkCount("aten::add", 16, true)
      .check("prim::Loop")
      .checkCount("aten::add", 2, true)
      .run(g->toString());
}

TEST(LoopUnrolling, BodySizeLimitIs32) {
  // 31 adds + the return node = 32: small enough
  auto small = forLoop("", 31);
  EXPECT_TRUE(unrollLoops(small));
  auto big = forLoop("", 32);
  EXPECT_FALSE(unrollLoops(big));
  FileCheck().checkCount("prim::Loop", 1, true).run(big->toString());
  // the constant-only variant ignores the size
  auto bigConst = forLoop("3", 40);
  EXPECT_TRUE(unrollConstantLoops(bigConst));
  FileCheck().checkNot("prim::Loop").run(bigConst->toString());
  auto dynamic = forLoop("", 2);
  EXPECT_FALSE(unrollConstantLoops(dynamic));
}

TEST(LoopUnrolling, CounterBecomesCarriedValue) {
  auto g = std::make_shared<Graph>();
  parseIR(R"IR(
graph(%x : int, %n : int):
  %true : bool = prim::Constant[value=1]()
  %r : int = prim::Loop(%n, %true, %x)
    block0(%i : int, %acc : int):
      %s : int = aten::add(%acc, %i)
      -> (%true, %s)
  return (%r)
)IR",
          *g);
  EXPECT_TRUE(unrollLoops(g));
  g->lint();
  // both loops carry the counter, starting at 0; the body copies add it and increment it
  FileCheck()
      .check("prim::Constant[value=0]")
      .check(" = prim::Loop(")
      .check("aten::add")
      .check(" = prim::Loop(")
      .run(g->toString());
  for (Node* n : g->nodes()) {
    if (n->kind() == prim::Loop) {
      EXPECT_EQ(n->outputs().size(), 2u) << "counter and accumulator";
    }
  }
}

TEST(LoopUnrolling, WhileLoopsStay) {
  auto g = std::make_shared<Graph>();
  parseIR(R"IR(
graph(%x : int, %c : bool):
  %max : int = prim::Constant[value=9223372036854775807]()
  %r : int = prim::Loop(%max, %c, %x)
    block0(%i : int, %acc : int):
      %s : int = aten::add(%acc, %acc)
      %k : bool = aten::lt(%s, %x)
      -> (%k, %s)
  return (%r)
)IR",
          *g);
  EXPECT_FALSE(unrollLoops(g));
  FileCheck().checkCount("prim::Loop", 1, true).run(g->toString());
}

TEST(LoopUnrolling, ZeroAndNegativeTripsVanish) {
  for (const char* trips : {"0", "-3"}) {
    auto g = forLoop(trips, 2);
    EXPECT_TRUE(unrollLoops(g));
    g->lint();
    FileCheck().checkNot("prim::Loop").checkNot("aten::add").check("return (%x)").run(g->toString());
  }
}

}  // namespace
}  // namespace ember::jit
