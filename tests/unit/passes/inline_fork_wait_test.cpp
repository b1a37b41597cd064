#include "passes/inline_fork_wait.h"

#include <gtest/gtest.h>

#include "ember/core/symbols.h"
#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"

namespace ember::jit {
namespace {

std::shared_ptr<Graph> parse(const char* text) {
  auto g = std::make_shared<Graph>();
  parseIR(text, *g);
  return g;
}

TEST(InlineForkWait, SubgraphRunsWhereTheForkWas) {
  auto g = parse(R"IR(
graph(%x : Tensor, %c : bool):
  %one : int = prim::Constant[value=1]()
  %fut : Future[Tensor] = prim::fork_0(%x)
  %y : Tensor = aten::add(%x, %one, %one)
  %w : Tensor = aten::wait(%fut)
  %r : Tensor = prim::If(%c)
    block0():
      %w2 : Tensor = aten::wait(%fut)
      -> (%w2)
    block1():
      -> (%y)
  %s : Tensor = aten::add(%w, %r, %one)
  return (%s)
with prim::fork_0 = graph(%a : Tensor):
  %b : Tensor = aten::neg(%a)
  return (%b)
)IR");
  EXPECT_TRUE(inlineForkWait(g));
  g->lint();
  std::string text = g->toString();
  FileCheck().check("aten::neg(%x)").check("aten::add(%x").check("prim::If").run(text);
  FileCheck().checkNot("prim::fork").checkNot("aten::wait").run(text);
  Node* neg = nullptr;
  for (Node* n : g->nodes())
    if (n->kind() == Symbol::aten("neg")) neg = n;
  ASSERT_NE(neg, nullptr);
  Node* ifNode = g->outputs()[0]->node()->input(1)->node();
  ASSERT_EQ(ifNode->kind(), prim::If);
  EXPECT_EQ(ifNode->blocks()[0]->outputs()[0], neg->output()) << "the nested wait reads the result too";
  EXPECT_EQ(g->outputs()[0]->node()->input(0), neg->output());
}

// A future used other than by aten::wait keeps its fork: there is no future to hand it.
TEST(InlineForkWait, EscapingFutureStays) {
  auto g = parse(R"IR(
graph(%x : Tensor):
  %fut : Future[Tensor] = prim::fork_0(%x)
  %w : Tensor = aten::wait(%fut)
  %r : (Tensor, Future[Tensor]) = prim::TupleConstruct(%w, %fut)
  return (%r)
with prim::fork_0 = graph(%a : Tensor):
  %b : Tensor = aten::neg(%a)
  return (%b)
)IR");
  EXPECT_FALSE(inlineForkWait(g));
  FileCheck().check("prim::fork").check("aten::wait").run(g->toString());
}

}  // namespace
}  // namespace ember::jit
