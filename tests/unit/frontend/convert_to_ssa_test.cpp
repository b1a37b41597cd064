// Conversion to SSA and the exit transform on hand-written pre-SSA graphs, shaped as the IR
// emitter writes them (variables through prim::Store/prim::Load, exits as statements, the loop
// condition as a second loop block, a placeholder prim::Uninitialized graph output). The
// expected graphs are what PyTorch 1.13 prints for the same source with
// torch.jit.CompilationUnit(src).fn.graph; constants are compared by value, not position,
// because constant pooling orders them differently.
#include "frontend/convert_to_ssa.h"

#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <sstream>

#include "ember/core/symbols.h"
#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"
#include "frontend/exit_transform.h"
#include "passes/dead_code_elimination.h"
#include "support/graph_text.h"

namespace ember::jit {
namespace {


std::shared_ptr<Graph> ssa(const char* preSSA, bool dce = true) {
  auto g = std::make_shared<Graph>();
  parseIR(preSSA, *g);
  convertToSSA(g);
  g->lint();
  if (dce) {
    eliminateDeadCode(g);
    g->lint();
  }
  return g;
}

void expectSameGraph(const std::shared_ptr<Graph>& g, const char* pytorch) {
  EXPECT_EQ(testing_support::normalizeGraphText(g->toString()), testing_support::normalizeGraphText(pytorch)) << g->toString();
}

// def f(x: int, c: bool):
//     if c:
//         y = x + 1
//     else:
//         y = x - 1
//     return y
TEST(ConvertToSSA, IfAssignsInBothBranches) {
  auto g = ssa(R"IR(
graph(%x.1 : int, %c.1 : bool):
  prim::Store[name="x"](%x.1)
  prim::Store[name="c"](%c.1)
  %c : bool = prim::Load[name="c"]()
  prim::If(%c)
    block0():
      %x : int = prim::Load[name="x"]()
      %one : int = prim::Constant[value=1]()
      %y.1 : int = aten::add(%x, %one)
      prim::Store[name="y"](%y.1)
      -> ()
    block1():
      %x.2 : int = prim::Load[name="x"]()
      %one.2 : int = prim::Constant[value=1]()
      %y.3 : int = aten::sub(%x.2, %one.2)
      prim::Store[name="y"](%y.3)
      -> ()
  %y.5 : int = prim::Load[name="y"]()
  prim::ReturnStmt(%y.5)
  %ret : int = prim::Uninitialized()
  return (%ret)
)IR");
  expectSameGraph(g, R"IR(graph(%x.1 : int,
      %c.1 : bool):
  %y : int = prim::If(%c.1) # <string>:3:4
    block0():
      %5 : int = prim::Constant[value=1]() # <string>:4:16
      %y.1 : int = aten::add(%x.1, %5) # <string>:4:12
      -> (%y.1)
    block1():
      %6 : int = prim::Constant[value=1]() # <string>:4:16
      %y.3 : int = aten::sub(%x.1, %6) # <string>:6:12
      -> (%y.3)
  return (%y)
)IR");
}

// def early(x: int, c: bool):
//     if c:
//         return x + 1
//     return x - 1
TEST(ConvertToSSA, EarlyReturnMergesIntoOneIf) {
  auto g = ssa(R"IR(
graph(%x.1 : int, %c.1 : bool):
  prim::Store[name="x"](%x.1)
  prim::Store[name="c"](%c.1)
  %c : bool = prim::Load[name="c"]()
  prim::If(%c)
    block0():
      %x : int = prim::Load[name="x"]()
      %one : int = prim::Constant[value=1]()
      %r1 : int = aten::add(%x, %one)
      prim::ReturnStmt(%r1)
      -> ()
    block1():
      -> ()
  %x.2 : int = prim::Load[name="x"]()
  %one.2 : int = prim::Constant[value=1]()
  %r2 : int = aten::sub(%x.2, %one.2)
  prim::ReturnStmt(%r2)
  %ret : int = prim::Uninitialized()
  return (%ret)
)IR");
  expectSameGraph(g, R"IR(graph(%x.1 : int,
      %c.1 : bool):
  %24 : int = prim::If(%c.1) # <string>:9:4
    block0():
      %5 : int = prim::Constant[value=1]() # <string>:10:19
      %6 : int = aten::add(%x.1, %5) # <string>:10:15
      -> (%6)
    block1():
      %7 : int = prim::Constant[value=1]() # <string>:10:19
      %22 : int = aten::sub(%x.1, %7) # <string>:11:11
      -> (%22)
  return (%24)
)IR");
}

// def brk(x: int):
//     i = 0
//     while i < x:
//         if i == 5:
//             break
//         i = i + 2
//     return i
TEST(ConvertToSSA, WhileWithBreak) {
  auto g = ssa(R"IR(
graph(%x.1 : int):
  prim::Store[name="x"](%x.1)
  %i.1 : int = prim::Constant[value=0]()
  prim::Store[name="i"](%i.1)
  %max : int = prim::Constant[value=9223372036854775807]()
  prim::Loop(%max)
    block0(%trip : int):
      %i.2 : int = prim::Load[name="i"]()
      %five : int = prim::Constant[value=5]()
      %eq : bool = aten::eq(%i.2, %five)
      prim::If(%eq)
        block0():
          prim::BreakStmt()
          -> ()
        block1():
          -> ()
      %i.3 : int = prim::Load[name="i"]()
      %two : int = prim::Constant[value=2]()
      %i.4 : int = aten::add(%i.3, %two)
      prim::Store[name="i"](%i.4)
      -> ()
    block1():
      %i.5 : int = prim::Load[name="i"]()
      %x.2 : int = prim::Load[name="x"]()
      %lt : bool = aten::lt(%i.5, %x.2)
      -> (%lt)
  %i.6 : int = prim::Load[name="i"]()
  prim::ReturnStmt(%i.6)
  %ret : int = prim::Uninitialized()
  return (%ret)
)IR");
  expectSameGraph(g, R"IR(graph(%x.1 : int):
  %i.1 : int = prim::Constant[value=0]() # <string>:18:8
  %2 : int = prim::Constant[value=9223372036854775807]() # <string>:19:4
  %9 : int = prim::Constant[value=5]() # <string>:20:16
  %13 : int = prim::Constant[value=2]() # <string>:22:16
  %22 : bool = prim::Constant[value=0]()
  %26 : bool = aten::lt(%i.1, %x.1) # <string>:19:10
  %i : int = prim::Loop(%2, %26, %i.1) # <string>:19:4
    block0(%7 : int, %i.15 : int):
      %10 : bool = aten::eq(%i.15, %9) # <string>:20:11
      %54 : bool, %55 : int = prim::If(%10) # <string>:20:8
        block0():
          -> (%22, %i.15)
        block1():
          %i.21 : int = aten::add(%i.15, %13) # <string>:22:12
          %47 : bool = aten::lt(%i.21, %x.1) # <string>:19:10
          -> (%47, %i.21)
      -> (%54, %55)
  return (%i)
)IR");
}

// def g(x: int):
//     i = 0
//     while i < x:
//         if i == 3:
//             i += 1
//             continue
//         i += 2
//     return i
TEST(ConvertToSSA, WhileWithContinueInlinesTheCondition) {
  auto g = ssa(R"IR(
graph(%x.1 : int):
  prim::Store[name="x"](%x.1)
  %i.1 : int = prim::Constant[value=0]()
  prim::Store[name="i"](%i.1)
  %max : int = prim::Constant[value=9223372036854775807]()
  prim::Loop(%max)
    block0(%trip : int):
      %i.2 : int = prim::Load[name="i"]()
      %three : int = prim::Constant[value=3]()
      %eq : bool = aten::eq(%i.2, %three)
      prim::If(%eq)
        block0():
          %i.3 : int = prim::Load[name="i"]()
          %one : int = prim::Constant[value=1]()
          %i.4 : int = aten::add(%i.3, %one)
          prim::Store[name="i"](%i.4)
          prim::ContinueStmt()
          -> ()
        block1():
          -> ()
      %i.5 : int = prim::Load[name="i"]()
      %two : int = prim::Constant[value=2]()
      %i.6 : int = aten::add(%i.5, %two)
      prim::Store[name="i"](%i.6)
      -> ()
    block1():
      %i.7 : int = prim::Load[name="i"]()
      %x.2 : int = prim::Load[name="x"]()
      %lt : bool = aten::lt(%i.7, %x.2)
      -> (%lt)
  %i.8 : int = prim::Load[name="i"]()
  prim::ReturnStmt(%i.8)
  %ret : int = prim::Uninitialized()
  return (%ret)
)IR");
  expectSameGraph(g, R"IR(graph(%x.1 : int):
  %i.1 : int = prim::Constant[value=0]() # <string>:10:8
  %2 : int = prim::Constant[value=9223372036854775807]() # <string>:11:4
  %9 : int = prim::Constant[value=3]() # <string>:12:16
  %13 : int = prim::Constant[value=1]() # <string>:13:17
  %21 : int = prim::Constant[value=2]() # <string>:15:13
  %41 : bool = aten::lt(%i.1, %x.1) # <string>:11:10
  %i : int = prim::Loop(%2, %41, %i.1) # <string>:11:4
    block0(%7 : int, %i.31 : int):
      %10 : bool = aten::eq(%i.31, %9) # <string>:12:11
      %69 : bool, %70 : int = prim::If(%10) # <string>:12:8
        block0():
          %i.9 : int = aten::add(%i.31, %13) # <string>:13:12
          %36 : bool = aten::lt(%i.9, %x.1) # <string>:11:10
          -> (%36, %i.9)
        block1():
          %i.41 : int = aten::add(%i.31, %21) # <string>:15:8
          %62 : bool = aten::lt(%i.41, %x.1) # <string>:11:10
          -> (%62, %i.41)
      -> (%69, %70)
  return (%i)
)IR");
}

// def k(i: float):
//     if i < 0:
//         raise Exception("neg")
//     else:
//         return i + 1.0
//     print(i)
TEST(ConvertToSSA, RaisingBranchCountsAsExit) {
  auto g = ssa(R"IR(
graph(%i.1 : float):
  prim::Store[name="i"](%i.1)
  %i.2 : float = prim::Load[name="i"]()
  %zero : int = prim::Constant[value=0]()
  %lt : bool = aten::lt(%i.2, %zero)
  prim::If(%lt)
    block0():
      %msg : str = prim::Constant[value="neg"]()
      %cls : str = prim::Constant[value="builtins.Exception"]()
      prim::RaiseException(%msg, %cls)
      -> ()
    block1():
      %i.3 : float = prim::Load[name="i"]()
      %one : float = prim::Constant[value=1.]()
      %r : float = aten::add(%i.3, %one)
      prim::ReturnStmt(%r)
      -> ()
  %i.4 : float = prim::Load[name="i"]()
  prim::Print(%i.4)
  %none : NoneType = prim::Constant()
  prim::ReturnStmt(%none)
  %ret : float = prim::Uninitialized()
  return (%ret)
)IR");
  expectSameGraph(g, R"IR(graph(%i.1 : float):
  %6 : str = prim::Constant[value="builtins.Exception"]() # <string>:25:14
  %5 : str = prim::Constant[value="neg"]() # <string>:25:24
  %2 : int = prim::Constant[value=0]() # <string>:24:11
  %9 : float = prim::Constant[value=1.]() # <string>:27:19
  %19 : float = prim::Uninitialized()
  %3 : bool = aten::lt(%i.1, %2) # <string>:24:7
  %20 : float = prim::If(%3) # <string>:24:4
    block0():
       = prim::RaiseException(%5, %6) # <string>:25:8
      -> (%19)
    block1():
      %10 : float = aten::add(%i.1, %9) # <string>:27:15
      -> (%10)
  return (%20)
)IR");
}

// A return inside a loop: the loop carries a "has returned" flag and the value, stops when the
// flag is set, and an If after it picks the returned value; the for-loop that may now stop early
// gets its own counter (CanonicalizeModifiedLoops).
//   def loopret(x: int):
//       for i in range(x):
//           if i > 3:
//               return i
//       return -1
TEST(ConvertToSSA, ReturnInsideLoop) {
  auto g = ssa(R"IR(
graph(%x.1 : int):
  prim::Store[name="x"](%x.1)
  %x.2 : int = prim::Load[name="x"]()
  %true : bool = prim::Constant[value=1]()
  prim::Loop(%x.2)
    block0(%i.1 : int):
      prim::Store[name="i"](%i.1)
      %i.2 : int = prim::Load[name="i"]()
      %three : int = prim::Constant[value=3]()
      %gt : bool = aten::gt(%i.2, %three)
      prim::If(%gt)
        block0():
          %i.3 : int = prim::Load[name="i"]()
          prim::ReturnStmt(%i.3)
          -> ()
        block1():
          -> ()
      -> ()
    block1():
      -> (%true)
  %m : int = prim::Constant[value=-1]()
  prim::ReturnStmt(%m)
  %ret : int = prim::Uninitialized()
  return (%ret)
)IR");
  expectSameGraph(g, R"IR(graph(%x.1 : int):
  %34 : int = prim::Constant[value=9223372036854775807]()
  %32 : int = prim::Constant[value=1]()
  %31 : int = prim::Constant[value=0]()
  %7 : int = prim::Constant[value=3]() # <string>:14:15
  %11 : int = prim::Constant[value=-1]() # <string>:16:12
  %18 : bool = prim::Constant[value=0]()
  %17 : bool = prim::Constant[value=1]()
  %20 : int = prim::Uninitialized()
  %33 : bool = aten::gt(%x.1, %31)
  %25 : bool, %26 : int, %35 : int = prim::Loop(%34, %33, %18, %20, %31) # <string>:13:4
    block0(%5 : int, %24 : bool, %27 : int, %36 : int):
      %8 : bool = aten::gt(%36, %7) # <string>:14:11
      %30 : bool, %21 : bool, %22 : int = prim::If(%8) # <string>:14:8
        block0():
          -> (%18, %17, %36)
        block1():
          -> (%17, %18, %20)
      %37 : int = aten::add(%36, %32)
      %38 : bool = aten::lt(%37, %x.1)
      %39 : bool = aten::__and__(%38, %30)
      -> (%39, %21, %22, %37)
  %29 : int = prim::If(%25)
    block0():
      -> (%26)
    block1():
      -> (%11)
  return (%29)
)IR");
}

// def comp(x: List[int]):
//     y = [v + 1 for v in x]
//     return y
TEST(ConvertToSSA, ComprehensionScopeIsInlined) {
  auto g = ssa(R"IR(
graph(%x.1 : int[]):
  prim::Store[name="x"](%x.1)
  %y.1 : int[] = prim::ListConstruct()
  prim::ComprehensionScope()
    block0():
      %x.2 : int[] = prim::Load[name="x"]()
      %n : int = aten::len(%x.2)
      %true : bool = prim::Constant[value=1]()
      prim::Loop(%n)
        block0(%k : int):
          %v.1 : int = aten::__getitem__(%x.2, %k)
          prim::Store[name="v"](%v.1)
          %v.2 : int = prim::Load[name="v"]()
          %one : int = prim::Constant[value=1]()
          %s : int = aten::add(%v.2, %one)
          %l : int[] = aten::append(%y.1, %s)
          -> ()
        block1():
          -> (%true)
      -> ()
  prim::Store[name="y"](%y.1)
  %y.2 : int[] = prim::Load[name="y"]()
  prim::ReturnStmt(%y.2)
  %ret : int[] = prim::Uninitialized()
  return (%ret)
)IR",
               /*dce=*/false);
  // No DCE: whether it keeps aten::append depends on the registered schema, not on SSA.
  FileCheck()
      .check("prim::ListConstruct()")
      .check("aten::len(%x.1)")
      .check("prim::Loop(")
      .check("aten::__getitem__(%x.1")
      .checkNot("ComprehensionScope")
      .check("return (%y.1)")
      .run(g->toString());
}

// def fn(n: int) -> Optional[int]:
//     r: Optional[int] = None
//     for i in range(n):
//         r = i
//     return r
TEST(ConvertToSSA, LoopCarriedTypeIsTheJoin) {
  auto g = ssa(R"IR(
graph(%n.1 : int):
  prim::Store[name="n"](%n.1)
  %r.1 : NoneType = prim::Constant()
  prim::Store[name="r"](%r.1)
  %true : bool = prim::Constant[value=1]()
  %n.2 : int = prim::Load[name="n"]()
  prim::Loop(%n.2)
    block0(%i.1 : int):
      prim::Store[name="i"](%i.1)
      %i.2 : int = prim::Load[name="i"]()
      prim::Store[name="r"](%i.2)
      -> ()
    block1():
      -> (%true)
  %r.2 : int? = prim::Load[name="r"]()
  prim::ReturnStmt(%r.2)
  %ret : int? = prim::Uninitialized()
  return (%ret)
)IR");
  expectSameGraph(g, R"IR(graph(%n.1 : int):
  %5 : bool = prim::Constant[value=1]() # <string>:3:4
  %r.1 : NoneType = prim::Constant() # <string>:2:23
  %r : int? = prim::Loop(%n.1, %5, %r.1) # <string>:3:4
    block0(%i.1 : int, %r.7 : int?):
      -> (%5, %i.1)
  return (%r)
)IR");
}

// A return inside a with-statement leaves the body, but the Exit still runs on both paths:
//   with ctx:
//       if c:
//           return 1
//       x = x + 1
//   return x
TEST(ConvertToSSA, ReturnInsideWithStillExits) {
  auto g = ssa(R"IR(
graph(%ctx : Tensor, %c.1 : bool, %x.1 : int):
  prim::Store[name="x"](%x.1)
  %e : Tensor = prim::Enter(%ctx)
  prim::If(%c.1)
    block0():
      %one : int = prim::Constant[value=1]()
      prim::ReturnStmt(%one)
      -> ()
    block1():
      -> ()
  %x.2 : int = prim::Load[name="x"]()
  %one.2 : int = prim::Constant[value=1]()
  %x.3 : int = aten::add(%x.2, %one.2)
  prim::Store[name="x"](%x.3)
  %ex : Tensor = prim::Exit(%e)
  %x.4 : int = prim::Load[name="x"]()
  prim::ReturnStmt(%x.4)
  %ret : int = prim::Uninitialized()
  return (%ret)
)IR");
  SCOPED_TRACE(g->toString());
  FileCheck().check("prim::Enter").check("prim::If(%c.1)").check("aten::add").check("prim::Exit").run(g->toString());
  size_t exits = 0;
  for (Node* n : g->nodes()) exits += n->kind() == prim::Exit;
  EXPECT_EQ(exits, 1u) << g->toString();  // at the top level: it runs whichever way the If went
  // After the Exit, an If picks the returned 1 or x + 1 by the "has returned" flag.
  Node* result = g->outputs()[0]->node();
  ASSERT_EQ(result->kind(), prim::If);
  Node* first = result->input(0)->node();
  ASSERT_EQ(first->kind(), prim::If);
  EXPECT_EQ(first->input(0), g->inputs()[1]);
  EXPECT_TRUE(first->isBefore(result));
  auto returned = toIValue(first->blocks()[0]->outputs()[result->blocks()[0]->outputs()[0]->offset()]);
  ASSERT_TRUE(returned && returned->isInt());
  EXPECT_EQ(returned->toInt(), 1);
  EXPECT_EQ(first->blocks()[1]->outputs()[result->blocks()[1]->outputs()[0]->offset()]->node()->kind(),
            Symbol::aten("add"));
}

TEST(ExitTransform, InlineConsecutiveIfs) {
  auto g = std::make_shared<Graph>();
  parseIR(R"IR(
graph(%c : bool, %x : int):
  %t : bool = prim::Constant[value=1]()
  %f : bool = prim::Constant[value=0]()
  %flag : bool = prim::If(%c)
    block0():
      -> (%t)
    block1():
      -> (%f)
  %r : int = prim::If(%flag)
    block0():
      %a : int = aten::neg(%x)
      -> (%a)
    block1():
      %b : int = aten::abs(%x)
      -> (%b)
  return (%r)
)IR",
          *g);
  inlineConsecutiveIfs(g->block());
  eliminateDeadCode(g);
  g->lint();
  FileCheck()
      .checkCount("prim::If", 1, true)
      .check("block0")
      .check("aten::neg")
      .check("block1")
      .check("aten::abs")
      .run(g->toString());
}

TEST(ConvertToSSA, ReadBeforeSetIsAnError) {
  auto g = std::make_shared<Graph>();
  parseIR(R"IR(
graph():
  %y : int = prim::Load[name="y"]()
  return (%y)
)IR",
          *g);
  EXPECT_THROW(convertToSSA(g), Error);
}

}  // namespace
}  // namespace ember::jit
