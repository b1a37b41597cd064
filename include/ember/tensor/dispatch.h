// Runtime dtype -> compile-time element type. A kernel is written once as a generic lambda:
//
//   visitDtype(t.dtype(), [&]<typename T>() { fill<T>(t, value); });
//
// Each visitor only instantiates the types its family supports, which keeps template bloat
// (and build time) down: prefer the narrowest visitor that serves.
#pragma once

#include "ember/tensor/scalar_type.h"

namespace ember {

#define EMBER_DTYPE_CASE(st, cpp) \
  case ScalarType::st:            \
    return fn.template operator()<cpp>();

// The five integer dtypes (bool is not one), in every visitor that takes them.
#define EMBER_INTEGER_DTYPE_CASES  \
  EMBER_DTYPE_CASE(Byte, uint8_t)  \
  EMBER_DTYPE_CASE(Char, int8_t)   \
  EMBER_DTYPE_CASE(Short, int16_t) \
  EMBER_DTYPE_CASE(Int, int32_t)   \
  EMBER_DTYPE_CASE(Long, int64_t)

[[noreturn]] void throwUnsupportedDtype(const char* what, ScalarType t);

// All ten dtypes ember computes with.
template <typename Fn>
decltype(auto) visitDtype(ScalarType t, Fn&& fn, const char* what = "this operation") {
  switch (t) {
    EMBER_DTYPE_CASE(Bool, bool)
    EMBER_INTEGER_DTYPE_CASES
    EMBER_DTYPE_CASE(Half, Half)
    EMBER_DTYPE_CASE(BFloat16, BFloat16)
    EMBER_DTYPE_CASE(Float, float)
    EMBER_DTYPE_CASE(Double, double)
    default: throwUnsupportedDtype(what, t);
  }
}

// Integral and floating types, no bool.
template <typename Fn>
decltype(auto) visitNumericDtype(ScalarType t, Fn&& fn, const char* what = "this operation") {
  switch (t) {
    EMBER_INTEGER_DTYPE_CASES
    EMBER_DTYPE_CASE(Half, Half)
    EMBER_DTYPE_CASE(BFloat16, BFloat16)
    EMBER_DTYPE_CASE(Float, float)
    EMBER_DTYPE_CASE(Double, double)
    default: throwUnsupportedDtype(what, t);
  }
}

// What products (GEMM, convolution) compute in: the numeric types but Half, which PyTorch 1.13
// does not multiply on CPU.
template <typename Fn>
decltype(auto) visitGemmDtype(ScalarType t, Fn&& fn, const char* what = "this operation") {
  switch (t) {
    EMBER_INTEGER_DTYPE_CASES
    EMBER_DTYPE_CASE(BFloat16, BFloat16)
    EMBER_DTYPE_CASE(Float, float)
    EMBER_DTYPE_CASE(Double, double)
    default: throwUnsupportedDtype(what, t);
  }
}

template <typename Fn>
decltype(auto) visitFloatingDtype(ScalarType t, Fn&& fn, const char* what = "this operation") {
  switch (t) {
    EMBER_DTYPE_CASE(Half, Half)
    EMBER_DTYPE_CASE(BFloat16, BFloat16)
    EMBER_DTYPE_CASE(Float, float)
    EMBER_DTYPE_CASE(Double, double)
    default: throwUnsupportedDtype(what, t);
  }
}

template <typename Fn>
decltype(auto) visitIntegralDtype(ScalarType t, Fn&& fn, bool includeBool, const char* what = "this operation") {
  switch (t) {
    case ScalarType::Bool:
      if (!includeBool) throwUnsupportedDtype(what, t);
      return fn.template operator()<bool>();
    EMBER_INTEGER_DTYPE_CASES
    default: throwUnsupportedDtype(what, t);
  }
}

#undef EMBER_INTEGER_DTYPE_CASES
#undef EMBER_DTYPE_CASE

// The type arithmetic is done in: float for the 16-bit floats, the type itself otherwise.
template <typename T> struct OpMathType { using type = T; };
template <> struct OpMathType<Half> { using type = float; };
template <> struct OpMathType<BFloat16> { using type = float; };
template <typename T> using opmath_t = typename OpMathType<T>::type;

}  // namespace ember
