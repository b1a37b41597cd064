// Shape propagation and requires-grad analysis: against PyTorch's ground truth and its own
// complete shape analysis on the cases of tests/compat/passes/cases_shapes.txt (written by
// cases_shapes.py), plus FileCheck tests of single rules.
#include "passes/shape_analysis.h"

#include <gtest/gtest.h>

#include <sstream>

#include "ember/core/type.h"
#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"
#include "ember_test_source_dir.h"
#include "passes/pass_registry.h"
#include "passes/requires_grad_analysis.h"
#include "unit/frontend/fixture_reader.h"

namespace ember::jit {
namespace {

using testing::FixtureBlock;

TensorTypePtr parseTensorType(const std::string& text) {
  auto g = std::make_shared<Graph>();
  parseIR("graph(%x : " + text + "):\n  return (%x)\n", *g);
  auto t = std::dynamic_pointer_cast<TensorType>(g->inputs()[0]->type());
  EXPECT_TRUE(t) << text;
  return t ? t : TensorType::get();
}

std::vector<Value*> topLevelValues(const Graph& g) {
  std::vector<Value*> out(g.inputs().begin(), g.inputs().end());
  for (Node* n : g.nodes()) out.insert(out.end(), n->outputs().begin(), n->outputs().end());
  return out;
}

// Every fact `ours` states holds for the real tensor `actual` (complete).
void expectSound(const TensorType& ours, const TensorType& actual, const std::string& where) {
  if (ours.scalarType()) EXPECT_EQ(*ours.scalarType(), *actual.scalarType()) << where;
  if (ours.device()) EXPECT_TRUE(*ours.device() == *actual.device()) << where;
  if (ours.sizes()) {
    ASSERT_EQ(ours.sizes()->size(), actual.sizes()->size()) << where;
    for (size_t i = 0; i < ours.sizes()->size(); ++i) {
      if ((*ours.sizes())[i]) EXPECT_EQ((*ours.sizes())[i], (*actual.sizes())[i]) << where << " size " << i;
      if (ours.strides() && (*ours.strides())[i] && (*actual.sizes())[i] != int64_t(1))
        EXPECT_EQ((*ours.strides())[i], (*actual.strides())[i]) << where << " stride " << i;
    }
  }
}

// What `t` states holds for `actual`: the fields of a PyTorch type that are right.
struct Facts {
  bool dtype = false, device = false, rank = false;
  std::vector<bool> sizes;
};

Facts rightFacts(const TensorType& t, const TensorType& actual) {
  Facts f;
  f.dtype = t.scalarType() && t.scalarType() == actual.scalarType();
  f.device = t.device() && *t.device() == *actual.device();
  f.rank = t.dim() && t.dim() == actual.dim();
  if (f.rank)
    for (size_t i = 0; i < *t.dim(); ++i) f.sizes.push_back((*t.sizes())[i] == (*actual.sizes())[i]);
  return f;
}

// ember knows at least what PyTorch's pass knows (where PyTorch is right).
void expectAtLeast(const TensorType& ours, const TensorType& legacy, const TensorType& actual,
                   const std::string& where) {
  Facts theirs = rightFacts(legacy, actual), mine = rightFacts(ours, actual);
  if (theirs.dtype) EXPECT_TRUE(mine.dtype) << where << ": PyTorch knows the dtype";
  if (theirs.device) EXPECT_TRUE(mine.device) << where << ": PyTorch knows the device";
  if (theirs.rank) EXPECT_TRUE(mine.rank) << where << ": PyTorch knows the rank";
  if (theirs.rank && mine.rank)
    for (size_t i = 0; i < theirs.sizes.size(); ++i)
      if (theirs.sizes[i]) EXPECT_TRUE(mine.sizes[i]) << where << ": PyTorch knows size " << i;
}

bool listed(const std::string& inexact, const std::string& name) {
  std::istringstream words(inexact);
  for (std::string w; words >> w;)
    if (w == "*" || w == name) return true;
  return false;
}

struct Tally {
  size_t values = 0, complete = 0, legacyCompared = 0, legacyWrong = 0;
};

void runShapeCase(const FixtureBlock& b, Tally& tally) {
  const std::string& name = b.header.at(1);
  const std::string& mode = b.header.at(2);
  SCOPED_TRACE(name);
  auto g = std::make_shared<Graph>();
  parseIR(*b.section("BODY"), *g);
  propagateShapes(g);
  propagateRequiresGrad(g);
  g->lint();
  std::vector<Value*> values = topLevelValues(*g);
  std::istringstream lines(*b.section("VALUES"));
  for (std::string line; std::getline(lines, line);) {
    if (line.empty()) continue;
    size_t bar1 = line.find(" | "), bar2 = line.rfind(" | ");
    std::istringstream head(line.substr(0, bar1));
    size_t index;
    std::string valueName;
    head >> index >> valueName;
    ASSERT_LT(index, values.size()) << line;
    Value* v = values[index];
    std::string where = name + " " + valueName + " (" + v->type()->str() + ")";
    auto ours = std::dynamic_pointer_cast<TensorType>(v->type());
    ASSERT_TRUE(ours) << where;
    where = name + " " + valueName + " = " + ours->refinedStr();
    auto actual = parseTensorType(line.substr(bar1 + 3, bar2 - bar1 - 3));
    ++tally.values;
    expectSound(*ours, *actual, where);
    // requires_grad: never "false" for a tensor that requires grad, never "true" for one
    // produced from nothing that does (the cases avoid ops PyTorch's rules overapproximate).
    bool mayRequire = ours->requiresGrad().value_or(true);
    if (*actual->requiresGrad())
      EXPECT_TRUE(mayRequire) << where << ": requires grad";
    else
      EXPECT_FALSE(mayRequire) << where << ": does not require grad";
    std::string legacyText = line.substr(bar2 + 3);
    if (legacyText != "-") {
      auto legacy = parseTensorType(legacyText);
      ++tally.legacyCompared;
      if (!rightFacts(*legacy, *actual).dtype && legacy->scalarType()) ++tally.legacyWrong;
      expectAtLeast(*ours, *legacy, *actual, where);
    }
    std::string base = valueName.substr(1);
    if (listed(*b.section("INEXACT"), base) || listed(*b.section("INEXACT"), base.substr(0, base.find('.')))) continue;
    if (mode == "complete") {
      EXPECT_TRUE(ours->isComplete()) << where << ": should be complete";
      tally.complete += ours->isComplete();
    } else {
      EXPECT_TRUE(ours->scalarType() && ours->dim()) << where << ": should know dtype and rank";
    }
  }
}

TEST(ShapeAnalysis, AgainstPyTorchOnCasesShapes) {
  auto path = ember::test::testsDir() / "compat" / "passes" / "cases_shapes.txt";
  Tally tally;
  size_t cases = 0;
  for (const FixtureBlock& b : testing::readFixture(testing::readFile(path), {"CASE"})) {
    ++cases;
    runShapeCase(b, tally);
  }
  EXPECT_GE(cases, 10u) << path;
  std::printf("shape cases: %zu, tensor values: %zu (complete: %zu), compared with PyTorch's pass: %zu\n", cases,
              tally.values, tally.complete, tally.legacyCompared);
}

std::shared_ptr<Graph> propagated(const std::string& ir) {
  auto g = std::make_shared<Graph>();
  parseIR(ir, *g);
  propagateShapes(g);
  g->lint();
  return g;
}

TEST(ShapeAnalysis, PartialTypesFollowRules) {
  const char* ir = R"IR(
graph(%x : Float(*, *, device=cpu), %i : Long(*, *, device=cpu), %n : int):
  %one : int = prim::Constant[value=1]()
  %half : float = prim::Constant[value=0.5]()
  %none : NoneType = prim::Constant()
  %false : bool = prim::Constant[value=0]()
  # CHECK: Float(*, *, device=cpu) = aten::add
  %a : Tensor = aten::add(%x, %i, %one)
  # CHECK: Float(*, *, device=cpu) = aten::mul
  %b : Tensor = aten::mul(%i, %half)
  # CHECK: Long(*, *, device=cpu) = aten::mul
  %c : Tensor = aten::mul(%i, %one)
  # CHECK: Bool(*, *, device=cpu) = aten::gt
  %d : Tensor = aten::gt(%x, %one)
  # CHECK: Float(*, *, *, device=cpu) = aten::unsqueeze
  %e : Tensor = aten::unsqueeze(%x, %n)
  # CHECK: Float(*, device=cpu) = aten::sum
  %dims : int[] = prim::ListConstruct(%one)
  %f : Tensor = aten::sum(%x, %dims, %false, %none)
  # CHECK: Long(device=cpu) = aten::sum
  %g : Tensor = aten::sum(%i, %none)
  # CHECK: Float(*, *, device=cpu) = aten::div
  %h : Tensor = aten::div(%i, %i)
  # CHECK: Long(*, 2, device=cpu) = aten::nonzero
  %k : Tensor = aten::nonzero(%x)
  return (%a, %b, %c, %d, %e, %f, %g, %h, %k)
)IR";
  FileCheck::runAnnotated(ir, propagated(ir)->toString());
}

TEST(ShapeAnalysis, CompleteInputsRunTheOperator) {
  const char* ir = R"IR(
graph(%x : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu), %y : Float(3, strides=[1], requires_grad=0, device=cpu)):
  %one : int = prim::Constant[value=1]()
  # CHECK: Float(3, 2, strides=[1, 3], device=cpu) = aten::t
  %t : Tensor = aten::t(%x)
  # CHECK: Float(3, 2, strides=[1, 3], device=cpu) = aten::add
  %a : Tensor = aten::add(%t, %t, %one)
  # CHECK: Float(2, strides=[1], device=cpu) = aten::mv
  %m : Tensor = aten::mv(%x, %y)
  # CHECK: int[] = aten::size
  %s : int[] = aten::size(%t)
  # CHECK: Float(3, 2, strides=[2, 1], device=cpu) = aten::reshape
  %v : Tensor = aten::reshape(%x, %s)
  return (%a, %m, %v)
)IR";
  FileCheck::runAnnotated(ir, propagated(ir)->toString());
}

TEST(ShapeAnalysis, IfMergesAndLoopReachesAFixedPoint) {
  const char* ir = R"IR(
graph(%x : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu), %y : Float(4, 3, strides=[3, 1], requires_grad=0, device=cpu), %c : bool, %n : int):
  %zero : int = prim::Constant[value=0]()
  %one : int = prim::Constant[value=1]()
  %r : Tensor = prim::If(%c)
    block0():
      -> (%x)
    block1():
      -> (%y)
  %l : Tensor = prim::Loop(%n, %c, %x)
    block0(%i : int, %acc : Tensor):
      %list : Tensor[] = prim::ListConstruct(%acc, %acc)
      %cat : Tensor = aten::cat(%list, %zero)
      -> (%c, %cat)
  %same : Tensor = prim::Loop(%n, %c, %x)
    block0(%j : int, %s : Tensor):
      %next : Tensor = aten::add(%s, %x, %one)
      -> (%c, %next)
  return (%r, %l, %same)
)IR";
  auto g = propagated(ir);
  FileCheck()
      .check("Float(*, 3, strides=[3, 1], requires_grad=0, device=cpu) = prim::If")
      .check("Float(*, 3, device=cpu) = prim::Loop")
      .check("Float(2, 3, strides=[3, 1], device=cpu) = prim::Loop")
      .run(g->toString());
}

TEST(ShapeAnalysis, EraseShapeInformation) {
  auto g = propagated(R"IR(
graph(%x : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)):
  %one : int = prim::Constant[value=1]()
  %a : Tensor = aten::add(%x, %x, %one)
  %t : (Tensor, int) = prim::TupleConstruct(%a, %one)
  return (%t)
)IR");
  FileCheck().check("(Float(2, 3, strides=[3, 1], device=cpu), int) = prim::TupleConstruct").run(g->toString());
  EXPECT_TRUE(eraseShapeInformation(g));
  FileCheck().checkNot("Float").run(g->toString());
  EXPECT_FALSE(eraseShapeInformation(g));
}

TEST(RequiresGradAnalysis, Rules) {
  const char* ir = R"IR(
graph(%x : Float(*, *, requires_grad=1, device=cpu), %y : Float(*, *, requires_grad=0, device=cpu), %i : Long(*, *, requires_grad=0, device=cpu), %n : int, %c : bool):
  %one : int = prim::Constant[value=1]()
  # CHECK: requires_grad=1, device=cpu) = aten::mul
  %a : Tensor = aten::mul(%x, %y)
  # CHECK: requires_grad=0, device=cpu) = aten::mul
  %b : Tensor = aten::mul(%y, %y)
  # CHECK: requires_grad=0, device=cpu) = aten::gt
  %d : Tensor = aten::gt(%a, %one)
  # CHECK: requires_grad=0, device=cpu) = aten::detach
  %e : Tensor = aten::detach(%a)
  # CHECK: requires_grad=0, device=cpu) = aten::argmax
  %f : Tensor = aten::argmax(%a, %one, %c)
  # CHECK: requires_grad=0, device=cpu) = aten::type_as
  %g : Tensor = aten::type_as(%y, %a)
  # CHECK: requires_grad=1, device=cpu) = prim::Loop
  %l : Tensor = prim::Loop(%n, %c, %y)
    block0(%k : int, %acc : Tensor):
      %next : Tensor = aten::add(%acc, %a, %one)
      -> (%c, %next)
  return (%b, %d, %e, %f, %g, %l)
)IR";
  auto g = std::make_shared<Graph>();
  parseIR(ir, *g);
  propagateShapes(g);
  EXPECT_TRUE(propagateRequiresGrad(g));
  g->lint();
  FileCheck::runAnnotated(ir, g->toString());
}

// Types that no real tensor has, huge sizes and ranks the ops reject must not crash the pass:
// such nodes get the unrefined type or a rule's partial one.
TEST(ShapeAnalysis, OddTypesDoNotCrash) {
  const char* ir = R"IR(
graph(%huge : Float(1000000000, 1000000000, strides=[1000000000, 1], requires_grad=0, device=cpu), %v : Float(3, strides=[1], requires_grad=0, device=cpu), %s : Float(requires_grad=0, device=cpu), %neg : Float(-2, strides=[1], requires_grad=0, device=cpu), %r : Float(*, device=cpu)):
  %zero : int = prim::Constant[value=0]()
  %one : int = prim::Constant[value=1]()
  # CHECK: Float(1000000000, 1000000000, device=cpu) = aten::add
  %a : Tensor = aten::add(%huge, %huge, %one)
  # CHECK: Tensor = aten::mm
  %m : Tensor = aten::mm(%v, %v)
  # CHECK: Tensor = aten::select
  %sel : Tensor = aten::select(%s, %zero, %zero)
  # CHECK: = aten::relu
  %n : Tensor = aten::relu(%neg)
  # CHECK: Tensor = aten::bmm
  %b : Tensor = aten::bmm(%r, %r)
  %sz : int = aten::size(%s, %zero)
  return (%a, %m, %sel, %n, %b, %sz)
)IR";
  FileCheck::runAnnotated(ir, propagated(ir)->toString());
}

TEST(ShapeAnalysis, RegisteredUnderPyTorchNames) {
  for (const char* name : {"complete_shape_analysis", "erase_shape_information", "propagate_requires_grad"})
    EXPECT_TRUE(findPass(name)) << name;
}

}  // namespace
}  // namespace ember::jit
