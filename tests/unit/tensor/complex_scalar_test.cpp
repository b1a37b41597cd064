// Tests of complex Python numbers as Scalars (`x * (1+2j)`, `alpha=complex(1, 2)`): the Scalar
// itself, type promotion with real tensors, fills, and the ops that take a complex coefficient.
// Expected values and messages are PyTorch 1.13's.
#include <gtest/gtest.h>

#include <complex>
#include <string>
#include <vector>

#include "ember/tensor.h"
#include "ember/tensor/ops/spectral.h"
#include "tensor/type_promotion.h"

namespace ember {
namespace {

using cd = std::complex<double>;

// The (re, im) pairs of a complex tensor, flattened.
std::vector<double> pairs(const Tensor& t) {
  std::vector<double> v;
  for (const Scalar& s : view_as_real(t.contiguous()).scalars()) v.push_back(s.toDouble());
  return v;
}

template <typename F>
std::string errorOf(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "<no error>";
}

TEST(ComplexScalarTest, KeepsBothParts) {
  Scalar s(cd(1.5, -2.0));
  EXPECT_TRUE(s.isComplex());
  EXPECT_FALSE(s.isFloatingPoint());
  EXPECT_EQ(s.type(), ScalarType::ComplexDouble);
  EXPECT_EQ(s.toComplexDouble(), cd(1.5, -2.0));
  EXPECT_EQ(s.toDouble(), 1.5);  // the real part
  EXPECT_EQ((-s).toComplexDouble(), cd(-1.5, 2.0));
  EXPECT_EQ(Scalar(2.5).toComplexDouble(), cd(2.5, 0.0));
  EXPECT_TRUE(Scalar(cd(0.0, 1.0)).toBool());
  EXPECT_FALSE(Scalar(cd(0.0, 0.0)).toBool());
}

TEST(ComplexScalarTest, PromotesRealTensorsToTheDefaultComplexDtype) {
  // float32 * complex -> complex64, float64 -> complex128, int32 -> complex64 (the default).
  EXPECT_EQ(resultType(empty({2}, kFloat), Scalar(cd(1, 2))), ScalarType::ComplexFloat);
  EXPECT_EQ(resultType(empty({2}, kDouble), Scalar(cd(1, 2))), ScalarType::ComplexDouble);
  EXPECT_EQ(resultType(empty({2}, kInt), Scalar(cd(0, 1))), ScalarType::ComplexFloat);
  EXPECT_EQ(resultType(empty({2}, ScalarType::ComplexDouble), Scalar(cd(0, 1))), ScalarType::ComplexDouble);
}

TEST(ComplexScalarTest, MultipliesRealTensors) {
  Tensor x = arange(Scalar(1), Scalar(3), Scalar(1), TensorOptions(kFloat));  // [1, 2]
  Tensor r = mul(x, Scalar(cd(1, 2)));
  EXPECT_EQ(r.dtype(), ScalarType::ComplexFloat);
  EXPECT_EQ(pairs(r), (std::vector<double>{1, 2, 2, 4}));
  Tensor i = mul(arange(Scalar(1), Scalar(3), Scalar(1), TensorOptions(kInt)), Scalar(cd(0, 1)));
  EXPECT_EQ(i.dtype(), ScalarType::ComplexFloat);
  EXPECT_EQ(pairs(i), (std::vector<double>{0, 1, 0, 2}));
}

TEST(ComplexScalarTest, FillsComplexTensorsAndRejectsImaginaryPartsInRealOnes) {
  Tensor f = full({2}, Scalar(cd(1, 2)));
  EXPECT_EQ(f.dtype(), ScalarType::ComplexFloat);
  EXPECT_EQ(pairs(f), (std::vector<double>{1, 2, 1, 2}));
  Tensor z = zeros({3}, TensorOptions(kFloat));
  EXPECT_EQ(errorOf([&] { z.fill_(Scalar(cd(1, 2))); }), "value cannot be converted to type float without overflow");
  z.fill_(Scalar(cd(1, 0)));  // a complex number with no imaginary part fits
  EXPECT_EQ(z.scalars()[0].toDouble(), 1.0);
}

TEST(ComplexScalarTest, AlphaAndBetaCoefficients) {
  Tensor a = zeros({2}, TensorOptions(kFloat)), b = ones({2}, TensorOptions(kFloat));
  EXPECT_EQ(errorOf([&] { add(a, b, Scalar(cd(1, 2))); }),
            "For non-complex input tensors, argument alpha must not be a complex number.");
  Tensor ca = zeros({2}, TensorOptions(ScalarType::ComplexFloat));
  Tensor cb = ones({2}, TensorOptions(ScalarType::ComplexFloat));
  EXPECT_EQ(pairs(add(ca, cb, Scalar(cd(1, 2)))), (std::vector<double>{1, 2, 1, 2}));
  // addmm: beta * self + alpha * mat1 @ mat2 = 2j * (1+1j) + (1+1j) * 2 = 4j.
  Tensor self = full({1, 1}, Scalar(cd(1, 1)), TensorOptions(ScalarType::ComplexFloat));
  Tensor m1 = full({1, 1}, Scalar(cd(1, 0)), TensorOptions(ScalarType::ComplexFloat));
  Tensor m2 = full({1, 1}, Scalar(cd(2, 0)), TensorOptions(ScalarType::ComplexFloat));
  EXPECT_EQ(pairs(addmm(self, m1, m2, Scalar(cd(0, 2)), Scalar(cd(1, 1)))), (std::vector<double>{0, 4}));
}

}  // namespace
}  // namespace ember
