// The profiling executor: profiles the first calls, then runs a plan specialised to the profiled
// types behind a prim::TypeCheck guard; inputs of other types bail out to the fallback and still
// give the right answer. The fusion strategy, its exhaustion and the LRU bound are tested in
// fusion_strategy_test.cpp. Expected values come from the tensor library's own operations (which
// tests/compat/tensor checks against PyTorch).
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "ember/core/symbols.h"
#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/runtime/graph_executor.h"
#include "ember/tensor.h"
#include "unit/runtime/executor_test_support.h"
#include "unit/runtime/interpreter_test_ops.h"

namespace ember::jit {
namespace {

using itest::ExecutorSettings;
using itest::kAddScale;
using itest::parseGraph;


Tensor expectedAddScale(const Tensor& a, const Tensor& b) { return mul(add(a, b), Scalar(2.0)); }

Tensor call(GraphExecutor& ex, const Tensor& a, const Tensor& b) {
  Stack s{a, b};
  ex.run(s);
  EXPECT_EQ(s.size(), 1u);
  return s.at(0).toTensor();
}

bool same(const Tensor& x, const Tensor& y) {
  return x.scalar_type() == y.scalar_type() && x.sizes() == y.sizes() && x.eq(y).all().item<bool>();
}

TEST(ProfilingExecutor, ProfilesThenSpecialisesBehindAGuard) {
  ExecutorSettings settings;
  GraphExecutor ex(parseGraph(kAddScale), "f");
  Tensor a = rand({2, 3}), b = rand({2, 3});
  EXPECT_TRUE(same(call(ex, a, b), expectedAddScale(a, b)));
  GraphExecutorState s = ex.debugState();
  EXPECT_TRUE(s.profiling);
  EXPECT_EQ(s.profiledRuns, 1);
  EXPECT_EQ(s.optimizedGraph, nullptr);

  EXPECT_TRUE(same(call(ex, a, b), expectedAddScale(a, b)));
  s = ex.debugState();
  ASSERT_NE(s.optimizedGraph, nullptr);
  std::string text = s.optimizedGraph->toString();
  FileCheck()
      .check("prim::TypeCheck[types=[Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu), Float(2, 3, strides=[3, "
             "1], requires_grad=0, device=cpu)]]")
      .check("prim::If")
      .check("itest::tadd")
      .check("prim::FallbackGraph")
      .run(text);
  FileCheck().checkNot("prim::profile").run(text);
  EXPECT_EQ(lastExecutedOptimizedGraph(), s.optimizedGraph);
  EXPECT_EQ(s.bailouts, 0);
  // The first specialisation is STATIC (the default strategy): other sizes fail its guard.
  Tensor c = rand({5, 4}), d = rand({5, 4});
  EXPECT_TRUE(same(call(ex, c, d), expectedAddScale(c, d)));
  EXPECT_EQ(ex.debugState().bailouts, 1);
}

TEST(ProfilingExecutor, GuardFailuresBailOutWithTheRightAnswer) {
  ExecutorSettings settings;
  GraphExecutor ex(parseGraph(kAddScale), "f");
  Tensor a = rand({4}), b = rand({4});
  call(ex, a, b);
  call(ex, a, b);  // specialised for float, rank 1
  Tensor da = rand({4}, kDouble), db = rand({4}, kDouble);
  EXPECT_TRUE(same(call(ex, da, db), expectedAddScale(da, db)));  // dtype changed
  EXPECT_EQ(ex.debugState().bailouts, 1);
  Tensor ma = rand({2, 2, 2}), mb = rand({2, 2, 2});
  EXPECT_TRUE(same(call(ex, ma, mb), expectedAddScale(ma, mb)));  // rank changed
  Tensor ga = rand({4});
  ga.set_requires_grad(true);
  EXPECT_TRUE(same(call(ex, ga, b).detach(), expectedAddScale(ga.detach(), b)));  // requires_grad changed
  EXPECT_EQ(ex.debugState().bailouts, 3);
  // Back to the profiled types: the specialised plan again, no bail-out.
  EXPECT_TRUE(same(call(ex, a, b), expectedAddScale(a, b)));
  EXPECT_EQ(ex.debugState().bailouts, 3);
  // Mixed and alternating types over many calls (the fallbacks specialise in turn, up to a
  // bounded depth, then run unspecialised): every answer right.
  for (int i = 0; i < 12; ++i) {
    ScalarType dt = i % 3 == 0 ? kFloat : i % 3 == 1 ? kDouble : kLong;
    Tensor x = full({3}, Scalar(int64_t{i}), dt), y = full({3}, Scalar(int64_t{2}), dt);
    EXPECT_TRUE(same(call(ex, x, y), expectedAddScale(x, y))) << "call " << i;
  }
}

TEST(ProfilingExecutor, ProfiledRunsAreSettable) {
  ExecutorSettings settings;
  setNumProfiledRuns(3);
  GraphExecutor ex(parseGraph(kAddScale), "f");
  Tensor a = rand({2}), b = rand({2});
  for (int i = 0; i < 3; ++i) {
    call(ex, a, b);
    EXPECT_EQ(ex.debugState().optimizedGraph, nullptr) << "after call " << i + 1;
  }
  call(ex, a, b);
  EXPECT_EQ(ex.debugState().profiledRuns, 3);
  EXPECT_NE(ex.debugState().optimizedGraph, nullptr);
  EXPECT_THROW(setNumProfiledRuns(-1), Error);
}

TEST(ProfilingExecutor, GraphForRunsUntilSpecialised) {
  ExecutorSettings settings;
  GraphExecutor ex(parseGraph(kAddScale), "f");
  Stack s{rand({3, 3}, kDouble), rand({3, 3}, kDouble)};
  std::shared_ptr<Graph> g = ex.graphFor(s);
  FileCheck().check("prim::TypeCheck[types=[Double(3, 3, strides=[3, 1]").run(g->toString());
  EXPECT_EQ(s.size(), 2u);  // the caller's inputs are left alone
}

TEST(ProfilingExecutor, OptimizeOffRunsTheGraphUnspecialised) {
  ExecutorSettings settings;
  setGraphExecutorOptimize(false);
  GraphExecutor ex(parseGraph(kAddScale), "f");
  Tensor a = rand({2}), b = rand({2});
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(same(call(ex, a, b), expectedAddScale(a, b)));
  Stack s{a, b};
  FileCheck().checkNot("prim::TypeCheck").checkNot("prim::profile").run(ex.getPlanFor(s).graph->toString());
}

TEST(ProfilingExecutor, OptionalTensorsThatWereNoneAreNotGuarded) {
  ExecutorSettings settings;
  GraphExecutor ex(parseGraph(R"IR(
graph(%a : Tensor, %b : Tensor?):
  %n : NoneType = prim::Constant()
  %isnone : bool = aten::__is__(%b, %n)
  %r : Tensor = prim::If(%isnone)
    block0():
      -> (%a)
    block1():
      %bb : Tensor = prim::unchecked_cast(%b)
      %s : Tensor = itest::tadd(%a, %bb)
      -> (%s)
  return (%r))IR"),
                   "f");
  Tensor a = rand({2});
  for (int i = 0; i < 2; ++i) {
    Stack s{a, IValue()};
    ex.run(s);
    EXPECT_TRUE(same(s.at(0).toTensor(), a));
  }
  Stack s{a, a};
  ex.run(s);
  EXPECT_TRUE(same(s.at(0).toTensor(), add(a, a)));
  std::string text = ex.debugState().optimizedGraph->toString();
  FileCheck().check("prim::TypeCheck[types=[Float(2, strides=[1], requires_grad=0, device=cpu)]](%").run(text);
}

TEST(ProfilingExecutor, GuardedGraphOutlivingItsExecutorRunsTheFallbackItself) {
  ExecutorSettings settings;
  std::shared_ptr<Graph> guarded;
  {
    GraphExecutor ex(parseGraph(kAddScale), "f");
    Tensor a = rand({2, 2}), b = rand({2, 2});
    call(ex, a, b);
    call(ex, a, b);
    guarded = ex.debugState().optimizedGraph;
    ASSERT_NE(guarded, nullptr);
  }
  // The executor is gone: a failing guard runs the FallbackGraph's own subgraph.
  Tensor c = rand({3}, kDouble), d = rand({3}, kDouble);
  Stack out = itest::runCodeOf(guarded, {c, d});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_TRUE(same(out.at(0).toTensor(), expectedAddScale(c, d)));
  Tensor e = rand({2, 2}), f = rand({2, 2});
  out = itest::runCodeOf(guarded, {e, f});
  EXPECT_TRUE(same(out.at(0).toTensor(), expectedAddScale(e, f)));
}

TEST(ProfilingExecutor, ManyThreadsOnOneExecutor) {
  ExecutorSettings settings;
  GraphExecutor ex(parseGraph(kAddScale), "f");
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) {
        ScalarType dt = (i + t) % 5 == 0 ? kDouble : kFloat;
        int64_t n = 1 + (i + t) % 4;
        Tensor a = full({n}, Scalar(int64_t{t}), dt), b = full({n}, Scalar(int64_t{i}), dt);
        Stack s{a, b};
        ex.run(s);
        if (!same(s.at(0).toTensor(), expectedAddScale(a, b))) ++wrong;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_NE(ex.debugState().optimizedGraph, nullptr);
}

}  // namespace
}  // namespace ember::jit
