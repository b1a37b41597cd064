#include "passes/remove_expands.h"

#include <gtest/gtest.h>

#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"

namespace ember::jit {
namespace {

TEST(RemoveExpands, OnlyConstantTrueImplicit) {
  auto g = std::make_shared<Graph>();
  parseIR(R"IR(
graph(%a : Tensor, %c : bool):
  %s : int[] = prim::Constant[value=[2, 3]]()
  %t : bool = prim::Constant[value=1]()
  %f : bool = prim::Constant[value=0]()
  %m : Tensor = aten::expand(%a, %s, %t)
  %n : Tensor = aten::expand(%a, %s, %f)
  %o : Tensor = aten::expand(%a, %s, %c)
  %r : (Tensor, Tensor, Tensor) = prim::TupleConstruct(%m, %n, %o)
  return (%r)
)IR",
          *g);
  EXPECT_TRUE(removeExpands(g));
  g->lint();
  FileCheck().checkCount("aten::expand", 2, true).check("prim::TupleConstruct(%a, %n, %o)").run(g->toString());
  EXPECT_FALSE(removeExpands(g));
}

TEST(RemoveExpands, InsideBlocks) {
  auto g = std::make_shared<Graph>();
  parseIR(R"IR(
graph(%a : Tensor, %c : bool):
  %s : int[] = prim::Constant[value=[2, 3]]()
  %t : bool = prim::Constant[value=1]()
  %r : Tensor = prim::If(%c)
    block0():
      %m : Tensor = aten::expand(%a, %s, %t)
      -> (%m)
    block1():
      -> (%a)
  return (%r)
)IR",
          *g);
  EXPECT_TRUE(removeExpands(g));
  FileCheck().checkNot("aten::expand").check("-> (%a)").check("-> (%a)").run(g->toString());
}

}  // namespace
}  // namespace ember::jit
