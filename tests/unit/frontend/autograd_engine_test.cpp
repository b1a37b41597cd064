// The autograd engine seen from TorchScript programs and from C++ (ember/runtime/autograd.h):
// grad_fn names, leaves and .grad, retain_graph, PyTorch's errors (in-place on a saved tensor or
// a leaf, freed graphs, ops without a derivative), requires_grad_ checks, and that programs
// touching no tensor that requires grad record nothing. The numbers are compared with PyTorch in
// tests/compat/autograd and with finite differences in autograd_gradcheck_test.cpp.
#include <gtest/gtest.h>

#include <cmath>

#include "ember/api/compilation_unit.h"
#include "ember/runtime/autograd.h"
#include "ember/runtime/grad_mode.h"
#include "ember/tensor.h"
#include "frontend/compile.h"

namespace ember::jit {
namespace {

Tensor leaf(std::vector<double> values) {
  Tensor t = ember::empty({static_cast<int64_t>(values.size())}, TensorOptions(ScalarType::Double));
  for (size_t i = 0; i < values.size(); ++i) t.data_ptr<double>()[i] = values[i];
  autograd::setRequiresGrad(t);
  return t;
}

IValue run(const std::string& source, std::vector<IValue> args) {
  auto cu = compile(source);
  return cu->getFunction("f")(std::move(args));
}

std::string errorOf(const std::string& source, std::vector<IValue> args) {
  try {
    run(source, std::move(args));
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

TEST(AutogradEngine, RecordsNodesNamedAsPyTorchDoes) {
  Tensor x = leaf({1.0, 2.0});
  Tensor y = run("def f(x: Tensor) -> Tensor:\n  return (x * 2.0).exp().sum()\n", {x}).toTensor();
  EXPECT_EQ(autograd::gradFnName(y), "SumBackward0");
  EXPECT_TRUE(y.requires_grad());
  EXPECT_EQ(autograd::gradFnName(x), "");
  std::vector<Tensor> g = autograd::grad({y}, {x});
  // d/dx sum(exp(2x)) = 2 exp(2x)
  EXPECT_NEAR(g[0].data_ptr<double>()[0], 2 * std::exp(2.0), 1e-12);
  EXPECT_NEAR(g[0].data_ptr<double>()[1], 2 * std::exp(4.0), 1e-12);
}

// repr shows a recorded result's grad_fn and a leaf's flag, as PyTorch 1.13 prints
// `tensor([2., 4.], dtype=torch.float64, grad_fn=<MulBackward0>)` for x * 2.0.
TEST(AutogradEngine, ReprShowsGradFnAsPyTorchDoes) {
  Tensor x = leaf({1.0, 2.0});
  Tensor y = run("def f(x: Tensor) -> Tensor:\n  return x * 2.0\n", {x}).toTensor();
  EXPECT_EQ(repr(y), "tensor([2., 4.], dtype=torch.float64, grad_fn=<MulBackward0>)");
  EXPECT_EQ(repr(x), "tensor([1., 2.], dtype=torch.float64, requires_grad=True)");
}

TEST(AutogradEngine, BackwardAccumulatesIntoLeavesAndRetainsGraphOnRequest) {
  Tensor x = leaf({3.0});
  Tensor y = run("def f(x: Tensor) -> Tensor:\n  return (x * x).sum()\n", {x}).toTensor();
  autograd::backward({y}, {}, /*retainGraph=*/true);
  EXPECT_DOUBLE_EQ(autograd::gradOf(x).item<double>(), 6.0);
  autograd::backward({y});
  EXPECT_DOUBLE_EQ(autograd::gradOf(x).item<double>(), 12.0);
  try {
    autograd::backward({y});
    FAIL() << "backward through a freed graph succeeded";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("Trying to backward through the graph a second time"), std::string::npos);
  }
}

TEST(AutogradEngine, InplaceChangeOfASavedTensorIsAnError) {
  Tensor x = leaf({0.5, 1.5});
  std::string err = errorOf(
      "def f(x: Tensor) -> Tuple[List[Optional[Tensor]], Tensor]:\n  y = x * 3.0\n  z = y * y\n  y.add_(1.0)\n"
      "  return torch.autograd.grad([z.sum()], [x]), y\n",
      {x});
  EXPECT_NE(err.find("one of the variables needed for gradient computation has been modified by an inplace operation"),
            std::string::npos)
      << err;
}

// A program run in no-grad mode (as `ember run --no-grad` runs a model) calls the operators that
// write no input without autograd, and still bumps the versions of tensors it writes: a graph
// that saved the parameter refuses backward after the write, as PyTorch's does after an
// optimizer step under torch.no_grad().
TEST(AutogradEngine, NoGradModeWritesStillInvalidateSavedTensors) {
  Tensor w = leaf({0.5, 1.5});
  Tensor loss = run("def f(w: Tensor) -> Tensor:\n  return (w * w).sum()\n", {w}).toTensor();
  IValue out;
  {
    NoGradGuard noGrad;
    out = run("def f(w: Tensor) -> Tensor:\n  y = w * 2.0\n  w.add_(1.0)\n  return y\n", {w});
  }
  EXPECT_FALSE(out.toTensor().requires_grad()) << "an op under no_grad recorded history";
  EXPECT_DOUBLE_EQ(w.data_ptr<double>()[0], 1.5);
  try {
    autograd::backward({loss});
    FAIL() << "backward used a saved tensor written under no_grad";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("modified by an inplace operation"), std::string::npos) << e.what();
  }
}

TEST(AutogradEngine, InplaceOnALeafThatRequiresGradIsAnErrorUnlessNoGrad) {
  Tensor x = leaf({0.5});
  EXPECT_NE(errorOf("def f(x: Tensor) -> Tensor:\n  return x.mul_(2.0)\n", {x}).find("a leaf Variable that requires grad"),
            std::string::npos);
  Tensor r = run("def f(x: Tensor) -> Tensor:\n  with torch.no_grad():\n    x.mul_(2.0)\n  return x\n", {x}).toTensor();
  EXPECT_DOUBLE_EQ(r.item<double>(), 1.0);
  EXPECT_TRUE(autograd::isLeaf(x));
}

TEST(AutogradEngine, RequiresGradFlagChecks) {
  Tensor i = ember::ones({2}, TensorOptions(ScalarType::Long));
  EXPECT_NE(errorOf("def f(x: Tensor) -> Tensor:\n  return x.requires_grad_()\n", {i}).find("only Tensors of floating point"),
            std::string::npos);
  Tensor x = leaf({1.0});
  EXPECT_NE(errorOf("def f(x: Tensor) -> Tensor:\n  return (x * 2.0).requires_grad_(False)\n", {x})
                .find("you can only change requires_grad flags of leaf variables"),
            std::string::npos);
}

TEST(AutogradEngine, OpWithoutFormulaFailsInBackwardNaming) {
  Tensor x = leaf({1.0, 2.0, 3.0});
  std::string err = errorOf(
      "def f(x: Tensor) -> List[Optional[Tensor]]:\n  return torch.autograd.grad([torch.ops.aten._add_relu(x, x).sum()], [x])\n",
      {x});
  // PyTorch 1.13's text for an op it records without a derivative (not_implemented.cpp).
  EXPECT_NE(err.find("derivative for aten::_add_relu is not implemented"), std::string::npos) << err;
}

TEST(AutogradEngine, DropoutGradientFollowsItsMask) {
  Tensor x = ember::ones({1000}, TensorOptions(ScalarType::Double));
  autograd::setRequiresGrad(x);
  auto cu = compile(
      "def f(x: Tensor) -> Tuple[Tensor, Optional[Tensor]]:\n  y = torch.nn.functional.dropout(x, 0.25, True)\n"
      "  return y, torch.autograd.grad([y.sum()], [x])[0]\n");
  auto out = cu->getFunction("f")({x}).toTupleRef().elements;
  Tensor y = out[0].toTensor(), g = out[1].toTensor();
  for (int64_t i = 0; i < 1000; ++i) EXPECT_DOUBLE_EQ(g.data_ptr<double>()[i], y.data_ptr<double>()[i]);
}

// The alpha / feature dropout variants draw their mask once (the decomposition is the forward in
// training): the gradient is the mask the output was computed with.
TEST(AutogradEngine, DropoutVariantsGradientFollowsTheirMask) {
  Tensor x = ember::ones({4, 6, 5}, TensorOptions(ScalarType::Double));
  autograd::setRequiresGrad(x);
  auto cu = compile(
      "def f(x: Tensor) -> Tuple[Tensor, Optional[Tensor], Tensor, Optional[Tensor]]:\n"
      "  a = torch.nn.functional.alpha_dropout(x * 3.0, 0.4, True)\n"
      "  d = torch.nn.functional.dropout2d(x.unsqueeze(-1) * 3.0, 0.5, True).squeeze(-1)\n"
      "  return a, torch.autograd.grad([a.sum()], [x])[0], d, torch.autograd.grad([d.sum()], [x])[0]\n");
  auto out = cu->getFunction("f")({x}).toTupleRef().elements;
  Tensor a = out[0].toTensor().contiguous(), ga = out[1].toTensor().contiguous();
  Tensor d = out[2].toTensor().contiguous(), gd = out[3].toTensor().contiguous();
  // Alpha dropout: out = 3 * noise * k + ((noise - 1) * alpha + alpha * p) * k with noise in {0, 1}.
  const double alpha = 1.7580993408473766, p = 0.4, k = 1.0 / std::sqrt((alpha * alpha * p + 1.0) * (1.0 - p));
  int kept = 0;
  for (int64_t i = 0; i < a.numel(); ++i) {
    double g = ga.data_ptr<double>()[i] / 3.0;  // noise * k (x was scaled by 3)
    double noise = std::round(g / k);
    ASSERT_TRUE(noise == 0.0 || noise == 1.0) << i;
    kept += static_cast<int>(noise);
    EXPECT_NEAR(a.data_ptr<double>()[i], 3.0 * noise * k + ((noise - 1.0) * alpha + alpha * p) * k, 1e-12) << i;
  }
  EXPECT_GT(kept, 0);
  EXPECT_LT(kept, a.numel());
  // Feature dropout: one mask value per (sample, channel), out = 3 * x * mask.
  for (int64_t c = 0; c < 24; ++c) {
    double g0 = gd.data_ptr<double>()[c * 5];
    EXPECT_TRUE(g0 == 0.0 || g0 == 6.0) << c;
    for (int64_t j = 0; j < 5; ++j) {
      EXPECT_EQ(gd.data_ptr<double>()[c * 5 + j], g0);
      EXPECT_DOUBLE_EQ(d.data_ptr<double>()[c * 5 + j], g0);
    }
  }
}

TEST(AutogradEngine, NothingIsRecordedWithoutTensorsRequiringGrad) {
  Tensor x = ember::ones({3}, TensorOptions(ScalarType::Double));
  Tensor y = run("def f(x: Tensor) -> Tensor:\n  return (x * 2.0).exp()\n", {x}).toTensor();
  EXPECT_FALSE(y.requires_grad());
  EXPECT_TRUE(autograd::isLeaf(y));
  Tensor z = leaf({1.0});
  Tensor w = run("def f(x: Tensor) -> Tensor:\n  with torch.no_grad():\n    y = x * 2.0\n  return y\n", {z}).toTensor();
  EXPECT_FALSE(w.requires_grad());
}

TEST(AutogradEngine, ViewsOfTensorsRequiringGradAreRecordedUnlessNoGrad) {
  Tensor x = leaf({1.0, 2.0, 3.0, 4.0});
  auto cu = compile(
      "def f(x: Tensor) -> Tuple[Tensor, Tensor]:\n  v = x.view(2, 2)\n  with torch.no_grad():\n    w = x.view(2, 2)\n"
      "  return v, w\n");
  auto out = cu->getFunction("f")({x}).toTupleRef().elements;
  EXPECT_TRUE(out[0].toTensor().requires_grad());
  EXPECT_EQ(autograd::gradFnName(out[0].toTensor()), "ViewBackward0");
  EXPECT_FALSE(out[1].toTensor().requires_grad());
}

TEST(AutogradEngine, LongChainsRunAndFreeWithoutDeepRecursion) {
  Tensor x = leaf({1.0});
  auto cu = compile(
      "def f(x: Tensor) -> Optional[Tensor]:\n  y = x\n  for i in range(200000):\n    y = y * 1.000001\n"
      "  return torch.autograd.grad([y.sum()], [x])[0]\n");
  Tensor g = cu->getFunction("f")({x}).toTensor();
  EXPECT_NEAR(g.item<double>(), std::pow(1.000001, 200000), 1e-9);
  // And a graph freed without running backward.
  Tensor y = run("def f(x: Tensor) -> Tensor:\n  y = x\n  for i in range(200000):\n    y = y + 1.0\n  return y\n", {x})
                 .toTensor();
  EXPECT_TRUE(y.requires_grad());
  y = Tensor();
}

TEST(AutogradEngine, GradOfUnusedInputNeedsAllowUnused) {
  Tensor x = leaf({1.0}), u = leaf({2.0});
  Tensor y = run("def f(x: Tensor) -> Tensor:\n  return (x * 2.0).sum()\n", {x}).toTensor();
  std::vector<Tensor> g = autograd::grad({y}, {x, u}, {}, true, false, true);
  EXPECT_DOUBLE_EQ(g[0].item<double>(), 2.0);
  EXPECT_FALSE(g[1].defined());
  EXPECT_THROW(autograd::grad({y}, {x, u}), Error);
}

}  // namespace
}  // namespace ember::jit
