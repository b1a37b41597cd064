#include "passes/constant_propagation.h"

#include <gtest/gtest.h>

#include "ember/core/operator.h"
#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"
#include "pass_cases.h"

namespace ember::jit {
namespace {

// These need the runtime's operators (the passes tests link the runtime).
bool haveOperators() { return !OperatorRegistry::global().getAllOperatorsFor(Symbol::aten("add")).empty(); }

TEST(ConstantPropagation, MatchesPyTorch) {
  if (!haveOperators()) GTEST_SKIP() << "no operators registered";
  testing::runPassCases("constant_propagation", [](std::shared_ptr<Graph>& g) { constantPropagation(g); });
}

TEST(ConstantPropagation, ImmutableTypesMatchesPyTorch) {
  if (!haveOperators()) GTEST_SKIP() << "no operators registered";
  testing::runPassCases("constant_propagation_immutable",
                        [](std::shared_ptr<Graph>& g) { constantPropagationImmutableTypes(g); });
}

// Folding an If needs no operator: the condition is already a constant.
TEST(ConstantPropagation, FoldsConstantIfWithoutOperators) {
  auto g = std::make_shared<Graph>();
  parseIR(R"IR(
graph(%x : int):
  %f : bool = prim::Constant[value=0]()
  %r : int = prim::If(%f)
    block0():
      %p : int = aten::neg(%x)
      -> (%p)
    block1():
      %q : int = aten::abs(%x)
      -> (%q)
  return (%r)
)IR",
          *g);
  EXPECT_TRUE(constantPropagation(g));
  g->lint();
  FileCheck().checkNot("prim::If").checkNot("aten::neg").check("aten::abs(%x)").run(g->toString());
}

TEST(ConstantPropagation, PassThroughLoopValueIsTheInput) {
  auto g = std::make_shared<Graph>();
  parseIR(R"IR(
graph(%x : int, %n : int):
  %t : bool = prim::Constant[value=1]()
  %r : int = prim::Loop(%n, %t, %x)
    block0(%i : int, %c : int):
       = prim::Print(%c)
      -> (%t, %c)
  return (%r)
)IR",
          *g);
  EXPECT_TRUE(constantPropagation(g));
  g->lint();
  FileCheck().check("prim::Loop(%n, %t)").check("prim::Print(%x)").check("return (%x)").run(g->toString());
}

}  // namespace
}  // namespace ember::jit
