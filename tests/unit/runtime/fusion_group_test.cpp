// prim::TensorExprGroup's tile kernel against the unfused operators: each graph is run as is and
// after fuse_tensorexprs (with the fused kernel forced, no timing), on the same inputs, and every
// output must be identical bit for bit (NaN matching NaN): the kernels reuse the unfused ops'
// vector code and formulas. The unfused ops themselves are checked against PyTorch by
// tests/compat/tensor, and tests/compat/fuser runs fused programs against PyTorch directly.
#include "runtime/fuser/fusion_group.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "ember/core/symbols.h"
#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/runtime/graph_executor.h"
#include "ember/tensor.h"
#include "passes/tensorexpr_fuser.h"
#include "runtime/code.h"
#include "runtime/interpreter.h"
#include "unit/runtime/interpreter_test_ops.h"

namespace ember::jit {
namespace {

using itest::parseGraph;
using itest::runCodeOf;

struct ForceFused {
  ForceFused() { setFuserMustUseFusedKernel(true); }
  ~ForceFused() { setFuserMustUseFusedKernel(false); }
};

// Identical dtype, shape and bits (any NaN matches any NaN).
::testing::AssertionResult identical(const Tensor& got, const Tensor& want) {
  if (got.scalar_type() != want.scalar_type())
    return ::testing::AssertionFailure() << "dtype " << got.scalar_type() << " != " << want.scalar_type();
  if (got.sizes() != want.sizes()) return ::testing::AssertionFailure() << "shape differs";
  Tensor g = got.contiguous(), w = want.contiguous();
  Tensor gd = g.to(kDouble).contiguous(), wd = w.to(kDouble).contiguous();
  const size_t es = g.element_size();
  const char* a = static_cast<const char*>(g.data_ptr());
  const char* b = static_cast<const char*>(w.data_ptr());
  for (int64_t i = 0; i < g.numel(); ++i) {
    if (std::memcmp(a + i * es, b + i * es, es) == 0) continue;
    if (g.is_floating_point()) {
      double x = gd.data_ptr<double>()[i], y = wd.data_ptr<double>()[i];
      if (std::isnan(x) && std::isnan(y)) continue;
      return ::testing::AssertionFailure() << "element " << i << ": " << x << " != " << y;
    }
    return ::testing::AssertionFailure() << "element " << i << " differs";
  }
  return ::testing::AssertionSuccess();
}

// Runs `ir` unfused and fused on `inputs`; checks a group formed, ran fused, and agreed.
void checkFused(const std::string& ir, const Stack& inputs, int expectedGroups = 1) {
  ForceFused force;
  auto plain = parseGraph(ir);
  auto fusedGraph = plain->copy();
  ASSERT_TRUE(fuseTensorExprs(fusedGraph)) << ir;
  int groups = 0;
  for (Node* n : fusedGraph->nodes())
    if (n->kind() == prim::If)
      for (Node* m : n->blocks()[0]->nodes()) groups += m->kind() == prim::TensorExprGroup;
  EXPECT_EQ(groups, expectedGroups) << fusedGraph->toString();
  Stack want = runCodeOf(plain, inputs);
  int64_t before = fuserStats().fusedRuns.load();
  Stack got = runCodeOf(fusedGraph, inputs);
  EXPECT_GE(fuserStats().fusedRuns.load() - before, expectedGroups) << "the fused kernel did not run";
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i)
    EXPECT_TRUE(identical(got[i].toTensor(), want[i].toTensor())) << "output " << i;
}

const char* kChain = R"IR(
graph(%a : Float(*, *, requires_grad=0, device=cpu), %b : Float(*, *, requires_grad=0, device=cpu)):
  %half : float = prim::Constant[value=0.5]()
  %tenth : float = prim::Constant[value=0.1]()
  %one : int = prim::Constant[value=1]()
  %1 : Tensor = aten::mul(%a, %b)
  %2 : Tensor = aten::add(%1, %a, %one)
  %3 : Tensor = aten::mul(%2, %half)
  %4 : Tensor = aten::sub(%3, %b, %one)
  %5 : Tensor = aten::relu(%4)
  %6 : Tensor = aten::add(%5, %one, %one)
  %7 : Tensor = aten::sqrt(%6)
  %8 : Tensor = aten::mul(%7, %a)
  %9 : Tensor = aten::tanh(%8)
  %10 : Tensor = aten::sigmoid(%9)
  %11 : Tensor = aten::add(%10, %tenth, %one)
  return (%11)
)IR";

TEST(FusionGroup, ChainMatchesUnfusedAcrossSizes) {
  manual_seed(1);
  // One element, a partial tile, several tiles, and enough for the thread pool.
  for (std::vector<int64_t> sizes : {std::vector<int64_t>{1, 1}, {37, 129}, {300, 1000}}) {
    checkFused(kChain, {randn(sizes), randn(sizes)});
  }
}

// Outputs of at least 4 MiB go through L1 slots and streaming stores: several outputs of
// different element sizes, a size whose last tile ends mid cache line, and the thread pool.
TEST(FusionGroup, LargeOutputsStreamed) {
  manual_seed(11);
  const char* ir = R"IR(
graph(%a : Float(*, requires_grad=0, device=cpu), %b : Float(*, requires_grad=0, device=cpu)):
  %one : int = prim::Constant[value=1]()
  %1 : Tensor = aten::mul(%a, %b)
  %2 : Tensor = aten::add(%1, %a, %one)
  %3 : Tensor = aten::gt(%2, %b)
  %4 : Tensor = aten::sqrt(%2)
  return (%4, %3, %2)
)IR";
  for (int64_t n : {int64_t{1} << 20, (int64_t{1} << 21) + 13}) checkFused(ir, {randn({n}), randn({n})});
  checkFused(kChain, {randn({1025, 1031}), randn({1025, 1031})});
}

// A group's program depends on the inputs' dtypes and ranks, not their sizes: three sizes, one
// compile.
TEST(FusionGroup, NewSizesDoNotRecompile) {
  ForceFused force;
  auto g = parseGraph(kChain);
  ASSERT_TRUE(fuseTensorExprs(g));
  Code code(g, "sizes");  // one Code: one FusionGroup and its kernel cache
  const int64_t before = fuserStats().compiles.load(), fusedBefore = fuserStats().fusedRuns.load();
  for (int64_t n : {3, 1000, 70000}) {
    Tensor a = randn({n, 2}), b = randn({n, 2});
    Stack s{a, b};
    runCode(code, s);
    EXPECT_EQ(s.at(0).toTensor().sizes(), a.sizes());
  }
  EXPECT_EQ(fuserStats().fusedRuns.load() - fusedBefore, 3);
  EXPECT_EQ(fuserStats().compiles.load() - before, 1);
}

TEST(FusionGroup, DoubleChainAndAlpha) {
  manual_seed(2);
  checkFused(R"IR(
graph(%a : Double(*, requires_grad=0, device=cpu), %b : Double(*, requires_grad=0, device=cpu)):
  %alpha : float = prim::Constant[value=0.3]()
  %two : int = prim::Constant[value=2]()
  %1 : Tensor = aten::sub(%a, %b, %alpha)
  %2 : Tensor = aten::rsub(%1, %b, %two)
  %3 : Tensor = aten::div(%2, %b)
  %4 : Tensor = aten::exp(%3)
  %5 : Tensor = aten::log1p(%4)
  %approx : str = prim::Constant[value="tanh"]()
  %6 : Tensor = aten::gelu(%5, %approx)
  return (%6)
)IR",
             {randn({5000}, kDouble), randn({5000}, kDouble)});
}

// Broadcast operands ([n, 1] with [1, m]), a 0-dim tensor, and a transposed (strided) input.
TEST(FusionGroup, BroadcastZeroDimAndStrided) {
  manual_seed(3);
  const char* ir = R"IR(
graph(%a : Float(*, *, requires_grad=0, device=cpu), %b : Float(*, *, requires_grad=0, device=cpu), %s : Float(requires_grad=0, device=cpu)):
  %one : int = prim::Constant[value=1]()
  %1 : Tensor = aten::mul(%a, %b)
  %2 : Tensor = aten::sub(%1, %s, %one)
  %3 : Tensor = aten::maximum(%2, %b)
  %4 : Tensor = aten::sin(%3)
  return (%4, %3)
)IR";
  checkFused(ir, {randn({64, 1}), randn({1, 100}), randn({})});
  checkFused(ir, {randn({100, 64}).t(), randn({64, 100}), randn({})});
  checkFused(ir, {randn({3, 2000}).slice(1, 0, 2000, 3), randn({1, 667}), randn({})});
  // Rows of a column slice: tiles inside one row are read in place, tiles across rows gathered.
  checkFused(ir, {randn({7, 2100}).slice(1, 50, 2050), randn({1, 2000}), randn({})});
}

// Integer arithmetic wraps, true division gives float32, comparisons give bool and where
// promotes; a cast back to int64.
TEST(FusionGroup, IntegersBoolsAndCasts) {
  manual_seed(4);
  checkFused(R"IR(
graph(%i : Long(*, requires_grad=0, device=cpu), %j : Long(*, requires_grad=0, device=cpu), %x : Float(*, requires_grad=0, device=cpu)):
  %two : int = prim::Constant[value=2]()
  %three : int = prim::Constant[value=3]()
  %f : int = prim::Constant[value=6]()
  %false : bool = prim::Constant[value=0]()
  %none : NoneType = prim::Constant()
  %1 : Tensor = aten::mul(%i, %three)
  %2 : Tensor = aten::add(%1, %j, %two)
  %3 : Tensor = aten::neg(%2)
  %4 : Tensor = aten::abs(%3)
  %5 : Tensor = aten::div(%4, %j)
  %6 : Tensor = aten::lt(%5, %x)
  %7 : Tensor = aten::where(%6, %i, %x)
  %8 : Tensor = aten::to(%7, %f, %false, %false, %none)
  %9 : Tensor = aten::minimum(%2, %j)
  return (%8, %6, %9)
)IR",
             {randint(-50, 50, {777}), randint(1, 9, {777}), randn({777}) * 10},
             // minimum reads the add that the rest also reads: the greedy partition makes it a
             // group of its own (groups are not merged with each other).
             2);
}

// clamp, minimum/maximum and relu with NaN and infinities in the data.
TEST(FusionGroup, NaNsAndInfinities) {
  Tensor x = tensor({1.0f, NAN, -INFINITY, INFINITY, -0.0f, 0.0f, 3.5f, -7.25f});
  Tensor y = tensor({NAN, 2.0f, 1.0f, NAN, 0.0f, -0.0f, -3.5f, 8.0f});
  checkFused(R"IR(
graph(%x : Float(*, requires_grad=0, device=cpu), %y : Float(*, requires_grad=0, device=cpu)):
  %lo : float = prim::Constant[value=-1.5]()
  %hi : float = prim::Constant[value=2.]()
  %none : NoneType = prim::Constant()
  %1 : Tensor = aten::clamp(%x, %lo, %hi)
  %2 : Tensor = aten::maximum(%1, %y)
  %3 : Tensor = aten::minimum(%x, %2)
  %4 : Tensor = aten::relu(%3)
  %5 : Tensor = aten::clamp(%4, %none, %hi)
  %6 : Tensor = aten::rsqrt(%5)
  %7 : Tensor = aten::reciprocal(%6)
  %8 : Tensor = aten::eq(%7, %y)
  return (%7, %8)
)IR",
             {x, y});
}

// Activations with number arguments pass them as the unfused operators do (elu's alpha*scale).
TEST(FusionGroup, ActivationsWithArguments) {
  manual_seed(8);
  checkFused(R"IR(
graph(%x : Float(*, *, requires_grad=0, device=cpu)):
  %slope : float = prim::Constant[value=0.2]()
  %lo : float = prim::Constant[value=-0.5]()
  %hi : float = prim::Constant[value=0.7]()
  %alpha : float = prim::Constant[value=1.3]()
  %scale : float = prim::Constant[value=1.1]()
  %one : int = prim::Constant[value=1]()
  %beta : float = prim::Constant[value=2.]()
  %threshold : int = prim::Constant[value=3]()
  %1 : Tensor = aten::leaky_relu(%x, %slope)
  %2 : Tensor = aten::elu(%1, %alpha, %scale, %one)
  %3 : Tensor = aten::softplus(%2, %beta, %threshold)
  %4 : Tensor = aten::hardswish(%3)
  %5 : Tensor = aten::mish(%4)
  %6 : Tensor = aten::hardsigmoid(%5)
  %7 : Tensor = aten::hardtanh(%6, %lo, %hi)
  %8 : Tensor = aten::sub(%7, %x, %one)
  return (%8, %2)
)IR",
             {randn({50, 61}) * 3});
}

// A Python-number input of the graph is read per call.
TEST(FusionGroup, ScalarInputs) {
  manual_seed(5);
  const char* ir = R"IR(
graph(%x : Float(*, requires_grad=0, device=cpu), %k : float, %n : int):
  %1 : Tensor = aten::mul(%x, %k)
  %one : int = prim::Constant[value=1]()
  %2 : Tensor = aten::add(%1, %n, %one)
  %3 : Tensor = aten::clamp(%2, %n, %k)
  return (%3)
)IR";
  checkFused(ir, {randn({2048}), IValue(0.75), IValue(int64_t{-1})});
  checkFused(ir, {randn({2048}), IValue(-2.5), IValue(int64_t{3})});
}

// A tensor constant (as archives hold them) is a group input, not copied into the subgraph.
TEST(FusionGroup, TensorConstantOperand) {
  manual_seed(7);
  checkFused(R"IR(
graph(%x : Float(*, *, requires_grad=0, device=cpu)):
  %c : Long(requires_grad=0, device=cpu) = prim::Constant[value={2}]()
  %1 : Tensor = aten::tanh(%x)
  %2 : Tensor = aten::mul(%1, %c)
  return (%2)
)IR",
             {randn({30, 40})});
}

TEST(FusionGroup, EmptyTensors) { checkFused(kChain, {randn({0, 5}), randn({0, 5})}); }

// Shapes that do not broadcast: the fused group falls back to the unfused ops, which raise
// PyTorch's error.
TEST(FusionGroup, NonBroadcastableShapesRaiseTheUnfusedError) {
  ForceFused force;
  auto g = parseGraph(kChain);
  ASSERT_TRUE(fuseTensorExprs(g));
  try {
    runCodeOf(g, {randn({3, 4}), randn({3, 5})});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("must match the size of tensor b"), std::string::npos) << e.what();
  }
}

// An LSTM cell after its matmuls: gates.chunk(4, 1) -> sigmoid/tanh -> c*f + i*g -> tanh. The
// chunk's pieces are read in place (strided views of the gates), one group computes hy and cy.
const char* kLstmCell = R"IR(
graph(%gates : Float(*, *, requires_grad=0, device=cpu), %cx : Float(*, *, requires_grad=0, device=cpu)):
  %four : int = prim::Constant[value=4]()
  %one : int = prim::Constant[value=1]()
  %l : Tensor[] = aten::chunk(%gates, %four, %one)
  %i : Tensor, %f : Tensor, %g : Tensor, %o : Tensor = prim::ListUnpack(%l)
  %i1 : Tensor = aten::sigmoid(%i)
  %f1 : Tensor = aten::sigmoid(%f)
  %g1 : Tensor = aten::tanh(%g)
  %o1 : Tensor = aten::sigmoid(%o)
  %c1 : Tensor = aten::mul(%f1, %cx)
  %c2 : Tensor = aten::mul(%i1, %g1)
  %cy : Tensor = aten::add(%c1, %c2, %one)
  %t : Tensor = aten::tanh(%cy)
  %hy : Tensor = aten::mul(%o1, %t)
  return (%hy, %cy)
)IR";

TEST(FusionGroup, LstmCellWithChunk) {
  manual_seed(16);
  for (int64_t batch : {1, 3, 64}) checkFused(kLstmCell, {randn({batch, 4 * 257}), randn({batch, 257})});
  // Pieces whose rows hold whole tiles: read in place rather than gathered.
  checkFused(kLstmCell, {randn({3, 4 * 2048}), randn({3, 2048})});
  // A broadcast cell state, and gates whose width does not split in four (the unfused ops run).
  checkFused(kLstmCell, {randn({5, 40}), randn({1, 10})});
  ForceFused force;
  auto g = parseGraph(kLstmCell);
  ASSERT_TRUE(fuseTensorExprs(g));
  const int64_t before = fuserStats().unfusedRuns.load();
  EXPECT_THROW(runCodeOf(g, {randn({5, 42}), randn({5, 10})}), Error);
  EXPECT_EQ(fuserStats().unfusedRuns.load() - before, 1);
}

// clamp with tensor bounds (broadcast, one of them None, NaN bounds and NaN inputs).
TEST(FusionGroup, ClampWithTensorBounds) {
  manual_seed(15);
  const std::string head = R"IR(
graph(%a : Float(*, *, requires_grad=0, device=cpu), %lo : Float(*, requires_grad=0, device=cpu), %hi : Float(*, *, requires_grad=0, device=cpu)):
  %none : NoneType = prim::Constant()
  %two : float = prim::Constant[value=2.]()
  %1 : Tensor = aten::mul(%a, %two)
)IR";
  Tensor a = randn({40, 30}), lo = randn({30}) - 1, hi = randn({40, 30}) + 1;
  a.data_ptr<float>()[3] = std::nanf("");
  lo.data_ptr<float>()[5] = std::nanf("");
  hi.data_ptr<float>()[7] = std::nanf("");
  for (const char* c : {"aten::clamp(%1, %lo, %hi)", "aten::clamp(%1, %lo, %none)", "aten::clamp(%1, %none, %hi)"})
    checkFused(head + "  %2 : Tensor = " + c + "\n  %3 : Tensor = aten::tanh(%2)\n  return (%3)\n", {a, lo, hi});
}

// Groups ending in a reduction (sum, mean, amax, amin, softmax, log_softmax over trailing dims)
// compute the chain row by row into a buffer and reduce it with the unfused operators' kernels:
// with many rows of at most 64K elements the results are the unfused ones bit for bit.
std::string reductionIR(const std::string& reduction, const std::string& type = "Float(*, *, requires_grad=0, device=cpu)") {
  return R"IR(
graph(%a : )IR" + type + R"IR(, %b : )IR" + type + R"IR():
  %half : float = prim::Constant[value=0.5]()
  %one : int = prim::Constant[value=1]()
  %none : NoneType = prim::Constant()
  %true : bool = prim::Constant[value=1]()
  %false : bool = prim::Constant[value=0]()
  %last : int = prim::Constant[value=-1]()
  %dims : int[] = prim::Constant[value=[-1]]()
  %both : int[] = prim::Constant[value=[0, 1]]()
  %first : int[] = prim::Constant[value=[0]]()
  %dbl : int = prim::Constant[value=7]()
  %1 : Tensor = aten::mul(%a, %b)
  %2 : Tensor = aten::add(%1, %a, %one)
  %3 : Tensor = aten::tanh(%2)
  %4 : Tensor = aten::mul(%3, %half)
  %r : Tensor = )IR" + reduction + R"IR(
  return (%r)
)IR";
}

// The kind of the last node of the graph's (first) fusion group.
std::string groupEnd(const std::string& ir) {
  auto g = parseGraph(ir);
  if (!fuseTensorExprs(g)) return "no group";
  for (Node* n : g->nodes())
    if (n->kind() == prim::If)
      for (Node* m : n->blocks()[0]->nodes())
        if (m->kind() == prim::TensorExprGroup) return m->g(attr::Subgraph)->returnNode()->prev()->kind().toQualString();
  return "no group";
}

TEST(FusionGroup, ReductionsAtTheEndMatchUnfused) {
  manual_seed(12);
  EXPECT_EQ(groupEnd(reductionIR("aten::mean(%4, %dims, %false, %none)")), "aten::mean");
  EXPECT_EQ(groupEnd(reductionIR("aten::amin(%4, %dims, %true)")), "aten::amin");
  EXPECT_EQ(groupEnd(reductionIR("aten::log_softmax(%4, %last, %none)")), "aten::log_softmax");
  const std::vector<std::string> reductions = {
      "aten::sum(%4, %dims, %false, %none)",  "aten::sum(%4, %dims, %true, %none)",
      "aten::mean(%4, %dims, %false, %none)", "aten::sum(%4, %dims, %false, %dbl)",
      "aten::amax(%4, %dims, %false)",        "aten::amin(%4, %dims, %true)",
      "aten::softmax(%4, %last, %none)",      "aten::log_softmax(%4, %last, %none)",
      "aten::softmax(%4, %last, %dbl)"};
  // Short rows (several per tile), a row of several tiles, one long row.
  for (const std::string& r : reductions)
    for (std::vector<int64_t> sizes : {std::vector<int64_t>{300, 7}, {40, 1000}, {5, 3001}, {1, 1}})
      checkFused(reductionIR(r), {randn(sizes), randn(sizes)});
  // Every dim, and a broadcast input.
  checkFused(reductionIR("aten::sum(%4, %both, %false, %none)"), {randn({50, 61}), randn({50, 61})});
  checkFused(reductionIR("aten::mean(%4, %dims, %true, %none)"), {randn({64, 1}), randn({1, 90})});
  checkFused(reductionIR("aten::amax(%4, %dims, %false)", "Double(*, *, requires_grad=0, device=cpu)"),
             {randn({33, 70}, kDouble), randn({33, 70}, kDouble)});
}

// layer_norm over the trailing dims with weight and bias, without them, and over two dims: the
// chain's rows normalised with norm_layer.cpp's row kernels.
TEST(FusionGroup, LayerNormAtTheEndMatchesUnfused) {
  manual_seed(17);
  auto ir = [](const std::string& shape, const std::string& w, const std::string& b) {
    return R"IR(
graph(%a : Float(*, *, *, requires_grad=0, device=cpu), %w : Float(*, requires_grad=0, device=cpu), %b : Float(*, requires_grad=0, device=cpu)):
  %none : NoneType = prim::Constant()
  %eps : float = prim::Constant[value=1.0000000000000001e-05]()
  %true : bool = prim::Constant[value=1]()
  %shape : int[] = prim::Constant[value=)IR" + shape + R"IR(]()
  %one : int = prim::Constant[value=1]()
  %1 : Tensor = aten::mul(%a, %a)
  %2 : Tensor = aten::add(%1, %a, %one)
  %r : Tensor = aten::layer_norm(%2, %shape, )IR" + w + ", " + b + R"IR(, %eps, %true)
  return (%r)
)IR";
  };
  EXPECT_EQ(groupEnd(ir("[33]", "%w", "%b")), "aten::layer_norm");
  checkFused(ir("[33]", "%w", "%b"), {randn({4, 20, 33}), randn({33}), randn({33})});
  checkFused(ir("[1500]", "%none", "%b"), {randn({2, 3, 1500}), randn({7}), randn({1500})});
  checkFused(ir("[5, 7]", "%none", "%none"), {randn({30, 5, 7}), randn({1}), randn({1})});
}

// Reducing the leading dim is not a row reduction: the group runs its unfused operators. So do
// empty inputs (amax raises PyTorch's error there).
TEST(FusionGroup, ReductionsTheKernelDeclinesRunUnfused) {
  ForceFused force;
  manual_seed(13);
  auto plain = parseGraph(reductionIR("aten::sum(%4, %first, %false, %none)"));
  auto fused = plain->copy();
  ASSERT_TRUE(fuseTensorExprs(fused));
  Tensor a = randn({20, 30}), b = randn({20, 30});
  const int64_t before = fuserStats().unfusedRuns.load();
  EXPECT_TRUE(identical(runCodeOf(fused, {a, b}).at(0).toTensor(), runCodeOf(plain, {a, b}).at(0).toTensor()));
  EXPECT_EQ(fuserStats().unfusedRuns.load() - before, 1);

  auto plainMax = parseGraph(reductionIR("aten::amax(%4, %dims, %false)"));
  auto fusedMax = plainMax->copy();
  ASSERT_TRUE(fuseTensorExprs(fusedMax));
  Tensor e = randn({4, 0});
  EXPECT_THROW(runCodeOf(plainMax, {e, e}), Error);
  EXPECT_THROW(runCodeOf(fusedMax, {e, e}), Error);
}

// A long single row (a full reduction) accumulates window sums in double: within rounding of
// the unfused sum, not necessarily its bits.
TEST(FusionGroup, LongRowSumIsClose) {
  ForceFused force;
  manual_seed(14);
  auto plain = parseGraph(reductionIR("aten::sum(%4, %both, %false, %none)"));
  auto fused = plain->copy();
  ASSERT_TRUE(fuseTensorExprs(fused));
  Tensor a = randn({3, 100003}), b = randn({3, 100003});
  const int64_t before = fuserStats().fusedRuns.load();
  double got = runCodeOf(fused, {a, b}).at(0).toTensor().item<double>();
  EXPECT_EQ(fuserStats().fusedRuns.load() - before, 1);
  double want = runCodeOf(plain, {a, b}).at(0).toTensor().to(kDouble).item<double>();
  EXPECT_NEAR(got, want, 1e-5 * (1 + std::abs(want)));
}

// The profiling executor fuses its specialised graph by default; results stay the unfused ones.
TEST(FusionGroup, ProfilingExecutorFusesByDefault) {
  ForceFused force;
  bool profiling = getProfilingExecutor();
  setProfilingExecutor(true);
  auto graph = parseGraph(R"IR(
graph(%a : Tensor, %b : Tensor):
  %one : int = prim::Constant[value=1]()
  %1 : Tensor = aten::mul(%a, %b)
  %2 : Tensor = aten::tanh(%1)
  %3 : Tensor = aten::add(%2, %a, %one)
  return (%3)
)IR");
  GraphExecutor ex(graph, "f");
  manual_seed(6);
  Tensor a = randn({40, 50}), b = randn({40, 50});
  Tensor want = add(tanh(mul(a, b)), a);
  for (int call = 0; call < 4; ++call) {
    Stack s{a, b};
    ex.run(s);
    EXPECT_TRUE(identical(s.at(0).toTensor(), want)) << "call " << call;
  }
  auto opt = ex.debugState().optimizedGraph;
  ASSERT_NE(opt, nullptr);
  std::string text = opt->toString();
  ASSERT_NE(text.find("prim::TensorExprGroup_0"), std::string::npos) << text;
  FileCheck().check("prim::TypeCheck").check("prim::TensorExprGroup_0").check("prim::FallbackGraph").run(text);
  setProfilingExecutor(profiling);
}

}  // namespace
}  // namespace ember::jit
