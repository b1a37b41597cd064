// AliasDb on graphs written as IR text: views, in-place and out= ops, containers, control flow,
// wildcards, fork/wait, and topological moves that must be refused or may be done. The ir test
// binary has no operator library, so the operators used are registered here with PyTorch's
// schemas (and alias kinds) when absent.
#include "ember/ir/alias_analysis.h"

#include <gtest/gtest.h>

#include <chrono>
#include <iostream>

#include "ember/core/operator.h"
#include "ember/core/symbols.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"

namespace ember::jit {
namespace {

void noop(Stack&) {}

void registerOps() {
  static bool done = [] {
    auto& r = OperatorRegistry::global();
    auto add = [&](const char* schema, AliasAnalysisKind kind = AliasAnalysisKind::FROM_SCHEMA) {
      Operator op(schema, noop, kind);
      if (!r.findOperator(op.schema().operatorName())) r.registerOperator(std::move(op));
    };
    add("aten::view(Tensor(a) self, SymInt[] size) -> Tensor(a)");
    add("aten::select.int(Tensor(a) self, int dim, SymInt index) -> Tensor(a)");
    add("aten::transpose.int(Tensor(a) self, int dim0, int dim1) -> Tensor(a)");
    add("aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor");
    add("aten::add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)");
    add("aten::add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)");
    add("aten::mul.Tensor(Tensor self, Tensor other) -> Tensor");
    add("aten::append.t(t[](a!) self, t(c -> *) el) -> t[](a!)");
    add("aten::__getitem__.t(t[](a) list, int idx) -> t(*)");
    add("aten::__getitem__.Dict_str(Dict(str, t) self, str key) -> t(*)");
    add("aten::len.t(t[] a) -> int");
    add("aten::chunk(Tensor(a -> *) self, int chunks, int dim=0) -> Tensor(a)[]");
    add("aliastest::opaque(Tensor self) -> Tensor", AliasAnalysisKind::CONSERVATIVE);
    add("aliastest::pure(Tensor(a) self) -> Tensor(a)", AliasAnalysisKind::PURE_FUNCTION);
    return true;
  }();
  (void)done;
}

struct Parsed {
  std::shared_ptr<Graph> graph = std::make_shared<Graph>();
  std::unordered_map<std::string, Value*> values;
  Value* operator[](const std::string& name) const { return values.at(name); }
  Node* node(const std::string& output) const { return values.at(output)->node(); }
};

Parsed parse(const char* ir) {
  registerOps();
  Parsed p;
  parseIR(ir, *p.graph, {}, &p.values);
  return p;
}

TEST(AliasAnalysis, ViewsAliasTheirBaseFreshResultsDoNot) {
  Parsed p = parse(R"IR(
graph(%x : Tensor, %y : Tensor):
  %zero : int = prim::Constant[value=0]()
  %one : int = prim::Constant[value=1]()
  %size : int[] = prim::ListConstruct(%one)
  %a : Tensor = aten::mul(%x, %y)
  %b : Tensor = aten::mul(%x, %y)
  %v : Tensor = aten::view(%a, %size)
  %s : Tensor = aten::select(%v, %zero, %zero)
  %t : Tensor = aten::transpose(%s, %zero, %one)
  return (%t, %b)
)IR");
  AliasDb db(p.graph);
  EXPECT_TRUE(db.mayAlias(p["v"], p["a"]));
  EXPECT_TRUE(db.mayAlias(p["s"], p["a"]));
  EXPECT_TRUE(db.mayAlias(p["t"], p["v"]));
  EXPECT_FALSE(db.mayAlias(p["a"], p["b"]));
  EXPECT_FALSE(db.mayAlias(p["t"], p["x"]));
  // Graph inputs may be the same tensor.
  EXPECT_TRUE(db.mayAlias(p["x"], p["y"]));
  EXPECT_TRUE(db.mayAliasWildcard(p["x"]));
  EXPECT_FALSE(db.mayAliasWildcard(p["a"]));
  // Immutable values take no part.
  EXPECT_FALSE(db.mayAlias(p["one"], p["one"]));
  EXPECT_FALSE(db.hasWriters(p["a"]));
}

TEST(AliasAnalysis, InPlaceOpsWriteThroughViews) {
  Parsed p = parse(R"IR(
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %size : int[] = prim::ListConstruct(%one)
  %a : Tensor = aten::mul(%x, %x)
  %b : Tensor = aten::mul(%x, %x)
  %v : Tensor = aten::view(%a, %size)
  %w : Tensor = aten::add_(%v, %b, %one)
  %c : Tensor = aten::add(%w, %b, %one)
  return (%c)
)IR");
  AliasDb db(p.graph);
  Node* write = p.node("w");
  EXPECT_TRUE(db.mayAlias(p["w"], p["a"]));
  EXPECT_TRUE(db.writesToAlias(write, {p["a"]}));
  EXPECT_FALSE(db.writesToAlias(write, {p["b"]}));
  EXPECT_TRUE(db.hasWriters(p["a"]));
  EXPECT_TRUE(db.hasWriters(p["v"]));
  EXPECT_FALSE(db.hasWriters(p["b"]));
  EXPECT_FALSE(db.hasWriters(p["x"]));
  EXPECT_TRUE(db.isMutable(write));
  EXPECT_FALSE(db.isMutable(p.node("c")));
  EXPECT_FALSE(db.writesToWildcard(write));
  EXPECT_TRUE(db.hasOutputWriters(p.node("a")));
  EXPECT_FALSE(db.hasInputWriters(p.node("a")));
  EXPECT_TRUE(db.hasInputWriters(p.node("c")));
  EXPECT_FALSE(db.getWrites(write).empty());
  EXPECT_TRUE(db.getReads(p.node("c")).intersects(db.getWrites(write)));
}

TEST(AliasAnalysis, WritingAGraphInputWritesTheWildcard) {
  Parsed p = parse(R"IR(
graph(%x : Tensor, %y : Tensor):
  %one : int = prim::Constant[value=1]()
  %w : Tensor = aten::add_(%x, %x, %one)
  return (%w)
)IR");
  AliasDb db(p.graph);
  EXPECT_TRUE(db.writesToWildcard(p.node("w")));
  EXPECT_TRUE(db.hasWriters(p["y"]));  // y may be x
}

TEST(AliasAnalysis, OutVariantWritesItsOutArgument) {
  Parsed p = parse(R"IR(
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %buf : Tensor = aten::mul(%x, %x)
  %r : Tensor = aten::add(%x, %x, %one, %buf)
  return (%r)
)IR");
  AliasDb db(p.graph);
  EXPECT_TRUE(db.mayAlias(p["r"], p["buf"]));
  EXPECT_TRUE(db.writesToAlias(p.node("r"), {p["buf"]}));
  EXPECT_FALSE(db.writesToWildcard(p.node("r")));
}

TEST(AliasAnalysis, ListElementsAreWildcards) {
  Parsed p = parse(R"IR(
graph(%x : Tensor):
  %zero : int = prim::Constant[value=0]()
  %a : Tensor = aten::mul(%x, %x)
  %b : Tensor = aten::mul(%x, %x)
  %c : Tensor = aten::mul(%x, %x)
  %l : Tensor[] = prim::ListConstruct(%a)
  %e : Tensor = aten::__getitem__(%l, %zero)
  %m : Tensor[] = aten::append(%l, %b)
  %n : int = aten::len(%l)
  return (%e, %n, %c)
)IR");
  AliasDb db(p.graph);
  EXPECT_TRUE(db.mayAlias(p["e"], p["a"]));
  EXPECT_TRUE(db.mayAlias(p["e"], p["b"]));  // appended: escaped into the list
  EXPECT_TRUE(db.mayAlias(p["a"], p["x"]));  // list elements share the wildcard with inputs
  EXPECT_FALSE(db.mayAlias(p["c"], p["a"]));
  EXPECT_FALSE(db.mayAlias(p["l"], p["a"]));        // a list is not its elements...
  EXPECT_TRUE(db.mayContainAlias(p["l"], p["a"]));  // ...but contains them
  EXPECT_FALSE(db.mayContainAlias(p["l"], p["c"]));
  EXPECT_TRUE(db.mayAlias(p["m"], p["l"]));
  EXPECT_TRUE(db.hasWriters(p["l"]));
  EXPECT_FALSE(db.hasWriters(p["a"]));  // append writes the list, not its elements
}

TEST(AliasAnalysis, TuplesOfTensorsAreMutableTuplesOfIntsAreNot) {
  Parsed p = parse(R"IR(
graph(%x : Tensor, %i : int):
  %a : Tensor = aten::mul(%x, %x)
  %c : Tensor = aten::mul(%x, %x)
  %t : (Tensor, int) = prim::TupleConstruct(%a, %i)
  %u : (int, int) = prim::TupleConstruct(%i, %i)
  %e : Tensor, %j : int = prim::TupleUnpack(%t)
  %k : Tensor = prim::TupleIndex(%t, %i)
  return (%e, %j, %u, %k, %c)
)IR");
  AliasDb db(p.graph);
  EXPECT_TRUE(AliasDb::isMutableType(p["t"]));
  EXPECT_FALSE(AliasDb::isMutableType(p["u"]));
  EXPECT_TRUE(db.mayContainAlias(p["t"], p["a"]));
  EXPECT_TRUE(db.mayAlias(p["e"], p["a"]));
  EXPECT_TRUE(db.mayAlias(p["k"], p["a"]));
  EXPECT_FALSE(db.mayAlias(p["e"], p["c"]));
  EXPECT_FALSE(db.mayContainAlias(p["u"], p["t"]));
}

TEST(AliasAnalysis, DictValuesAreContained) {
  Parsed p = parse(R"IR(
graph(%x : Tensor):
  %key : str = prim::Constant[value="k"]()
  %a : Tensor = aten::mul(%x, %x)
  %c : Tensor = aten::mul(%x, %x)
  %d : Dict(str, Tensor) = prim::DictConstruct(%key, %a)
  %e : Tensor = aten::__getitem__(%d, %key)
  return (%e, %c)
)IR");
  AliasDb db(p.graph);
  EXPECT_TRUE(db.mayContainAlias(p["d"], p["a"]));
  EXPECT_TRUE(db.mayAlias(p["e"], p["a"]));
  EXPECT_FALSE(db.mayContainAlias(p["d"], p["c"]));
}

TEST(AliasAnalysis, IfAndLoopOutputsPointToBlockResults) {
  Parsed p = parse(R"IR(
graph(%x : Tensor, %cond : bool, %n : int):
  %true : bool = prim::Constant[value=1]()
  %one : int = prim::Constant[value=1]()
  %size : int[] = prim::ListConstruct(%one)
  %a : Tensor = aten::mul(%x, %x)
  %b : Tensor = aten::mul(%x, %x)
  %c : Tensor = aten::mul(%x, %x)
  %r : Tensor = prim::If(%cond)
    block0():
      -> (%a)
    block1():
      -> (%b)
  %o : Tensor = prim::Loop(%n, %true, %c)
    block0(%i : int, %acc : Tensor):
      %v : Tensor = aten::view(%acc, %size)
      -> (%true, %v)
  %fresh : Tensor = aten::mul(%x, %x)
  return (%r, %o, %fresh)
)IR");
  AliasDb db(p.graph);
  EXPECT_TRUE(db.mayAlias(p["r"], p["a"]));
  EXPECT_TRUE(db.mayAlias(p["r"], p["b"]));
  EXPECT_FALSE(db.mayAlias(p["a"], p["b"]));
  EXPECT_FALSE(db.mayAlias(p["r"], p["c"]));
  EXPECT_TRUE(db.mayAlias(p["acc"], p["c"]));
  EXPECT_TRUE(db.mayAlias(p["o"], p["c"]));
  EXPECT_TRUE(db.mayAlias(p["o"], p["v"]));
  EXPECT_FALSE(db.mayAlias(p["o"], p["fresh"]));
}

TEST(AliasAnalysis, ConservativeOpsMakeInputsWildcardsAndWriteThem) {
  Parsed p = parse(R"IR(
graph(%x : Tensor):
  %a : Tensor = aten::mul(%x, %x)
  %b : Tensor = aten::mul(%x, %x)
  %c : Tensor = aten::mul(%x, %x)
  %o : Tensor = aliastest::opaque(%a)
  %q : Tensor = aliastest::pure(%c)
  return (%o, %b, %q)
)IR");
  AliasDb db(p.graph);
  EXPECT_TRUE(db.mayAlias(p["a"], p["x"]));
  EXPECT_TRUE(db.mayAlias(p["o"], p["x"]));
  EXPECT_TRUE(db.writesToWildcard(p.node("o")));
  EXPECT_TRUE(db.hasWriters(p["a"]));
  EXPECT_FALSE(db.mayAlias(p["b"], p["a"]));
  EXPECT_TRUE(hasSideEffectsDeep(p.node("o")));
  // PURE_FUNCTION: annotations ignored, the result is fresh.
  EXPECT_FALSE(db.mayAlias(p["q"], p["c"]));
  EXPECT_FALSE(hasSideEffectsDeep(p.node("q")));
}

TEST(AliasAnalysis, ChunkPutsItsInputIntoTheWildcardSet) {
  Parsed p = parse(R"IR(
graph(%x : Tensor):
  %two : int = prim::Constant[value=2]()
  %zero : int = prim::Constant[value=0]()
  %a : Tensor = aten::mul(%x, %x)
  %l : Tensor[] = aten::chunk(%a, %two, %zero)
  %p : Tensor, %q : Tensor = prim::ListUnpack(%l)
  return (%p)
)IR");
  AliasDb db(p.graph);
  EXPECT_TRUE(db.mayAlias(p["p"], p["a"]));
  EXPECT_TRUE(db.mayContainAlias(p["l"], p["a"]));
}

TEST(AliasAnalysis, ForkedInputsEscapeAndWaitWritesWildcards) {
  registerOps();
  auto g = std::make_shared<Graph>();
  Value* x = g->addInput("x");
  x->setType(TensorType::get());
  Node* mul = g->insertNode(g->create(aten::mul, {x, x}));
  mul->output()->setType(TensorType::get());
  Node* other = g->insertNode(g->create(aten::mul, {x, x}));
  other->output()->setType(TensorType::get());
  Node* fork = g->insertNode(g->createWithSubgraph(prim::fork));
  fork->addInput(mul->output());
  fork->addOutput();
  fork->output()->setType(FutureType::create(TensorType::get()));
  Node* wait = g->insertNode(g->create(Symbol::aten("wait"), {fork->output()}));
  wait->output()->setType(TensorType::get());
  g->registerOutput(wait->output());
  g->registerOutput(other->output());

  AliasDb db(g);
  EXPECT_TRUE(db.mayAlias(mul->output(), x));
  EXPECT_TRUE(db.mayAlias(wait->output(), x));
  EXPECT_FALSE(db.mayAlias(other->output(), x));
  EXPECT_TRUE(db.writesToWildcard(wait));
  EXPECT_TRUE(db.hasWriters(x));
  EXPECT_FALSE(db.hasWriters(other->output()));
}

TEST(AliasAnalysis, FrozenModuleAttributesAreNotWildcards) {
  registerOps();
  auto cls = ClassType::create("__torch__.M", /*isModule=*/true);
  cls->addAttribute("w", TensorType::get());
  auto g = std::make_shared<Graph>();
  Value* self = g->addInput("self");
  self->setType(cls);
  Value* x = g->addInput("x");
  x->setType(TensorType::get());
  Node* get = g->insertNode(g->createGetAttr(self, "w"));
  g->registerOutput(get->output());
  EXPECT_TRUE(AliasDb(g).mayAlias(get->output(), x));
  EXPECT_FALSE(AliasDb(g, /*isFrozen=*/true).mayAlias(get->output(), x));
}

// ---- moves ----

std::string order(const Graph& g) {
  std::string s;
  for (const Node* n : g.nodes())
    if (n->outputs().size() == 1 && n->output()->hasDebugName()) s += n->output()->debugName() + " ";
  return s;
}

TEST(AliasAnalysis, ReadsDoNotMovePastWritesToAnAlias) {
  Parsed p = parse(R"IR(
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %size : int[] = prim::ListConstruct(%one)
  %a : Tensor = aten::mul(%x, %x)
  %v : Tensor = aten::view(%a, %size)
  %r : Tensor = aten::mul(%a, %a)
  %w : Tensor = aten::add_(%v, %x, %one)
  %u : Tensor = aten::mul(%x, %x)
  return (%r, %w, %u)
)IR");
  AliasDb db(p.graph);
  // r reads a, w writes a through the view: neither may cross the other.
  EXPECT_FALSE(db.couldMoveAfterTopologically(p.node("r"), p.node("w")));
  EXPECT_FALSE(db.moveBeforeTopologicallyValid(p.node("w"), p.node("r")));
  // u reads only x, which nothing writes here... except that x is an input: w writes v, fresh.
  EXPECT_TRUE(db.couldMoveBeforeTopologically(p.node("u"), p.node("a")));
  EXPECT_TRUE(db.moveBeforeTopologicallyValid(p.node("u"), p.node("a")));
  EXPECT_EQ(order(*p.graph), "one size u a v r w ");
  p.graph->lint();
}

TEST(AliasAnalysis, NothingMovesPastSideEffects) {
  Parsed p = parse(R"IR(
graph(%x : Tensor):
  %msg : str = prim::Constant[value="boom"]()
  %none : NoneType = prim::Constant()
  %a : Tensor = aten::mul(%x, %x)
   = prim::Print(%x)
  %b : Tensor = aten::mul(%x, %x)
   = prim::RaiseException(%msg, %none)
  %c : Tensor = aten::mul(%x, %x)
  return (%a, %b, %c)
)IR");
  AliasDb db(p.graph);
  EXPECT_FALSE(db.couldMoveAfterTopologically(p.node("a"), p.node("b")));
  EXPECT_FALSE(db.couldMoveBeforeTopologically(p.node("c"), p.node("b")));
  EXPECT_FALSE(db.moveAfterTopologicallyValid(p.node("b"), p.node("c")));
  EXPECT_EQ(order(*p.graph), "msg none a b c ");
}

TEST(AliasAnalysis, MovesTakeDependentNodesAlong) {
  Parsed p = parse(R"IR(
graph(%x : Tensor):
  %a : Tensor = aten::mul(%x, %x)
  %b : Tensor = aten::mul(%a, %a)
  %c : Tensor = aten::mul(%x, %x)
  %d : Tensor = aten::mul(%c, %b)
  return (%d)
)IR");
  AliasDb db(p.graph);
  // a after c: its user b has to come along.
  EXPECT_TRUE(db.moveAfterTopologicallyValid(p.node("a"), p.node("c")));
  EXPECT_EQ(order(*p.graph), "c a b d ");
  // c after d: d uses c, and d is the move point itself: impossible.
  EXPECT_FALSE(db.moveAfterTopologicallyValid(p.node("c"), p.node("d")));
  // d before a: d needs a and b, which are between.
  EXPECT_FALSE(db.moveBeforeTopologicallyValid(p.node("d"), p.node("a")));
  // b right after c (it is after c, moving towards its dependence a): a goes before c.
  EXPECT_TRUE(db.moveAfterTopologicallyValid(p.node("b"), p.node("c")));
  EXPECT_EQ(order(*p.graph), "a c b d ");
  p.graph->lint();
}

TEST(AliasAnalysis, WritesKeepTheirOrder) {
  Parsed p = parse(R"IR(
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %a : Tensor = aten::mul(%x, %x)
  %w1 : Tensor = aten::add_(%a, %x, %one)
  %b : Tensor = aten::mul(%x, %x)
  %w2 : Tensor = aten::add_(%a, %b, %one)
  return (%a)
)IR");
  AliasDb db(p.graph);
  EXPECT_FALSE(db.couldMoveAfterTopologically(p.node("w1"), p.node("w2")));
  EXPECT_TRUE(db.couldMoveBeforeTopologically(p.node("b"), p.node("w1")));
}

TEST(AliasAnalysis, SafeToChangeAliasing) {
  Parsed p = parse(R"IR(
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %a : Tensor = aten::mul(%x, %x)
  %b : Tensor = aten::mul(%x, %x)
  %c : Tensor = aten::mul(%x, %x)
  %d : Tensor = aten::mul(%x, %x)
  %w : Tensor = aten::add_(%d, %one, %one)
  return (%a, %b)
)IR");
  AliasDb db(p.graph);
  EXPECT_FALSE(db.safeToChangeAliasingRelationship({p["a"]}, {p["b"]}));  // both outputs
  EXPECT_TRUE(db.safeToChangeAliasingRelationship({p["a"]}, {p["c"]}));
  EXPECT_FALSE(db.safeToChangeAliasingRelationship({p["c"]}, {p["d"]}));  // d is written
}

TEST(AliasAnalysis, ToStringNamesWildcardsAndWrites) {
  Parsed p = parse(R"IR(
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %w : Tensor = aten::add_(%x, %x, %one)
  return (%w)
)IR");
  std::string s = AliasDb(p.graph).toString();
  EXPECT_NE(s.find("WILDCARD(Tensor)"), std::string::npos) << s;
  EXPECT_NE(s.find("aten::add_ (%x, %x, %one) writes {WILDCARD(Tensor)}"), std::string::npos) << s;
}

TEST(AliasAnalysis, NodesWithoutOperatorsAreConservative) {
  registerOps();
  auto g = std::make_shared<Graph>();
  Value* x = g->addInput("x");
  x->setType(TensorType::get());
  Node* mul = g->insertNode(g->create(aten::mul, {x, x}));
  mul->output()->setType(TensorType::get());
  Node* unknown = g->insertNode(g->create(Symbol::fromQualString("aliastest::unregistered"), {mul->output()}));
  unknown->output()->setType(TensorType::get());
  g->registerOutput(unknown->output());
  AliasDb db(g);
  EXPECT_TRUE(db.mayAlias(mul->output(), x));
  EXPECT_TRUE(db.writesToWildcard(unknown));
}

// Scaling: building the database for a 10,000-node chain of views and adds.
TEST(AliasAnalysis, LargeStraightLineGraph) {
  registerOps();
  auto g = std::make_shared<Graph>();
  Value* x = g->addInput("x");
  x->setType(TensorType::get());
  Value* one = g->insertConstant(IValue(int64_t{1}));
  Value* size = g->insertNode(g->createList(IntType::get(), {one}))->output();
  Value* cur = x;
  std::vector<Node*> writes;
  for (int i = 0; i < 10000; ++i) {
    Node* n;
    if (i % 3 == 0) {
      n = g->insertNode(g->create(Symbol::fromQualString("aten::view"), {cur, size}));
    } else if (i % 3 == 1) {
      n = g->insertNode(g->create(aten::mul, {cur, x}));
    } else {
      n = g->insertNode(g->create(Symbol::fromQualString("aten::add_"), {cur, x, one}));
      writes.push_back(n);
    }
    n->output()->setType(TensorType::get());
    cur = n->output();
  }
  g->registerOutput(cur);
  auto start = std::chrono::steady_clock::now();
  AliasDb db(g);
  size_t writers = 0;
  for (const Node* n : g->nodes()) writers += db.hasWriters(n) ? 1 : 0;
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  std::cout << "[ timing ] AliasDb + hasWriters on " << g->numNodes() << " nodes: " << ms << " ms\n";
  EXPECT_GT(writers, 0u);
  EXPECT_FALSE(db.mayAlias(cur, x));  // the chain restarts at each mul
  EXPECT_TRUE(db.mayAlias(writes.back()->output(), writes.back()->input(0)));
}

}  // namespace
}  // namespace ember::jit
