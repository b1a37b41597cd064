#include "passes/common_subexpression_elimination.h"

#include <gtest/gtest.h>

#include <chrono>
#include <iostream>

#include "alias_pass_cases.h"
#include "ember/core/symbols.h"
#include "ember/ir/alias_analysis.h"
#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"
#include "passes/dead_code_elimination.h"

namespace ember::jit {
namespace {

TEST(CommonSubexpressionElimination, MatchesPyTorch) {
  testing::runAliasPassCases("cse", [](std::shared_ptr<Graph>& g) { eliminateCommonSubexpression(g); });
}

TEST(CommonSubexpressionElimination, ReportsWhetherItChanged) {
  auto g = std::make_shared<Graph>();
  parseIR(R"IR(
graph(%x : Tensor):
  %a : Tensor = aten::mul(%x, %x)
  %b : Tensor = aten::mul(%x, %x)
  %c : Tensor = aten::mul(%a, %b)
  return (%c)
)IR",
          *g);
  EXPECT_TRUE(eliminateCommonSubexpression(g));
  FileCheck().checkCount("aten::mul", 2, /*exactly=*/true).run(g->toString());
  EXPECT_FALSE(eliminateCommonSubexpression(g));
}

TEST(CommonSubexpressionElimination, FloatConstantsCompareByBits) {
  auto g = std::make_shared<Graph>();
  parseIR(R"IR(
graph(%x : Tensor):
  %p : float = prim::Constant[value=0.]()
  %n : float = prim::Constant[value=-0.]()
  %a : Tensor = aten::mul(%x, %p)
  %b : Tensor = aten::mul(%x, %n)
  %c : Tensor = aten::add(%a, %b, %p)
  return (%c)
)IR",
          *g);
  eliminateCommonSubexpression(g);
  FileCheck().check("value=0.").check("value=-0.").run(g->toString());
}

// Scaling: a 10,000-node straight line (every other node a duplicate) and a 2,000-node graph of
// nested loops; no time limit, the times are printed.
std::shared_ptr<Graph> straightLine(int n) {
  auto g = std::make_shared<Graph>();
  Value* x = g->addInput("x");
  x->setType(TensorType::get());
  Value* one = g->insertConstant(IValue(int64_t{1}));
  Value* cur = x;
  for (int i = 0; i < n / 2; ++i) {
    Value* a = g->insert(aten::add, {cur, x, one});
    Value* b = g->insert(aten::add, {cur, x, one});
    cur = g->insert(aten::mul, {a, b});
    if (i % 10 == 0) g->insert(Symbol::aten("add_"), {cur, one, one});
  }
  g->registerOutput(cur);
  return g;
}

std::shared_ptr<Graph> nestedLoops(int nodes) {
  auto g = std::make_shared<Graph>();
  Value* x = g->addInput("x");
  x->setType(TensorType::get());
  Value* n = g->addInput("n");
  n->setType(IntType::get());
  Value* yes = g->insertConstant(IValue(true));
  Value* one = g->insertConstant(IValue(int64_t{1}));
  Value* cur = x;
  int made = 0;
  while (made < nodes) {
    Node* outer = g->insertNode(g->create(prim::Loop, {n, yes, cur}, 1));
    outer->output()->setType(TensorType::get());
    Block* ob = outer->addBlock();
    ob->addInput("i")->setType(IntType::get());
    Value* acc = ob->addInput("acc")->setType(TensorType::get());
    WithInsertPoint inOuter(ob);
    Node* inner = g->insertNode(g->create(prim::Loop, {n, yes, acc}, 1));
    inner->output()->setType(TensorType::get());
    Block* ib = inner->addBlock();
    ib->addInput("j")->setType(IntType::get());
    Value* iacc = ib->addInput("iacc")->setType(TensorType::get());
    {
      WithInsertPoint inInner(ib);
      Value* v = iacc;
      for (int k = 0; k < 8; ++k) {
        Value* a = g->insert(aten::add, {v, x, one});
        Value* b = g->insert(aten::add, {v, x, one});
        v = g->insert(aten::mul, {a, b});
      }
      ib->registerOutput(yes);
      ib->registerOutput(v);
    }
    Value* dead = g->insert(aten::mul, {inner->output(), x});
    (void)dead;
    ob->registerOutput(yes);
    ob->registerOutput(inner->output());
    cur = outer->output();
    made += 2 + 24 + 1;
  }
  g->registerOutput(cur);
  return g;
}

void timePasses(const char* what, const std::shared_ptr<Graph>& g) {
  size_t before = g->numNodes();
  auto t0 = std::chrono::steady_clock::now();
  { AliasDb db(g); }
  auto t1 = std::chrono::steady_clock::now();
  bool changed = eliminateCommonSubexpression(g);
  auto t2 = std::chrono::steady_clock::now();
  eliminateDeadCode(g);
  auto t3 = std::chrono::steady_clock::now();
  auto ms = [](auto a, auto b) { return std::chrono::duration<double, std::milli>(b - a).count(); };
  std::cout << "[ timing ] " << what << ": " << before << " nodes -> " << g->numNodes() << "; AliasDb " << ms(t0, t1)
            << " ms, CSE " << ms(t1, t2) << " ms, DCE " << ms(t2, t3) << " ms\n";
  EXPECT_TRUE(changed);
  EXPECT_LT(g->numNodes(), before);
  g->lint();
}

TEST(CommonSubexpressionElimination, LargeStraightLineGraph) { timePasses("straight line", straightLine(10000)); }

TEST(CommonSubexpressionElimination, LargeNestedLoopGraph) { timePasses("nested loops", nestedLoops(2000)); }

}  // namespace
}  // namespace ember::jit

namespace ember::jit {
namespace {

// IR text with its expectations as `# CHECK` lines (the parser skips comments).
void checkAfterCse(const char* ir) {
  auto g = std::make_shared<Graph>();
  parseIR(ir, *g);
  eliminateCommonSubexpression(g);
  g->lint();
  FileCheck::runAnnotated(ir, g->toString());
}

TEST(CommonSubexpressionElimination, NestedBlockReusesDominatingNode) {
  checkAfterCse(R"IR(
graph(%x : Tensor, %c : bool):
  # CHECK: aten::mul(%x, %x)
  # CHECK: prim::If
  # CHECK-NOT: aten::mul(%x, %x)
  # CHECK: aten::neg
  %a : Tensor = aten::mul(%x, %x)
  %r : Tensor = prim::If(%c)
    block0():
      %b : Tensor = aten::mul(%x, %x)
      -> (%b)
    block1():
      %d : Tensor = aten::neg(%a)
      -> (%d)
  return (%r)
)IR");
}

TEST(CommonSubexpressionElimination, InPlaceWriteStopsMerging) {
  checkAfterCse(R"IR(
graph(%x : Tensor):
  # CHECK: aten::mul
  # CHECK: aten::mul
  # CHECK: aten::relu_
  %one : int = prim::Constant[value=1]()
  %a : Tensor = aten::mul(%x, %one)
  %b : Tensor = aten::mul(%x, %one)
  %w : Tensor = aten::relu_(%a)
  %s : Tensor = aten::add(%w, %b, %one)
  return (%s)
)IR");
}

TEST(CommonSubexpressionElimination, SideEffectsAndRandomnessStay) {
  checkAfterCse(R"IR(
graph(%x : Tensor):
  # CHECK-COUNT-2: prim::Print
  # CHECK-COUNT-2: aten::dropout
  %p : float = prim::Constant[value=0.5]()
  %t : bool = prim::Constant[value=1]()
  prim::Print(%x)
  prim::Print(%x)
  %a : Tensor = aten::dropout(%x, %p, %t)
  %b : Tensor = aten::dropout(%x, %p, %t)
  %s : Tensor = aten::mul(%a, %b)
  return (%s)
)IR");
}

}  // namespace
}  // namespace ember::jit
