// A complex Scalar as an IValue and back: TorchScript `complex` values reach tensor ops' Scalar
// arguments through IValue::toScalar, and Scalars return to the stack as complex IValues.
#include <gtest/gtest.h>

#include <complex>

#include "ember/core/ivalue.h"

namespace ember::jit {
namespace {

TEST(ComplexScalarIValueTest, RoundTrips) {
  IValue v(Scalar(std::complex<double>(1.5, -2.0)));
  ASSERT_TRUE(v.isComplexDouble());
  EXPECT_EQ(v.toComplexDouble(), std::complex<double>(1.5, -2.0));
  Scalar s = IValue(std::complex<double>(0.0, 3.0)).toScalar();
  EXPECT_TRUE(s.isComplex());
  EXPECT_EQ(s.toComplexDouble(), std::complex<double>(0.0, 3.0));
  // The other kinds are unchanged.
  EXPECT_TRUE(IValue(Scalar(2.5)).isDouble());
  EXPECT_TRUE(IValue(Scalar(int64_t{3})).isInt());
  EXPECT_FALSE(IValue(int64_t{3}).toScalar().isComplex());
}

}  // namespace
}  // namespace ember::jit
