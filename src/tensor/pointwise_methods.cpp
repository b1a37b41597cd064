// Tensor methods and C++ operators of the pointwise family, and the public promotion helpers.
#include "ember/tensor/ops/pointwise.h"
#include "type_promotion.h"

namespace ember {

ScalarType result_type(const Tensor& tensor, const Tensor& other) { return resultType(tensor, other); }
ScalarType result_type(const Tensor& tensor, const Scalar& other) { return resultType(tensor, other); }
ScalarType result_type(const Scalar& scalar, const Tensor& tensor) { return resultType(scalar, tensor); }
ScalarType result_type(const Scalar& scalar1, const Scalar& scalar2) { return resultType(scalar1, scalar2); }
bool can_cast(ScalarType from, ScalarType to) { return canCast(from, to); }
ScalarType promote_types(ScalarType type1, ScalarType type2) { return promoteTypes(type1, type2); }
DimVector broadcast_shapes(IntArrayRef a, IntArrayRef b) { return inferBroadcastShape(a, b); }

// ---- methods ----
Tensor Tensor::add(const Tensor& other, const Scalar& alpha) const { return ember::add(*this, other, alpha); }
Tensor Tensor::add(const Scalar& other, const Scalar& alpha) const { return ember::add(*this, other, alpha); }
Tensor& Tensor::add_(const Tensor& other, const Scalar& alpha) { return ember::add_(*this, other, alpha); }
Tensor& Tensor::add_(const Scalar& other, const Scalar& alpha) { return ember::add_(*this, other, alpha); }
Tensor Tensor::sub(const Tensor& other, const Scalar& alpha) const { return ember::sub(*this, other, alpha); }
Tensor Tensor::sub(const Scalar& other, const Scalar& alpha) const { return ember::sub(*this, other, alpha); }
Tensor& Tensor::sub_(const Tensor& other, const Scalar& alpha) { return ember::sub_(*this, other, alpha); }
Tensor& Tensor::sub_(const Scalar& other, const Scalar& alpha) { return ember::sub_(*this, other, alpha); }
Tensor Tensor::mul(const Tensor& other) const { return ember::mul(*this, other); }
Tensor Tensor::mul(const Scalar& other) const { return ember::mul(*this, other); }
Tensor& Tensor::mul_(const Tensor& other) { return ember::mul_(*this, other); }
Tensor& Tensor::mul_(const Scalar& other) { return ember::mul_(*this, other); }
Tensor Tensor::div(const Tensor& other, std::optional<std::string_view> rounding_mode) const {
  return ember::div(*this, other, rounding_mode);
}
Tensor Tensor::div(const Scalar& other, std::optional<std::string_view> rounding_mode) const {
  return ember::div(*this, other, rounding_mode);
}
Tensor& Tensor::div_(const Tensor& other, std::optional<std::string_view> rounding_mode) {
  return ember::div_(*this, other, rounding_mode);
}
Tensor& Tensor::div_(const Scalar& other, std::optional<std::string_view> rounding_mode) {
  return ember::div_(*this, other, rounding_mode);
}
Tensor Tensor::true_divide(const Tensor& other) const { return ember::true_divide(*this, other); }
Tensor Tensor::true_divide(const Scalar& other) const { return ember::true_divide(*this, other); }
Tensor Tensor::floor_divide(const Tensor& other) const { return ember::floor_divide(*this, other); }
Tensor Tensor::floor_divide(const Scalar& other) const { return ember::floor_divide(*this, other); }
Tensor& Tensor::floor_divide_(const Tensor& other) { return ember::floor_divide_(*this, other); }
Tensor& Tensor::floor_divide_(const Scalar& other) { return ember::floor_divide_(*this, other); }
Tensor Tensor::remainder(const Tensor& other) const { return ember::remainder(*this, other); }
Tensor Tensor::remainder(const Scalar& other) const { return ember::remainder(*this, other); }
Tensor& Tensor::remainder_(const Tensor& other) { return ember::remainder_(*this, other); }
Tensor& Tensor::remainder_(const Scalar& other) { return ember::remainder_(*this, other); }
Tensor Tensor::fmod(const Tensor& other) const { return ember::fmod(*this, other); }
Tensor Tensor::fmod(const Scalar& other) const { return ember::fmod(*this, other); }
Tensor& Tensor::fmod_(const Tensor& other) { return ember::fmod_(*this, other); }
Tensor& Tensor::fmod_(const Scalar& other) { return ember::fmod_(*this, other); }
Tensor Tensor::pow(const Tensor& exponent) const { return ember::pow(*this, exponent); }
Tensor Tensor::pow(const Scalar& exponent) const { return ember::pow(*this, exponent); }
Tensor& Tensor::pow_(const Tensor& exponent) { return ember::pow_(*this, exponent); }
Tensor& Tensor::pow_(const Scalar& exponent) { return ember::pow_(*this, exponent); }
Tensor Tensor::atan2(const Tensor& other) const { return ember::atan2(*this, other); }
Tensor& Tensor::atan2_(const Tensor& other) { return ember::atan2_(*this, other); }
Tensor Tensor::maximum(const Tensor& other) const { return ember::maximum(*this, other); }
Tensor Tensor::minimum(const Tensor& other) const { return ember::minimum(*this, other); }
Tensor Tensor::fmax(const Tensor& other) const { return ember::fmax(*this, other); }
Tensor Tensor::fmin(const Tensor& other) const { return ember::fmin(*this, other); }

// ---- operators ----
Tensor operator+(const Tensor& a, const Tensor& b) { return add(a, b); }
Tensor operator+(const Tensor& a, const Scalar& b) { return add(a, b); }
Tensor operator+(const Scalar& a, const Tensor& b) { return add(b, a); }
Tensor operator-(const Tensor& a, const Tensor& b) { return sub(a, b); }
Tensor operator-(const Tensor& a, const Scalar& b) { return sub(a, b); }
Tensor operator-(const Scalar& a, const Tensor& b) { return rsub(b, a); }
Tensor operator*(const Tensor& a, const Tensor& b) { return mul(a, b); }
Tensor operator*(const Tensor& a, const Scalar& b) { return mul(a, b); }
Tensor operator*(const Scalar& a, const Tensor& b) { return mul(b, a); }
Tensor operator/(const Tensor& a, const Tensor& b) { return div(a, b); }
Tensor operator/(const Tensor& a, const Scalar& b) { return div(a, b); }
Tensor operator/(const Scalar& a, const Tensor& b) { return div(scalarToTensor(a), b); }
Tensor operator%(const Tensor& a, const Tensor& b) { return remainder(a, b); }
Tensor operator%(const Tensor& a, const Scalar& b) { return remainder(a, b); }
Tensor operator&(const Tensor& a, const Tensor& b) { return bitwise_and(a, b); }
Tensor operator&(const Tensor& a, const Scalar& b) { return bitwise_and(a, b); }
Tensor operator|(const Tensor& a, const Tensor& b) { return bitwise_or(a, b); }
Tensor operator|(const Tensor& a, const Scalar& b) { return bitwise_or(a, b); }
Tensor operator^(const Tensor& a, const Tensor& b) { return bitwise_xor(a, b); }
Tensor operator^(const Tensor& a, const Scalar& b) { return bitwise_xor(a, b); }
Tensor operator<<(const Tensor& a, const Tensor& b) { return bitwise_left_shift(a, b); }
Tensor operator<<(const Tensor& a, const Scalar& b) { return bitwise_left_shift(a, b); }
Tensor operator>>(const Tensor& a, const Tensor& b) { return bitwise_right_shift(a, b); }
Tensor operator>>(const Tensor& a, const Scalar& b) { return bitwise_right_shift(a, b); }
Tensor operator==(const Tensor& a, const Tensor& b) { return eq(a, b); }
Tensor operator==(const Tensor& a, const Scalar& b) { return eq(a, b); }
Tensor operator!=(const Tensor& a, const Tensor& b) { return ne(a, b); }
Tensor operator!=(const Tensor& a, const Scalar& b) { return ne(a, b); }
Tensor operator<(const Tensor& a, const Tensor& b) { return lt(a, b); }
Tensor operator<(const Tensor& a, const Scalar& b) { return lt(a, b); }
Tensor operator<=(const Tensor& a, const Tensor& b) { return le(a, b); }
Tensor operator<=(const Tensor& a, const Scalar& b) { return le(a, b); }
Tensor operator>(const Tensor& a, const Tensor& b) { return gt(a, b); }
Tensor operator>(const Tensor& a, const Scalar& b) { return gt(a, b); }
Tensor operator>=(const Tensor& a, const Tensor& b) { return ge(a, b); }
Tensor operator>=(const Tensor& a, const Scalar& b) { return ge(a, b); }
Tensor& operator+=(Tensor& a, const Tensor& b) { return add_(a, b); }
Tensor& operator+=(Tensor& a, const Scalar& b) { return add_(a, b); }
Tensor& operator-=(Tensor& a, const Tensor& b) { return sub_(a, b); }
Tensor& operator-=(Tensor& a, const Scalar& b) { return sub_(a, b); }
Tensor& operator*=(Tensor& a, const Tensor& b) { return mul_(a, b); }
Tensor& operator*=(Tensor& a, const Scalar& b) { return mul_(a, b); }
Tensor& operator/=(Tensor& a, const Tensor& b) { return div_(a, b); }
Tensor& operator/=(Tensor& a, const Scalar& b) { return div_(a, b); }

}  // namespace ember
