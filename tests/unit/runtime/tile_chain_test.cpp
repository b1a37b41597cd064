// Register chains (runtime/fuser/tile_chain.h): which instruction runs become chains (the
// program listing, FileCheck), and that a chained program computes exactly what the unfused
// operators compute, bit for bit (NaN matching NaN), and what the same program without chains
// computes: every step kind, the accumulator on either side, operands that are tiles, numbers,
// 0-dim tensors and gathered broadcasts, sizes around the strip and tile widths, float and double.
#include "runtime/fuser/tile_chain.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "ember/core/symbols.h"
#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/tensor.h"
#include "passes/tensorexpr_fuser.h"
#include "runtime/fuser/fusion_group.h"
#include "runtime/fuser/tile_executor.h"
#include "runtime/fuser/tile_program.h"
#include "unit/runtime/interpreter_test_ops.h"

namespace ember::jit {
namespace {

using itest::parseGraph;
using itest::runCodeOf;

struct ChainsOff {
  ChainsOff() { setTileChainsEnabled(false); }
  ~ChainsOff() { setTileChainsEnabled(true); }
};

::testing::AssertionResult identical(const Tensor& got, const Tensor& want) {
  if (got.scalar_type() != want.scalar_type() || got.sizes() != want.sizes())
    return ::testing::AssertionFailure() << "dtype or shape differs";
  Tensor g = got.contiguous(), w = want.contiguous();
  Tensor gd = g.to(kDouble).contiguous(), wd = w.to(kDouble).contiguous();
  const size_t es = g.element_size();
  const char* a = static_cast<const char*>(g.data_ptr());
  const char* b = static_cast<const char*>(w.data_ptr());
  for (int64_t i = 0; i < g.numel(); ++i) {
    if (std::memcmp(a + i * es, b + i * es, es) == 0) continue;
    const double x = gd.data_ptr<double>()[i], y = wd.data_ptr<double>()[i];
    if (std::isnan(x) && std::isnan(y)) continue;
    return ::testing::AssertionFailure() << "element " << i << ": " << x << " != " << y;
  }
  return ::testing::AssertionSuccess();
}

// The group body `ir` compiled for `inputs` (with or without chains) and run by the tile loop.
std::vector<Tensor> runProgram(const std::string& ir, const Stack& inputs, std::string* listing = nullptr) {
  auto g = parseGraph(ir);
  std::optional<TileProgram> prog = compileTileProgram(*g, inputs.data());
  EXPECT_TRUE(prog.has_value()) << ir;
  if (!prog) return {};
  if (listing) *listing = prog->str();
  std::vector<Tensor> out;
  EXPECT_TRUE(runTileProgram(*prog, inputs.data(), inputs.size(), out));
  return out;
}

// The chained program against the unchained one and against the unfused operators.
void checkChain(const std::string& ir, const Stack& inputs) {
  std::vector<Tensor> chained = runProgram(ir, inputs);
  std::vector<Tensor> plain;
  {
    ChainsOff off;
    plain = runProgram(ir, inputs);
  }
  Stack unfused = runCodeOf(parseGraph(ir), inputs);
  ASSERT_EQ(chained.size(), unfused.size());
  ASSERT_EQ(plain.size(), unfused.size());
  for (size_t i = 0; i < chained.size(); ++i) {
    EXPECT_TRUE(identical(chained[i], unfused[i].toTensor())) << "output " << i << " vs unfused";
    EXPECT_TRUE(identical(chained[i], plain[i])) << "output " << i << " vs unchained";
  }
}

// Data with the awkward values mixed in: NaN, infinities, signed zeros (unless `zeros` is
// false), tiny and huge numbers.
Tensor awkward(int64_t n, ScalarType dtype, uint64_t seed, bool zeros = true) {
  manual_seed(seed);
  Tensor t = randn({n}, kDouble).mul(3.0);
  const double special[] = {NAN, INFINITY, -INFINITY, zeros ? 0.0 : 0.5, zeros ? -0.0 : -0.5, 1e-40, -1e-310, 3e38,
                            -2.5, 1.0};
  double* d = t.data_ptr<double>();
  for (int64_t i = 0; i < n; i += 7) d[i] = special[(i / 7) % 10];
  return t.to(dtype);
}

// chain10 of the benchmark: one chain of eleven steps reading a, b and three numbers.
const char* kChain10 = R"IR(
graph(%a : Float(*, requires_grad=0, device=cpu), %b : Float(*, requires_grad=0, device=cpu)):
  %half : float = prim::Constant[value=0.5]()
  %quarter : float = prim::Constant[value=0.25]()
  %one : int = prim::Constant[value=1]()
  %1 : Tensor = aten::mul(%a, %b)
  %2 : Tensor = aten::add(%1, %a, %one)
  %3 : Tensor = aten::mul(%2, %half)
  %4 : Tensor = aten::sub(%3, %b, %one)
  %5 : Tensor = aten::relu(%4)
  %6 : Tensor = aten::add(%5, %one, %one)
  %7 : Tensor = aten::sqrt(%6)
  %8 : Tensor = aten::mul(%7, %a)
  %9 : Tensor = aten::sub(%8, %b, %one)
  %10 : Tensor = aten::mul(%9, %quarter)
  return (%10)
)IR";

TEST(TileChain, Chain10IsOneChainInstruction) {
  std::string listing;
  runProgram(kChain10, {randn({100}), randn({100})}, &listing);
  FileCheck()
      .check("out0:Float = chain(in0:Float, in1:Float, u")
      .check("[load@0 mul@1 add@0 mul@2 sub@1 relu add@3 sqrt mul@0 sub@1 mul@4]")
      .checkNot(" = binary(")
      .check("slots: 2")  // only the two input slots: no temporaries left
      .run(listing);
}

TEST(TileChain, Chain10MatchesUnfusedAcrossSizes) {
  for (int64_t n : {1, 15, 16, 127, 128, 129, 1023, 1024, 1025, 3000, 70000})
    checkChain(kChain10, {awkward(n, kFloat, 1), awkward(n, kFloat, 2)});
}

// Every step kind, the accumulator as the second operand (rsub, a number minus it, a number
// divided by it), the accumulator with itself (t * t, t - t), in double.
const char* kEveryStep = R"IR(
graph(%a : Double(*, requires_grad=0, device=cpu), %b : Double(*, requires_grad=0, device=cpu)):
  %one : int = prim::Constant[value=1]()
  %three : float = prim::Constant[value=3.]()
  %1 : Tensor = aten::div(%a, %b)
  %2 : Tensor = aten::rsub(%1, %three, %one)
  %3 : Tensor = aten::div(%b, %2)
  %4 : Tensor = aten::abs(%3)
  %5 : Tensor = aten::rsqrt(%4)
  %6 : Tensor = aten::neg(%5)
  %7 : Tensor = aten::reciprocal(%6)
  %8 : Tensor = aten::mul(%7, %7)
  %9 : Tensor = aten::sub(%a, %8, %one)
  %10 : Tensor = aten::relu(%9)
  %11 : Tensor = aten::sqrt(%10)
  %12 : Tensor = aten::add(%b, %11, %one)
  %13 : Tensor = aten::div(%b, %12)
  %14 : Tensor = aten::sub(%13, %13, %one)
  %15 : Tensor = aten::add(%14, %12, %one)
  return (%15)
)IR";

TEST(TileChain, EveryStepKindMatchesUnfused) {
  std::string listing;
  runProgram(kEveryStep, {randn({10}, kDouble), randn({10}, kDouble)}, &listing);
  // %12 is read twice (by %13 and %15): the chain ends there and a second one starts.
  FileCheck()
      .check("= chain(")
      .check("[load@0 div@1 rsub@2 rdiv@1 abs rsqrt neg reciprocal mul rsub@0 relu sqrt add@1]")
      .check("= chain(")
      .check("[load@0 div@1 sub add@1]")
      .run(listing);
  for (int64_t n : {3, 64, 131, 2049}) checkChain(kEveryStep, {awkward(n, kDouble, 3), awkward(n, kDouble, 4)});
}

// Operands that are not plain tiles: a Python-number input, a 0-dim tensor (a uniform), a
// broadcast row and column (gathered into slots), and a transposed input.
TEST(TileChain, NumbersZeroDimAndBroadcastOperands) {
  const char* ir = R"IR(
graph(%a : Float(*, *, requires_grad=0, device=cpu), %r : Float(*, requires_grad=0, device=cpu), %s : Float(requires_grad=0, device=cpu), %k : float):
  %one : int = prim::Constant[value=1]()
  %1 : Tensor = aten::mul(%a, %k)
  %2 : Tensor = aten::add(%1, %r, %one)
  %3 : Tensor = aten::div(%2, %s)
  %4 : Tensor = aten::sub(%3, %a, %one)
  %5 : Tensor = aten::relu(%4)
  return (%5)
)IR";
  for (int64_t rows : {1, 5, 33}) {
    Tensor a = awkward(rows * 129, kFloat, 5).view({rows, 129});
    checkChain(ir, {a, awkward(129, kFloat, 6), scalar_tensor(0.75, TensorOptions(kFloat)), 1.5});
    // Without signed zeros: ember's unfused add of a transposed tensor and a broadcast row
    // gives 0 * -0.5 + -0 as +0 (PyTorch and the fused kernels: -0).
    Tensor at = awkward(rows * 129, kFloat, 5, false).view({129, rows}).t();
    checkChain(ir, {at, awkward(129, kFloat, 7, false), scalar_tensor(-2.0, TensorOptions(kFloat)), -0.5});
  }
}

// clamp with number bounds inside a chain: both bounds, only one, bounds that are Python-number
// inputs, and a NaN bound (every element NaN, as the unfused clamp gives).
TEST(TileChain, ClampWithNumberBounds) {
  const char* ir = R"IR(
graph(%a : Float(*, requires_grad=0, device=cpu), %b : Float(*, requires_grad=0, device=cpu), %lo : float, %hi : float):
  %one : int = prim::Constant[value=1]()
  %none : NoneType = prim::Constant()
  %c : float = prim::Constant[value=0.25]()
  %1 : Tensor = aten::mul(%a, %b)
  %2 : Tensor = aten::clamp(%1, %lo, %hi)
  %3 : Tensor = aten::sub(%2, %b, %one)
  %4 : Tensor = aten::clamp(%3, %none, %c)
  %5 : Tensor = aten::add(%4, %a, %one)
  %6 : Tensor = aten::clamp(%5, %c, %none)
  return (%6)
)IR";
  std::string listing;
  runProgram(ir, {randn({10}), randn({10}), -0.5, 1.5}, &listing);
  FileCheck()
      .check("out0:Float = chain(")
      .check("[load@0 mul@1 clamp_min@2 clamp_max@3 sub@1 clamp_max@4 add@0 clamp_min@5]")
      .checkNot("= clamp(")
      .run(listing);
  for (int64_t n : {5, 200, 3000})
    for (std::pair<double, double> bounds : {std::pair<double, double>{-0.5, 1.5}, {NAN, 1.0}, {-1.0, NAN}, {2.0, -2.0}})
      checkChain(ir, {awkward(n, kFloat, 11), awkward(n, kFloat, 12), bounds.first, bounds.second});
}

// Only runs whose links are read once become chains: an intermediate that is also an output,
// an add with alpha 2 (a + 2 * b rounds twice) and a tanh break them.
TEST(TileChain, WhatBreaksAChain) {
  const char* ir = R"IR(
graph(%a : Float(*, requires_grad=0, device=cpu), %b : Float(*, requires_grad=0, device=cpu)):
  %two : int = prim::Constant[value=2]()
  %one : int = prim::Constant[value=1]()
  %1 : Tensor = aten::mul(%a, %b)
  %2 : Tensor = aten::sqrt(%1)
  %3 : Tensor = aten::add(%2, %b, %two)
  %4 : Tensor = aten::tanh(%3)
  %5 : Tensor = aten::neg(%4)
  %6 : Tensor = aten::div(%5, %a)
  return (%6, %2)
)IR";
  std::string listing;
  runProgram(ir, {randn({10}), randn({10})}, &listing);
  FileCheck()
      .check("out1:Float = chain(in0:Float, in1:Float) [load@0 mul@1 sqrt]")
      .check("= binary(out1:Float, in1:Float)")
      .check("= tanh(")
      .check("out0:Float = chain(")
      .check("[load@0 neg div@1]")
      .run(listing);
  checkChain(ir, {awkward(3001, kFloat, 8), awkward(3001, kFloat, 9)});
}

// A group ending in a reduction: the chain writes the row buffer.
TEST(TileChain, ChainIntoAReduction) {
  const char* ir = R"IR(
graph(%a : Float(*, *, requires_grad=0, device=cpu), %b : Float(*, *, requires_grad=0, device=cpu)):
  %one : int = prim::Constant[value=1]()
  %dim : int = prim::Constant[value=-1]()
  %none : NoneType = prim::Constant()
  %1 : Tensor = aten::mul(%a, %b)
  %2 : Tensor = aten::add(%1, %a, %one)
  %3 : Tensor = aten::softmax(%2, %dim, %none)
  return (%3)
)IR";
  manual_seed(10);
  for (int64_t cols : {7, 1000, 5000}) checkChain(ir, {randn({9, cols}), randn({9, cols})});
}

}  // namespace
}  // namespace ember::jit
