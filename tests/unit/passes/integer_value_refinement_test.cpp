// Integer value refinement: FileCheck tests of the rules (PyTorch's own results on more cases
// are the refine_* cases of tests/compat/passes/cases_shapes.py).
#include "passes/integer_value_refinement.h"

#include <gtest/gtest.h>

#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"

namespace ember::jit {
namespace {

std::shared_ptr<Graph> parsed(const char* ir) {
  auto g = std::make_shared<Graph>();
  parseIR(ir, *g);
  return g;
}

TEST(IntegerValueRefinement, EqualityRefinesTheTakenBranch) {
  auto g = parsed(R"IR(
graph(%x : int, %y : int):
  %three : int = prim::Constant[value=3]()
  %c : bool = aten::eq(%x, %three)
  %r : int = prim::If(%c)
    block0():
      %s : int = aten::add(%x, %x)
      -> (%x)
    block1():
      %m : int = aten::mul(%x, %y)
      -> (%m)
  return (%r)
)IR");
  EXPECT_TRUE(refineIntegerValues(g));
  g->lint();
  std::string out = g->toString();
  // one constant for both uses in the add, one before the block's return
  FileCheck()
      .check("block0():")
      .check("prim::Constant[value=3]")
      .check("aten::add(%")
      .check("prim::Constant[value=3]")
      .check("block1():")
      .check("aten::mul(%x, %y)")
      .run(out);
  FileCheck().checkCount("prim::Constant[value=3]", 3, true).run(out);
  FileCheck().checkNot("aten::add(%x").checkNot("-> (%x)").check("aten::mul(%x, %y)").run(out);
  EXPECT_FALSE(refineIntegerValues(g));
}

TEST(IntegerValueRefinement, NotEqualRefinesTheElseBranchAndRaiseRefinesTheRest) {
  auto g = parsed(R"IR(
graph(%x : int, %y : int):
  %four : int = prim::Constant[value=4]()
  %msg : str = prim::Constant[value="no"]()
  %none : NoneType = prim::Constant()
  %c : bool = aten::ne(%x, %four)
  %r : int = prim::If(%c)
    block0():
      -> (%x)
    block1():
      -> (%x)
  %d : bool = aten::eq(%y, %four)
   = prim::If(%d)
    block0():
      -> ()
    block1():
       = prim::RaiseException(%msg, %none)
      -> ()
  %s : int = aten::add(%y, %x)
  return (%r, %s)
)IR");
  EXPECT_TRUE(refineIntegerValues(g));
  g->lint();
  FileCheck()
      .check("block0():")
      .check("-> (%x)")
      .check("block1():")
      .check("prim::Constant[value=4]")
      .check("aten::add(%")
      .checkNot("aten::add(%y")
      .run(g->toString());
}

TEST(IntegerValueRefinement, LoopBodiesAndNonConstantComparisonsAreLeftAlone) {
  auto g = parsed(R"IR(
graph(%x : int, %y : int):
  %three : int = prim::Constant[value=3]()
  %true : bool = prim::Constant[value=1]()
  %c : bool = aten::eq(%x, %three)
  %e : bool = aten::eq(%x, %y)
  %r : int = prim::If(%c)
    block0():
      %l : int = prim::Loop(%three, %true, %y)
        block0(%i : int, %acc : int):
          %n : int = aten::add(%acc, %x)
          -> (%true, %n)
      -> (%l)
    block1():
      -> (%y)
  %q : int = prim::If(%e)
    block0():
      -> (%y)
    block1():
      -> (%x)
  return (%r, %q)
)IR");
  EXPECT_FALSE(refineIntegerValues(g));
}

TEST(IntegerValueRefinement, AndChainsJoinBothComparisons) {
  auto g = parsed(R"IR(
graph(%x : int, %y : int):
  %two : int = prim::Constant[value=2]()
  %five : int = prim::Constant[value=5]()
  %false : bool = prim::Constant[value=0]()
  %a : bool = aten::eq(%x, %two)
  %both : bool = prim::If(%a)
    block0():
      %b : bool = aten::eq(%y, %five)
      -> (%b)
    block1():
      -> (%false)
  %r : int = prim::If(%both)
    block0():
      %s : int = aten::add(%x, %y)
      -> (%s)
    block1():
      -> (%two)
  return (%r)
)IR");
  EXPECT_TRUE(refineIntegerValues(g));
  g->lint();
  FileCheck()
      .check("prim::Constant[value=2]")
      .check("prim::Constant[value=5]")
      .checkNot("aten::add(%x")
      .check("aten::add(%")
      .run(g->toString());
}

}  // namespace
}  // namespace ember::jit
