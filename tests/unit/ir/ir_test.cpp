// Tests for Graph, Block, Node, Value and Use: construction, mutation, naming, ordering, copying.
#include <gtest/gtest.h>

#include "ember/core/symbols.h"
#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"

namespace ember::jit {
namespace {

std::shared_ptr<Graph> parse(const std::string& text) {
  auto g = std::make_shared<Graph>();
  parseIR(text, *g);
  return g;
}

TEST(ValueTest, DebugNamesFollowPyTorchsRenamingRule) {
  // Expected names observed from torch._C.Graph in PyTorch 1.13.
  Graph g;
  std::vector<Value*> vs;
  for (int i = 0; i < 5; ++i) vs.push_back(g.addInput());
  for (Value* v : vs) v->setDebugName("x");
  std::vector<std::string> names;
  for (Value* v : vs) names.push_back(v->debugName());
  EXPECT_EQ(names, (std::vector<std::string>{"x.1", "x.3", "x.5", "x.7", "x"}));

  Graph g2;
  Value* a = g2.addInput("y.1");
  Value* b = g2.addInput("y.1");
  Value* c = g2.addInput("y");
  EXPECT_EQ(a->debugName(), "y.2");
  EXPECT_EQ(b->debugName(), "y.1");
  EXPECT_EQ(c->debugName(), "y");
  EXPECT_EQ(a->debugNameBase(), "y");
  EXPECT_THROW(a->setDebugName("12"), Error);
}

TEST(ValueTest, UnnamedValuesPrintTheirUniqueNumber) {
  Graph g;
  Value* v = g.addInput();
  EXPECT_FALSE(v->hasDebugName());
  EXPECT_EQ(v->debugName(), std::to_string(v->unique()));
}

TEST(NodeTest, InputsOutputsAndUses) {
  Graph g;
  Value* x = g.addInput("x");
  Value* y = g.addInput("y");
  Node* add = g.appendNode(g.create(Symbol::aten("add"), {x, y}));
  Node* mul = g.appendNode(g.create(Symbol::aten("mul"), {add->output(), x}));
  g.registerOutput(mul->output());
  ASSERT_EQ(x->uses().size(), 2u);
  EXPECT_EQ(x->uses()[0].user, add);
  EXPECT_EQ(x->uses()[1].user, mul);
  EXPECT_EQ(x->uses()[1].offset, 1u);

  mul->replaceInput(1, y);
  EXPECT_EQ(x->uses().size(), 1u);
  EXPECT_EQ(y->uses().size(), 2u);
  mul->insertInput(0, x);
  EXPECT_EQ(mul->inputs().size(), 3u);
  EXPECT_EQ(mul->inputs()[0], x);
  // The use record of the input that moved right was updated.
  bool found = false;
  for (const Use& u : add->output()->uses()) found |= u.user == mul && u.offset == 1;
  EXPECT_TRUE(found);
  mul->removeInput(0);
  g.lint();
}

TEST(NodeTest, DestroyRefusesNodesWithUsedOutputs) {
  Graph g;
  Value* x = g.addInput("x");
  Node* n = g.appendNode(g.create(Symbol::aten("neg"), {x}));
  g.registerOutput(n->output());
  EXPECT_THROW(n->destroy(), Error);
  g.eraseOutput(0);
  n->destroy();
  EXPECT_TRUE(x->uses().empty());
  g.lint();
}

TEST(NodeTest, ReplaceAllUsesWith) {
  auto g = parse(R"IR(
graph(%x : Tensor, %y : Tensor):
  %a : Tensor = aten::neg(%x)
  %b : Tensor = aten::mul(%a, %a)
  return (%b, %a)
)IR");
  Node* neg = g->nodes().front();
  neg->output()->replaceAllUsesWith(g->inputs()[1]);
  EXPECT_FALSE(neg->output()->hasUses());
  neg->destroy();
  g->lint();
  FileCheck().check("aten::mul(%y, %y)").check("return (%b, %y)").run(g->toString());
}

TEST(NodeTest, MoveAndOrder) {
  auto g = parse(R"IR(
graph(%x : Tensor):
  %a : Tensor = aten::neg(%x)
  %b : Tensor = aten::relu(%x)
  %c : Tensor = aten::tanh(%x)
  return (%a, %b, %c)
)IR");
  auto it = g->nodes().begin();
  Node* a = *it++;
  Node* b = *it++;
  Node* c = *it++;
  EXPECT_TRUE(a->isBefore(b));
  EXPECT_TRUE(c->isAfter(a));
  c->moveBefore(a);
  EXPECT_TRUE(c->isBefore(a));
  EXPECT_EQ(g->nodes().front(), c);
  b->moveAfter(c);
  EXPECT_EQ(c->next(), b);
  g->lint();
}

TEST(NodeTest, ManyInsertionsKeepTopologicalOrder) {
  Graph g;
  Value* x = g.addInput("x");
  Node* first = g.appendNode(g.create(Symbol::aten("neg"), {x}));
  Node* last = g.appendNode(g.create(Symbol::aten("neg"), {x}));
  // Always insert right after `first`: positions halve until the block is renumbered.
  std::vector<Node*> inserted;
  for (int i = 0; i < 200; ++i) inserted.push_back(g.create(Symbol::aten("relu"), {x})->insertAfter(first));
  for (size_t i = 1; i < inserted.size(); ++i) EXPECT_TRUE(inserted[i]->isBefore(inserted[i - 1]));
  EXPECT_TRUE(first->isBefore(inserted.back()));
  EXPECT_TRUE(inserted.front()->isBefore(last));
  g.lint();
}

TEST(NodeTest, NestedBlocksOrder) {
  auto g = parse(R"IR(
graph(%c : bool, %x : Tensor):
  %r : Tensor = prim::If(%c)
    block0():
      %a : Tensor = aten::neg(%x)
      -> (%a)
    block1():
      -> (%x)
  %s : Tensor = aten::relu(%r)
  return (%s)
)IR");
  Node* ifNode = g->nodes().front();
  Node* inner = ifNode->blocks()[0]->nodes().front();
  Node* after = ifNode->next();
  EXPECT_TRUE(inner->isBefore(after));
  EXPECT_TRUE(ifNode->isBefore(inner));
  EXPECT_FALSE(inner->isBefore(ifNode));
}

TEST(NodeTest, Attributes) {
  Graph g;
  Node* n = g.create(Symbol::prim("Constant"));
  n->i_(attr::value, 3);
  EXPECT_EQ(n->i(attr::value), 3);
  EXPECT_EQ(n->kindOf(attr::value), AttributeKind::i);
  n->f_(attr::value, 2.5);  // replaces, does not duplicate
  EXPECT_EQ(n->attributeNames().size(), 1u);
  EXPECT_THROW(n->i(attr::value), Error);
  EXPECT_THROW(n->s(attr::name), Error);
  n->destroy();
}

TEST(GraphTest, InsertConstantAndToIValue) {
  Graph g;
  Value* i = g.insertConstant(IValue(int64_t{7}));
  Value* f = g.insertConstant(IValue(0.5));
  Value* b = g.insertConstant(IValue(true));
  Value* s = g.insertConstant(IValue(std::string("hi")));
  Value* none = g.insertConstant(IValue());
  Value* list = g.insertConstant(makeIntList({1, 2}));
  Value* tup = g.insertConstant(makeTuple({IValue(int64_t{1}), IValue(2.5)}));
  EXPECT_EQ(toIValue(i)->toInt(), 7);
  EXPECT_EQ(toIValue(f)->toDouble(), 0.5);
  EXPECT_TRUE(toIValue(b)->isBool());
  EXPECT_EQ(toIValue(s)->toStringRef(), "hi");
  EXPECT_TRUE(toIValue(none)->isNone());
  EXPECT_EQ(toIValue(list)->toIntVector(), (std::vector<int64_t>{1, 2}));
  EXPECT_TRUE(toIValue(tup)->isTuple());
  for (Value* v : {i, f, b, s, none, list, tup}) g.registerOutput(v);
  FileCheck()
      .check("%0 : int = prim::Constant[value=7]()")
      .check("float = prim::Constant[value=0.5]()")
      .check("bool = prim::Constant[value=1]()")
      .check("str = prim::Constant[value=\"hi\"]()")
      .check("NoneType = prim::Constant()")
      .check("int[] = prim::Constant[value=[1, 2]]()")
      .check("(int, float) = prim::Constant[value=(1, 2.5)]()")
      .run(g.toString());
  g.lint();
}

// Complex constants (a `1j` literal in TorchScript source) print as PyTorch 1.13 prints them
// (`torch.jit.CompilationUnit("def f(): return 1.5j, 2 - 3j").f.graph`) and parse back.
TEST(GraphTest, ComplexConstantsPrintAndParseAsPyTorchWritesThem) {
  Graph g;
  Value* a = g.insertConstant(IValue(std::complex<double>(0.0, 1.5)));
  Value* b = g.insertConstant(IValue(std::complex<double>(2.0, -3.0)));
  EXPECT_EQ(toIValue(a)->toComplexDouble(), std::complex<double>(0.0, 1.5));
  g.registerOutput(a);
  g.registerOutput(b);
  const std::string text = g.toString();
  FileCheck()
      .check("complex = prim::Constant[value=0.+1.5j]()")
      .check("complex = prim::Constant[value=2.-3.j]()")
      .run(text);
  auto back = parse(text);
  EXPECT_EQ(back->toString(), text);
  std::vector<Value*> outs(back->outputs().begin(), back->outputs().end());
  EXPECT_EQ(toIValue(outs[1])->toComplexDouble(), std::complex<double>(2.0, -3.0));
  auto lone = parse("graph():\n  %1 : complex = prim::Constant[value=3j]()\n  return (%1)\n");
  EXPECT_EQ(toIValue(lone->outputs()[0])->toComplexDouble(), std::complex<double>(0.0, 3.0));
}

// A list kept as an IValue attribute prints as PyTorch prints it when its elements cannot tell
// its type (`annotate(List[int], [])` in PyTorch 1.13's dump of program 606), and parses back to
// the same attribute kind and element type.
TEST(GraphTest, AnnotatedListConstantsRoundTrip) {
  const std::string text =
      "graph():\n"
      "  %1 : int[] = prim::Constant[value=annotate(List[int], [])]()\n"
      "  %2 : int?[] = prim::Constant[value=annotate(List[Optional[int]], [1, None])]()\n"
      "  %3 : (int[], int?[]) = prim::TupleConstruct(%1, %2)\n"
      "  return (%3)\n";
  auto g = parse(text);
  EXPECT_EQ(g->toString(), text);
  Node* empty = g->outputs()[0]->node()->input(0)->node();
  EXPECT_EQ(empty->kindOf(attr::value), AttributeKind::ival);
  EXPECT_EQ(toIValue(empty->output())->toListRef().elementType->annotation_str(), "int");
}

// Named values keep their names in a copy (unnamed ones are renumbered, as in PyTorch).
TEST(GraphTest, CopyIsDeepAndEqual) {
  auto g = parse(R"IR(
graph(%x : Tensor, %n : int):
  %true : bool = prim::Constant[value=1]()
  %y : Tensor = prim::Loop(%n, %true, %x)
    block0(%i : int, %acc : Tensor):
      %z : Tensor = aten::mul(%acc, %acc)
      -> (%true, %z)
  return (%y)
)IR");
  auto c = g->copy();
  EXPECT_EQ(c->toString(), g->toString());
  c->lint();
  EXPECT_NE(c->nodes().front(), g->nodes().front());
}

TEST(GraphTest, LintCatchesBrokenInvariants) {
  Graph g;
  Value* x = g.addInput("x");
  g.create(Symbol::aten("neg"), {x});  // created but never inserted: a leaked node
  EXPECT_THROW(g.lint(), Error);
}

TEST(GraphTest, LintCatchesUseBeforeDefinition) {
  Graph g;
  Value* x = g.addInput("x");
  Node* a = g.appendNode(g.create(Symbol::aten("neg"), {x}));
  Node* b = g.appendNode(g.create(Symbol::aten("relu"), {a->output()}));
  a->moveAfter(b);  // now b uses a value defined after it
  try {
    g.lint();
    FAIL() << "lint accepted a use before definition";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("before it is defined"), std::string::npos) << e.what();
  }
}

TEST(GraphTest, WithInsertPointRestores) {
  Graph g;
  Value* x = g.addInput("x");
  Node* a = g.appendNode(g.create(Symbol::aten("neg"), {x}));
  {
    WithInsertPoint guard(a);
    g.insertNode(g.create(Symbol::aten("relu"), {x}));
  }
  EXPECT_EQ(g.insertPoint(), g.returnNode());
  EXPECT_EQ(g.nodes().front()->kind(), Symbol::aten("relu"));
}

TEST(GraphTest, InsertGraphInto) {
  auto callee = parse(R"IR(
graph(%a : Tensor):
  %b : Tensor = aten::neg(%a)
  return (%b)
)IR");
  Graph g;
  Value* x = g.addInput("x");
  auto outs = callee->insertGraphInto(g, {x});
  g.registerOutput(outs[0]);
  g.lint();
  FileCheck().check("aten::neg(%x)").run(g.toString());
}

}  // namespace
}  // namespace ember::jit
