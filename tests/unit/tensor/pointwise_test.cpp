// Tests of the pointwise ops: values, dtypes and errors as PyTorch 1.13 gives them.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "ember/tensor.h"

namespace ember {
namespace {

std::vector<double> values(const Tensor& t) {
  std::vector<double> v;
  for (const Scalar& s : t.scalars()) v.push_back(s.toDouble());
  return v;
}
std::vector<int64_t> longs(const Tensor& t) {
  std::vector<int64_t> v;
  for (const Scalar& s : t.scalars()) v.push_back(s.toLong());
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

const double kInf = std::numeric_limits<double>::infinity();

TEST(PointwiseAddTest, AlphaAndDtypes) {
  Tensor i = tensor({5, -3});
  EXPECT_EQ(longs(add(i, i, 2)), (std::vector<int64_t>{15, -9}));
  EXPECT_EQ(add(i, 2.5).dtype(), kFloat);
  EXPECT_EQ(values(add(i, 2.5)), (std::vector<double>{7.5, -0.5}));
  Tensor u = tensor({200, 3}, kByte);
  Tensor w = add(u, 300);
  EXPECT_EQ(w.dtype(), kByte);
  EXPECT_EQ(longs(w), (std::vector<int64_t>{244, 47}));
  EXPECT_EQ(longs(add(u, -1)), (std::vector<int64_t>{199, 2}));
  Tensor b = tensor({true, false});
  Tensor bb = add(b, b);
  EXPECT_EQ(bb.dtype(), kBool);
  EXPECT_EQ(longs(bb), (std::vector<int64_t>{1, 0}));
  EXPECT_EQ(add(b, 2).dtype(), kLong);
}

TEST(PointwiseAddTest, AlphaErrors) {
  Tensor i = tensor({5, -3});
  EXPECT_EQ(errorOf([&] { add(i, i, 1.5); }),
            "For integral input tensors, argument alpha must not be a floating point number.");
  Tensor f = tensor({1.f});
  EXPECT_EQ(errorOf([&] { add(f, f, true); }), "Boolean alpha only supported for Boolean results.");
}

TEST(PointwiseAddTest, IntegerOverflowWraps) {
  Tensor m = tensor({std::numeric_limits<int64_t>::max()});
  EXPECT_EQ(longs(add(m, 1)), (std::vector<int64_t>{std::numeric_limits<int64_t>::min()}));
  Tensor i32 = tensor({2147483647}, kInt);
  EXPECT_EQ(longs(mul(i32, 2)), (std::vector<int64_t>{-2}));
  Tensor i8 = tensor({-128}, kChar);
  EXPECT_EQ(longs(sub(i8, 1)), (std::vector<int64_t>{127}));
}

TEST(PointwiseSubTest, RsubAndBoolErrors) {
  Tensor i = tensor({5, -3});
  EXPECT_EQ(longs(sub(i, 1, 2)), (std::vector<int64_t>{3, -5}));
  EXPECT_EQ(longs(rsub(i, 2)), (std::vector<int64_t>{-3, 5}));
  EXPECT_EQ(longs(2 - i), (std::vector<int64_t>{-3, 5}));
  Tensor b = tensor({true, false});
  EXPECT_EQ(errorOf([&] { sub(b, b); }),
            "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` "
            "operator instead.");
  EXPECT_NE(errorOf([&] { sub(i, b); }).find("with a bool tensor is not supported"), std::string::npos);
}

TEST(PointwiseMulDivTest, Basic) {
  Tensor f = tensor({1.5f, -2.5f});
  EXPECT_EQ(values(mul(f, 2)), (std::vector<double>{3, -5}));
  Tensor i = tensor({5, -3});
  Tensor q = div(i, 2);
  EXPECT_EQ(q.dtype(), kFloat);
  EXPECT_EQ(values(q), (std::vector<double>{2.5, -1.5}));
  EXPECT_EQ(true_divide(i, i).dtype(), kFloat);
  Tensor z = div(tensor({1.f, -1.f, 0.f}), 0);
  EXPECT_EQ(z.scalarAt(0).toDouble(), kInf);
  EXPECT_EQ(z.scalarAt(1).toDouble(), -kInf);
  EXPECT_TRUE(std::isnan(z.scalarAt(2).toDouble()));
}

TEST(PointwiseMulDivTest, RoundingModes) {
  Tensor a = tensor({-7, 7, -8});
  EXPECT_EQ(longs(div(a, 2, "trunc")), (std::vector<int64_t>{-3, 3, -4}));
  EXPECT_EQ(longs(div(a, 2, "floor")), (std::vector<int64_t>{-4, 3, -4}));
  EXPECT_EQ(div(a, 2, "floor").dtype(), kLong);
  EXPECT_EQ(longs(floor_divide(a, -2)), (std::vector<int64_t>{3, -4, 4}));
  Tensor f = tensor({-7.5f, 7.5f});
  EXPECT_EQ(values(div(f, 2, "trunc")), (std::vector<double>{-3, 3}));
  EXPECT_EQ(values(div(f, 2, "floor")), (std::vector<double>{-4, 3}));
  EXPECT_EQ(values(floor_divide(tensor({1.f, -1.f}), 0)), (std::vector<double>{kInf, -kInf}));
  EXPECT_EQ(errorOf([&] { div(a, 0, "trunc"); }), "ZeroDivisionError");
  EXPECT_EQ(errorOf([&] { div(a, tensor({1, 0, 1}), "floor"); }), "ZeroDivisionError");
  EXPECT_EQ(errorOf([&] { div(a, 2, "round"); }),
            "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found 'round'");
  EXPECT_EQ(errorOf([&] { div(tensor({true}), tensor({true}), "trunc"); }),
            "\"div_trunc_cpu\" not implemented for 'Bool'");
  Tensor mn = tensor({std::numeric_limits<int64_t>::min()});
  EXPECT_EQ(longs(div(mn, -1, "trunc")), (std::vector<int64_t>{std::numeric_limits<int64_t>::min()}));
}

TEST(PointwiseRemainderTest, PythonSigns) {
  Tensor a = tensor({-7, 7, -7, 7});
  Tensor b = tensor({3, -3, -3, 3});
  EXPECT_EQ(longs(remainder(a, b)), (std::vector<int64_t>{2, -2, -1, 1}));
  EXPECT_EQ(longs(fmod(a, b)), (std::vector<int64_t>{-1, 1, -1, 1}));
  EXPECT_EQ(longs(a % 3), (std::vector<int64_t>{2, 1, 2, 1}));
  EXPECT_EQ(values(remainder(tensor({-7.f, 7.f}), 3)), (std::vector<double>{2, 1}));
  EXPECT_EQ(values(fmod(tensor({-7.f, 7.f}), 3)), (std::vector<double>{-1, 1}));
  EXPECT_EQ(longs(remainder(2, tensor({5, -3}))), (std::vector<int64_t>{2, -1}));
  EXPECT_EQ(values(remainder(tensor({5, -3}), 2.5)), (std::vector<double>{0, 2}));
  EXPECT_EQ(errorOf([&] { remainder(a, 0); }), "ZeroDivisionError");
  EXPECT_EQ(errorOf([&] { fmod(a, 0); }), "ZeroDivisionError");
  EXPECT_EQ(errorOf([&] { remainder(tensor({true}), tensor({true})); }),
            "\"remainder_cpu\" not implemented for 'Bool'");
  EXPECT_TRUE(std::isnan(fmod(tensor({1.f}), 0).item().toDouble()));
}

TEST(PointwisePowTest, Forms) {
  Tensor i = tensor({5, -3});
  EXPECT_EQ(longs(pow(i, 2)), (std::vector<int64_t>{25, 9}));
  EXPECT_EQ(longs(pow(i, tensor({-1, 2}))), (std::vector<int64_t>{0, 9}));
  EXPECT_EQ(longs(pow(2, i)), (std::vector<int64_t>{32, 0}));
  EXPECT_EQ(pow(2.5, i).dtype(), kFloat);
  EXPECT_NEAR(pow(2.5, i).scalarAt(0).toDouble(), 97.65625, 1e-4);
  EXPECT_EQ(pow(i, 2.0).dtype(), kFloat);
  EXPECT_EQ(pow(tensor({true, false}), 2).dtype(), kLong);
  EXPECT_EQ(longs(pow(tensor({2}, kChar), 7)), (std::vector<int64_t>{-128}));
  EXPECT_EQ(longs(pow(tensor({-1, 1, 2}), tensor({-3, -3, -3}))), (std::vector<int64_t>{-1, 1, 0}));
  EXPECT_EQ(errorOf([&] { pow(i, -1); }), "Integers to negative integer powers are not allowed.");
  EXPECT_EQ(errorOf([&] { pow(tensor({true}), tensor({true})); }), "\"pow\" not implemented for 'Bool'");
  EXPECT_EQ(values(pow(tensor({4.f, 9.f}), 0.5)), (std::vector<double>{2, 3}));
  EXPECT_EQ(values(pow(tensor({2.f}), -2)), (std::vector<double>{0.25}));
}

TEST(PointwiseMinMaxTest, NanHandling) {
  Tensor f = tensor({1.5f, -2.5f});
  Tensor g = tensor({std::nanf(""), 1.f});
  Tensor mx = maximum(f, g);
  EXPECT_TRUE(std::isnan(mx.scalarAt(0).toDouble()));
  EXPECT_EQ(mx.scalarAt(1).toDouble(), 1.0);
  EXPECT_EQ(values(fmin(f, g)), (std::vector<double>{1.5, -2.5}));
  EXPECT_EQ(values(fmax(f, g)), (std::vector<double>{1.5, 1}));
  EXPECT_EQ(maximum(tensor({5, -3}), f).dtype(), kFloat);
  EXPECT_EQ(longs(minimum(tensor({5, -3}), tensor({2, 2}))), (std::vector<int64_t>{2, -3}));
  EXPECT_EQ(maximum(tensor({true}), tensor({false})).dtype(), kBool);
}

TEST(PointwiseAtan2Test, IntToFloat) {
  Tensor r = atan2(tensor({1, -1}), tensor({1, -1}));
  EXPECT_EQ(r.dtype(), kFloat);
  EXPECT_NEAR(r.scalarAt(0).toDouble(), 0.7853981852531433, 1e-6);
  EXPECT_NEAR(r.scalarAt(1).toDouble(), -2.356194496154785, 1e-6);
}

TEST(PointwiseCompareTest, BoolResults) {
  Tensor i = tensor({5, -3, 2});
  Tensor r = lt(i, 2.5);
  EXPECT_EQ(r.dtype(), kBool);
  EXPECT_EQ(longs(r), (std::vector<int64_t>{0, 1, 1}));
  EXPECT_EQ(longs(eq(i, 2.5)), (std::vector<int64_t>{0, 0, 0}));
  EXPECT_EQ(longs(i == 2), (std::vector<int64_t>{0, 0, 1}));
  EXPECT_EQ(longs(i != 2), (std::vector<int64_t>{1, 1, 0}));
  EXPECT_EQ(longs(i >= tensor({5, 0, 3})), (std::vector<int64_t>{1, 0, 0}));
  EXPECT_EQ(longs(i > 0), (std::vector<int64_t>{1, 0, 1}));
  EXPECT_EQ(longs(i <= -3), (std::vector<int64_t>{0, 1, 0}));
  Tensor n = tensor({std::nanf("")});
  EXPECT_EQ(longs(eq(n, n)), (std::vector<int64_t>{0}));
  EXPECT_EQ(longs(ne(n, n)), (std::vector<int64_t>{1}));
  Tensor f = tensor({1.f, 2.f});
  f.lt_(1.5);
  EXPECT_EQ(f.dtype(), kFloat);
  EXPECT_EQ(values(f), (std::vector<double>{1, 0}));
}

TEST(PointwiseLogicalTest, TruthValues) {
  Tensor i = tensor({5, 0, 0});
  Tensor f = tensor({1.5f, 2.f, 0.f});
  EXPECT_EQ(longs(logical_and(i, f)), (std::vector<int64_t>{1, 0, 0}));
  EXPECT_EQ(longs(logical_or(i, f)), (std::vector<int64_t>{1, 1, 0}));
  EXPECT_EQ(longs(logical_xor(i, f)), (std::vector<int64_t>{0, 1, 0}));
  EXPECT_EQ(logical_and(i, f).dtype(), kBool);
  Tensor out = empty({3}, kFloat);
  logical_xor_out(out, i, f);
  EXPECT_EQ(values(out), (std::vector<double>{0, 1, 0}));
  EXPECT_EQ(longs(logical_or(tensor({std::nanf("")}), tensor({0.f}))), (std::vector<int64_t>{1}));
}

TEST(PointwiseBitwiseTest, IntegralAndBool) {
  Tensor i = tensor({5, -3});
  EXPECT_EQ(longs(bitwise_xor(i, 3)), (std::vector<int64_t>{6, -2}));
  EXPECT_EQ(longs(i & 4), (std::vector<int64_t>{4, 4}));
  EXPECT_EQ(longs(i | 8), (std::vector<int64_t>{13, -3}));
  Tensor b = tensor({true, false});
  EXPECT_EQ(bitwise_and(b, true).dtype(), kBool);
  EXPECT_EQ(longs(bitwise_and(b, true)), (std::vector<int64_t>{1, 0}));
  EXPECT_EQ(errorOf([&] { bitwise_and(tensor({1.f}), tensor({1.f})); }),
            "\"bitwise_and_cpu\" not implemented for 'Float'");
  EXPECT_EQ(errorOf([&] { bitwise_and(i, 1.5); }), "\"bitwise_and_cpu\" not implemented for 'Float'");
  EXPECT_EQ(longs(bitwise_and(12, tensor({10}))), (std::vector<int64_t>{8}));
}

TEST(PointwiseBitwiseTest, Shifts) {
  EXPECT_EQ(longs(tensor({-8}) >> 1), (std::vector<int64_t>{-4}));
  EXPECT_EQ(longs(tensor({1}, kChar) << 7), (std::vector<int64_t>{-128}));
  EXPECT_EQ(longs(bitwise_left_shift(tensor({3}, kInt), tensor({2}, kInt))), (std::vector<int64_t>{12}));
  EXPECT_EQ(bitwise_left_shift(tensor({3}, kShort), 1).dtype(), kShort);
  EXPECT_EQ(errorOf([&] { bitwise_left_shift(tensor({true}), tensor({true})); }),
            "\"lshift_cpu\" not implemented for 'Bool'");
}

TEST(PointwiseWhereTest, PromotesBranches) {
  Tensor f = tensor({1.5f, -2.5f});
  Tensor i = tensor({5, -3});
  Tensor r = where(f > 0, i, f);
  EXPECT_EQ(r.dtype(), kFloat);
  EXPECT_EQ(values(r), (std::vector<double>{5, -2.5}));
  EXPECT_EQ(values(where(f > 0, i, 2.5)), (std::vector<double>{5, 2.5}));
  EXPECT_EQ(where(f > 0, 1, 2).dtype(), kLong);
  EXPECT_EQ(where(f > 0, 1, 2.5).dtype(), kFloat);
  EXPECT_EQ(longs(where(tensor({true, false}).view({2, 1}), 1, tensor({7, 8, 9}))),
            (std::vector<int64_t>{1, 1, 1, 7, 8, 9}));
  EXPECT_EQ(values(where(tensor({1, 0}, kByte), i, f)), (std::vector<double>{5, -2.5}));
  EXPECT_EQ(errorOf([&] { where(f, i, f); }),
            "where expected condition to be a boolean tensor, but got a tensor with dtype Float");
  EXPECT_EQ(values(f.where(f < 0, 0)), (std::vector<double>{0, -2.5}));
}

TEST(PointwiseClampTest, ScalarAndTensorBounds) {
  Tensor f = tensor({1.5f, -2.5f, std::nanf("")});
  Tensor c = clamp(f, 0, 1);
  EXPECT_EQ(c.scalarAt(0).toDouble(), 1.0);
  EXPECT_EQ(c.scalarAt(1).toDouble(), 0.0);
  EXPECT_TRUE(std::isnan(c.scalarAt(2).toDouble()));
  EXPECT_EQ(values(clamp(tensor({1.5f, -2.5f}), 2, 1)), (std::vector<double>{1, 1}));
  Tensor i = tensor({5, -3});
  EXPECT_EQ(clamp(i, 0.5).dtype(), kFloat);
  EXPECT_EQ(values(clamp(i, 0.5)), (std::vector<double>{5, 0.5}));
  EXPECT_EQ(clamp(tensor({true, false}), 0, 1).dtype(), kLong);
  EXPECT_EQ(values(clamp(i, std::optional<Tensor>(scalar_tensor(0, kLong)),
                         std::optional<Tensor>(scalar_tensor(3.0, kFloat)))),
            (std::vector<double>{3, 0}));
  EXPECT_EQ(values(clamp_min(i, tensor({0, 0}))), (std::vector<double>{5, 0}));
  EXPECT_EQ(longs(clamp_max(i, 2)), (std::vector<int64_t>{2, -3}));
  EXPECT_EQ(longs(clip(i, -1, 1)), (std::vector<int64_t>{1, -1}));
  EXPECT_EQ(errorOf([&] { clamp(i, std::optional<Scalar>(), std::optional<Scalar>()); }),
            "torch.clamp: At least one of 'min' or 'max' must not be None");
  Tensor j = tensor({5, -3});
  j.clamp_(-1, 1);
  EXPECT_EQ(longs(j), (std::vector<int64_t>{1, -1}));
  EXPECT_EQ(errorOf([&] { j.clamp_(0.5, 1); }), "result type Float can't be cast to the desired output type Long");
}

TEST(PointwiseAddcTest, AddcmulAddcdiv) {
  Tensor s = tensor({1.f, 2.f});
  Tensor a = tensor({2.f, 3.f});
  Tensor b = tensor({4.f, 6.f});
  EXPECT_EQ(values(addcmul(s, a, b, 0.5)), (std::vector<double>{5, 11}));
  EXPECT_EQ(values(addcdiv(s, a, b, 2)), (std::vector<double>{2, 3}));
  Tensor i = tensor({5, -3});
  EXPECT_EQ(longs(addcmul(i, i, i, 0.5)), (std::vector<int64_t>{5, -3}));
  EXPECT_NE(errorOf([&] { addcdiv(s, i, i); }).find("Integer division with addcdiv is no longer supported"),
            std::string::npos);
  EXPECT_EQ(errorOf([&] { addcmul(tensor({true}), tensor({true}), tensor({true})); }),
            "\"addcmul_cpu_out\" not implemented for 'Bool'");
  Tensor t = tensor({1.f, 1.f});
  t.addcmul_(a, b);
  EXPECT_EQ(values(t), (std::vector<double>{9, 19}));
}

TEST(PointwiseLerpTest, WeightsAndDtypes) {
  Tensor s = tensor({0.f, 10.f});
  Tensor e = tensor({10.f, 20.f});
  EXPECT_EQ(values(lerp(s, e, 0.25)), (std::vector<double>{2.5, 12.5}));
  EXPECT_EQ(values(lerp(s, e, 0.75)), (std::vector<double>{7.5, 17.5}));
  EXPECT_EQ(values(lerp(s, e, tensor({0.f, 1.f}))), (std::vector<double>{0, 20}));
  EXPECT_EQ(errorOf([&] { lerp(s, tensor({1.0, 2.0}, kDouble), 0.5); }), "expected dtype float for `end` but got dtype double");
  EXPECT_EQ(errorOf([&] { lerp(s, e, tensor({0.5}, kDouble)); }), "expected dtype float for `weight` but got dtype double");
  EXPECT_EQ(errorOf([&] { lerp(tensor({1}), tensor({2}), 0.5); }), "\"lerp_kernel_scalar\" not implemented for 'Long'");
}

TEST(PointwiseOperatorsTest, CompoundAssignment) {
  Tensor t = tensor({1.f, 2.f});
  t += 1;
  t *= tensor({2.f, 3.f});
  t -= 0.5;
  t /= 2;
  EXPECT_EQ(values(t), (std::vector<double>{1.75, 4.25}));
  EXPECT_EQ(values(2 * t + 1), (std::vector<double>{4.5, 9.5}));
  EXPECT_EQ(values(1 / tensor({2.f, 4.f})), (std::vector<double>{0.5, 0.25}));
  EXPECT_EQ((1 / tensor({2, 4})).dtype(), kFloat);
}

TEST(PointwiseOutTest, OutVariantsWriteAndReturnOut) {
  Tensor out = empty({0}, kLong);
  Tensor& r = mul_out(out, tensor({2, 3}), tensor({4, 5}));
  EXPECT_TRUE(r.is_same(out));
  EXPECT_EQ(longs(out), (std::vector<int64_t>{8, 15}));
  Tensor o2 = empty({2}, kFloat);
  div_out(o2, tensor({1, 3}), tensor({2, 2}));
  EXPECT_EQ(values(o2), (std::vector<double>{0.5, 1.5}));
  Tensor o3 = empty({2}, kLong);
  EXPECT_EQ(errorOf([&] { div_out(o3, tensor({1, 3}), tensor({2, 2})); }),
            "result type Float can't be cast to the desired output type Long");
  Tensor o4 = empty({2}, kBool);
  where_out(o4, tensor({true, false}), tensor({true, true}), tensor({false, false}));
  EXPECT_EQ(longs(o4), (std::vector<int64_t>{1, 0}));
}

}  // namespace
}  // namespace ember
