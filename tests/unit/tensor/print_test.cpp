// Unit tests for repr(): expected strings are PyTorch 1.13's repr of the same tensors.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "ember/tensor.h"

namespace ember {
namespace {

TEST(PrintTest, BasicFloatAndInt) {
  EXPECT_EQ(repr(tensor({{1.f, 2.f}, {3.f, 4.f}})), "tensor([[1., 2.],\n        [3., 4.]])");
  EXPECT_EQ(repr(tensor({1, -2, 300})), "tensor([  1,  -2, 300])");
  EXPECT_EQ(repr(tensor({0.1, 0.25, 100.5})), "tensor([1.0000e-01, 2.5000e-01, 1.0050e+02])");
  EXPECT_EQ(repr(tensor({0.1, 0.25, 10.5})), "tensor([ 0.1000,  0.2500, 10.5000])");
  EXPECT_EQ(repr(tensor({1, 2}, kInt)), "tensor([1, 2], dtype=torch.int32)");
  EXPECT_EQ(repr(tensor({3.14159265, 2.71828}, kDouble)), "tensor([3.1416, 2.7183], dtype=torch.float64)");
}

TEST(PrintTest, ZeroDimAndBool) {
  EXPECT_EQ(repr(scalar_tensor(3)), "tensor(3.)");
  EXPECT_EQ(repr(full({}, 3)), "tensor(3)");
  EXPECT_EQ(repr(scalar_tensor(-0.0)), "tensor(-0.)");
  EXPECT_EQ(repr(tensor({true, false, true})), "tensor([ True, False,  True])");
  EXPECT_EQ(repr(full({}, 2.5, kDouble)), "tensor(2.5000, dtype=torch.float64)");
}

TEST(PrintTest, SpecialValuesAndScientific) {
  EXPECT_EQ(repr(tensor({1.5f, NAN, INFINITY, -INFINITY})), "tensor([1.5000,    nan,    inf,   -inf])");
  EXPECT_EQ(repr(tensor({1.f, NAN, INFINITY, -INFINITY, -0.f})), "tensor([1., nan, inf, -inf, -0.])");
  EXPECT_EQ(repr(tensor({1e-5f, 1.0f})), "tensor([1.0000e-05, 1.0000e+00])");
  EXPECT_EQ(repr(tensor({1e10f, 1.0f})), "tensor([1.0000e+10, 1.0000e+00])");
  EXPECT_EQ(repr(tensor({1.f, 999.f})), "tensor([  1., 999.])");
  EXPECT_EQ(repr(tensor({1.f, 1001.f})), "tensor([1.0000e+00, 1.0010e+03])");
}

TEST(PrintTest, EmptyAndSuffixes) {
  EXPECT_EQ(repr(empty({0})), "tensor([])");
  EXPECT_EQ(repr(empty({0, 3})), "tensor([], size=(0, 3))");
  EXPECT_EQ(repr(empty({0}, kLong)), "tensor([], dtype=torch.int64)");
  EXPECT_EQ(repr(ones({3}).set_requires_grad(true)), "tensor([1., 1., 1.], requires_grad=True)");
  std::ostringstream os;
  os << zeros({2}, kByte);
  EXPECT_EQ(os.str(), "tensor([0, 0], dtype=torch.uint8)");
}

TEST(PrintTest, WrapsAndSummarises) {
  EXPECT_EQ(repr(arange(30)),
            "tensor([ 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 16, 17,\n"
            "        18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29])");
  EXPECT_EQ(repr(arange(1001)), "tensor([   0,    1,    2,  ...,  998,  999, 1000])");
  EXPECT_EQ(repr(arange(1000)).find("..."), std::string::npos);
}

}  // namespace
}  // namespace ember
