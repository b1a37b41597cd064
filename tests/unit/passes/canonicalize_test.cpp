#include "passes/canonicalize.h"

#include <gtest/gtest.h>

#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"

namespace ember::jit {
namespace {

const char* kGraph = R"IR(
graph(%x.1 : Tensor, %n : bool):
  %9 : int = prim::Constant[value=1]()
  %3 : Tensor = aten::add(%x.1, %x.1, %9)
  %y : Tensor = aten::mul(%3, %3)
  %7 : Tensor = prim::If(%n)
    block0():
      %b.1 : Tensor = aten::neg(%y)
      -> (%b.1)
    block1():
      -> (%y)
  return (%7)
)IR";

// Numbers as torch._C._jit_pass_canonicalize(graph[, False]) gives them for kGraph (its parse_ir
// drops node output names, so the kept names follow what it does for compiled graphs).
TEST(Canonicalize, RenumbersInOrderKeepingNames) {
  auto g = std::make_shared<Graph>();
  parseIR(kGraph, *g);
  auto c = canonicalize(g);
  c->lint();
  FileCheck()
      .check("graph(%x.1 : Tensor,")
      .check("%2 : int = prim::Constant[value=1]()")
      .check("%3 : Tensor = aten::add(%x.1, %x.1, %2)")
      .check("%y : Tensor = aten::mul(%3, %3)")
      .check("%5 : Tensor = prim::If(%n)")
      .check("%b.1 : Tensor = aten::neg(%y)")
      .check("return (%5)")
      .run(c->toString());
}

TEST(Canonicalize, WithoutUniqueNames) {
  auto g = std::make_shared<Graph>();
  parseIR(kGraph, *g);
  auto c = canonicalize(g, /*keepUniqueNames=*/false);
  c->lint();
  FileCheck()
      .check("graph(%0 : Tensor,")
      .check("%1 : bool):")
      .check("%3 : Tensor = aten::add(%0, %0, %2)")
      .check("%4 : Tensor = aten::mul(%3, %3)")
      .check("%5 : Tensor = prim::If(%1)")
      .check("%b.1 : Tensor = aten::neg(%4)")
      .run(c->toString());
}

}  // namespace
}  // namespace ember::jit
