// prim::TensorExprGroup ending in aten::cat (runtime/fuser/fused_cat.h) against the unfused
// operators: each graph runs as is and after fuse_tensorexprs (fused kernel forced), and the
// results must be identical bit for bit: every piece's chain runs the same vector kernels,
// written straight into its slice of the result (contiguous slices in place, others by rows).
// At the end, chunk of a value computed in the group (the LSTM cell's gates sum), each piece
// the sum's chain over its sub-range.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "ember/core/symbols.h"
#include "ember/ir/ir.h"
#include "ember/tensor.h"
#include "passes/tensorexpr_fuser.h"
#include "runtime/fuser/fusion_group.h"
#include "unit/runtime/interpreter_test_ops.h"

namespace ember::jit {
namespace {

using itest::parseGraph;
using itest::runCodeOf;

struct ForceFused {
  ForceFused() { setFuserMustUseFusedKernel(true); }
  ~ForceFused() { setFuserMustUseFusedKernel(false); }
};

::testing::AssertionResult identical(const Tensor& got, const Tensor& want) {
  if (got.scalar_type() != want.scalar_type()) return ::testing::AssertionFailure() << "dtype differs";
  if (got.sizes() != want.sizes()) return ::testing::AssertionFailure() << "shape differs";
  Tensor g = got.contiguous(), w = want.contiguous();
  if (std::memcmp(g.data_ptr(), w.data_ptr(), g.nbytes()) != 0) return ::testing::AssertionFailure() << "bits differ";
  return ::testing::AssertionSuccess();
}

std::shared_ptr<Graph> fusedCopy(const std::shared_ptr<Graph>& plain) {
  auto g = plain->copy();
  EXPECT_TRUE(fuseTensorExprs(g));
  int cats = 0;
  for (Node* n : g->nodes())
    if (n->kind() == prim::If)
      for (Node* m : n->blocks()[0]->nodes())
        if (m->kind() == prim::TensorExprGroup)
          for (Node* s : m->g(attr::Subgraph)->nodes()) cats += s->kind() == aten::cat;
  EXPECT_EQ(cats, 1) << g->toString();
  return g;
}

// Unfused and fused agree bit for bit, and the fused kernel ran.
void checkFused(const std::string& ir, const Stack& inputs) {
  ForceFused force;
  auto plain = parseGraph(ir);
  auto g = fusedCopy(plain);
  Stack want = runCodeOf(plain, inputs);
  const int64_t before = fuserStats().fusedRuns.load();
  Stack got = runCodeOf(g, inputs);
  EXPECT_EQ(fuserStats().fusedRuns.load() - before, 1) << "the fused kernel did not run";
  ASSERT_EQ(got.size(), 1u);
  EXPECT_TRUE(identical(got[0].toTensor(), want[0].toTensor()));
}

// Two chains and a group input, concatenated along a constant dim (%DIM replaced per case).
std::string catOfChains(const char* dim, const char* type) {
  std::string ir = R"IR(
graph(%a : TYPE, %b : TYPE, %c : TYPE):
  %d : int = prim::Constant[value=DIM]()
  %half : float = prim::Constant[value=0.5]()
  %one : int = prim::Constant[value=1]()
  %1 : Tensor = aten::mul(%a, %b)
  %2 : Tensor = aten::add(%1, %half, %one)
  %3 : Tensor = aten::tanh(%2)
  %4 : Tensor = aten::sigmoid(%b)
  %l : Tensor[] = prim::ListConstruct(%3, %c, %4)
  %y : Tensor = aten::cat(%l, %d)
  return (%y)
)IR";
  for (auto [key, value] : {std::pair<std::string, std::string>{"TYPE", type}, {"DIM", dim}})
    for (size_t p; (p = ir.find(key)) != std::string::npos;) ir.replace(p, key.size(), value);
  return ir;
}

const char* k2d = "Float(*, *, requires_grad=0, device=cpu)";
const char* k3d = "Float(*, *, *, requires_grad=0, device=cpu)";

TEST(FusionGroupCat, Dim0MatchesUnfused) {
  manual_seed(31);
  const std::string ir = catOfChains("0", k2d);
  for (int64_t rows : {1, 7, 300}) checkFused(ir, {randn({rows, 33}), randn({rows, 33}), randn({5, 33})});
  // Pieces the thread pool splits; a piece broadcast from a row and a column.
  checkFused(ir, {randn({200, 400}), randn({200, 400}), randn({3, 400})});
  checkFused(ir, {randn({6, 1}), randn({1, 9}), randn({2, 9})});
}

TEST(FusionGroupCat, Dim1AndLastDimMatchUnfused) {
  manual_seed(32);
  const std::string ir1 = catOfChains("1", k2d);
  checkFused(ir1, {randn({4, 5}), randn({4, 5}), randn({4, 3})});
  checkFused(ir1, {randn({300, 1500}), randn({300, 1500}), randn({300, 7})});  // rows longer than a tile
  checkFused(ir1, {randn({50, 1}), randn({50, 20}), randn({50, 2})});          // a broadcasting piece
  const std::string irLast = catOfChains("-1", k3d);
  checkFused(irLast, {randn({3, 4, 5}), randn({3, 4, 5}), randn({3, 4, 1})});
  checkFused(irLast, {randn({2, 1, 700}), randn({2, 90, 700}), randn({2, 90, 3})});
  checkFused(catOfChains("1", k3d), {randn({3, 2, 5}), randn({3, 2, 5}), randn({3, 9, 5})});
}

TEST(FusionGroupCat, EmptyPiecesMatchUnfused) {
  manual_seed(33);
  checkFused(catOfChains("0", k2d), {randn({0, 4}), randn({0, 4}), randn({3, 4})});
  checkFused(catOfChains("1", k2d), {randn({3, 4}), randn({3, 4}), randn({3, 0})});
}

// Pieces whose other dims differ: the kernel declines and the unfused cat raises its error.
TEST(FusionGroupCat, MismatchedPiecesRaiseTheUnfusedError) {
  ForceFused force;
  auto g = fusedCopy(parseGraph(catOfChains("0", k2d)));
  const int64_t before = fuserStats().unfusedRuns.load();
  EXPECT_THROW(runCodeOf(g, {randn({2, 4}), randn({2, 4}), randn({3, 5})}), Error);
  EXPECT_EQ(fuserStats().unfusedRuns.load() - before, 1);
}

// Inputs of another dtype fail the guard: the unfused branch runs and gives cat's result.
TEST(FusionGroupCat, GuardFailureRunsTheUnfusedOps) {
  ForceFused force;
  manual_seed(34);
  auto plain = parseGraph(catOfChains("1", k2d));
  auto g = fusedCopy(plain);
  Stack inputs{randn({3, 4}, TensorOptions(kDouble)), randn({3, 4}, TensorOptions(kDouble)), randn({3, 2}, TensorOptions(kDouble))};
  const int64_t fusedBefore = fuserStats().fusedRuns.load(), unfusedBefore = fuserStats().unfusedRuns.load();
  Stack got = runCodeOf(g, inputs);
  EXPECT_EQ(fuserStats().fusedRuns.load(), fusedBefore);
  EXPECT_EQ(fuserStats().unfusedRuns.load(), unfusedBefore);  // the group itself never ran
  Stack want = runCodeOf(plain, inputs);
  EXPECT_EQ(got[0].toTensor().sizes(), IntArrayRef({3, 10}));
  EXPECT_TRUE(identical(got[0].toTensor(), want[0].toTensor()));
}

}  // namespace
}  // namespace ember::jit

namespace ember::jit {
namespace {

// An LSTM cell whose gates' sum (x@W + h@U + b, the products outside) is computed in the group:
// chunk of an in-group value. Each piece is the sum over its sub-range (the bias broadcast or
// split with it), bit for bit the unfused result.
const char* kLstmCellWithSum = R"IR(
graph(%xw : Float(*, *, requires_grad=0, device=cpu), %hu : Float(*, *, requires_grad=0, device=cpu), %b : Float(*, requires_grad=0, device=cpu), %cx : Float(*, *, requires_grad=0, device=cpu)):
  %four : int = prim::Constant[value=4]()
  %one : int = prim::Constant[value=1]()
  %s : Tensor = aten::add(%xw, %hu, %one)
  %gates : Tensor = aten::add(%s, %b, %one)
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

// Runs unfused and fused; every output identical; returns whether the fused kernel ran.
bool fusedMatches(const std::shared_ptr<Graph>& plain, const Stack& inputs) {
  ForceFused force;
  auto g = plain->copy();
  EXPECT_TRUE(fuseTensorExprs(g));
  Stack want = runCodeOf(plain, inputs);
  const int64_t before = fuserStats().fusedRuns.load();
  Stack got = runCodeOf(g, inputs);
  EXPECT_EQ(got.size(), want.size());
  for (size_t k = 0; k < got.size() && k < want.size(); ++k)
    EXPECT_TRUE(identical(got[k].toTensor(), want[k].toTensor())) << "output " << k;
  return fuserStats().fusedRuns.load() > before;
}

TEST(FusionGroupChunk, ChunkOfAnInGroupSumMatchesUnfused) {
  manual_seed(35);
  auto plain = parseGraph(kLstmCellWithSum);
  // The sum joins the group: one group, its subgraph computing the adds before the chunk.
  auto g = plain->copy();
  ASSERT_TRUE(fuseTensorExprs(g));
  int groups = 0, adds = 0;
  for (Node* n : g->nodes())
    if (n->kind() == prim::If)
      for (Node* m : n->blocks()[0]->nodes())
        if (m->kind() == prim::TensorExprGroup) {
          ++groups;
          for (Node* s : m->g(attr::Subgraph)->nodes()) adds += s->kind() == aten::add;
        }
  EXPECT_EQ(groups, 1) << g->toString();
  EXPECT_EQ(adds, 3) << g->toString();
  for (int64_t batch : {1, 3, 64})
    EXPECT_TRUE(fusedMatches(plain, {randn({batch, 4 * 257}), randn({batch, 4 * 257}), randn({4 * 257}),
                                     randn({batch, 257})}));
  // A bias of one element (read whole by every piece), a broadcast row of products.
  EXPECT_TRUE(fusedMatches(plain, {randn({5, 40}), randn({1, 40}), randn({1}), randn({5, 10})}));
  // Widths that do not split in four, and a sum of width 1 (a single piece): the unfused ops.
  ForceFused force;
  auto h = plain->copy();
  ASSERT_TRUE(fuseTensorExprs(h));
  const int64_t before = fuserStats().unfusedRuns.load();
  EXPECT_THROW(runCodeOf(h, {randn({5, 42}), randn({5, 42}), randn({42}), randn({5, 10})}), Error);
  EXPECT_THROW(runCodeOf(h, {randn({5, 1}), randn({5, 1}), randn({1}), randn({5, 1})}), Error);
  EXPECT_EQ(fuserStats().unfusedRuns.load() - before, 2);
}

}  // namespace
}  // namespace ember::jit
