// normalizeOps: the node kinds PyTorch 1.13's compiled graphs show for aliases, rsub and `is`
// on bools (what tests/compat/overloads checks end to end on ~2,100 calls).
#include "passes/normalize_ops.h"

#include <gtest/gtest.h>

#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"

namespace ember::jit {
namespace {

std::string normalized(const std::string& ir) {
  auto g = std::make_shared<Graph>();
  parseIR(ir, *g);
  normalizeOps(g);
  g->lint();
  return g->toString();
}

TEST(NormalizeOps, AliasesBecomeCanonicalOperators) {
  std::string out = normalized(R"IR(
graph(%x : Tensor, %y : Tensor):
  %0 : int = prim::Constant[value=0]()
  %a : Tensor = aten::absolute(%x)
  %b : Tensor = aten::greater(%x, %y)
  %l : Tensor[] = prim::ListConstruct(%x, %y)
  %c : Tensor = aten::concat(%l, %0)
  %d : Tensor = aten::special_expit(%a)
  %e : Tensor = aten::multiply_(%d, %y)
  %r : (Tensor, Tensor, Tensor, Tensor) = prim::TupleConstruct(%b, %c, %d, %e)
  return (%r)
)IR");
  FileCheck()
      .check("%a : Tensor = aten::abs(%x)")
      .check("aten::gt(%x, %y)")
      .check("aten::cat(%l, %0)")
      .check("%d : Tensor = aten::sigmoid(%a)")
      .check("aten::mul_(%d, %y)")
      .run(out);
  for (const char* alias : {"absolute", "greater", "concat", "special_expit", "multiply"})
    FileCheck().checkNot(std::string("aten::") + alias).run(out);
}

TEST(NormalizeOps, RsubOfTensorsIsSubWithOperandsSwapped) {
  std::string out = normalized(R"IR(
graph(%x : Tensor, %y : Tensor):
  %1 : int = prim::Constant[value=2]()
  %a : Tensor = aten::rsub(%x, %y, %1)
  %b : Tensor = aten::rsub(%x, %1, %1)
  %r : (Tensor, Tensor) = prim::TupleConstruct(%a, %b)
  return (%r)
)IR");
  // rsub.Scalar has no sub counterpart with swapped operands and stays.
  FileCheck().check("%a : Tensor = aten::sub(%y, %x, %1)").check("aten::rsub(%x, %1, %1)").run(out);
}

TEST(NormalizeOps, IsBetweenBoolsIsEqInNestedBlocks) {
  std::string out = normalized(R"IR(
graph(%a : bool, %b : bool, %i : int, %j : int):
  %r : bool = prim::If(%a)
    block0():
      %s : bool = aten::__is__(%a, %b)
      %t : bool = aten::__isnot__(%a, %b)
      %u : bool = aten::__is__(%i, %j)
      %v : bool = aten::__and__(%s, %t)
      %w : bool = aten::__and__(%v, %u)
      -> (%w)
    block1():
      -> (%b)
  return (%r)
)IR");
  FileCheck()
      .check("aten::eq(%a, %b)")
      .check("aten::ne(%a, %b)")
      .check("aten::__is__(%i, %j)")  // only bools: `is` on ints keeps its meaning
      .run(out);
}

}  // namespace
}  // namespace ember::jit
