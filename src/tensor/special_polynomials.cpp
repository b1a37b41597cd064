// The orthogonal polynomials of torch.special: Chebyshev T, U, V, W and their shifted forms on
// [0, 1], Hermite H (physicists') and He (probabilists'), Laguerre L and Legendre P, evaluated
// at x for the degree n (a tensor or a Scalar on either side).
//
// n is truncated to an integer as PyTorch does (a NaN or infinite n behaves like the most
// negative integer); p_n = 0 for n < 0. Values come from the three-term recurrences; inside
// (-1, 1) the Chebyshev polynomials of high degree use their trigonometric forms
// (T_n(cos t) = cos(n t), ...), which do not accumulate rounding over n steps. The endpoint
// values (+-1, and 0 / 1 for the shifted forms) are exact, as in PyTorch.
#include <cmath>
#include <cstdint>
#include <string>

#include "ember/tensor/ops/special.h"
#include "tensor/special_common.h"

namespace ember {

using special_detail::Dest;

namespace {

// static_cast<int64_t>(n) as x86 computes it (out-of-range and NaN give INT64_MIN).
int64_t degree(double n) {
  if (!(n >= -9.2233720368547758e18 && n < 9.2233720368547758e18)) return INT64_MIN;
  return static_cast<int64_t>(n);
}

// The recurrence p_(k+1) = step(k, p_k, p_(k-1)) from p_0 and p_1 up to p_n.
template <typename Step>
double recur(int64_t n, double p0, double p1, Step step) {
  if (n == 0) return p0;
  if (n == 1) return p1;
  double p = p0, q = p1;
  for (int64_t k = 1; k < n; ++k) {
    const double r = step(k, q, p);
    p = q;
    q = r;
  }
  return q;
}

double oddSign(int64_t n) { return n % 2 == 0 ? 1.0 : -1.0; }

// Chebyshev polynomials at y in [-1, 1] and beyond; kind 0..3 = T, U, V, W.
double chebyshev(int kind, double y, int64_t n) {
  if (n < 0) return 0.0;
  const double m = static_cast<double>(n);
  if (std::fabs(y) == 1.0) {
    const bool pos = y > 0;
    switch (kind) {
      case 0: return pos ? 1.0 : oddSign(n);
      case 1: return pos ? m + 1 : oddSign(n) * (m + 1);
      case 2: return pos ? 1.0 : oddSign(n) * (2 * m + 1);
      default: return pos ? 2 * m + 1 : oddSign(n);
    }
  }
  if (n > 6 && std::fabs(y) < 1.0) {
    const double t = std::acos(y);
    switch (kind) {
      case 0: return std::cos(m * t);
      case 1: return std::sin((m + 1) * t) / std::sin(t);
      case 2: return std::cos((m + 0.5) * t) / std::cos(0.5 * t);
      default: return std::sin((m + 0.5) * t) / std::sin(0.5 * t);
    }
  }
  const double p1 = kind == 0 ? y : kind == 1 ? 2 * y : kind == 2 ? 2 * y - 1 : 2 * y + 1;
  return recur(n, 1.0, p1, [y](int64_t, double q, double p) { return 2 * y * q - p; });
}

// Shifted Chebyshev polynomials: p*_n(x) = p_n(2x - 1), with x == 1 and x == 0 exact.
double shiftedChebyshev(int kind, double x, int64_t n) {
  if (n < 0) return 0.0;
  if (x == 1.0) return chebyshev(kind, 1.0, n);
  if (x == 0.0) return chebyshev(kind, -1.0, n);
  return chebyshev(kind, x + x - 1, n);
}

double hermiteH(double x, int64_t n) {
  if (n < 0) return 0.0;
  return recur(n, 1.0, x + x, [x](int64_t k, double q, double p) { return 2 * x * q - 2 * static_cast<double>(k) * p; });
}

double hermiteHe(double x, int64_t n) {
  if (n < 0) return 0.0;
  return recur(n, 1.0, x, [x](int64_t k, double q, double p) { return x * q - static_cast<double>(k) * p; });
}

double laguerreL(double x, int64_t n) {
  if (n < 0) return 0.0;
  if (x == 0.0) return 1.0;
  return recur(n, 1.0, 1.0 - x, [x](int64_t k, double q, double p) {
    const double kk = static_cast<double>(k);
    return ((2 * kk + 1 - x) * q - kk * p) / (kk + 1);
  });
}

double legendreP(double x, int64_t n) {
  if (n < 0) return 0.0;
  if (std::fabs(x) == 1.0) return x > 0 ? 1.0 : oddSign(n);
  return recur(n, 1.0, x, [x](int64_t k, double q, double p) {
    const double kk = static_cast<double>(k);
    return ((2 * kk + 1) * x * q - kk * p) / (kk + 1);
  });
}

double evaluate(Polynomial kind, double x, double nValue) {
  const int64_t n = degree(nValue);
  switch (kind) {
    case Polynomial::ChebyshevT: return chebyshev(0, x, n);
    case Polynomial::ChebyshevU: return chebyshev(1, x, n);
    case Polynomial::ChebyshevV: return chebyshev(2, x, n);
    case Polynomial::ChebyshevW: return chebyshev(3, x, n);
    case Polynomial::ShiftedChebyshevT: return shiftedChebyshev(0, x, n);
    case Polynomial::ShiftedChebyshevU: return shiftedChebyshev(1, x, n);
    case Polynomial::ShiftedChebyshevV: return shiftedChebyshev(2, x, n);
    case Polynomial::ShiftedChebyshevW: return shiftedChebyshev(3, x, n);
    case Polynomial::HermiteH: return hermiteH(x, n);
    case Polynomial::HermiteHe: return hermiteHe(x, n);
    case Polynomial::LaguerreL: return laguerreL(x, n);
    case Polynomial::LegendreP: return legendreP(x, n);
  }
  return 0.0;
}

Tensor polynomialImpl(Polynomial kind, const Tensor& x, const Tensor& n, const Dest& dest) {
  const std::string kernel = std::string(polynomialName(kind)) + "_cpu";
  return special_detail::binary(kernel.c_str(), x, n, dest,
                                [kind](double xv, double nv) { return evaluate(kind, xv, nv); });
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
  polynomialImpl(kind, x, n, Dest{&out, false});
  return out;
}

}  // namespace ember
