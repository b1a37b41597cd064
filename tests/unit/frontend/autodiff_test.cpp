// JIT autodiff end to end: a function called with inputs that require grad is split into
// prim::DifferentiableGraph nodes by the profiling executor, its outputs get one
// DifferentiableGraphBackward node, and the gradients are the analytic ones (first and second
// order). The same programs are compared with PyTorch in tests/compat/autodiff.
#include <gtest/gtest.h>

#include <cmath>

#include "ember/api/compilation_unit.h"
#include "ember/ir/ir.h"
#include "ember/runtime/autograd.h"
#include "ember/runtime/graph_executor.h"
#include "ember/tensor.h"
#include "frontend/compile.h"

namespace ember::jit {
namespace {

struct ProfilingOn {
  bool profiling = getProfilingExecutor();
  ProfilingOn() { setProfilingExecutor(true); }
  ~ProfilingOn() { setProfilingExecutor(profiling); }
};

Tensor vec(std::vector<double> values, bool requiresGrad) {
  Tensor t = ember::empty({static_cast<int64_t>(values.size())}, TensorOptions(ScalarType::Double));
  for (size_t i = 0; i < values.size(); ++i) t.data_ptr<double>()[i] = values[i];
  if (requiresGrad) autograd::setRequiresGrad(t);
  return t;
}

bool hasDifferentiableGraph(const std::shared_ptr<Graph>& g) {
  return g && g->toString(false).find("prim::DifferentiableGraph") != std::string::npos;
}

const char* kSource = R"TS(
def f(x: Tensor, y: Tensor) -> Tensor:
    z = x * y + x.sin()
    return z.tanh()
)TS";

TEST(Autodiff, GroupsDifferentiableNodesAndGivesAnalyticGradients) {
  ProfilingOn on;
  auto cu = compile(kSource);
  Function& f = cu->getFunction("f");
  for (int call = 0; call < 3; ++call) {
    Tensor x = vec({0.1, -0.7, 1.3}, true), y = vec({2.0, 0.5, -1.5}, false);
    Tensor out = f({x, y}).toTensor();
    if (call == 2) {
      EXPECT_TRUE(hasDifferentiableGraph(lastExecutedOptimizedGraph())) << lastExecutedOptimizedGraph()->toString();
      EXPECT_EQ(autograd::gradFnName(out), "DifferentiableGraphBackward");
    }
    std::vector<Tensor> g = autograd::grad({out}, {x}, {ember::ones_like(out)});
    for (int i = 0; i < 3; ++i) {
      double xv = x.data_ptr<double>()[i], yv = y.data_ptr<double>()[i];
      double t = std::tanh(xv * yv + std::sin(xv));
      EXPECT_NEAR(g[0].data_ptr<double>()[i], (1 - t * t) * (yv + std::cos(xv)), 1e-12) << "call " << call;
    }
  }
}

TEST(Autodiff, SecondOrderThroughTheBackwardGraph) {
  ProfilingOn on;
  auto cu = compile("def f(x: Tensor) -> Tensor:\n    return (x * x * x).sin()\n");
  Function& f = cu->getFunction("f");
  for (int call = 0; call < 3; ++call) {
    Tensor x = vec({0.3, -0.4}, true);
    Tensor out = f({x}).toTensor();
    if (call == 2) EXPECT_EQ(autograd::gradFnName(out), "DifferentiableGraphBackward");
    std::vector<Tensor> g = autograd::grad({out}, {x}, {ember::ones_like(out)}, std::nullopt, /*createGraph=*/true);
    std::vector<Tensor> gg = autograd::grad({g[0]}, {x}, {ember::ones_like(g[0])});
    for (int i = 0; i < 2; ++i) {
      double v = x.data_ptr<double>()[i], u = v * v * v;
      // d/dv cos(u) 3v^2 = -sin(u) 9v^4 + cos(u) 6v
      EXPECT_NEAR(g[0].data_ptr<double>()[i], std::cos(u) * 3 * v * v, 1e-12) << "call " << call;
      EXPECT_NEAR(gg[0].data_ptr<double>()[i], -std::sin(u) * 9 * v * v * v * v + std::cos(u) * 6 * v, 1e-12)
          << "call " << call;
    }
  }
}

}  // namespace
}  // namespace ember::jit

namespace ember::jit {
namespace {

TEST(Autodiff, GradInsideTheProgram) {
  ProfilingOn on;
  auto cu = compile(
      "def f(x: Tensor, y: Tensor):\n    w = (x * y + x.sin()).tanh()\n    return w, torch.autograd.grad([w.sum()], [x])\n");
  Function& f = cu->getFunction("f");
  for (int call = 0; call < 3; ++call) {
    Tensor x = vec({0.1, -0.7, 1.3}, true), y = vec({2.0, 0.5, -1.5}, false);
    IValue r = f({x, y});
    Tensor g = r.toTupleRef().elements[1].toListRef().elements[0].toTensor();
    for (int i = 0; i < 3; ++i) {
      double xv = x.data_ptr<double>()[i], yv = y.data_ptr<double>()[i];
      double t = std::tanh(xv * yv + std::sin(xv));
      EXPECT_NEAR(g.data_ptr<double>()[i], (1 - t * t) * (yv + std::cos(xv)), 1e-12) << "call " << call;
    }
  }
}

}  // namespace
}  // namespace ember::jit
