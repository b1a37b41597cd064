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

namespace ember::jit {
namespace {

void registerContainerTestOps() {
  static bool done = [] {
    auto& reg = OperatorRegistry::global();
    reg.registerOperator(Operator("dcetest::append(int[](a!) self, int el) -> int[](a!)", noop));
    reg.registerOperator(Operator("dcetest::len(int[] a) -> int", noop));
    return true;
  }();
  (void)done;
}

// Note [Writes to lists only held by other containers]: PyTorch 1.13 drops
// `inner.append(2)` in `inner = [1]; outer = [inner, inner]; inner.append(2); return outer`.
TEST(DeadCodeElimination, WriteToAListOnlyHeldByAnotherListIsDeadUnlessReadAfter) {
  registerContainerTestOps();
  const char* dropped = R"IR(
graph():
  %one : int = prim::Constant[value=1]()
  %two : int = prim::Constant[value=2]()
  %inner : int[] = prim::ListConstruct(%one)
  %outer : int[][] = prim::ListConstruct(%inner, %inner)
  %a : int[] = dcetest::append(%inner, %two)
  return (%outer)
)IR";
  auto g = std::make_shared<Graph>();
  parseIR(dropped, *g);
  eliminateDeadCode(g);
  FileCheck().checkNot("dcetest::append").run(g->toString());

  // Read afterwards, or returned itself: kept.
  const char* readAfter = R"IR(
graph():
  %one : int = prim::Constant[value=1]()
  %two : int = prim::Constant[value=2]()
  %inner : int[] = prim::ListConstruct(%one)
  %outer : int[][] = prim::ListConstruct(%inner, %inner)
  %a : int[] = dcetest::append(%inner, %two)
  %n : int = dcetest::len(%inner)
  return (%outer, %n)
)IR";
  g = std::make_shared<Graph>();
  parseIR(readAfter, *g);
  eliminateDeadCode(g);
  FileCheck().check("dcetest::append").run(g->toString());

  const char* returned = R"IR(
graph():
  %one : int = prim::Constant[value=1]()
  %two : int = prim::Constant[value=2]()
  %inner : int[] = prim::ListConstruct(%one)
  %a : int[] = dcetest::append(%inner, %two)
  return (%inner)
)IR";
  g = std::make_shared<Graph>();
  parseIR(returned, *g);
  eliminateDeadCode(g);
  FileCheck().check("dcetest::append").run(g->toString());
}

// In a loop, a read earlier in the body runs after the write of the previous iteration.
TEST(DeadCodeElimination, ContainerWriteInALoopReadAtTheTopOfTheBodyIsKept) {
  registerContainerTestOps();
  const char* ir = R"IR(
graph(%n : int):
  %true : bool = prim::Constant[value=1]()
  %one : int = prim::Constant[value=1]()
  %zero : int = prim::Constant[value=0]()
  %inner : int[] = prim::ListConstruct(%one)
  %outer : int[][] = prim::ListConstruct(%inner)
  %s : int = prim::Loop(%n, %true, %zero)
    block0(%i : int, %s.1 : int):
      %len : int = dcetest::len(%inner)
      %s.2 : int = aten::add(%s.1, %len)
      %a : int[] = dcetest::append(%inner, %i)
      -> (%true, %s.2)
  return (%outer, %s)
)IR";
  auto g = std::make_shared<Graph>();
  parseIR(ir, *g);
  eliminateDeadCode(g);
  FileCheck().check("dcetest::len").check("dcetest::append").run(g->toString());
}

}  // namespace
}  // namespace ember::jit

#include "alias_pass_cases.h"

namespace ember::jit {
namespace {

// Whole-graph DCE with alias analysis against PyTorch (tests/compat/passes/cases_alias.py).
TEST(DeadCodeElimination, AliasAwareMatchesPyTorch) {
  testing::runAliasPassCases("dce_alias", [](std::shared_ptr<Graph>& g) { eliminateDeadCode(g); });
}

// Without a graph there is no alias analysis: a write to a fresh value nobody reads stays.
TEST(DeadCodeElimination, BlockOnlyKeepsEveryWrite) {
  auto g = std::make_shared<Graph>();
  parseIR(R"IR(
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %y : Tensor = aten::mul(%x, %x)
  %w : Tensor = aten::add_(%y, %y, %one)
  return (%x)
)IR",
          *g);
  eliminateDeadCode(g->block());
  FileCheck().check("aten::mul").check("aten::add_").run(g->toString());
  eliminateDeadCode(g);
  FileCheck().checkNot("aten::mul").checkNot("aten::add_").run(g->toString());
}

}  // namespace
}  // namespace ember::jit

namespace ember::jit {
namespace {

void checkAfterDce(const char* ir) {
  auto g = std::make_shared<Graph>();
  parseIR(ir, *g);
  eliminateDeadCode(g);
  g->lint();
  FileCheck::runAnnotated(ir, g->toString());
}

// Note [Alias-aware DCE]: the write comes after the last read of %y, nothing observes it.
TEST(DeadCodeElimination, WriteAfterLastReadGoes) {
  checkAfterDce(R"IR(
graph(%x : Tensor):
  # CHECK: aten::mul
  # CHECK: aten::add
  # CHECK-NOT: aten::add_
  %one : int = prim::Constant[value=1]()
  %y : Tensor = aten::mul(%x, %x)
  %z : Tensor = aten::add(%y, %y, %one)
  %w : Tensor = aten::add_(%y, %y, %one)
  return (%z)
)IR");
}

TEST(DeadCodeElimination, WriteThroughAViewOfAnOutputStays) {
  checkAfterDce(R"IR(
graph(%x : Tensor, %size : int[]):
  # CHECK: aten::view
  # CHECK: aten::relu_
  %y : Tensor = aten::mul(%x, %x)
  %v : Tensor = aten::view(%y, %size)
  %w : Tensor = aten::relu_(%v)
  return (%y)
)IR");
}

TEST(DeadCodeElimination, WriteToAListElementStays) {
  // The element may be any tensor of the wildcard set, a graph input among them.
  checkAfterDce(R"IR(
graph(%l : Tensor[]):
  # CHECK: aten::__getitem__
  # CHECK: aten::relu_
  %zero : int = prim::Constant[value=0]()
  %e : Tensor = aten::__getitem__(%l, %zero)
  %w : Tensor = aten::relu_(%e)
  return (%zero)
)IR");
}

}  // namespace
}  // namespace ember::jit
