// GraphExecutor: plans keyed by the ArgumentSpec of the inputs, required passes, thread safety.
#include <gtest/gtest.h>

#include <thread>

#include "ember/core/symbols.h"
#include "ember/core/stack.h"
#include "ember/runtime/graph_executor.h"
#include "ember/runtime/graph_function.h"
#include "ember/tensor.h"
#include "runtime/argument_spec.h"
#include "runtime/code.h"
#include "unit/runtime/interpreter_test_ops.h"

namespace ember::jit {
namespace {

using itest::parseGraph;

const char* kTensorAdd = R"IR(
graph(%a : Tensor, %b : Tensor):
  %c : Tensor = itest::tadd(%a, %b)
  return (%c))IR";

TEST(ArgumentSpec, RecordsTensorPropertiesNotSizes) {
  Tensor f23 = zeros({2, 3}), f45 = zeros({4, 5}), f2 = zeros({2});
  Tensor d23 = zeros({2, 3}, kDouble);
  Tensor g23 = zeros({2, 3});
  g23.set_requires_grad(true);
  auto spec = [](std::vector<IValue> v) { return ArgumentSpec(v.data(), v.size()); };
  EXPECT_EQ(spec({f23, 1}), spec({f45, 2}));  // sizes and non-tensors do not matter
  EXPECT_FALSE(spec({f23}) == spec({f2}));    // rank
  EXPECT_FALSE(spec({f23}) == spec({d23}));   // dtype
  EXPECT_FALSE(spec({f23}) == spec({g23}));   // requires_grad
  EXPECT_FALSE(spec({f23}) == spec({Tensor()}));  // defined
  EXPECT_EQ(spec({IValue()}), spec({Tensor()}));  // None counts as an undefined tensor
  // Tensors inside tuples count too.
  EXPECT_FALSE(spec({makeTuple({f23, 1})}) == spec({makeTuple({d23, 1})}));
  EXPECT_EQ(spec({makeTuple({f23, 1})}), spec({makeTuple({f45, 7})}));
  std::vector<IValue> in{f23, makeTuple({d23, g23})};
  ArgumentSpec s(in.data(), in.size());
  EXPECT_TRUE(s.matches(in.data(), in.size()));
  std::vector<IValue> other{f23, makeTuple({d23, f23})};
  EXPECT_FALSE(s.matches(other.data(), other.size()));
}

// The specialising executor's behaviour (profiling_executor_test.cpp has the profiling one's).
struct SpecializingExecutorGuard {
  bool previous = getProfilingExecutor();
  SpecializingExecutorGuard() { setProfilingExecutor(false); }
  ~SpecializingExecutorGuard() { setProfilingExecutor(previous); }
};

TEST(GraphExecutor, OnePlanPerSpec) {
  SpecializingExecutorGuard specializing;
  GraphExecutor ex(parseGraph(kTensorAdd), "f");
  Stack a{ones({2, 3}), ones({2, 3})};
  Stack b{ones({5, 7}), ones({5, 7})};           // same rank and dtype
  Stack c{ones({3}), ones({3})};                 // another rank
  Stack d{ones({2, 3}, kDouble), ones({2, 3}, kDouble)};  // another dtype
  const ExecutionPlan* pa = &ex.getPlanFor(a);
  EXPECT_EQ(&ex.getPlanFor(b), pa);
  const ExecutionPlan* pc = &ex.getPlanFor(c);
  const ExecutionPlan* pd = &ex.getPlanFor(d);
  EXPECT_NE(pc, pa);
  EXPECT_NE(pd, pa);
  EXPECT_NE(pd, pc);
  EXPECT_EQ(&ex.getPlanFor(a), pa);
  EXPECT_EQ(&ex.getPlanFor(c), pc);
  // The plan's graph has the observed input types; the original graph is untouched.
  auto t = pd->graph->inputs()[0]->type()->cast<TensorType>();
  ASSERT_TRUE(t);
  EXPECT_EQ(t->scalarType(), kDouble);
  EXPECT_EQ(t->dim(), std::optional<size_t>(2));
  EXPECT_TRUE(ex.graph()->inputs()[0]->type()->cast<TensorType>()->isUnrefined());

  ex.run(d);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].toTensor().scalar_type(), kDouble);
  EXPECT_DOUBLE_EQ(static_cast<const double*>(d[0].toTensor().data_ptr())[5], 2.0);
}

TEST(GraphExecutor, RunLeavesStackBelowInputs) {
  GraphExecutor ex(parseGraph(kTensorAdd), "f");
  Stack s{IValue(7), ones({2}), ones({2})};
  ex.run(s);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].toInt(), 7);
  EXPECT_DOUBLE_EQ(static_cast<const float*>(s[1].toTensor().data_ptr())[1], 2.0);
}

TEST(GraphExecutor, InlinesCalls) {
  auto calleeGraph = parseGraph(R"IR(
graph(%a : int, %b : int):
  %p : int = itest::mul(%a, %b)
  return (%p))IR");
  GraphFunction callee("callee", calleeGraph);
  std::unordered_map<std::string, Value*> values;
  auto g = parseGraph(R"IR(
graph(%a : int, %b : int):
  %f : Function = prim::Constant[name="callee"]()
  %r : int = prim::CallFunction(%f, %a, %b)
  return (%r))IR",
                      IRParseOptions{[&](const std::string& name) -> TypePtr {
                        return name == "Function" ? FunctionType::create(&callee) : nullptr;
                      }},
                      &values);
  values.at("f")->setType(FunctionType::create(&callee));
  GraphExecutor ex(g, "caller");
  Stack s{6, 7};
  const ExecutionPlan& plan = ex.getPlanFor(s);
  ex.run(s);
  EXPECT_EQ(s.at(0).toInt(), 42);
  bool hasCall = false;
  for (Node* n : plan.graph->nodes()) hasCall |= n->kind() == prim::CallFunction;
  EXPECT_FALSE(hasCall) << *plan.graph;  // the required passes inline graph functions
}

TEST(GraphExecutor, ConcurrentFirstCallsAndRuns) {
  GraphExecutor ex(parseGraph(kTensorAdd), "f");
  std::vector<std::thread> threads;
  std::atomic<int> wrong{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 300; ++i) {
        // Alternate dtypes so that several plans are created and looked up concurrently.
        ScalarType dt = (i + t) % 2 ? kFloat : kDouble;
        Stack s{full({3}, double(t), dt), full({3}, double(i), dt)};
        ex.run(s);
        Tensor r = s.at(0).toTensor();
        double v = dt == kFloat ? static_cast<const float*>(r.data_ptr())[2] : static_cast<const double*>(r.data_ptr())[2];
        if (v != double(t + i) || r.scalar_type() != dt) ++wrong;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);
}

TEST(GraphExecutor, GraphFunctionCallOperator) {
  GraphFunction fn("mul", parseGraph(R"IR(
graph(%a : int, %b : int):
  %p : int = itest::mul(%a, %b)
  return (%p))IR"));
  EXPECT_EQ(fn({IValue(6), IValue(7)}).toInt(), 42);
  EXPECT_EQ(fn({IValue(6)}, {{"b", IValue(5)}}).toInt(), 30);
}

}  // namespace
}  // namespace ember::jit
