// Tensor hooks (autograd::registerHook) and retain_grad on the C++ API: a hook sees the gradient
// of its tensor and may replace it, for leaves (before AccumulateGrad) and non-leaves (before the
// node that produced them runs), in backward and in grad. Expected values are worked by hand.
#include <gtest/gtest.h>

#include "ember/api/compilation_unit.h"
#include "ember/runtime/autograd.h"
#include "ember/tensor.h"
#include "frontend/compile.h"

namespace ember::jit {
namespace {

Tensor leafOf(std::vector<double> values) {
  Tensor t = ember::empty({static_cast<int64_t>(values.size())}, TensorOptions(ScalarType::Double));
  for (size_t i = 0; i < values.size(); ++i) t.data_ptr<double>()[i] = values[i];
  autograd::setRequiresGrad(t);
  return t;
}

Tensor call(const char* source, std::vector<IValue> args) {
  auto cu = compile(source);
  return cu->getFunction("f")(std::move(args)).toTensor();
}

TEST(AutogradHooks, LeafHookSeesAndReplacesTheGradient) {
  Tensor x = leafOf({1.0, 2.0});
  std::vector<double> seen;
  autograd::registerHook(x, [&](const Tensor& g) {
    for (int64_t i = 0; i < g.numel(); ++i) seen.push_back(g.data_ptr<double>()[i]);
    return ember::mul(g, ember::full({}, 10.0, TensorOptions(ScalarType::Double)));
  });
  Tensor y = call("def f(x: Tensor) -> Tensor:\n  return (x * x).sum()\n", {x});
  autograd::backward({y});
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_DOUBLE_EQ(seen[0], 2.0);  // d(x^2)/dx = 2x
  EXPECT_DOUBLE_EQ(seen[1], 4.0);
  Tensor g = autograd::gradOf(x);
  EXPECT_DOUBLE_EQ(g.data_ptr<double>()[0], 20.0);
  EXPECT_DOUBLE_EQ(g.data_ptr<double>()[1], 40.0);
}

TEST(AutogradHooks, NonLeafHookChangesWhatFlowsBehindIt) {
  Tensor x = leafOf({1.0, 3.0});
  auto cu = compile("def f(x: Tensor) -> Tensor:\n  return x * 3.0\n");
  Tensor y = cu->getFunction("f")({x}).toTensor();
  int calls = 0;
  autograd::registerHook(y, [&](const Tensor& g) {
    ++calls;
    return ember::add(g, ember::full({}, 1.0, TensorOptions(ScalarType::Double)));
  });
  auto sum = compile("def f(y: Tensor) -> Tensor:\n  return (y * 2.0).sum()\n");
  Tensor z = sum->getFunction("f")({y}).toTensor();
  std::vector<Tensor> g = autograd::grad({z}, {x});
  EXPECT_EQ(calls, 1);
  // dz/dy = 2, the hook makes it 3, dy/dx = 3.
  EXPECT_DOUBLE_EQ(g[0].data_ptr<double>()[0], 9.0);
  EXPECT_DOUBLE_EQ(g[0].data_ptr<double>()[1], 9.0);
}

TEST(AutogradHooks, RetainGradFillsANonLeafGrad) {
  Tensor x = leafOf({1.0, 2.0});
  auto cu = compile("def f(x: Tensor) -> Tensor:\n  return x * 3.0\n");
  Tensor y = cu->getFunction("f")({x}).toTensor();
  EXPECT_FALSE(autograd::retainsGrad(y));
  autograd::retainGrad(y);
  EXPECT_TRUE(autograd::retainsGrad(y));
  autograd::retainGrad(x);  // a leaf: no-op, and it does not report retaining
  EXPECT_FALSE(autograd::retainsGrad(x));
  auto sq = compile("def f(y: Tensor) -> Tensor:\n  return (y * y).sum()\n");
  autograd::backward({sq->getFunction("f")({y}).toTensor()});
  Tensor gy = autograd::gradOf(y);
  ASSERT_TRUE(gy.defined());
  EXPECT_DOUBLE_EQ(gy.data_ptr<double>()[0], 6.0);  // 2y, y = 3x
  EXPECT_DOUBLE_EQ(gy.data_ptr<double>()[1], 12.0);
}

TEST(AutogradHooks, HookOnATensorWithoutGradIsRefused) {
  Tensor t = ember::ones({2}, TensorOptions(ScalarType::Double));
  EXPECT_THROW(autograd::registerHook(t, [](const Tensor& g) { return g; }), Error);
  EXPECT_THROW(autograd::retainGrad(t), Error);
}

}  // namespace
}  // namespace ember::jit
