// Scalar: a Python number passed to a tensor op (`x + 1`, `x.fill_(2.5)`, `x * (1+2j)`). It
// remembers whether it was an int, a float, a complex or a bool, because type promotion treats
// them differently.
#pragma once

#include <complex>
#include <cstdint>
#include <ostream>
#include <type_traits>

#include "ember/tensor/scalar_type.h"

namespace ember {

class Scalar {
 public:
  enum class Kind : uint8_t { Int, Double, Bool, ComplexDouble };

  Scalar() : Scalar(int64_t{0}) {}
  Scalar(bool v) : kind_(Kind::Bool) { i_ = v; }  // NOLINT: implicit like Python numbers
  template <typename T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
  Scalar(T v) : kind_(Kind::Int) { i_ = static_cast<int64_t>(v); }  // NOLINT
  template <typename T, std::enable_if_t<std::is_floating_point_v<T>, int> = 0>
  Scalar(T v) : kind_(Kind::Double) { d_ = static_cast<double>(v); }  // NOLINT
  Scalar(Half v) : Scalar(static_cast<double>(static_cast<float>(v))) {}  // NOLINT
  Scalar(BFloat16 v) : Scalar(static_cast<double>(static_cast<float>(v))) {}  // NOLINT
  template <typename T>
  Scalar(std::complex<T> v) : kind_(Kind::ComplexDouble), im_(static_cast<double>(v.imag())) {  // NOLINT
    d_ = static_cast<double>(v.real());
  }

  Kind kind() const { return kind_; }
  bool isIntegral(bool includeBool) const { return kind_ == Kind::Int || (includeBool && kind_ == Kind::Bool); }
  bool isFloatingPoint() const { return kind_ == Kind::Double; }
  bool isBoolean() const { return kind_ == Kind::Bool; }
  bool isComplex() const { return kind_ == Kind::ComplexDouble; }
  // The dtype a 0-dim tensor made from this scalar gets: Long, Double, Bool or ComplexDouble.
  ScalarType type() const {
    switch (kind_) {
      case Kind::Int: return ScalarType::Long;
      case Kind::Double: return ScalarType::Double;
      case Kind::ComplexDouble: return ScalarType::ComplexDouble;
      default: return ScalarType::Bool;
    }
  }

  // The real conversions of a complex scalar take its real part.
  double toDouble() const { return holdsDouble() ? d_ : static_cast<double>(i_); }
  int64_t toLong() const { return holdsDouble() ? static_cast<int64_t>(d_) : i_; }
  bool toBool() const { return isComplex() ? d_ != 0.0 || im_ != 0.0 : holdsDouble() ? d_ != 0.0 : i_ != 0; }
  std::complex<double> toComplexDouble() const { return {toDouble(), isComplex() ? im_ : 0.0}; }
  // Converts to a C++ element type with C++'s conversion rules (as PyTorch's static_cast does).
  template <typename T>
  T to() const {
    if constexpr (std::is_same_v<T, bool>) return toBool();
    else if constexpr (std::is_integral_v<T>) return holdsDouble() ? static_cast<T>(static_cast<int64_t>(d_)) : static_cast<T>(i_);
    else return static_cast<T>(toDouble());
  }

  Scalar operator-() const;
  friend std::ostream& operator<<(std::ostream& os, const Scalar& s);

 private:
  bool holdsDouble() const { return kind_ == Kind::Double || kind_ == Kind::ComplexDouble; }

  Kind kind_;
  union {
    int64_t i_;
    double d_;  // a complex scalar's real part
  };
  double im_ = 0.0;  // a complex scalar's imaginary part
};

}  // namespace ember
