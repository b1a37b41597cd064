#include "passes/fuse_addmm.h"

#include <gtest/gtest.h>

#include "ember/core/symbols.h"
#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"

namespace ember::jit {
namespace {

std::shared_ptr<Graph> addOfMm(const std::string& biasType, const std::string& alpha, bool biasFirst) {
  auto g = std::make_shared<Graph>();
  std::string args = biasFirst ? "%c, %m" : "%m, %c";
  parseIR("graph(%a : Float(2, 3), %b : Float(3, 4), %c : " + biasType +
              "):\n"
              "  %alpha : int = prim::Constant[value=" +
              alpha +
              "]()\n"
              "  %m : Tensor = aten::mm(%a, %b)\n"
              "  %r : Tensor = aten::add(" +
              args +
              ", %alpha)\n"
              "  return (%r)\n",
          *g);
  return g;
}

TEST(FuseAddMM, EitherOperandOrder) {
  for (bool biasFirst : {false, true}) {
    auto g = addOfMm("Float(4)", "1", biasFirst);
    EXPECT_TRUE(fuseAddMM(g));
    g->lint();
    FileCheck().check("aten::addmm(%c, %a, %b, %").check("return (%").run(g->toString());
    Node* addmm = g->outputs()[0]->node();
    ASSERT_EQ(addmm->kind(), aten::addmm);
    auto beta = toIValue(addmm->input(3)), alpha = toIValue(addmm->input(4));
    ASSERT_TRUE(beta && alpha);
    EXPECT_EQ(beta->toInt(), 1);
    EXPECT_EQ(alpha->toInt(), 1);
  }
}

// addmm would reject the mixed dtypes that add promotes (PyTorch fuses anyway).
TEST(FuseAddMM, OtherDtypeStays) {
  auto g = addOfMm("Double(4)", "1", false);
  EXPECT_FALSE(fuseAddMM(g));
  FileCheck().checkNot("aten::addmm").run(g->toString());
}

TEST(FuseAddMM, NeedsAlphaOneAndKnownRank) {
  auto alpha = addOfMm("Float(4)", "2", false);
  EXPECT_FALSE(fuseAddMM(alpha));
  FileCheck().checkNot("aten::addmm").run(alpha->toString());
  auto rank = addOfMm("Tensor", "1", false);
  EXPECT_FALSE(fuseAddMM(rank));
  FileCheck().checkNot("aten::addmm").run(rank->toString());
}

}  // namespace
}  // namespace ember::jit
