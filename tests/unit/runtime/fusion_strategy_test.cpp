// The profiling executor's specialisation policy: the fusion strategy (STATIC guards on exact
// sizes, DYNAMIC on rank and contiguity, then the generalised graph once it is used up), the LRU
// bound on live specialisations, bail-out and recompilation counts and their log lines, and the
// specialised pipeline's stages. Expected values come from the tensor library's own operations
// (checked against PyTorch by tests/compat/tensor); the strategy's default and its setter's
// contract are PyTorch 1.13's (torch.jit.set_fusion_strategy).
#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>

#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/runtime/graph_executor.h"
#include "ember/tensor.h"
#include "passes/jit_log.h"
#include "unit/runtime/executor_test_support.h"
#include "unit/runtime/interpreter_test_ops.h"

namespace ember::jit {
namespace {

using itest::ExecutorSettings;
using itest::kAddScale;
using itest::parseGraph;

// Calls f(a, a) and checks the result against the tensor library's (a + a) * 2.
void expectRight(GraphExecutor& ex, const Tensor& a) {
  Stack s{a, a};
  ex.run(s);
  ASSERT_EQ(s.size(), 1u);
  Tensor expected = mul(add(a, a), Scalar(2.0));
  const Tensor& got = s.at(0).toTensor();
  EXPECT_TRUE(got.sizes() == expected.sizes() && got.eq(expected).all().item<bool>()) << "sizes " << a.sizes().size();
}

TEST(FusionStrategy, DefaultAndSetterAreTorchs) {
  ExecutorSettings settings;
  FusionStrategy def{{FusionBehavior::Static, 2}, {FusionBehavior::Dynamic, 10}};
  setFusionStrategy(def);
  FusionStrategy previous = setFusionStrategy({{FusionBehavior::Dynamic, 3}});
  EXPECT_EQ(previous, def);  // torch.jit.set_fusion_strategy returns the previous strategy
  EXPECT_EQ(getFusionStrategy(), (FusionStrategy{{FusionBehavior::Dynamic, 3}}));
  EXPECT_THROW(setFusionStrategy({{FusionBehavior::Static, -1}}), Error);
  EXPECT_EQ(parseFusionStrategy("STATIC:2,dynamic:10"), def);
  EXPECT_EQ(fusionStrategyString(def), "STATIC:2,DYNAMIC:10");
  try {
    parseFusionStrategy("FOO:1");
    ADD_FAILURE() << "FOO accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("only supported 'STATIC' or 'DYNAMIC', got: FOO"), std::string::npos) << e.what();
  }
  EXPECT_THROW(parseFusionStrategy("STATIC"), Error);
  EXPECT_THROW(parseFusionStrategy("STATIC:-2"), Error);
  EXPECT_THROW(parseFusionStrategy("STATIC:99999999999999"), Error);
  EXPECT_THROW(setMaxSpecializations(0), Error);
}

TEST(FusionStrategy, StaticGuardsFlipOnNewSizes) {
  ExecutorSettings settings;
  setFusionStrategy({{FusionBehavior::Static, 2}, {FusionBehavior::Dynamic, 10}});
  GraphExecutor ex(parseGraph(kAddScale), "f");
  Tensor small = rand({2, 3}), big = rand({4, 3});
  expectRight(ex, small);  // profiled
  expectRight(ex, small);  // specialisation 1: STATIC, sizes [2, 3]
  EXPECT_EQ(ex.debugState().specializations, 1);
  expectRight(ex, big);  // bail-out, profiled
  GraphExecutorState s = ex.debugState();
  EXPECT_EQ(s.bailouts, 1);
  EXPECT_EQ(s.profiledRuns, 2);
  EXPECT_EQ(s.specializations, 1);
  expectRight(ex, big);  // bail-out, specialisation 2: STATIC, sizes [4, 3]
  s = ex.debugState();
  EXPECT_EQ(s.bailouts, 2);
  EXPECT_EQ(s.specializations, 2);
  EXPECT_EQ(s.recompilations, 1);
  FileCheck().check("prim::TypeCheck[types=[Float(4, 3, strides=[3, 1]").run(lastExecutedOptimizedGraph()->toString());
  // Both sizes now run their own specialisation, with no further compiles or profiling.
  for (int i = 0; i < 3; ++i) {
    expectRight(ex, small);
    expectRight(ex, big);
  }
  s = ex.debugState();
  EXPECT_EQ(s.specializations, 2);
  EXPECT_EQ(s.profiledRuns, 2);
  EXPECT_EQ(s.bailouts, 5);  // each call with the big size fails the first guard
  FileCheck().check("Float(2, 3, strides=[3, 1]").run(s.optimizedGraph->toString());
  // Same sizes, other strides: a STATIC guard fails.
  Tensor transposed = rand({3, 2}).t();
  expectRight(ex, transposed);
  EXPECT_EQ(ex.debugState().bailouts, 6);
}

TEST(FusionStrategy, DynamicGuardsRankAndContiguityWithSymbolicSizes) {
  ExecutorSettings settings;
  setFusionStrategy({{FusionBehavior::Static, 1}, {FusionBehavior::Dynamic, 1}});
  GraphExecutor ex(parseGraph(kAddScale), "f");
  expectRight(ex, rand({2, 3}));
  expectRight(ex, rand({2, 3}));  // STATIC [2, 3]
  expectRight(ex, rand({5, 3}));  // bail-out, profiled
  expectRight(ex, rand({5, 3}));  // DYNAMIC: rank 2, contiguous
  std::string dynamic = lastExecutedOptimizedGraph()->toString();
  FileCheck()
      .check("prim::TypeCheck[types=[Float(*, *, requires_grad=0, device=cpu), Float(*, *, requires_grad=0, device=cpu)], "
             "contiguous=[1, 1]]")
      .run(dynamic);
  // Any other size of rank 2 passes the DYNAMIC guard: no profiling, no compile.
  for (int64_t n : {1, 7, 30}) expectRight(ex, rand({n, n + 1}));
  GraphExecutorState s = ex.debugState();
  EXPECT_EQ(s.specializations, 2);
  EXPECT_EQ(s.profiledRuns, 2);
  EXPECT_TRUE(s.strategyExhausted);
  // A non-contiguous or rank-3 tensor passes no guard and the strategy is used up: the
  // generalised graph runs it, with no profiling and no compile.
  expectRight(ex, rand({4, 6}).t());
  expectRight(ex, rand({2, 2, 2}));
  s = ex.debugState();
  EXPECT_EQ(s.specializations, 2);
  EXPECT_EQ(s.profiledRuns, 2);
  EXPECT_EQ(s.bailouts, 7);  // every call after the second but one failed the STATIC guard
}

TEST(FusionStrategy, ExhaustedStrategyRunsTheGeneralisedGraph) {
  ExecutorSettings settings;
  setFusionStrategy({{FusionBehavior::Static, 1}});
  GraphExecutor ex(parseGraph(kAddScale), "f");
  expectRight(ex, rand({3}));
  expectRight(ex, rand({3}));
  EXPECT_TRUE(ex.debugState().strategyExhausted);
  int64_t plans = ex.debugState().plans;
  for (int64_t n = 1; n < 10; ++n) expectRight(ex, rand({n + 3}));
  GraphExecutorState s = ex.debugState();
  EXPECT_EQ(s.bailouts, 9);
  EXPECT_EQ(s.specializations, 1);
  EXPECT_EQ(s.profiledRuns, 1);
  EXPECT_EQ(s.plans, plans + 1);  // the generalised plan, compiled once
  // An empty strategy never specialises.
  setFusionStrategy({});
  GraphExecutor never(parseGraph(kAddScale), "g");
  for (int i = 0; i < 3; ++i) expectRight(never, rand({2}));
  EXPECT_EQ(never.debugState().specializations, 0);
  EXPECT_EQ(never.debugState().optimizedGraph, nullptr);
}

TEST(FusionStrategy, LiveSpecializationsAreBoundedLeastRecentlyUsedFirst) {
  ExecutorSettings settings;
  setFusionStrategy({{FusionBehavior::Dynamic, 20}});
  setMaxSpecializations(3);  // the first and two others
  GraphExecutor ex(parseGraph(kAddScale), "f");
  auto twice = [&](int64_t rank) {  // a bail-out profiles, the next one specialises
    std::vector<int64_t> sizes(static_cast<size_t>(rank), 2);
    expectRight(ex, rand(sizes));
    expectRight(ex, rand(sizes));
  };
  twice(1);  // specialisation 1 (pinned)
  twice(2);  // 2
  twice(3);  // 3
  EXPECT_EQ(ex.debugState().liveSpecializations, 3);
  EXPECT_EQ(ex.debugState().evictions, 0);
  expectRight(ex, rand({2, 2}));  // rank 2 used: rank 3 is now the least recently used
  twice(4);                       // 4 evicts rank 3
  GraphExecutorState s = ex.debugState();
  EXPECT_EQ(s.liveSpecializations, 3);
  EXPECT_EQ(s.evictions, 1);
  EXPECT_EQ(s.specializations, 4);
  // Rank 2 is still live (no compile); rank 3 was evicted (profiled and compiled again).
  expectRight(ex, rand({2, 2}));
  EXPECT_EQ(ex.debugState().specializations, 4);
  twice(3);
  s = ex.debugState();
  EXPECT_EQ(s.specializations, 5);
  EXPECT_EQ(s.evictions, 2);
  EXPECT_EQ(s.liveSpecializations, 3);
  // The first specialisation is never evicted: rank 1 runs without a bail-out.
  int64_t bailouts = s.bailouts;
  expectRight(ex, rand({5}));
  EXPECT_EQ(ex.debugState().bailouts, bailouts);
}

TEST(FusionStrategy, BailOutsRecompilationsAndEvictionsAreLoggedWithReasons) {
  ExecutorSettings settings;
  setFusionStrategy({{FusionBehavior::Static, 1}, {FusionBehavior::Dynamic, 5}});
  setMaxSpecializations(2);
  const char* old = std::getenv("EMBER_JIT_LOG_LEVEL");
  std::string saved = old ? old : "";
  setenv("EMBER_JIT_LOG_LEVEL", ">>profiling_graph_executor", 1);
  reparseJitLogEnvironment();
  std::ostringstream log;
  setJitLogStream(&log);
  {
    GraphExecutor ex(parseGraph(kAddScale), "addscale");
    expectRight(ex, rand({2, 3}));
    expectRight(ex, rand({2, 3}));
    expectRight(ex, rand({2, 3}, kDouble));
    expectRight(ex, rand({2, 3}, kDouble));
    expectRight(ex, rand({4}));
    expectRight(ex, rand({4}));
  }
  setJitLogStream(nullptr);
  if (old) setenv("EMBER_JIT_LOG_LEVEL", saved.c_str(), 1); else unsetenv("EMBER_JIT_LOG_LEVEL");
  reparseJitLogEnvironment();
  FileCheck()
      .check("addscale: specialisation 1 (STATIC)")
      .check("addscale: bail-out, input 0 (a): dtype Double, expected Float")
      .check("addscale: recompilation, specialisation 2 of 6 (DYNAMIC), because input 0 (a): dtype Double, expected Float")
      .check("addscale: bail-out, input 0 (a): rank 1, expected 2")
      .check("addscale: recompilation, specialisation 3 of 6 (DYNAMIC), because input 0 (a): rank 1, expected 2")
      .check("addscale: evicting specialisation 2 (least recently used; at most 2 live)")
      .run(log.str());
}

TEST(FusionStrategy, StaticSizesFoldInThePipelineAndStagesAreTimed) {
  ExecutorSettings settings;
  setFusionStrategy({{FusionBehavior::Static, 1}, {FusionBehavior::Dynamic, 1}});
  auto graph = R"IR(
graph(%x : Tensor):
  %s : int[] = aten::size(%x)
  %d : int = aten::dim(%x)
  %r : (int[], int) = prim::TupleConstruct(%s, %d)
  return (%r))IR";
  GraphExecutor ex(parseGraph(graph), "f");
  for (int i = 0; i < 2; ++i) {
    Stack s{rand({2, 5})};
    ex.run(s);
    EXPECT_EQ(s.at(0).toTupleRef().elements.at(0).toIntVector(), (std::vector<int64_t>{2, 5}));
  }
  std::string text = ex.debugState().optimizedGraph->toString();
  FileCheck().check("prim::TypeCheck").check("prim::Constant[value=[2, 5]]").check("prim::FallbackGraph").run(text);
  FileCheck().check("prim::If").checkNot("aten::size").check("block1").run(text);
  GraphExecutorState st = ex.debugState();
  EXPECT_GT(st.prepareNanos, 0);
  EXPECT_GT(st.stageNanos[static_cast<size_t>(PipelineStage::PreDerivative)], 0);
  EXPECT_GE(st.specializeNanos, st.stageNanos[static_cast<size_t>(PipelineStage::PreDerivative)]);
  EXPECT_STREQ(pipelineStageName(PipelineStage::PostDerivativeFusion), "post_derivative_fusion");
  // Other sizes: the DYNAMIC specialisation must read them at run time.
  for (int i = 0; i < 3; ++i) {
    Stack s{rand({3, 4})};
    ex.run(s);
    EXPECT_EQ(s.at(0).toTupleRef().elements.at(0).toIntVector(), (std::vector<int64_t>{3, 4}));
    EXPECT_EQ(s.at(0).toTupleRef().elements.at(1).toInt(), 2);
  }
}

TEST(FusionStrategy, ShapesChangedInPlaceAreNotFoldedFromTheGuard) {
  ExecutorSettings settings;
  GraphExecutor ex(parseGraph(R"IR(
graph(%x : Tensor):
  %zero : int = prim::Constant[value=0]()
  %y : Tensor = aten::unsqueeze_(%x, %zero)
  %d : int = aten::dim(%x)
  %s : int[] = aten::size(%x)
  %r : (int, int[]) = prim::TupleConstruct(%d, %s)
  return (%r))IR"),
                   "f");
  for (int i = 0; i < 4; ++i) {
    Stack s{rand({2, 3})};
    ex.run(s);
    EXPECT_EQ(s.at(0).toTupleRef().elements.at(0).toInt(), 3) << "call " << i;
    EXPECT_EQ(s.at(0).toTupleRef().elements.at(1).toIntVector(), (std::vector<int64_t>{1, 2, 3})) << "call " << i;
  }
  EXPECT_NE(ex.debugState().optimizedGraph, nullptr);
}

}  // namespace
}  // namespace ember::jit
