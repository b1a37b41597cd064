// The orthogonal polynomials of torch.special: Chebyshev T, U, V, W and their shifted forms on
// [0, 1], Hermite H (physicists') and He (probabilists'), Laguerre L and Legendre P, evaluated
// at x for the degree n (a tensor or a Scalar on either side).
//
// n is truncated to an integer as PyTorch does (a NaN or infinite n behaves like the most
// negative integer); p_n = 0 for n < 0. Values come from the three-term recurrences in the
// element's precision, each step one fused multiply-add as PyTorch's AVX2 kernels compute it
// (a x q - b p as fma(a x, q, -(b p))): its float32 results at high degrees carry rounding far
// beyond float32's test tolerance, and this order reproduces them bit for bit; inside
// (-1, 1) the Chebyshev polynomials of high degree use their trigonometric forms
// (T_n(cos t) = cos(n t), ...), which do not accumulate rounding over n steps. The endpoint
// values (+-1, and 0 / 1 for the shifted forms) are exact, as in PyTorch.
#include <cmath>
#include <cstdint>
#include <string>

#include "ember/tensor/ops/special.h"
#include "tensor/special_common.h"
#include "tensor/storage_watch.h"

namespace ember {

using special_detail::Dest;

namespace {

// static_cast<int64_t>(n) as x86 computes it (out-of-range and NaN give INT64_MIN).
int64_t degree(double n) {
  if (!(n >= -9.2233720368547758e18 && n < 9.2233720368547758e18)) return INT64_MIN;
  return static_cast<int64_t>(n);
}

// The recurrence p_(k+1) = step(k, p_k, p_(k-1)) from p_0 and p_1 up to p_n.
template <typename T, typename Step>
T recur(int64_t n, T p0, T p1, Step step) {
  if (n == 0) return p0;
  if (n == 1) return p1;
  T p = p0, q = p1;
  for (int64_t k = 1; k < n; ++k) {
    const T r = step(k, q, p);
    p = q;
    q = r;
  }
  return q;
}

template <typename T>
T oddSign(int64_t n) {
  return n % 2 == 0 ? T(1) : T(-1);
}

// Chebyshev polynomials at y in [-1, 1] and beyond; kind 0..3 = T, U, V, W.
template <typename T>
T chebyshev(int kind, T y, int64_t n, bool shifted = false) {
  if (n < 0) return T(0);
  const T m = static_cast<T>(n);
  if (std::fabs(y) == T(1)) {
    const bool pos = y > 0;
    switch (kind) {
      case 0:
        return pos ? T(1) : oddSign<T>(n);
      case 1:
        return pos ? m + 1 : oddSign<T>(n) * (m + 1);
      case 2:
        return pos ? T(1) : oddSign<T>(n) * (m + m + 1);
      default:
        return pos ? m + m + 1 : oddSign<T>(n);
    }
  }
  if (n > (kind == 0 || shifted ? 6 : 8) && std::fabs(y) < T(1)) {
    const T t = std::acos(y);
    switch (kind) {
      case 0:
        return std::cos(m * t);
      case 1: {
        const T s = std::sin(t);
        return s != T(0) ? std::sin((m + 1) * t) / s : (m + 1) * std::cos((m + 1) * t) * y;
      }
      case 2:
        return std::cos((m + T(0.5)) * t) / std::cos(t / 2);
      default:
        return std::sin((m + T(0.5)) * t) / std::sin(t / 2);
    }
  }
  const T p1 = kind == 0 ? y : kind == 1 ? y + y : kind == 2 ? y + y - 1 : y + y + 1;
  return recur<T>(n, T(1), p1, [y](int64_t, T q, T p) { return std::fma(y + y, q, -p); });
}

// Shifted Chebyshev polynomials: p*_n(x) = p_n(2x - 1), with x == 1 and x == 0 exact.
template <typename T>
T shiftedChebyshev(int kind, T x, int64_t n) {
  if (n < 0) return T(0);
  if (x == T(1)) return chebyshev<T>(kind, T(1), n);
  if (x == T(0)) return chebyshev<T>(kind, T(-1), n);
  return chebyshev<T>(kind, x + x - 1, n, true);
}

template <typename T>
T hermiteH(T x, int64_t n) {
  if (n < 0) return T(0);
  return recur<T>(n, T(1), x + x,
                  [x](int64_t k, T q, T p) { return std::fma(x + x, q, -(static_cast<T>(k + k) * p)); });
}

template <typename T>
T hermiteHe(T x, int64_t n) {
  if (n < 0) return T(0);
  return recur<T>(n, T(1), x, [x](int64_t k, T q, T p) { return std::fma(x, q, -(static_cast<T>(k) * p)); });
}

template <typename T>
T laguerreL(T x, int64_t n) {
  if (n < 0) return T(0);
  if (x == T(0)) return T(1);
  return recur<T>(n, T(1), T(1) - x, [x](int64_t k, T q, T p) {
    return std::fma(static_cast<T>(k + k + 1) - x, q, -(static_cast<T>(k) * p)) / static_cast<T>(k + 1);
  });
}

template <typename T>
T legendreP(T x, int64_t n) {
  if (n < 0) return T(0);
  if (std::fabs(x) == T(1)) return x > 0 ? T(1) : oddSign<T>(n);
  return recur<T>(n, T(1), x, [x](int64_t k, T q, T p) {
    return std::fma(static_cast<T>(k + k + 1) * x, q, -(static_cast<T>(k) * p)) / static_cast<T>(k + 1);
  });
}

template <typename T>
T evaluate(Polynomial kind, T x, T nValue) {
  const int64_t n = degree(static_cast<double>(nValue));
  switch (kind) {
    case Polynomial::ChebyshevT:
      return chebyshev<T>(0, x, n);
    case Polynomial::ChebyshevU:
      return chebyshev<T>(1, x, n);
    case Polynomial::ChebyshevV:
      return chebyshev<T>(2, x, n);
    case Polynomial::ChebyshevW:
      return chebyshev<T>(3, x, n);
    case Polynomial::ShiftedChebyshevT:
      return shiftedChebyshev<T>(0, x, n);
    case Polynomial::ShiftedChebyshevU:
      return shiftedChebyshev<T>(1, x, n);
    case Polynomial::ShiftedChebyshevV:
      return shiftedChebyshev<T>(2, x, n);
    case Polynomial::ShiftedChebyshevW:
      return shiftedChebyshev<T>(3, x, n);
    case Polynomial::HermiteH:
      return hermiteH<T>(x, n);
    case Polynomial::HermiteHe:
      return hermiteHe<T>(x, n);
    case Polynomial::LaguerreL:
      return laguerreL<T>(x, n);
    case Polynomial::LegendreP:
      return legendreP<T>(x, n);
  }
  return T(0);
}

Tensor polynomialImpl(Polynomial kind, const Tensor& x, const Tensor& n, const Dest& dest) {
  const std::string kernel = std::string(polynomialName(kind)) + "_cpu";
  return special_detail::binary(kernel.c_str(), x, n, dest,
                                [kind]<typename T>(T xv, T nv) { return evaluate<T>(kind, xv, nv); });
}

}  // namespace

const char* polynomialName(Polynomial kind) {
  static constexpr const char* kNames[] = {
      "chebyshev_polynomial_t",         "chebyshev_polynomial_u",         "chebyshev_polynomial_v",
      "chebyshev_polynomial_w",         "shifted_chebyshev_polynomial_t", "shifted_chebyshev_polynomial_u",
      "shifted_chebyshev_polynomial_v", "shifted_chebyshev_polynomial_w", "hermite_polynomial_h",
      "hermite_polynomial_he",          "laguerre_polynomial_l",          "legendre_polynomial_p"};
  return kNames[static_cast<int>(kind)];
}

Tensor polynomial(Polynomial kind, const Tensor& x, const Tensor& n) { return polynomialImpl(kind, x, n, Dest{}); }
Tensor& polynomial_out(Tensor& out, Polynomial kind, const Tensor& x, const Tensor& n) {
  detail::noteWrite(out);
  polynomialImpl(kind, x, n, Dest{&out, false});
  return out;
}

}  // namespace ember
