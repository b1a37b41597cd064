// The aten:: matrix-product and convolution operators through the registry, with arguments in
// schema order as the interpreter pushes them. Expected values were computed by PyTorch 1.13 on
// the same inputs (torch.nn.functional.linear, torch.addmm, torch._convolution, ...).
#include <gtest/gtest.h>

#include <vector>

#include "ember/core/operator.h"
#include "ember/tensor.h"

namespace ember::jit {
namespace {

Tensor run1(const char* name, Stack args) {
  OperatorPtr op = OperatorRegistry::global().findOperator(std::string_view(name));
  EXPECT_TRUE(op != nullptr) << name << " is not registered";
  if (!op) return {};
  EXPECT_EQ(args.size(), op->schema().arguments().size()) << name;
  op->operation()(args);
  EXPECT_EQ(args.size(), 1u) << name;
  return args.empty() ? Tensor() : args[0].toTensor();
}

std::vector<double> values(const Tensor& t) {
  Tensor d = t.to(kDouble).contiguous();
  return std::vector<double>(d.data_ptr<double>(), d.data_ptr<double>() + d.numel());
}

Tensor x23() { return arange(6, kFloat).reshape({2, 3}); }
Tensor w43() { return sub(arange(12, kFloat).reshape({4, 3}), 5); }

TEST(AtenLinalgOps, LinearWithAndWithoutBias) {
  Tensor b = tensor({1.f, -1.f, 2.f, 0.5f});
  EXPECT_EQ(values(run1("aten::linear", {x23(), w43(), b})),
            (std::vector<double>{-9, -2, 10, 17.5, -45, -11, 28, 62.5}));
  EXPECT_EQ(values(run1("aten::linear", {x23(), w43(), IValue()})),
            (std::vector<double>{-10, -1, 8, 17, -46, -10, 26, 62}));
}

TEST(AtenLinalgOps, AddmmMatmulEinsum) {
  Tensor r = run1("aten::addmm", {ones({2, 4}), x23(), w43().t(), 2, 0.5});
  EXPECT_EQ(values(r), (std::vector<double>{-3, 1.5, 6, 10.5, -21, -3, 15, 33}));
  r = run1("aten::matmul", {arange(3, kFloat), w43().t()});
  EXPECT_EQ(values(r), (std::vector<double>{-10, -1, 8, 17}));
  r = run1("aten::einsum", {"ij,kj->ik", makeTensorList({x23(), w43()}), IValue()});
  EXPECT_EQ(values(r), (std::vector<double>{-10, -1, 8, 17, -46, -10, 26, 62}));
}

TEST(AtenLinalgOps, InPlaceAndOutFormsReturnTheirTensor) {
  Tensor self = ones({2, 4});
  Tensor r = run1("aten::addmm_", {self, x23(), w43().t(), 2, 0.5});
  EXPECT_TRUE(r.is_same(self));
  EXPECT_EQ(values(self), (std::vector<double>{-3, 1.5, 6, 10.5, -21, -3, 15, 33}));
  Tensor out = empty({0});
  r = run1("aten::mm.out", {x23(), w43().t(), out});
  EXPECT_TRUE(r.is_same(out));
  EXPECT_EQ(values(out), (std::vector<double>{-10, -1, 8, 17, -46, -10, 26, 62}));
}

Tensor image() { return arange(16, kFloat).reshape({1, 1, 4, 4}); }
Tensor kernel2() { return tensor({1.f, 0.f, 0.f, -1.f}).reshape({1, 1, 2, 2}); }

TEST(AtenConvOps, TracedConvolutionForms) {
  // aten::_convolution with allow_tf32 (1.13) and the deprecated 12-argument overload.
  Stack args{image(),
             kernel2(),
             tensor({0.5f}),
             makeIntList({1, 1}),
             makeIntList({0, 0}),
             makeIntList({1, 1}),
             false,
             makeIntList({0, 0}),
             1,
             false,
             false,
             true,
             true};
  EXPECT_EQ(values(run1("aten::_convolution", args)), std::vector<double>(9, -4.5));
  args.pop_back();
  EXPECT_EQ(values(run1("aten::_convolution.deprecated", args)), std::vector<double>(9, -4.5));
  Tensor r =
      run1("aten::convolution", {arange(4, kFloat).reshape({1, 1, 2, 2}), kernel2(), IValue(), makeIntList({2, 2}),
                                 makeIntList({0, 0}), makeIntList({1, 1}), true, makeIntList({0, 0}), 1});
  EXPECT_EQ(values(r), (std::vector<double>{0, 0, 1, 0, 0, 0, 0, -1, 2, 0, 3, 0, 0, -2, 0, -3}));
}

TEST(AtenConvOps, FunctionalFormsAndStringPadding) {
  Tensor r =
      run1("aten::conv2d.padding", {image(), kernel2(), IValue(), makeIntList({1, 1}), "same", makeIntList({1, 1}), 1});
  EXPECT_EQ(values(r), (std::vector<double>{-5, -5, -5, 3, -5, -5, -5, 7, -5, -5, -5, 11, 12, 13, 14, 15}));
  r = run1("aten::conv1d", {arange(5, kFloat).reshape({1, 1, 5}), tensor({1.f, 2.f}).reshape({1, 1, 2}), IValue(),
                            makeIntList({2}), makeIntList({1}), makeIntList({1}), 1});
  EXPECT_EQ(values(r), (std::vector<double>{0, 5, 11}));
  EXPECT_THROW(
      run1("aten::conv2d.padding", {image(), kernel2(), IValue(), makeIntList({2, 2}), "same", makeIntList({1, 1}), 1}),
      Error);
}

}  // namespace
}  // namespace ember::jit
