#include "passes/constant_pooling.h"

#include <gtest/gtest.h>

#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"
#include "pass_cases.h"

namespace ember::jit {
namespace {

TEST(ConstantPooling, MatchesPyTorch) {
  testing::runPassCases("constant_pooling", [](std::shared_ptr<Graph>& g) { constantPooling(g); });
}

// PyTorch 1.13 merges 0. and -0. (its float comparison is ==); they are different values
// (1 / -0. is -inf), so ember keeps both.
TEST(ConstantPooling, SignedZerosStayApart) {
  auto g = std::make_shared<Graph>();
  parseIR(R"IR(
graph():
  %a : float = prim::Constant[value=0.]()
  %b : float = prim::Constant[value=-0.]()
  %c : float = prim::Constant[value=-0.]()
  %r : (float, float, float) = prim::TupleConstruct(%a, %b, %c)
  return (%r)
)IR",
          *g);
  constantPooling(g);
  FileCheck().checkCount("prim::Constant", 2, true).run(g->toString());
  FileCheck().check("value=-0.").check("value=0.").run(g->toString());
}

TEST(ConstantPooling, IntAndBoolDiffer) {
  auto g = std::make_shared<Graph>();
  parseIR(R"IR(
graph():
  %a : int = prim::Constant[value=1]()
  %b : bool = prim::Constant[value=1]()
  %c : int = prim::Constant[value=1]()
  %r : (int, bool, int) = prim::TupleConstruct(%a, %b, %c)
  return (%r)
)IR",
          *g);
  constantPooling(g);
  FileCheck().checkCount("prim::Constant", 2, true).run(g->toString());
}

}  // namespace
}  // namespace ember::jit
