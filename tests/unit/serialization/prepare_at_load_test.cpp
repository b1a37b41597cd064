// jit::load prepares the plan of forward's first call (GraphFunction::prepareAhead), and doing so
// is invisible: the first call runs the prepared plan when nothing changed since the load, and
// builds its own when an executor setting or the code changed in between (each setting below
// leaves a trace in the executor's state that the stale plan would not), with the same results.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <functional>
#include <string>

#include "ember/core/symbols.h"
#include "ember/ir/ir.h"
#include "ember/jit.h"
#include "ember/runtime/graph_function.h"
#include "ember/serialization/import.h"
#include "ember/tensor.h"
#include "ember/tensor/allocator.h"
#include "frontend/compile.h"
#include "unit/runtime/executor_test_support.h"

namespace ember::jit {
namespace {

const char* kSource = R"(
class Scale(Module):
  __parameters__ = ["w", ]
  __buffers__ = []
  w : Tensor
  training : bool
  k : int
  def helper(self: __torch__.Scale, x: Tensor) -> Tensor:
    return torch.mul(x, self.w)
  def forward(self: __torch__.Scale, x: Tensor) -> Tensor:
    return torch.add(self.helper(x), self.k)
)";

std::string archive() {
  auto cu = std::make_shared<CompilationUnit>();
  defineInto(*cu, kSource, nullptr);
  Module m(cu, cu->findClass("__torch__.Scale"));
  m.setattr("w", full({3}, 2.0));
  m.setattr("training", false);
  m.setattr("k", 5);
  return m.saveToBytes();
}

GraphFunction& method(const Module& m, const std::string& name) {
  return dynamic_cast<GraphFunction&>(m.get_method(name).function());
}

// forward(x) of the archive, x = [0, 1, 2], against sign * x * 2 + 5.
void expectForward(Module& m, float sign = 1.0f) {
  Tensor y = m.forward({arange(3, kFloat)}).toTensor();
  ASSERT_EQ(y.numel(), 3);
  for (int64_t i = 0; i < 3; ++i) EXPECT_EQ(y.select(0, i).item<float>(), sign * 2.0f * static_cast<float>(i) + 5.0f);
}

TEST(PrepareAtLoad, TheFirstCallRunsThePlanPreparedAtLoad) {
  itest::ExecutorSettings settings;
  Module m = loadFromBytes(archive());
  GraphExecutor* prepared = &method(m, "forward").getExecutor();
  GraphExecutorState s = prepared->debugState();
  EXPECT_TRUE(s.profiling);
  EXPECT_EQ(s.plans, 1);  // the profiling plan, built before any call
  EXPECT_EQ(s.profiledRuns, 0);
  EXPECT_GT(s.prepareNanos, 0);

  expectForward(m);
  EXPECT_EQ(&method(m, "forward").getExecutor(), prepared);
  s = prepared->debugState();
  EXPECT_EQ(s.plans, 1);
  EXPECT_EQ(s.profiledRuns, 1);
  expectForward(m);
  EXPECT_EQ(prepared->debugState().specializations, 1);
  // Only forward is prepared.
  EXPECT_EQ(method(m, "helper").getExecutor().debugState().plans, 0);
}

TEST(PrepareAtLoad, EnvironmentTurnsItOff) {
  itest::ExecutorSettings settings;
  ::setenv("EMBER_PREPARE_AT_LOAD", "0", 1);
  Module m = loadFromBytes(archive());
  ::unsetenv("EMBER_PREPARE_AT_LOAD");
  EXPECT_EQ(method(m, "forward").getExecutor().debugState().plans, 0);
  expectForward(m);
  EXPECT_EQ(method(m, "forward").getExecutor().debugState().plans, 1);
}

const char* kLinearSource = R"(
class Dense(Module):
  __parameters__ = ["w", ]
  __buffers__ = []
  w : Tensor
  training : bool
  def forward(self: __torch__.Dense, x: Tensor) -> Tensor:
    return torch.linear(x, self.w)
)";

// The bytes a load of the archive `bytes` leaves in the allocator's cache. Loaded from a file:
// its tensors are then views of the mapped archive, not copies that might take the memory.
int64_t cachedByLoad(const std::string& bytes) {
  const std::string path = ::testing::TempDir() + "prepare_at_load_dense.pt";
  {
    std::ofstream out(path, std::ios::binary);
    out << bytes;
  }
  emptyAllocatorCache();
  setAllocatorStatsEnabled(true);
  const int64_t before = allocatorStats().cachedBytes;
  Module m = load(path);
  const int64_t after = allocatorStats().cachedBytes;
  setAllocatorStatsEnabled(false);
  return after - before;
}

// A model whose code runs matrix products gets memory backed for its first call while it loads:
// as much as its tensors take (8 MB here; at most 24 MB), kept in the allocator's cache.
TEST(PrepareAtLoad, MemoryForTheFirstCallIsBackedAtLoad) {
  if (!allocatorCachingEnabled()) GTEST_SKIP() << "the allocator does not cache";
  auto cu = std::make_shared<CompilationUnit>();
  defineInto(*cu, kLinearSource, nullptr);
  Module dense(cu, cu->findClass("__torch__.Dense"));
  dense.setattr("w", zeros({1024, 2048}));
  dense.setattr("training", false);
  const std::string bytes = dense.saveToBytes();
  const int64_t eightMb = int64_t{8} << 20;
  EXPECT_GE(cachedByLoad(bytes), eightMb);
  ::setenv("EMBER_PREPARE_AT_LOAD", "0", 1);
  EXPECT_LT(cachedByLoad(bytes), eightMb / 2) << "EMBER_PREPARE_AT_LOAD=0 backs nothing ahead";
  ::unsetenv("EMBER_PREPARE_AT_LOAD");
  // No products in the code (the Scale module's mul and add): nothing either.
  EXPECT_LT(cachedByLoad(archive()), eightMb / 2);
}

// Loads, applies `change`, calls forward twice (checking the results), and returns the state of
// the executor that ran, which must not be the one prepared at load.
GraphExecutorState afterChange(const std::function<void()>& change) {
  Module m = loadFromBytes(archive());
  GraphExecutor* prepared = &method(m, "forward").getExecutor();
  EXPECT_EQ(prepared->debugState().plans, 1);
  change();
  expectForward(m);
  expectForward(m);
  GraphExecutor& ran = method(m, "forward").getExecutor();
  EXPECT_NE(&ran, prepared);
  return ran.debugState();
}

TEST(PrepareAtLoad, ProfiledRunsChangedAfterLoad) {
  itest::ExecutorSettings settings;
  GraphExecutorState s = afterChange([] { setNumProfiledRuns(2); });
  EXPECT_EQ(s.profiledRuns, 2);  // the prepared plan counted 1 run: it would have specialised
  EXPECT_EQ(s.specializations, 0);
}

TEST(PrepareAtLoad, OptimisationTurnedOffAfterLoad) {
  itest::ExecutorSettings settings;
  GraphExecutorState s = afterChange([] { setGraphExecutorOptimize(false); });
  EXPECT_EQ(s.profiledRuns, 0);  // the generalised graph, never profiled
  EXPECT_EQ(s.specializations, 0);
}

TEST(PrepareAtLoad, ExecutorKindChangedAfterLoad) {
  itest::ExecutorSettings settings;
  GraphExecutorState s = afterChange([] { setProfilingExecutor(false); });
  EXPECT_FALSE(s.profiling);
}

TEST(PrepareAtLoad, FusionStrategyChangedAfterLoad) {
  itest::ExecutorSettings settings;
  GraphExecutorState s = afterChange([] { setFusionStrategy({{FusionBehavior::Dynamic, 1}}); });
  EXPECT_EQ(s.specializations, 1);
  EXPECT_TRUE(s.strategyExhausted);  // one specialisation in all, where the default allows 12
}

TEST(PrepareAtLoad, MaxSpecializationsChangedAfterLoad) {
  itest::ExecutorSettings settings;
  GraphExecutorState s = afterChange([] { setMaxSpecializations(1); });
  EXPECT_TRUE(s.strategyExhausted);
}

// The prepared plan inlined helper's old body; the call must run the new one.
TEST(PrepareAtLoad, CalleeReplacedAfterLoad) {
  itest::ExecutorSettings settings;
  Module m = loadFromBytes(archive());
  GraphExecutor* prepared = &method(m, "forward").getExecutor();
  GraphFunction& helper = method(m, "helper");
  std::shared_ptr<Graph> negated = helper.graph()->copy();
  {
    WithInsertPoint point(negated->returnNode());
    Value* neg = negated->insert(Symbol::aten("neg"), {negated->outputs()[0]});
    negated->eraseOutput(0);
    negated->registerOutput(neg);
  }
  helper.setGraph(negated);
  expectForward(m, -1.0f);
  EXPECT_NE(&method(m, "forward").getExecutor(), prepared);
}

// After the first call the executor is in use: later setting changes apply as they do to any
// executor (PyTorch keeps its executors too), not by rebuilding it.
TEST(PrepareAtLoad, SettingsChangedAfterTheFirstCallKeepTheExecutor) {
  itest::ExecutorSettings settings;
  Module m = loadFromBytes(archive());
  GraphExecutor* prepared = &method(m, "forward").getExecutor();
  expectForward(m);
  setNumProfiledRuns(3);
  expectForward(m);
  EXPECT_EQ(&method(m, "forward").getExecutor(), prepared);
  EXPECT_EQ(prepared->debugState().specializations, 1);
}

}  // namespace
}  // namespace ember::jit
