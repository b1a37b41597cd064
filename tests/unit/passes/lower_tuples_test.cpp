#include "passes/lower_tuples.h"

#include <gtest/gtest.h>

#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"
#include "pass_cases.h"

namespace ember::jit {
namespace {

TEST(LowerTuples, MatchesPyTorch) {
  testing::runPassCases("lower_tuples", [](std::shared_ptr<Graph>& g) { lowerSimpleTuples(g); });
}

TEST(LowerTuples, NegativeAndOutOfRangeIndices) {
  auto g = std::make_shared<Graph>();
  parseIR(R"IR(
graph(%x : int, %y : str):
  %t : (int, str) = prim::TupleConstruct(%x, %y)
  %m1 : int = prim::Constant[value=-1]()
  %five : int = prim::Constant[value=5]()
  %a : str = prim::TupleIndex(%t, %m1)
  %b : int = prim::TupleIndex(%t, %five)
  %r : (str, int) = prim::TupleConstruct(%a, %b)
  return (%r)
)IR",
          *g);
  lowerSimpleTuples(g);
  g->lint();
  // -1 reads %y directly; index 5 stays for the run-time error.
  FileCheck().check("prim::TupleIndex(%t, %five)").check("prim::TupleConstruct(%y, %b)").run(g->toString());
}

}  // namespace
}  // namespace ember::jit
