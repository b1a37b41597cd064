// Scalar definitions of ember's unary math ops and activations: the reference semantics the
// vectorised kernels (unary.isa.cpp) must reproduce, and the implementation for dtypes and
// ops without a vector kernel. Formulas follow PyTorch 1.13's CPU kernels so that special
// values come out the same (e.g. hardswish(-inf) is NaN because it is x * 0, sign(NaN) is 0).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace ember::unary_math {

// Constants of the GELU formulas.
inline constexpr double kSqrt1_2 = 0.70710678118654752440;   // 1/sqrt(2)
inline constexpr double kSqrt2OverPi = 0.79788456080286535588;  // sqrt(2/pi)
inline constexpr double kGeluKappa = 0.044715;
inline constexpr double kTwoOverSqrtPi = 1.12837916709551257390;

template <typename T>
T sigmoid(T x) {
  return T(1) / (T(1) + std::exp(-x));
}

template <typename T>
T silu(T x) {
  return x / (T(1) + std::exp(-x));
}

template <typename T>
T mish(T x) {
  return x * std::tanh(std::log1p(std::exp(x)));
}

template <typename T>
T gelu(T x) {
  return x * T(0.5) * (T(1) + std::erf(x * T(kSqrt1_2)));
}

template <typename T>
T geluTanh(T x) {
  T inner = T(kSqrt2OverPi) * (x + T(kGeluKappa) * x * x * x);
  return T(0.5) * x * (T(1) + std::tanh(inner));
}

template <typename T>
T softplus(T x, T beta, T threshold) {
  return x * beta > threshold ? x : std::log1p(std::exp(x * beta)) / beta;
}

// elu(x) = scale * x for x > 0, alpha * scale * (exp(input_scale * x) - 1) otherwise. PyTorch
// uses exp - 1 (not expm1), so tiny negative inputs give exactly 0.
template <typename T>
T elu(T x, T negCoef, T posCoef, T inputScale) {
  return x <= T(0) ? (std::exp(x * inputScale) - T(1)) * negCoef : x * posCoef;
}

template <typename T>
T leakyRelu(T x, T slope) {
  return x > T(0) ? x : x * slope;
}

// max(x, lo) and min(x, hi) that let NaN through and keep -0.0 (as x86 maxps(lo, x) does).
template <typename T>
T maxKeepNan(T x, T lo) {
  return lo > x ? lo : x;
}
template <typename T>
T minKeepNan(T x, T hi) {
  return hi < x ? hi : x;
}

template <typename T>
T relu(T x) {
  return maxKeepNan(x, T(0));
}

template <typename T>
T hardtanh(T x, T lo, T hi) {
  return minKeepNan(maxKeepNan(x, lo), hi);
}

template <typename T>
T hardsigmoid(T x) {
  return minKeepNan(maxKeepNan(x + T(3), T(0)), T(6)) / T(6);
}

template <typename T>
T hardswish(T x) {
  return x * minKeepNan(maxKeepNan(x + T(3), T(0)), T(6)) / T(6);
}

// sign(NaN) = 0 and sign(-0.0) = +0.0, as PyTorch computes (0 < x) - (x < 0).
template <typename T>
T sign(T x) {
  if constexpr (std::is_same_v<T, bool>) {
    return x;
  } else if constexpr (std::is_unsigned_v<T>) {
    return static_cast<T>(x > T(0));
  } else {
    return static_cast<T>(static_cast<int>(T(0) < x) - static_cast<int>(x < T(0)));
  }
}

template <typename T>
T frac(T x) {
  return x - std::trunc(x);
}

// Round half to even (the default floating-point rounding mode).
template <typename T>
T roundHalfEven(T x) {
  return std::nearbyint(x);
}

// torch.round(x, decimals=d): scales by 10^|d| on the side that keeps the rounding exact for d < 0.
template <typename T>
T roundDecimals(T x, T tenPow, bool negativeDecimals) {
  return negativeDecimals ? std::nearbyint(x / tenPow) * tenPow : std::nearbyint(x * tenPow) / tenPow;
}

template <typename T>
T reciprocal(T x) {
  return T(1) / x;
}

template <typename T>
T rsqrt(T x) {
  return T(1) / std::sqrt(x);
}

template <typename T>
T nanToNum(T x, T nan, T posinf, T neginf) {
  if (std::isnan(x)) return nan;
  if (x == std::numeric_limits<T>::infinity()) return posinf;
  if (x == -std::numeric_limits<T>::infinity()) return neginf;
  return x;
}

namespace detail {
// Giles' single-precision approximation of erfinv ("Approximating the erfinv function", GPU
// Computing Gems, 2011): relative error ~1e-7 for |y| < 1 - 1e-8; the Newton steps below
// finish the job.
inline double erfinvInitial(double y) {
  double w = -std::log((1.0 - y) * (1.0 + y));
  double p;
  if (w < 5.0) {
    w -= 2.5;
    p = 2.81022636e-08;
    p = 3.43273939e-07 + p * w;
    p = -3.5233877e-06 + p * w;
    p = -4.39150654e-06 + p * w;
    p = 0.00021858087 + p * w;
    p = -0.00125372503 + p * w;
    p = -0.00417768164 + p * w;
    p = 0.246640727 + p * w;
    p = 1.50140941 + p * w;
  } else {
    w = std::sqrt(w) - 3.0;
    p = -0.000200214257;
    p = 0.000100950558 + p * w;
    p = 0.00134934322 + p * w;
    p = -0.00367342844 + p * w;
    p = 0.00573950773 + p * w;
    p = -0.0076224613 + p * w;
    p = 0.00943887047 + p * w;
    p = 1.00167406 + p * w;
    p = 2.83297682 + p * w;
  }
  return p * y;
}
}  // namespace detail

// Inverse error function in double precision: an initial approximation refined by Newton
// steps, on erf in the centre and on log(erfc) in the tails, where 1 - |y| is exact and
// erf(x) - y would cancel.
inline double erfinv(double y) {
  if (std::isnan(y) || y < -1.0 || y > 1.0) return std::numeric_limits<double>::quiet_NaN();
  if (y == 1.0 || y == -1.0) return std::copysign(std::numeric_limits<double>::infinity(), y);
  if (y == 0.0) return y;  // keeps the sign of zero
  const double a = std::fabs(y);
  double x = std::fabs(detail::erfinvInitial(a));
  if (a <= 0.5) {
    for (int i = 0; i < 2; ++i) x -= (std::erf(x) - a) / (kTwoOverSqrtPi * std::exp(-x * x));
  } else {
    const double logTail = std::log(1.0 - a);
    for (int i = 0; i < 4; ++i) {
      double e = std::erfc(x);
      x += (std::log(e) - logTail) * e / (kTwoOverSqrtPi * std::exp(-x * x));
    }
  }
  return std::copysign(x, y);
}

inline float erfinv(float y) {
  return static_cast<float>(erfinv(static_cast<double>(y)));
}

}  // namespace ember::unary_math
