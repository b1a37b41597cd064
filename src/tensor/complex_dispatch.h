// Complex dtypes inside src/tensor: complex64 is std::complex<float>, complex128
// std::complex<double>, stored as interleaved (re, im) pairs as PyTorch stores them. The
// public visitors (ember/tensor/dispatch.h) cover the ten real dtypes; the dtype-generic kernels
// that also move complex elements (copies, conversions, Elementwise's scalar operands) and the
// complex kernels (complex_*.cpp) use these. Private to src/tensor.
#pragma once

#include <complex>
#include <type_traits>

#include "dtype_convert.h"
#include "ember/tensor/dispatch.h"
#include "ember/tensor/scalar.h"

namespace ember {

template <typename T>
struct IsComplexElement : std::false_type {};
template <typename T>
struct IsComplexElement<std::complex<T>> : std::true_type {};
template <typename T>
constexpr bool kIsComplexElement = IsComplexElement<T>::value;

#define EMBER_COMPLEX_CASE(st, cpp) \
  case ScalarType::st:              \
    return fn.template operator()<cpp>();

// complex64 and complex128 only.
template <typename Fn>
decltype(auto) visitComplexDtype(ScalarType t, Fn&& fn, const char* what = "this operation") {
  switch (t) {
    EMBER_COMPLEX_CASE(ComplexFloat, std::complex<float>)
    EMBER_COMPLEX_CASE(ComplexDouble, std::complex<double>)
    default: throwUnsupportedDtype(what, t);
  }
}

#undef EMBER_COMPLEX_CASE

// The ten real dtypes and the two complex ones.
template <typename Fn>
decltype(auto) visitDtypeOrComplex(ScalarType t, Fn&& fn, const char* what = "this operation") {
  if (isComplexType(t)) return visitComplexDtype(t, fn, what);
  return visitDtype(t, fn, what);
}

// convertValue (dtype_convert.h) extended to complex: real -> complex is (v, 0), complex ->
// real the real part (PyTorch warns that the imaginary part is discarded; ember does not), complex
// -> bool whether either part is nonzero.
template <typename To, typename From>
inline To convertAny(From v) {
  if constexpr (std::is_same_v<To, From>) {
    return v;
  } else if constexpr (kIsComplexElement<From> && std::is_same_v<To, bool>) {
    return v.real() != 0 || v.imag() != 0;
  } else if constexpr (kIsComplexElement<From> && kIsComplexElement<To>) {
    using R = typename To::value_type;
    return To(static_cast<R>(v.real()), static_cast<R>(v.imag()));
  } else if constexpr (kIsComplexElement<From>) {
    return detail::convertValue<To>(v.real());
  } else if constexpr (kIsComplexElement<To>) {
    using R = typename To::value_type;
    return To(detail::convertValue<R>(v), R(0));
  } else {
    return detail::convertValue<To>(v);
  }
}

// A Python number as an element of type T (a real number into a complex T is the real part; a
// complex number into a real T its real part).
template <typename T>
inline T scalarAs(const Scalar& s) {
  if constexpr (kIsComplexElement<T>) {
    using R = typename T::value_type;
    const std::complex<double> c = s.toComplexDouble();
    return T(static_cast<R>(c.real()), static_cast<R>(c.imag()));
  }
  else return s.to<T>();
}

}  // namespace ember
