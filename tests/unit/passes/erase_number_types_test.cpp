#include "passes/erase_number_types.h"

#include <gtest/gtest.h>

#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"

namespace ember::jit {
namespace {

// The expected types and constants are what torch._C._jit_pass_erase_number_types prints.
TEST(EraseNumberTypes, NumbersBecomeTensors) {
  auto g = std::make_shared<Graph>();
  parseIR(R"IR(
graph(%x : int, %t : Tensor, %b : bool, %f : float):
  %one : int = prim::Constant[value=1]()
  %h : float = prim::Constant[value=2.5]()
  %tr : bool = prim::Constant[value=1]()
  %a : int = aten::add(%x, %one)
  %n : Tensor = prim::NumToTensor(%a)
  %s : Tensor = aten::add(%t, %n, %one)
  %i : int = aten::Int(%s)
  %c : bool = aten::__and__(%b, %tr)
  %q : float = aten::mul(%f, %h)
  %r : (int, bool, float) = prim::TupleConstruct(%i, %c, %q)
  return (%r)
)IR",
          *g);
  EXPECT_TRUE(eraseNumberTypes(g));
  g->lint();
  FileCheck()
      .check("graph(%x : Long(device=cpu),")
      .check("%b : Bool(device=cpu),")
      .check("%f : Double(device=cpu)):")
      .check("Long(device=cpu) = prim::Constant[value={1}]()")
      .check("Double(device=cpu) = prim::Constant[value={2.5}]()")
      .check("Bool(device=cpu) = prim::Constant[value={1}]()")
      .check("%a : Long(device=cpu) = aten::add(%x, %one)")
      .check("%s : Tensor = aten::add(%t, %a, %one)")
      .check("%c : Bool(device=cpu) = aten::__and__(%b, %tr)")
      .check("prim::TupleConstruct(%s, %c, %q)")
      .run(g->toString());
  FileCheck().checkNot("prim::NumToTensor").checkNot("aten::Int").run(g->toString());
}

TEST(EraseNumberTypes, OtherTypesStay) {
  auto g = std::make_shared<Graph>();
  parseIR(R"IR(
graph(%s : str, %n : Scalar):
  %none : NoneType = prim::Constant()
  %l : int[] = prim::Constant[value=[1, 2]]()
  %r : (str, Scalar, NoneType, int[]) = prim::TupleConstruct(%s, %n, %none, %l)
  return (%r)
)IR",
          *g);
  EXPECT_FALSE(eraseNumberTypes(g));
  FileCheck().check("%n : Scalar").check("int[] = prim::Constant[value=[1, 2]]").run(g->toString());
}

}  // namespace
}  // namespace ember::jit
