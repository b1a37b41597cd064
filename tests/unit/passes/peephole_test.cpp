#include "passes/peephole.h"

#include <gtest/gtest.h>

#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"

namespace ember::jit {
namespace {

// What torch._C._jit_pass_peephole does to self-comparisons in PyTorch 1.13: folded for numbers
// and lists of numbers (even a float that may be NaN), kept for strings, devices and tensors.
TEST(Peephole, SelfComparisonsOfNumbersFold) {
  auto g = std::make_shared<Graph>();
  parseIR(R"IR(
graph(%x : float, %i : int, %l : int[], %s : str, %t : Tensor):
  %a : bool = aten::eq(%x, %x)
  %b : bool = aten::ne(%i, %i)
  %c : bool = aten::eq(%l, %l)
  %d : bool = aten::eq(%s, %s)
  %e : Tensor = aten::eq(%t, %t)
  %f : bool = aten::lt(%x, %x)
  return (%a, %b, %c, %d, %e, %f)
)IR",
          *g);
  EXPECT_TRUE(peepholeOptimize(g));
  std::string out = g->toString();
  FileCheck()
      .checkNot("aten::eq(%x")
      .checkNot("aten::ne(%i")
      .checkNot("aten::eq(%l")
      .check("aten::eq(%s, %s)")
      .check("aten::eq(%t, %t)")
      .check("aten::lt(%x, %x)")
      .run(out);
  FileCheck().check("bool = prim::Constant[value=1]").check("bool = prim::Constant[value=0]").run(out);
  EXPECT_FALSE(peepholeOptimize(g));
}

}  // namespace
}  // namespace ember::jit
