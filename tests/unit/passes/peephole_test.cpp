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

// A list that something may write to keeps its reads: PyTorch proves "only read" with alias
// analysis, ember accepts only reading uses.
TEST(Peephole, ListIdiomsOnlyOnListsThatAreOnlyRead) {
  auto g = std::make_shared<Graph>();
  parseIR(R"IR(
graph(%x : int, %y : int):
  %zero : int = prim::Constant[value=0]()
  %l : int[] = prim::ListConstruct(%x, %y)
  %m : int[] = prim::ListConstruct(%x, %y)
  %n : int = aten::len(%l)
  %a : int = aten::__getitem__(%l, %zero)
  %p : int[] = aten::append(%m, %x)
  %k : int = aten::len(%m)
  %b : int = aten::__getitem__(%m, %zero)
  %r : (int, int, int, int) = prim::TupleConstruct(%n, %a, %k, %b)
  return (%r)
)IR",
          *g);
  EXPECT_TRUE(peepholeOptimize(g));
  g->lint();
  std::string out = g->toString();
  FileCheck().check("int = prim::Constant[value=2]()").check("aten::len(%m)").check("aten::__getitem__(%m").run(out);
  FileCheck().check("prim::TupleConstruct(%").checkSame(", %x, %").run(out);
  FileCheck().checkNot("aten::len(%l)").checkNot("aten::__getitem__(%l").run(out);
}

TEST(Peephole, IntIdentitiesAndTensorProperties) {
  auto g = std::make_shared<Graph>();
  parseIR(R"IR(
graph(%x : int, %t : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu), %u : Tensor):
  %zero : int = prim::Constant[value=0]()
  %one : int = prim::Constant[value=1]()
  %a : int = aten::add(%x, %zero)
  %b : int = aten::mul(%one, %a)
  %c : int = aten::mul(%b, %zero)
  %d : int = aten::dim(%t)
  %e : int = aten::dim(%u)
  %s : int[] = aten::size(%t)
  %tt : Tensor = aten::t(%u)
  %tt2 : Tensor = aten::t(%tt)
  %r : (int, int, int, int[], Tensor) = prim::TupleConstruct(%c, %d, %e, %s, %tt2)
  return (%r)
)IR",
          *g);
  EXPECT_TRUE(peepholeOptimize(g));
  g->lint();
  std::string out = g->toString();
  FileCheck()
      .check("aten::mul(%x, %zero)")
      .check("prim::Constant[value=2]()")
      .check("aten::dim(%u)")
      .check("prim::Constant[value=[2, 3]]()")
      .check("prim::TupleConstruct(")
      .checkSame(", %u)")
      .run(out);
  FileCheck().checkNot("aten::add").checkNot("aten::t(").run(out);
}

// An Optional may be None: its comparison with None and its unwrap stay (the program corpus
// cases 123 and 293 run wrong otherwise).
TEST(Peephole, OptionalsMayBeNone) {
  auto g = std::make_shared<Graph>();
  parseIR(R"IR(
graph(%x : int?, %u : Union(int, NoneType)):
  %none : NoneType = prim::Constant()
  %a : bool = aten::__is__(%x, %none)
  %b : bool = aten::__isnot__(%u, %none)
  %c : int = aten::_unwrap_optional(%x)
  %d : int = prim::unchecked_unwrap_optional(%x)
  %r : (bool, bool, int, int) = prim::TupleConstruct(%a, %b, %c, %d)
  return (%r)
)IR",
          *g);
  EXPECT_FALSE(peepholeOptimize(g));
  FileCheck()
      .check("aten::__is__(%x, %none)")
      .check("aten::__isnot__(%u, %none)")
      .check("aten::_unwrap_optional(%x)")
      .check("prim::unchecked_unwrap_optional(%x)")
      .run(g->toString());
}

}  // namespace
}  // namespace ember::jit
