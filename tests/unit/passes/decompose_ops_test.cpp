#include "passes/decompose_ops.h"

#include <gtest/gtest.h>

#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"

namespace ember::jit {
namespace {

std::shared_ptr<Graph> addmm(const char* beta, const char* alpha) {
  auto g = std::make_shared<Graph>();
  parseIR(std::string("graph(%a : Tensor, %b : Tensor, %c : Tensor):\n  %beta : int = prim::Constant[value=") + beta +
              "]()\n  %alpha : int = prim::Constant[value=" + alpha +
              "]()\n  %x : Tensor = aten::addmm(%c, %a, %b, %beta, %alpha)\n  return (%x)\n",
          *g);
  return g;
}

TEST(DecomposeOps, AddmmWithUnitScalesBecomesMmAndAdd) {
  auto g = addmm("1", "1");
  EXPECT_TRUE(decomposeOps(g));
  g->lint();
  std::string out = g->toString();
  FileCheck().check("int = prim::Constant[value=1]()").check("aten::mm(%a, %b)").check("aten::add(%c, %").run(out);
  FileCheck().checkNot("aten::addmm").run(out);
  Node* add = g->outputs()[0]->node();
  EXPECT_EQ(add->input(1)->node()->kind(), Symbol::aten("mm"));
}

TEST(DecomposeOps, OtherScalesStay) {
  for (auto [beta, alpha] : {std::pair{"2", "1"}, std::pair{"1", "3"}}) {
    auto g = addmm(beta, alpha);
    EXPECT_FALSE(decomposeOps(g));
    FileCheck().check("aten::addmm(%c, %a, %b, %beta, %alpha)").run(g->toString());
  }
}

}  // namespace
}  // namespace ember::jit
