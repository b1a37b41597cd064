// Tensor ops of the pointwise family: binary arithmetic, comparisons, logical and bitwise ops,
// where, clamp, addcmul/addcdiv, lerp, and the C++ operators on Tensor. Names, argument order
// and dtype rules follow PyTorch 1.13 (type promotion as torch.result_type, broadcasting,
// Python's sign rules for remainder and floor division).
//
// Every op comes as a function returning a new tensor, an in-place `op_(self, ...)` (the result
// must fit self's shape and dtype) and `op_out(out, ...)` (out is resized when its shape is
// wrong; its dtype must be able to hold the result). A Scalar argument is a Python number:
// it promotes like one (`int8_tensor + 1000` stays int8, `int_tensor + 2.5` is float32).
#pragma once

#include <optional>
#include <string_view>

#include "ember/tensor/tensor.h"

namespace ember {

// ---- type promotion and broadcasting ----
ScalarType result_type(const Tensor& tensor, const Tensor& other);
ScalarType result_type(const Tensor& tensor, const Scalar& other);
ScalarType result_type(const Scalar& scalar, const Tensor& tensor);
ScalarType result_type(const Scalar& scalar1, const Scalar& scalar2);
bool can_cast(ScalarType from, ScalarType to);
ScalarType promote_types(ScalarType type1, ScalarType type2);
// torch.broadcast_shapes.
DimVector broadcast_shapes(IntArrayRef a, IntArrayRef b);

// ---- add, sub, rsub: self + alpha * other ----
Tensor add(const Tensor& self, const Tensor& other, const Scalar& alpha = 1);
Tensor add(const Tensor& self, const Scalar& other, const Scalar& alpha = 1);
Tensor& add_(Tensor& self, const Tensor& other, const Scalar& alpha = 1);
Tensor& add_(Tensor& self, const Scalar& other, const Scalar& alpha = 1);
Tensor& add_out(Tensor& out, const Tensor& self, const Tensor& other, const Scalar& alpha = 1);
Tensor sub(const Tensor& self, const Tensor& other, const Scalar& alpha = 1);
Tensor sub(const Tensor& self, const Scalar& other, const Scalar& alpha = 1);
Tensor& sub_(Tensor& self, const Tensor& other, const Scalar& alpha = 1);
Tensor& sub_(Tensor& self, const Scalar& other, const Scalar& alpha = 1);
Tensor& sub_out(Tensor& out, const Tensor& self, const Tensor& other, const Scalar& alpha = 1);
Tensor subtract(const Tensor& self, const Tensor& other, const Scalar& alpha = 1);
// rsub: other - alpha * self.
Tensor rsub(const Tensor& self, const Tensor& other, const Scalar& alpha = 1);
Tensor rsub(const Tensor& self, const Scalar& other, const Scalar& alpha = 1);

// ---- mul, div ----
Tensor mul(const Tensor& self, const Tensor& other);
Tensor mul(const Tensor& self, const Scalar& other);
Tensor& mul_(Tensor& self, const Tensor& other);
Tensor& mul_(Tensor& self, const Scalar& other);
Tensor& mul_out(Tensor& out, const Tensor& self, const Tensor& other);
Tensor multiply(const Tensor& self, const Tensor& other);
// rounding_mode: nullopt (true division, integers promote to float), "trunc" or "floor".
// Integer division by zero throws "ZeroDivisionError".
Tensor div(const Tensor& self, const Tensor& other, std::optional<std::string_view> rounding_mode = std::nullopt);
Tensor div(const Tensor& self, const Scalar& other, std::optional<std::string_view> rounding_mode = std::nullopt);
Tensor& div_(Tensor& self, const Tensor& other, std::optional<std::string_view> rounding_mode = std::nullopt);
Tensor& div_(Tensor& self, const Scalar& other, std::optional<std::string_view> rounding_mode = std::nullopt);
Tensor& div_out(Tensor& out, const Tensor& self, const Tensor& other,
                std::optional<std::string_view> rounding_mode = std::nullopt);
Tensor divide(const Tensor& self, const Tensor& other, std::optional<std::string_view> rounding_mode = std::nullopt);
Tensor true_divide(const Tensor& self, const Tensor& other);
Tensor true_divide(const Tensor& self, const Scalar& other);
Tensor& true_divide_(Tensor& self, const Tensor& other);
Tensor& true_divide_(Tensor& self, const Scalar& other);
Tensor& true_divide_out(Tensor& out, const Tensor& self, const Tensor& other);
// floor_divide rounds toward -inf (PyTorch 1.13; `//`).
Tensor floor_divide(const Tensor& self, const Tensor& other);
Tensor floor_divide(const Tensor& self, const Scalar& other);
Tensor& floor_divide_(Tensor& self, const Tensor& other);
Tensor& floor_divide_(Tensor& self, const Scalar& other);
Tensor& floor_divide_out(Tensor& out, const Tensor& self, const Tensor& other);

// ---- remainder (sign of the divisor, Python's %), fmod (sign of the dividend, C's fmod) ----
Tensor remainder(const Tensor& self, const Tensor& other);
Tensor remainder(const Tensor& self, const Scalar& other);
Tensor remainder(const Scalar& self, const Tensor& other);
Tensor& remainder_(Tensor& self, const Tensor& other);
Tensor& remainder_(Tensor& self, const Scalar& other);
Tensor& remainder_out(Tensor& out, const Tensor& self, const Tensor& other);
Tensor fmod(const Tensor& self, const Tensor& other);
Tensor fmod(const Tensor& self, const Scalar& other);
Tensor& fmod_(Tensor& self, const Tensor& other);
Tensor& fmod_(Tensor& self, const Scalar& other);
Tensor& fmod_out(Tensor& out, const Tensor& self, const Tensor& other);

// ---- pow: integer powers of integers wrap; negative integer exponents of integers throw ----
Tensor pow(const Tensor& self, const Tensor& exponent);
Tensor pow(const Tensor& self, const Scalar& exponent);
Tensor pow(const Scalar& self, const Tensor& exponent);
Tensor& pow_(Tensor& self, const Tensor& exponent);
Tensor& pow_(Tensor& self, const Scalar& exponent);
Tensor& pow_out(Tensor& out, const Tensor& self, const Tensor& exponent);
Tensor& pow_out(Tensor& out, const Tensor& self, const Scalar& exponent);
Tensor& pow_out(Tensor& out, const Scalar& self, const Tensor& exponent);

// ---- atan2 (integers promote to float), maximum/minimum (propagate NaN), fmax/fmin (ignore NaN) ----
Tensor atan2(const Tensor& self, const Tensor& other);
Tensor& atan2_(Tensor& self, const Tensor& other);
Tensor& atan2_out(Tensor& out, const Tensor& self, const Tensor& other);
Tensor arctan2(const Tensor& self, const Tensor& other);
Tensor maximum(const Tensor& self, const Tensor& other);
Tensor& maximum_out(Tensor& out, const Tensor& self, const Tensor& other);
Tensor minimum(const Tensor& self, const Tensor& other);
Tensor& minimum_out(Tensor& out, const Tensor& self, const Tensor& other);
Tensor fmax(const Tensor& self, const Tensor& other);
Tensor& fmax_out(Tensor& out, const Tensor& self, const Tensor& other);
Tensor fmin(const Tensor& self, const Tensor& other);
Tensor& fmin_out(Tensor& out, const Tensor& self, const Tensor& other);

// ---- comparisons: bool results (out= may have any dtype) ----
#define EMBER_DECLARE_COMPARISON(op)                                   \
  Tensor op(const Tensor& self, const Tensor& other);                  \
  Tensor op(const Tensor& self, const Scalar& other);                  \
  Tensor& op##_(Tensor& self, const Tensor& other);                    \
  Tensor& op##_(Tensor& self, const Scalar& other);                    \
  Tensor& op##_out(Tensor& out, const Tensor& self, const Tensor& other); \
  Tensor& op##_out(Tensor& out, const Tensor& self, const Scalar& other);
EMBER_DECLARE_COMPARISON(eq)
EMBER_DECLARE_COMPARISON(ne)
EMBER_DECLARE_COMPARISON(lt)
EMBER_DECLARE_COMPARISON(le)
EMBER_DECLARE_COMPARISON(gt)
EMBER_DECLARE_COMPARISON(ge)
#undef EMBER_DECLARE_COMPARISON

// ---- logical ops: truth values of any dtype, bool result ----
Tensor logical_and(const Tensor& self, const Tensor& other);
Tensor& logical_and_(Tensor& self, const Tensor& other);
Tensor& logical_and_out(Tensor& out, const Tensor& self, const Tensor& other);
Tensor logical_or(const Tensor& self, const Tensor& other);
Tensor& logical_or_(Tensor& self, const Tensor& other);
Tensor& logical_or_out(Tensor& out, const Tensor& self, const Tensor& other);
Tensor logical_xor(const Tensor& self, const Tensor& other);
Tensor& logical_xor_(Tensor& self, const Tensor& other);
Tensor& logical_xor_out(Tensor& out, const Tensor& self, const Tensor& other);

// ---- bitwise ops: integral and bool dtypes (shifts: integral only) ----
#define EMBER_DECLARE_BITWISE(op)                                      \
  Tensor op(const Tensor& self, const Tensor& other);                  \
  Tensor op(const Tensor& self, const Scalar& other);                  \
  Tensor op(const Scalar& self, const Tensor& other);                  \
  Tensor& op##_(Tensor& self, const Tensor& other);                    \
  Tensor& op##_(Tensor& self, const Scalar& other);                    \
  Tensor& op##_out(Tensor& out, const Tensor& self, const Tensor& other);
EMBER_DECLARE_BITWISE(bitwise_and)
EMBER_DECLARE_BITWISE(bitwise_or)
EMBER_DECLARE_BITWISE(bitwise_xor)
EMBER_DECLARE_BITWISE(bitwise_left_shift)
EMBER_DECLARE_BITWISE(bitwise_right_shift)
#undef EMBER_DECLARE_BITWISE

// ---- where(condition, self, other): condition must be bool (or uint8, deprecated) ----
Tensor where(const Tensor& condition, const Tensor& self, const Tensor& other);
Tensor where(const Tensor& condition, const Scalar& self, const Tensor& other);
Tensor where(const Tensor& condition, const Tensor& self, const Scalar& other);
Tensor where(const Tensor& condition, const Scalar& self, const Scalar& other);
Tensor& where_out(Tensor& out, const Tensor& condition, const Tensor& self, const Tensor& other);

// ---- clamp: min(max(self, min), max); at least one bound; NaN propagates ----
Tensor clamp(const Tensor& self, const std::optional<Scalar>& min, const std::optional<Scalar>& max = std::nullopt);
Tensor clamp(const Tensor& self, const std::optional<Tensor>& min, const std::optional<Tensor>& max = std::nullopt);
Tensor& clamp_(Tensor& self, const std::optional<Scalar>& min, const std::optional<Scalar>& max = std::nullopt);
Tensor& clamp_(Tensor& self, const std::optional<Tensor>& min, const std::optional<Tensor>& max = std::nullopt);
Tensor& clamp_out(Tensor& out, const Tensor& self, const std::optional<Scalar>& min,
                  const std::optional<Scalar>& max = std::nullopt);
Tensor& clamp_out(Tensor& out, const Tensor& self, const std::optional<Tensor>& min,
                  const std::optional<Tensor>& max = std::nullopt);
Tensor clamp_min(const Tensor& self, const Scalar& min);
Tensor clamp_min(const Tensor& self, const Tensor& min);
Tensor& clamp_min_(Tensor& self, const Scalar& min);
Tensor& clamp_min_(Tensor& self, const Tensor& min);
Tensor clamp_max(const Tensor& self, const Scalar& max);
Tensor clamp_max(const Tensor& self, const Tensor& max);
Tensor& clamp_max_(Tensor& self, const Scalar& max);
Tensor& clamp_max_(Tensor& self, const Tensor& max);
Tensor clip(const Tensor& self, const std::optional<Scalar>& min, const std::optional<Scalar>& max = std::nullopt);
Tensor clip(const Tensor& self, const std::optional<Tensor>& min, const std::optional<Tensor>& max = std::nullopt);
Tensor& clip_(Tensor& self, const std::optional<Scalar>& min, const std::optional<Scalar>& max = std::nullopt);

// ---- addcmul: self + value * t1 * t2; addcdiv: self + value * t1 / t2 (no integer division) ----
Tensor addcmul(const Tensor& self, const Tensor& tensor1, const Tensor& tensor2, const Scalar& value = 1);
Tensor& addcmul_(Tensor& self, const Tensor& tensor1, const Tensor& tensor2, const Scalar& value = 1);
Tensor& addcmul_out(Tensor& out, const Tensor& self, const Tensor& tensor1, const Tensor& tensor2,
                    const Scalar& value = 1);
Tensor addcdiv(const Tensor& self, const Tensor& tensor1, const Tensor& tensor2, const Scalar& value = 1);
Tensor& addcdiv_(Tensor& self, const Tensor& tensor1, const Tensor& tensor2, const Scalar& value = 1);
Tensor& addcdiv_out(Tensor& out, const Tensor& self, const Tensor& tensor1, const Tensor& tensor2,
                    const Scalar& value = 1);

// ---- lerp: self + weight * (end - self); floating dtypes, all operands of one dtype ----
Tensor lerp(const Tensor& self, const Tensor& end, const Scalar& weight);
Tensor lerp(const Tensor& self, const Tensor& end, const Tensor& weight);
Tensor& lerp_(Tensor& self, const Tensor& end, const Scalar& weight);
Tensor& lerp_(Tensor& self, const Tensor& end, const Tensor& weight);
Tensor& lerp_out(Tensor& out, const Tensor& self, const Tensor& end, const Scalar& weight);
Tensor& lerp_out(Tensor& out, const Tensor& self, const Tensor& end, const Tensor& weight);

// ---- C++ operators (Python's operators on tensors) ----
Tensor operator+(const Tensor& a, const Tensor& b);
Tensor operator+(const Tensor& a, const Scalar& b);
Tensor operator+(const Scalar& a, const Tensor& b);
Tensor operator-(const Tensor& a, const Tensor& b);
Tensor operator-(const Tensor& a, const Scalar& b);
Tensor operator-(const Scalar& a, const Tensor& b);
Tensor operator*(const Tensor& a, const Tensor& b);
Tensor operator*(const Tensor& a, const Scalar& b);
Tensor operator*(const Scalar& a, const Tensor& b);
Tensor operator/(const Tensor& a, const Tensor& b);
Tensor operator/(const Tensor& a, const Scalar& b);
Tensor operator/(const Scalar& a, const Tensor& b);
Tensor operator%(const Tensor& a, const Tensor& b);
Tensor operator%(const Tensor& a, const Scalar& b);
Tensor operator&(const Tensor& a, const Tensor& b);
Tensor operator&(const Tensor& a, const Scalar& b);
Tensor operator|(const Tensor& a, const Tensor& b);
Tensor operator|(const Tensor& a, const Scalar& b);
Tensor operator^(const Tensor& a, const Tensor& b);
Tensor operator^(const Tensor& a, const Scalar& b);
Tensor operator<<(const Tensor& a, const Tensor& b);
Tensor operator<<(const Tensor& a, const Scalar& b);
Tensor operator>>(const Tensor& a, const Tensor& b);
Tensor operator>>(const Tensor& a, const Scalar& b);
Tensor operator==(const Tensor& a, const Tensor& b);
Tensor operator==(const Tensor& a, const Scalar& b);
Tensor operator!=(const Tensor& a, const Tensor& b);
Tensor operator!=(const Tensor& a, const Scalar& b);
Tensor operator<(const Tensor& a, const Tensor& b);
Tensor operator<(const Tensor& a, const Scalar& b);
Tensor operator<=(const Tensor& a, const Tensor& b);
Tensor operator<=(const Tensor& a, const Scalar& b);
Tensor operator>(const Tensor& a, const Tensor& b);
Tensor operator>(const Tensor& a, const Scalar& b);
Tensor operator>=(const Tensor& a, const Tensor& b);
Tensor operator>=(const Tensor& a, const Scalar& b);
Tensor& operator+=(Tensor& a, const Tensor& b);
Tensor& operator+=(Tensor& a, const Scalar& b);
Tensor& operator-=(Tensor& a, const Tensor& b);
Tensor& operator-=(Tensor& a, const Scalar& b);
Tensor& operator*=(Tensor& a, const Tensor& b);
Tensor& operator*=(Tensor& a, const Scalar& b);
Tensor& operator/=(Tensor& a, const Tensor& b);
Tensor& operator/=(Tensor& a, const Scalar& b);

}  // namespace ember
