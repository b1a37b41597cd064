// Checked conversion of a Scalar to an element type, as PyTorch does when it writes a Python
// number into a tensor (fill_, full, random_ bounds): a value out of the type's range throws
// "value cannot be converted to type int8_t without overflow". Also element reads as Scalars.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "ember/tensor/half.h"
#include "ember/tensor/scalar.h"

namespace ember {

// The C++ type name PyTorch puts in its overflow message.
template <typename T>
constexpr const char* overflowTypeName() {
  if constexpr (std::is_same_v<T, bool>) return "bool";
  else if constexpr (std::is_same_v<T, uint8_t>) return "uint8_t";
  else if constexpr (std::is_same_v<T, int8_t>) return "int8_t";
  else if constexpr (std::is_same_v<T, int16_t>) return "int16_t";
  else if constexpr (std::is_same_v<T, int32_t>) return "int";
  else if constexpr (std::is_same_v<T, int64_t>) return "int64_t";
  else if constexpr (std::is_same_v<T, Half>) return "at::Half";
  else if constexpr (std::is_same_v<T, BFloat16>) return "at::BFloat16";
  else if constexpr (std::is_same_v<T, float>) return "float";
  else return "double";
}

// Whether `v` lies outside what T can hold (infinities and NaN fit the floating types).
template <typename T>
bool scalarOverflows(const Scalar& v) {
  if constexpr (std::is_same_v<T, bool>) {
    return false;
  } else if (v.isComplex() && v.toComplexDouble().imag() != 0.0) {
    return true;  // a complex number only fits a real type when it is real
  } else if constexpr (std::is_integral_v<T>) {
    if (v.isBoolean()) return false;
    if (v.isFloatingPoint()) {
      double d = v.toDouble();
      if (std::isnan(d)) return true;
      return d < static_cast<double>(std::numeric_limits<T>::lowest()) ||
             d > static_cast<double>(std::numeric_limits<T>::max());
    }
    int64_t i = v.toLong();
    if constexpr (std::is_unsigned_v<T>) {
      // Negative values wrap like C casts as long as their magnitude fits.
      if (i < 0) return static_cast<uint64_t>(0) - static_cast<uint64_t>(i) > std::numeric_limits<T>::max();
      return static_cast<uint64_t>(i) > std::numeric_limits<T>::max();
    } else {
      return i < static_cast<int64_t>(std::numeric_limits<T>::lowest()) ||
             i > static_cast<int64_t>(std::numeric_limits<T>::max());
    }
  } else {
    double d = v.toDouble();
    if (!std::isfinite(d)) return false;
    double hi = static_cast<double>(static_cast<float>(std::numeric_limits<T>::max()));
    if constexpr (std::is_same_v<T, double>) hi = std::numeric_limits<double>::max();
    return d < -hi || d > hi;
  }
}

template <typename T>
T checkedScalarTo(const Scalar& v) {
  EMBER_CHECK(!scalarOverflows<T>(v), "value cannot be converted to type ", overflowTypeName<T>(), " without overflow");
  return v.to<T>();
}

// Reads one element of type T as a Scalar: bool -> Bool, integral -> Int, floating -> Double.
template <typename T>
Scalar elementToScalar(const void* p) {
  T v = *static_cast<const T*>(p);
  if constexpr (std::is_same_v<T, bool>) return Scalar(v);
  else if constexpr (std::is_integral_v<T>) return Scalar(static_cast<int64_t>(v));
  else return Scalar(static_cast<double>(v));
}

}  // namespace ember
