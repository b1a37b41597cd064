// propagate_shapes_on_graph (symbolic shapes): against PyTorch 1.13's own pass on the graphs of
// tests/compat/passes/cases_symbolic.txt (written by cases_shapes.py), symbols renumbered in
// order of first appearance on both sides, plus FileCheck tests of the types the pass writes.
#include "passes/symbolic_shape_analysis.h"

#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "ember/core/symbols.h"
#include "ember/core/type.h"
#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"
#include "ember_test_source_dir.h"
#include "passes/pass_registry.h"
#include "unit/frontend/fixture_reader.h"

namespace ember::jit {
namespace {

using testing::FixtureBlock;

std::vector<Value*> topLevelValues(const Graph& g) {
  std::vector<Value*> out(g.inputs().begin(), g.inputs().end());
  for (Node* n : g.nodes()) out.insert(out.end(), n->outputs().begin(), n->outputs().end());
  return out;
}

bool listed(const std::string& names, const std::string& name) {
  std::istringstream words(names);
  for (std::string w; words >> w;)
    if (w == name) return true;
  return false;
}

// Every top-level tensor value's shape, symbols renumbered -1, -2, ... by first appearance.
std::vector<std::string> normalisedShapes(const std::shared_ptr<Graph>& g) {
  auto shapes = symbolicShapes(g);
  std::map<int64_t, int64_t> renumbered;
  std::vector<std::string> out;
  for (Value* v : topLevelValues(*g)) {
    auto it = shapes.find(v);
    if (it == shapes.end()) {
      out.push_back("-");
      continue;
    }
    SymbolicShape s = it->second;
    for (int64_t& d : s)
      if (d < 0) d = renumbered.emplace(d, -int64_t(renumbered.size()) - 1).first->second;
    out.push_back(symbolicShapeString(s));
  }
  return out;
}

TEST(SymbolicShapeAnalysis, AgainstPyTorchOnCases) {
  auto path = ember::test::testsDir() / "compat" / "passes" / "cases_symbolic.txt";
  size_t cases = 0, values = 0, same = 0;
  for (const FixtureBlock& b : testing::readFixture(testing::readFile(path), {"CASE"})) {
    ++cases;
    SCOPED_TRACE(b.header.at(1));
    auto g = std::make_shared<Graph>();
    parseIR(*b.section("BODY"), *g);
    std::vector<std::string> ours = normalisedShapes(g);
    std::istringstream lines(*b.section("VALUES"));
    for (std::string line; std::getline(lines, line);) {
      if (line.empty()) continue;
      size_t bar = line.find(" | ");
      std::istringstream head(line.substr(0, bar));
      size_t index;
      std::string name;
      head >> index >> name;
      ASSERT_LT(index, ours.size()) << line;
      std::string theirs = line.substr(bar + 3);
      std::string base = name.substr(1, name.find('.') == std::string::npos ? std::string::npos : name.find('.') - 1);
      ++values;
      if (listed(*b.section("DIFFERENT"), base)) {
        EXPECT_NE(ours[index], theirs) << name << ": listed as a deliberate difference";
        continue;
      }
      EXPECT_EQ(ours[index], theirs) << name;
      same += ours[index] == theirs;
    }
    // The pass writes what the analysis found, and nothing twice.
    propagateSymbolicShapes(g);
    g->lint();
    EXPECT_FALSE(propagateSymbolicShapes(g));
  }
  EXPECT_GE(cases, 6u) << path;
  std::printf("symbolic shape cases: %zu, tensor values: %zu, equal to PyTorch's: %zu\n", cases, values, same);
}

std::shared_ptr<Graph> parsed(const std::string& ir) {
  auto g = std::make_shared<Graph>();
  parseIR(ir, *g);
  return g;
}

TEST(SymbolicShapeAnalysis, DeliberateDifferencesAndWrittenTypes) {
  const std::string ir = R"IR(
graph(%a : Float(*, 3), %b : Tensor(5, 1), %x : Tensor(*, 3), %c : bool):
  %one : int = prim::Constant[value=1]()
  # CHECK: %s : Float(*, 3) = aten::relu(%a)
  %s : Float(*, 3) = aten::relu(%a)
  # CHECK: %p : Tensor(5, 3) = aten::add(%a, %b, %one)
  %p : Tensor = aten::add(%a, %b, %one)
  # CHECK: %z : Tensor(*, 3) = prim::If(%c)
  %z : Tensor = prim::If(%c)
    block0():
      -> (%a)
    block1():
      -> (%x)
  # CHECK: %q : Tensor(*, 3) = aten::mul(%z, %a)
  %q : Tensor = aten::mul(%z, %a)
  # CHECK: %n : Tensor = aten::nonzero(%a)
  %n : Tensor = aten::nonzero(%a)
  return (%p, %q, %n, %s)
)IR";
  auto g = parsed(ir);
  auto shapes = symbolicShapes(g);
  std::vector<Value*> v = topLevelValues(*g);
  // a: (SS(-1), 3); x: (SS(-2), 3); the If's merge is a fresh symbol, not a branch's
  const SymbolicShape& a = shapes.at(v[0]);
  const SymbolicShape& x = shapes.at(v[2]);
  const Value* z = nullptr;
  const Value* q = nullptr;
  for (Node* n : g->nodes()) {
    if (n->kind() == prim::If) z = n->output();
    if (n->kind() == aten::mul) q = n->output();
  }
  ASSERT_TRUE(z && q);
  const SymbolicShape& zs = shapes.at(z);
  EXPECT_LT(zs[0], 0);
  EXPECT_NE(zs[0], a[0]);
  EXPECT_NE(zs[0], x[0]);
  EXPECT_NE(shapes.at(q)[0], zs[0]) << "two different symbols broadcast to a fresh one";
  EXPECT_EQ(symbolicShapeString(a), "(" + std::string("SS(") + std::to_string(a[0]) + "), 3)");
  EXPECT_TRUE(propagateSymbolicShapes(g));
  g->lint();
  FileCheck::runAnnotated(ir, g->toString());
}

TEST(SymbolicShapeAnalysis, EqualSymbolsAndViews) {
  auto g = parsed(R"IR(
graph(%x : Tensor(*, 4, *), %y : Tensor(2, 3)):
  %zero : int = prim::Constant[value=0]()
  %one : int = prim::Constant[value=1]()
  %m1 : int = prim::Constant[value=-1]()
  %two : int = prim::Constant[value=2]()
  %s : Tensor = aten::add(%x, %x, %one)
  %l : int[] = prim::ListConstruct(%m1, %two)
  %r : Tensor = aten::reshape(%y, %l)
  %t : Tensor = aten::transpose(%s, %zero, %two)
  %sq : Tensor = aten::squeeze(%x, %zero)
  return (%r, %t, %sq)
)IR");
  auto shapes = symbolicShapes(g);
  std::vector<Value*> v = topLevelValues(*g);
  const SymbolicShape& x = shapes.at(v[0]);
  Value* s = v[6];
  ASSERT_EQ(s->node()->kind(), aten::add);
  EXPECT_EQ(shapes.at(s), x) << "x + x keeps x's symbols";
  EXPECT_EQ(shapes.at(v[8]), (SymbolicShape{3, 2}));
  EXPECT_EQ(shapes.at(v[9]), (SymbolicShape{x[2], 4, x[0]}));
  EXPECT_EQ(shapes.count(v[10]), 0u) << "squeeze of a symbol that may be 1: unknown rank";
}

TEST(SymbolicShapeAnalysis, RegisteredUnderPyTorchName) { EXPECT_TRUE(findPass("propagate_shapes_on_graph")); }

}  // namespace
}  // namespace ember::jit
