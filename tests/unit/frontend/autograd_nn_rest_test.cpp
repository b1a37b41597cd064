// Issue 19's NN, linear-algebra and sampling operators: the ones PyTorch 1.13 records without a
// derivative raise PyTorch's error texts (taken from PyTorch 1.13 runs of the same TorchScript;
// corpus programs 063 / 064 compare two of them with PyTorch directly), gradient's Scalar[]
// overloads (which TorchScript source cannot call: it cannot build a List[number] from float
// literals) differentiate like the coordinate overload checked against PyTorch in corpus 061,
// and _pack_sequence (ember's, not in PyTorch 1.13) keeps the history of the tensors it returns.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "ember/api/compilation_unit.h"
#include "ember/runtime/autograd.h"
#include "ember/tensor.h"
#include "frontend/compile.h"

namespace ember::jit {
namespace {

Tensor leaf(int64_t n) {
  Tensor t = ember::empty({n}, TensorOptions(ScalarType::Double));
  for (int64_t i = 0; i < n; ++i)
    t.data_ptr<double>()[i] = 0.3 + 0.2 * static_cast<double>(i) + 0.01 * static_cast<double>(i * i);
  autograd::setRequiresGrad(t);
  return t;
}

// The error of differentiating `expr` (of y = x * 1.0, x a leaf of 4 elements), "" if none.
std::string gradError(const std::string& expr) {
  const std::string src =
      "def f(x: Tensor):\n"
      "    y = x * 1.0\n"
      "    z = " +
      expr +
      "\n"
      "    return torch.autograd.grad([z.sum()], [x])\n";
  try {
    compile(src)->getFunction("f")({leaf(4)});
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

TEST(AutogradNnRest, BackwardRaisesPyTorchsMessages) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"torch.geqrf(y.reshape(2, 2))[0]", "the derivative for 'geqrf' is not implemented."},
      {"torch.linalg.ldl_factor(y.reshape(2, 2) + y.reshape(2, 2).t())[0]",
       "derivative for aten::linalg_ldl_factor_ex is not implemented"},
      {"torch.linalg.ldl_factor_ex(y.reshape(2, 2) + y.reshape(2, 2).t())[0]",
       "derivative for aten::linalg_ldl_factor_ex is not implemented"},
      {"torch.linalg.ldl_solve(y.reshape(2, 2).detach(), torch.tensor([1, 2], dtype=torch.int32), y.reshape(2, 2))",
       "derivative for aten::linalg_ldl_solve is not implemented"},
      {"torch._standard_gamma_grad(y, y * 2.0)", "the derivative for '_standard_gamma_grad' is not implemented."},
      {"torch._sample_dirichlet(y)", "derivative for aten::_sample_dirichlet is not implemented"},
      {"torch._dirichlet_grad(y * 0.5, y, y * 3.0)", "derivative for aten::_dirichlet_grad is not implemented"},
      {"torch.binomial(y * 10.0, y * 0.5)", "derivative for aten::binomial is not implemented"},
      {"torch.ops.aten.normal_functional(y)", "derivative for aten::normal_functional is not implemented"},
      {"torch.ops.aten.batch_norm_update_stats(y.reshape(2, 2), None, None, 0.1)[0]",
       "derivative for aten::batch_norm_update_stats is not implemented"},
      {"torch.ops.aten._histogramdd_from_bin_cts(y.reshape(2, 2), [3, 3])",
       "derivative for aten::_histogramdd_from_bin_cts is not implemented"},
      {"torch.ops.aten._histogramdd_bin_edges(y.reshape(2, 2), [3, 3])[0]",
       "derivative for aten::_histogramdd_bin_edges is not implemented"},
      {"torch.ops.aten._histogramdd_from_bin_tensors(y.reshape(2, 2), [torch.tensor([0.0, 0.5, 1.0], "
       "dtype=torch.float64), torch.tensor([0.0, 1.0], dtype=torch.float64)])",
       "derivative for aten::_histogramdd_from_bin_tensors is not implemented"},
      // CUDA-only in PyTorch 1.13, registered with its autograd fallback (torch._C._dispatch_dump):
      // the fallback's text.
      {"torch.ops.aten.batch_norm_stats(y.reshape(2, 2), 1e-5)[0]",
       "derivative for aten::batch_norm_stats is not implemented"},
  };
  for (const auto& [expr, message] : cases) {
    const std::string err = gradError(expr);
    EXPECT_NE(err.find(message), std::string::npos) << expr << ": " << err;
  }
}

// d/dx sum(w * gradient(x, ...)[k]) through an operator called by name with `rest` after x.
Tensor gradOfGradient(const char* op, const Tensor& x, std::vector<IValue> rest, const Tensor& w, size_t k) {
  Stack stack{IValue(x)};
  for (IValue& v : rest) stack.push_back(std::move(v));
  autograd::callOperator(op, stack);
  Tensor out = stack.back().toListRef().elements.at(k).toTensor();
  return autograd::grad({out}, {x}, {w}).at(0);
}

double maxAbsDiff(const Tensor& a, const Tensor& b) {
  EXPECT_EQ(a.sizes(), b.sizes());
  Tensor ca = a.contiguous(), cb = b.contiguous();
  double m = 0;
  for (int64_t i = 0; i < ca.numel(); ++i)
    m = std::max(m, std::fabs(ca.data_ptr<double>()[i] - cb.data_ptr<double>()[i]));
  return m;
}

IValue doubles(std::vector<double> v) {
  std::vector<IValue> e;
  for (double d : v) e.emplace_back(d);
  return makeList(FloatType::get(), std::move(e));
}
IValue ints(std::vector<int64_t> v) {
  std::vector<IValue> e;
  for (int64_t d : v) e.emplace_back(d);
  return makeList(IntType::get(), std::move(e));
}

TEST(AutogradNnRest, GradientScalarListOverloadsMatchCoordinates) {
  Tensor x = leaf(20).detach().reshape({4, 5});
  autograd::setRequiresGrad(x);
  Tensor w = ember::sin(ember::arange(Scalar(20), TensorOptions(ScalarType::Double))).reshape({4, 5});
  // Uniform coordinates with steps 0.5 (dim 0) and 2.0 (dim 1).
  Tensor rows = ember::mul(ember::arange(Scalar(4), TensorOptions(ScalarType::Double)), Scalar(0.5));
  Tensor cols = ember::mul(ember::arange(Scalar(5), TensorOptions(ScalarType::Double)), Scalar(2.0));
  for (int64_t edge : {1, 2}) {
    IValue coords = makeList(TensorType::get(), {IValue(rows), IValue(cols)});
    for (size_t k = 0; k < 2; ++k) {
      Tensor expected = gradOfGradient("aten::gradient.tensorarray", x, {coords, ints({0, 1}), IValue(edge)}, w, k);
      Tensor arr =
          gradOfGradient("aten::gradient.scalarrayarray", x, {doubles({0.5, 2.0}), ints({0, 1}), IValue(edge)}, w, k);
      Tensor arrInt =
          gradOfGradient("aten::gradient.scalarrayint", x, {doubles({0.5, 2.0}), IValue(), IValue(edge)}, w, k);
      EXPECT_LT(maxAbsDiff(arr, expected), 1e-12) << "scalarrayarray, edge_order " << edge << ", dim " << k;
      EXPECT_LT(maxAbsDiff(arrInt, expected), 1e-12) << "scalarrayint, edge_order " << edge << ", dim " << k;
    }
  }
}

TEST(AutogradNnRest, PackSequenceKeepsTheHistoryOfItsInputs) {
  auto cu = compile(
      "def f(x: Tensor):\n"
      "    y = x * 3.0\n"
      "    p = torch.ops.aten._pack_sequence(y, torch.tensor([2, 1, 1]), None, None)\n"
      "    return torch.autograd.grad([(p[0] * p[0]).sum()], [x])[0]\n");
  Tensor x = leaf(4);
  Tensor g = cu->getFunction("f")({x}).toTensor();
  // d/dx sum((3x)^2) = 18 x
  EXPECT_LT(maxAbsDiff(g, ember::mul(x.detach(), Scalar(18.0))), 1e-12);
}

}  // namespace
}  // namespace ember::jit
