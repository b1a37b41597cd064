// Nodes resolved against registered schemas, and Graph::insert.
#include <gtest/gtest.h>

#include "ember/core/operator.h"
#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"

namespace ember::jit {
namespace {

void noop(Stack&) {}

// Test-only operators in their own namespace, registered once.
void registerTestOps() {
  static bool done = [] {
    auto& r = OperatorRegistry::global();
    r.registerOperator(Operator("irtest::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor", noop));
    r.registerOperator(Operator("irtest::add.int(int a, int b) -> int", noop));
    r.registerOperator(Operator("irtest::pool(Tensor self, int[2] kernel_size) -> Tensor", noop));
    r.registerOperator(Operator("irtest::split(Tensor self, int n) -> (Tensor, Tensor)", noop));
    return true;
  }();
  (void)done;
}

TEST(NodeSchemaTest, ResolvesOverloadFromInputTypes) {
  registerTestOps();
  auto g = std::make_shared<Graph>();
  parseIR(R"IR(
graph(%x : Tensor, %y : Tensor, %a : int, %b : int):
  %one : int = prim::Constant[value=1]()
  %t : Tensor = irtest::add(%x, %y, %one)
  %i : int = irtest::add(%a, %b)
  return (%t, %i)
)IR",
          *g);
  auto it = g->nodes().begin();
  ++it;
  Node* tensorAdd = *it++;
  Node* intAdd = *it;
  EXPECT_EQ(tensorAdd->schema().overloadName(), "Tensor");
  EXPECT_EQ(intAdd->schema().overloadName(), "int");
  EXPECT_EQ(tensorAdd->namedInput("other"), g->inputs()[1]);
  EXPECT_EQ(tensorAdd->get(Symbol::attr("alpha"))->toInt(), 1);
  EXPECT_EQ(tensorAdd->get<int64_t>(Symbol::attr("alpha")), 1);
  EXPECT_TRUE(tensorAdd->is_constant(Symbol::attr("alpha")));
  EXPECT_FALSE(tensorAdd->is_constant(Symbol::attr("other")));
  EXPECT_TRUE(tensorAdd->matches("irtest::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor"));
  EXPECT_FALSE(intAdd->matches("irtest::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor"));
}

TEST(NodeSchemaTest, UnknownSchemaIsAnError) {
  registerTestOps();
  Graph g;
  Value* s = g.addInput("s")->setType(StringType::get());
  Node* n = g.appendNode(g.create(Symbol::fromQualString("irtest::add"), {s, s}));
  EXPECT_EQ(n->maybeSchema(), nullptr);
  EXPECT_THROW(n->schema(), Error);
}

TEST(GraphInsertTest, FillsDefaultsAndConstants) {
  registerTestOps();
  Graph g;
  Value* x = g.addInput("x");
  Value* r = g.insert(Symbol::fromQualString("irtest::add"), {x, x});
  g.registerOutput(r);
  Value* p = g.insert(Symbol::fromQualString("irtest::pool"), {x, 3});
  g.registerOutput(p);
  g.lint();
  FileCheck()
      .check("int = prim::Constant[value=1]()")
      .check("Tensor = irtest::add(%x, %x, ")
      .check("int = prim::Constant[value=3]()")
      .check("int[] = prim::ListConstruct(")  // the single int broadcast to int[2]
      .check("irtest::pool(%x, ")
      .run(g.toString());
}

TEST(GraphInsertTest, MultipleReturnsArePackedInATuple) {
  registerTestOps();
  Graph g;
  Value* x = g.addInput("x");
  Value* r = g.insert(Symbol::fromQualString("irtest::split"), {x, 2});
  EXPECT_EQ(r->node()->kind(), Symbol::prim("TupleConstruct"));
  EXPECT_THROW(g.insert(Symbol::fromQualString("irtest::add"), {x, IValue(std::string("no"))}), Error);
}

}  // namespace
}  // namespace ember::jit
