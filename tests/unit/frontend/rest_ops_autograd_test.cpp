// aten_rest_ops.cpp's operators next to autograd: the nn.init helpers (_no_grad_fill_ and
// friends) write into a leaf that requires grad as PyTorch's do (under no_grad, no error, the
// leaf keeps requires_grad), and aten::data returns a tensor outside autograd.
#include <gtest/gtest.h>

#include "ember/api/compilation_unit.h"
#include "ember/runtime/autograd.h"
#include "ember/tensor.h"
#include "frontend/compile.h"

namespace ember::jit {
namespace {

Tensor leafZeros(int64_t n) {
  Tensor t = ember::zeros({n}, TensorOptions(ScalarType::Double));
  autograd::setRequiresGrad(t);
  return t;
}

TEST(RestOpsAutograd, NoGradInitialisersWriteIntoALeafThatRequiresGrad) {
  Tensor w = leafZeros(3);
  auto cu = compile(
      "def f(w: Tensor):\n"
      "  torch.ops.aten._no_grad_uniform_(w, 0.0, 1.0)\n"
      "  torch.ops.aten._no_grad_normal_(w, 0.0, 1.0)\n"
      "  torch.ops.aten._no_grad_zero_(w)\n"
      "  torch.ops.aten._no_grad_fill_(w, 2.5)\n"
      "  return w\n"
      "def sq(w: Tensor):\n"
      "  return (w * w).sum()\n");
  Tensor r = cu->getFunction("f")({w}).toTensor();
  EXPECT_TRUE(r.is_alias_of(w));
  EXPECT_TRUE(w.requires_grad());
  EXPECT_EQ(autograd::gradFnName(w), "");
  for (int i = 0; i < 3; ++i) EXPECT_EQ(w.data_ptr<double>()[i], 2.5);
  // The leaf still takes part in autograd afterwards: d/dw sum(w * w) = 2w = 5.
  Tensor y = cu->getFunction("sq")({w}).toTensor();
  std::vector<Tensor> g = autograd::grad({y}, {w});
  EXPECT_DOUBLE_EQ(g[0].data_ptr<double>()[1], 5.0);
}

TEST(RestOpsAutograd, DataIsOutsideAutograd) {
  Tensor w = leafZeros(2);
  auto cu = compile("def f(w: Tensor):\n  return torch.ops.aten.data(w * 2.0)\n");
  Tensor r = cu->getFunction("f")({w}).toTensor();
  EXPECT_FALSE(r.requires_grad());
  EXPECT_EQ(r.sizes()[0], 2);
}

}  // namespace
}  // namespace ember::jit
