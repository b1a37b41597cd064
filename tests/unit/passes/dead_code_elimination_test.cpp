#include "passes/dead_code_elimination.h"

#include <gtest/gtest.h>

#include "ember/core/operator.h"
#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"
#include "pass_cases.h"

namespace ember::jit {
namespace {

TEST(DeadCodeElimination, MatchesPyTorch) {
  testing::runPassCases("dce", [](std::shared_ptr<Graph>& g) { eliminateDeadCode(g); });
}

void noop(Stack&) {}

// Operators that exist only in this test, so their schemas decide what DCE keeps.
void registerTestOps() {
  static bool done = [] {
    auto& reg = OperatorRegistry::global();
    reg.registerOperator(Operator("dcetest::mutate(Tensor(a!) self) -> Tensor(a!)", noop));
    reg.registerOperator(Operator("dcetest::pure(Tensor self) -> Tensor", noop));
    reg.registerOperator(Operator("dcetest::opaque(Tensor self) -> Tensor", noop, AliasAnalysisKind::CONSERVATIVE));
    return true;
  }();
  (void)done;
}

TEST(DeadCodeElimination, KeepsWritesAndConservativeOps) {
  registerTestOps();
  auto g = std::make_shared<Graph>();
  parseIR(R"IR(
graph(%x : Tensor):
  %a : Tensor = dcetest::mutate(%x)
  %b : Tensor = dcetest::pure(%x)
  %c : Tensor = dcetest::opaque(%x)
  return (%x)
)IR",
          *g);
  eliminateDeadCode(g);
  FileCheck().check("dcetest::mutate").checkNot("dcetest::pure").check("dcetest::opaque").run(g->toString());
}

TEST(DeadCodeElimination, SubBlockOnly) {
  auto g = std::make_shared<Graph>();
  std::unordered_map<std::string, Value*> vals;
  parseIR(R"IR(
graph(%x : int, %c : bool):
  %one : int = prim::Constant[value=1]()
  %dead : int = aten::mul(%x, %x)
  %r : int = prim::If(%c)
    block0():
      %p : int = aten::add(%x, %one)
      %q : int = aten::sub(%x, %one)
      -> (%p)
    block1():
      -> (%x)
  return (%x)
)IR",
          *g, {}, &vals);
  eliminateDeadCode(vals.at("r")->node()->blocks()[0]);
  // The block's own output counts as used; what is outside the block is left alone.
  FileCheck().check("aten::mul").check("aten::add").checkNot("aten::sub").run(g->toString());
}

}  // namespace
}  // namespace ember::jit
