// The interpreter's typed scalar instructions, the compare-and-branch fusion and register
// coalescing: listings show the instructions chosen, results follow Python's semantics (noted
// next to each graph), including the cases where coalescing must not happen.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "ember/core/stack.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"
#include "runtime/code.h"
#include "runtime/interpreter.h"
#include "runtime/scalar_instructions.h"

namespace ember::jit {
namespace {

std::shared_ptr<Graph> graphOf(const char* ir) {
  auto g = std::make_shared<Graph>();
  parseIR(ir, *g);
  return g;
}

Stack run(const Code& code, Stack inputs) {
  InterpreterState(code).run(inputs);
  return inputs;
}

TEST(ScalarInstructions, IntArithmeticIsPythons) {
  // (a // b, a % b, a - b * 2, a < b, a == b) with floor division and modulo toward -inf
  const char* ir = R"IR(
graph(%a : int, %b : int):
  %two : int = prim::Constant[value=2]()
  %q : int = aten::floordiv(%a, %b)
  %r : int = aten::remainder(%a, %b)
  %m : int = aten::mul(%b, %two)
  %d : int = aten::sub(%a, %m)
  %lt : bool = aten::lt(%a, %b)
  %eq : bool = aten::eq(%a, %b)
  return (%q, %r, %d, %lt, %eq))IR";
  Code code(graphOf(ir), "f");
  std::string listing = code.toString();
  EXPECT_NE(listing.find("= floordiv 0, 1"), std::string::npos) << listing;
  Stack out = run(code, {IValue(int64_t{-7}), IValue(int64_t{2})});
  ASSERT_EQ(out.size(), 5u);
  EXPECT_EQ(out[0].toInt(), -4);
  EXPECT_EQ(out[1].toInt(), 1);
  EXPECT_EQ(out[2].toInt(), -11);
  EXPECT_TRUE(out[3].toBool());
  EXPECT_FALSE(out[4].toBool());
  // int // 0 raises as the operator does.
  EXPECT_THROW(run(code, {IValue(int64_t{1}), IValue(int64_t{0})}), Error);
}

TEST(ScalarInstructions, FloatArithmeticAndNanComparisons) {
  // (a / b, a // b, a % b, a < b) for floats: inf for a zero divisor, remainder with b's sign
  const char* ir = R"IR(
graph(%a : float, %b : float):
  %q : float = aten::div(%a, %b)
  %f : float = aten::floordiv(%a, %b)
  %r : float = aten::remainder(%a, %b)
  %lt : bool = aten::lt(%a, %b)
  return (%q, %f, %r, %lt))IR";
  Code code(graphOf(ir), "f");
  Stack out = run(code, {IValue(-7.5), IValue(2.0)});
  EXPECT_DOUBLE_EQ(out[0].toDouble(), -3.75);
  EXPECT_DOUBLE_EQ(out[1].toDouble(), -4.0);
  EXPECT_DOUBLE_EQ(out[2].toDouble(), 0.5);
  EXPECT_TRUE(out[3].toBool());
  out = run(code, {IValue(1.0), IValue(0.0)});
  EXPECT_TRUE(std::isinf(out[0].toDouble()));
  out = run(code, {IValue(std::nan("")), IValue(1.0)});
  EXPECT_FALSE(out[3].toBool());
}

TEST(ScalarInstructions, ComparisonFeedingAnIfBecomesOneInstruction) {
  // 10 if a < b else 20; a NaN compares false
  const char* ir = R"IR(
graph(%a : float, %b : float):
  %c : bool = aten::lt(%a, %b)
  %r : int = prim::If(%c)
    block0():
      %ten : int = prim::Constant[value=10]()
      -> (%ten)
    block1():
      %twenty : int = prim::Constant[value=20]()
      -> (%twenty)
  return (%r))IR";
  Code code(graphOf(ir), "f");
  std::string listing = code.toString();
  EXPECT_NE(listing.find("JumpIfFalse lt move(0), move(1) "), std::string::npos) << listing;
  EXPECT_EQ(run(code, {IValue(1.0), IValue(2.0)}).at(0).toInt(), 10);
  EXPECT_EQ(run(code, {IValue(3.0), IValue(2.0)}).at(0).toInt(), 20);
  EXPECT_EQ(run(code, {IValue(std::nan("")), IValue(2.0)}).at(0).toInt(), 20);
}

TEST(ScalarInstructions, AWrongKindFallsBackToTheOperator) {
  // A Scalar-typed program value reaching a typed instruction: the operator reports the mismatch.
  const char* ir = R"IR(
graph(%a : int, %b : int):
  %s : int = aten::add(%a, %b)
  return (%s))IR";
  Code code(graphOf(ir), "f");
  EXPECT_EQ(run(code, {IValue(int64_t{2}), IValue(int64_t{3})}).at(0).toInt(), 5);
  EXPECT_THROW(run(code, {IValue(2.5), IValue(int64_t{3})}), Error);
}

TEST(RegisterCoalescing, BranchResultsAndTheNextIterationsValueNeedNoMoves) {
  // total = 0; for i in range(n): total = total + (4 if i % 3 == 0 else i)
  const char* ir = R"IR(
graph(%n : int):
  %true : bool = prim::Constant[value=1]()
  %zero : int = prim::Constant[value=0]()
  %three : int = prim::Constant[value=3]()
  %four : int = prim::Constant[value=4]()
  %total : int = prim::Loop(%n, %true, %zero)
    block0(%i : int, %t.1 : int):
      %m : int = aten::remainder(%i, %three)
      %c : bool = aten::eq(%m, %zero)
      %t.2 : int = prim::If(%c)
        block0():
          %a : int = aten::add(%t.1, %four)
          -> (%a)
        block1():
          %b : int = aten::add(%t.1, %i)
          -> (%b)
      -> (%true, %t.2)
  return (%total))IR";
  Code code(graphOf(ir), "f");
  std::string listing = code.toString();
  EXPECT_EQ(listing.find("= move("), listing.rfind("= move(")) << "only the loop's exit moves:\n" << listing;
  // 4 (i=0) + 1 + 2 + 4 (i=3) + 4 + 5 = 20
  EXPECT_EQ(run(code, {IValue(int64_t{6})}).at(0).toInt(), 20);
}

TEST(RegisterCoalescing, NoSharingWhileTheCarriedValueIsStillRead) {
  // for i in range(n): nx = x + 1; acc = acc + x; x = nx   (x read after nx is computed)
  const char* ir = R"IR(
graph(%n : int, %x0 : int):
  %true : bool = prim::Constant[value=1]()
  %zero : int = prim::Constant[value=0]()
  %one : int = prim::Constant[value=1]()
  %x : int, %acc : int = prim::Loop(%n, %true, %x0, %zero)
    block0(%i : int, %x.1 : int, %acc.1 : int):
      %nx : int = aten::add(%x.1, %one)
      %acc.2 : int = aten::add(%acc.1, %x.1)
      -> (%true, %nx, %acc.2)
  return (%x, %acc))IR";
  Code code(graphOf(ir), "f");
  Stack out = run(code, {IValue(int64_t{3}), IValue(int64_t{5})});
  EXPECT_EQ(out.at(0).toInt(), 8);
  EXPECT_EQ(out.at(1).toInt(), 18);  // 5 + 6 + 7
}

TEST(RegisterCoalescing, NoSharingWhenABranchReadsTheCarriedValueAfterItsResult) {
  // for i in range(n): (x, y) = (x + 1, x * 2) if c else (x, y)
  const char* ir = R"IR(
graph(%n : int, %c : bool):
  %true : bool = prim::Constant[value=1]()
  %one : int = prim::Constant[value=1]()
  %two : int = prim::Constant[value=2]()
  %zero : int = prim::Constant[value=0]()
  %x : int, %y : int = prim::Loop(%n, %true, %one, %zero)
    block0(%i : int, %x.1 : int, %y.1 : int):
      %x.2 : int, %y.2 : int = prim::If(%c)
        block0():
          %a : int = aten::add(%x.1, %one)
          %b : int = aten::mul(%x.1, %two)
          -> (%a, %b)
        block1():
          -> (%x.1, %y.1)
      -> (%true, %x.2, %y.2)
  return (%x, %y))IR";
  Code code(graphOf(ir), "f");
  Stack out = run(code, {IValue(int64_t{3}), IValue(true)});
  EXPECT_EQ(out.at(0).toInt(), 4);  // 1 -> 2 -> 3 -> 4
  EXPECT_EQ(out.at(1).toInt(), 6);  // 2 * 3
  out = run(code, {IValue(int64_t{3}), IValue(false)});
  EXPECT_EQ(out.at(0).toInt(), 1);
  EXPECT_EQ(out.at(1).toInt(), 0);
}

TEST(ConstantDivisors, ReciprocalsMatchHardwareDivision) {
  // Every 32-bit dividend class against divisors from 1 (remainder only) to 2^32 - 1.
  std::vector<uint64_t> divisors{1, 2, 3, 5, 7, 10, 15, 64, 255, 1000, 65537, 2147483647, 2147483648, 4294967295};
  std::vector<uint64_t> dividends{0, 1, 2, 3, 14, 15, 16, 99999, 2147483647, 2147483648, 4294967294, 4294967295};
  uint64_t x = 88172645463325252ull;  // xorshift64: more dividends, same every run
  for (int i = 0; i < 2000; ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    dividends.push_back(x & 0xffffffffu);
  }
  for (uint64_t d : divisors) {
    const uint64_t magic = fastDivisorMagic(d);
    for (uint64_t n : dividends) {
      ASSERT_EQ(fastRemainder(n, magic, d), n % d) << n << " % " << d;
      if (d >= 2) {
        ASSERT_EQ(fastQuotient(n, magic), n / d) << n << " // " << d;
      }
    }
  }
}

TEST(ConstantDivisors, InstructionsKeepPythonSemanticsForEveryDividend) {
  // (a % 7, a // 7, a % 1, a // 1): a reciprocal where it is exact, the general path for
  // negative dividends and those from 2^32 up (floor division and modulo toward -inf).
  const char* ir = R"IR(
graph(%a : int):
  %seven : int = prim::Constant[value=7]()
  %one : int = prim::Constant[value=1]()
  %r : int = aten::remainder(%a, %seven)
  %q : int = aten::floordiv(%a, %seven)
  %r1 : int = aten::remainder(%a, %one)
  %q1 : int = aten::floordiv(%a, %one)
  return (%r, %q, %r1, %q1))IR";
  Code code(graphOf(ir), "f");
  for (int64_t a : {int64_t{0}, int64_t{6}, int64_t{7}, int64_t{4294967295}, int64_t{4294967296}, int64_t{1} << 40,
                    int64_t{-1}, int64_t{-7}, int64_t{-8}, std::numeric_limits<int64_t>::min()}) {
    Stack out = run(code, {IValue(a)});
    ASSERT_EQ(out.size(), 4u);
    int64_t r = a % 7, q = a / 7;
    if (r < 0) r += 7, q -= 1;
    EXPECT_EQ(out.at(0).toInt(), r) << a;
    EXPECT_EQ(out.at(1).toInt(), q) << a;
    EXPECT_EQ(out.at(2).toInt(), 0) << a;
    EXPECT_EQ(out.at(3).toInt(), a) << a;
  }
}

TEST(LoopBackEdges, BranchEndsRunTheLoopTestThemselves) {
  // for i in range(n): t += 1 if i % 2 == 0 else i -- both branch ends re-test the loop
  const char* ir = R"IR(
graph(%n : int):
  %true : bool = prim::Constant[value=1]()
  %zero : int = prim::Constant[value=0]()
  %one : int = prim::Constant[value=1]()
  %two : int = prim::Constant[value=2]()
  %total : int = prim::Loop(%n, %true, %zero)
    block0(%i : int, %t.1 : int):
      %m : int = aten::remainder(%i, %two)
      %c : bool = aten::eq(%m, %zero)
      %t.3 : int = prim::If(%c)
        block0():
          %t.2 : int = aten::add(%t.1, %one)
          -> (%t.2)
        block1():
          %t.4 : int = aten::add(%t.1, %i)
          -> (%t.4)
      -> (%true, %t.3)
  return (%total))IR";
  Code code(graphOf(ir), "f");
  std::string listing = code.toString();
  EXPECT_EQ(listing.find("Jump "), std::string::npos) << listing;
  size_t first = listing.find("Loop trip=");
  ASSERT_NE(first, std::string::npos) << listing;
  EXPECT_NE(listing.find("Loop trip=", first + 1), std::string::npos) << listing;
  EXPECT_EQ(run(code, {IValue(int64_t{6})}).at(0).toInt(), 3 + 1 + 3 + 5);
  EXPECT_EQ(run(code, {IValue(int64_t{0})}).at(0).toInt(), 0);
}

}  // namespace
}  // namespace ember::jit
