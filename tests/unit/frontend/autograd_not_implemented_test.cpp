// Operators PyTorch 1.13 records without a derivative, refuses with grad, or never
// differentiates (not_implemented.cpp, kNonDifferentiable): ember raises PyTorch's error texts
// (taken from PyTorch 1.13 runs of the same calls) and leaves the never-differentiable results
// outside autograd. Corpus programs 066-068 compare a few of these with PyTorch directly.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "ember/api/compilation_unit.h"
#include "ember/runtime/autograd.h"
#include "ember/tensor.h"
#include "frontend/compile.h"

namespace ember::jit {
namespace {

Tensor leaf() {
  Tensor t = ember::empty({4}, TensorOptions(ScalarType::Double));
  for (int i = 0; i < 4; ++i) t.data_ptr<double>()[i] = 0.3 + 0.2 * i;
  autograd::setRequiresGrad(t);
  return t;
}

// The error of differentiating `expr` (of the leaf x) with respect to x, "" if none.
std::string gradError(const std::string& expr) {
  const std::string src = "def f(x: Tensor):\n"
                          "    y = x * 1.0\n"
                          "    z = " + expr + "\n"
                          "    return torch.autograd.grad([z.sum()], [x])\n";
  try {
    compile(src)->getFunction("f")({leaf()});
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

TEST(AutogradNotImplemented, BackwardRaisesPyTorchsMessages) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"torch.ops.aten._addmm_activation(y, y.reshape(4, 1), y.reshape(1, 4))",
       "derivative for aten::_addmm_activation is not implemented"},
      {"torch.ops.aten._aminmax(y)[0]", "derivative for aten::_aminmax is not implemented"},
      {"torch.ops.aten._aminmax(y, 0)[1]", "derivative for aten::_aminmax is not implemented"},
      {"torch.ops.aten._stack([y, y], 1)", "derivative for aten::_stack is not implemented"},
      {"torch.ops.aten.detach_copy(y)", "derivative for aten::detach_copy is not implemented"},
      {"torch.heaviside(y, y)", "derivative for aten::heaviside is not implemented"},
      {"y.heaviside_(y * 2.0)", "derivative for aten::heaviside_ is not implemented"},
      {"torch.scatter(y, 0, torch.tensor([1]), y, reduce='add')", "derivative for aten::scatter is not implemented"},
      {"y.scatter_(0, torch.tensor([1]), 2.0, reduce='multiply')", "derivative for aten::scatter_ is not implemented"},
      {"torch.nextafter(y, y * 2.0)", "the derivative for 'nextafter' is not implemented."},
      {"torch.special.zeta(y + 2.0, 3.0)", "the derivative for 'zeta' is not implemented."},
      // Forward refusals.
      {"torch.view_as_real(torch.ops.aten.view_as_complex_copy(y.reshape(2, 2)))",
       "view_as_complex_copy does not support automatic differentiation for outputs with complex dtype."},
      {"y.ldexp_(torch.tensor([1, 2, 3, 4]))",
       "mul(): functions with out=... arguments don't support automatic differentiation, but one of the "
       "arguments requires grad."},
  };
  for (const auto& [expr, message] : cases) {
    const std::string err = gradError(expr);
    EXPECT_NE(err.find(message), std::string::npos) << expr << ": " << err;
  }
}

TEST(AutogradNotImplemented, RefusalsNeedAnInputThatRequiresGrad) {
  auto cu = compile(
      "def f(x: Tensor):\n"
      "    y = x.detach() * 1.0\n"
      "    y.ldexp_(torch.tensor([1, 2, 3, 4]))\n"
      "    return torch.ops.aten.view_as_complex_copy(y.reshape(2, 2))\n");
  Tensor c = cu->getFunction("f")({leaf()}).toTensor();
  EXPECT_FALSE(c.requires_grad());
  EXPECT_EQ(c.numel(), 2);
}

TEST(AutogradNotImplemented, DtypeViewsAreNotDifferentiable) {
  // PyTorch 1.13: x.view(torch.float64) of a float64 x that requires grad does not require grad
  // (view.dtype is not differentiable; TorchScript cannot call it, so the operator is called
  // directly).
  for (ScalarType dtype : {ScalarType::Double, ScalarType::Long}) {
    Stack stack{IValue(leaf() * 2.0), IValue(static_cast<int64_t>(dtype))};
    autograd::callOperator("aten::view.dtype", stack);
    EXPECT_FALSE(stack.back().toTensor().requires_grad());
    EXPECT_EQ(stack.back().toTensor().dtype(), dtype);
  }
}

}  // namespace
}  // namespace ember::jit
