// Tensor ops of the special family: the functions of torch.special that the unary and composite
// families do not already provide (gamma functions, Bessel functions, the normal distribution's
// functions, orthogonal polynomials, ...), with PyTorch 1.13's names and dtype rules:
//  - integer and bool inputs compute in the default float dtype; float32 and float64 compute in
//    their own dtype (the numerics run in double and round once); Half is rejected
//    ("\"digamma\" not implemented for 'Half'") and so is BFloat16, except where PyTorch allows it;
//  - binary functions broadcast and promote their operands like arithmetic, a Scalar taking part
//    as a wrapped number; igamma / igammac (gammainc / gammaincc) do not promote integers: they
//    need a floating operand;
//  - out= takes any dtype the result can be cast to, in-place forms need a floating self.
// Every function has a `name_out(out, ...)` form writing into out.
#pragma once

#include "ember/tensor/tensor.h"

namespace ember {

#define EMBER_DECLARE_SPECIAL_UNARY(op) \
  Tensor op(const Tensor& self);        \
  Tensor& op##_out(Tensor& out, const Tensor& self);

// ---- gamma family ----
EMBER_DECLARE_SPECIAL_UNARY(lgamma)   // log |Gamma(x)|; +inf at the poles
EMBER_DECLARE_SPECIAL_UNARY(digamma)  // psi(x) = d/dx log Gamma(x); NaN at negative integers, -inf at +0
Tensor& lgamma_(Tensor& self);
Tensor& digamma_(Tensor& self);
// polygamma(n, x): the n-th derivative of digamma (n >= 0).
Tensor polygamma(int64_t n, const Tensor& self);
Tensor& polygamma_out(Tensor& out, int64_t n, const Tensor& self);
Tensor& polygamma_(Tensor& self, int64_t n);
// mvlgamma(x, p): log of the multivariate gamma function of dimension p (p >= 1); every element
// must be greater than (p - 1) / 2.
Tensor mvlgamma(const Tensor& self, int64_t p);
Tensor& mvlgamma_out(Tensor& out, const Tensor& self, int64_t p);
Tensor& mvlgamma_(Tensor& self, int64_t p);
// Hurwitz zeta(x, q) = sum_k (k + q)^-x.
Tensor zeta(const Tensor& self, const Tensor& other);
Tensor& zeta_out(Tensor& out, const Tensor& self, const Tensor& other);
// Regularised lower / upper incomplete gamma functions P(a, x) and Q(a, x) (igamma, igammac).
Tensor igamma(const Tensor& self, const Tensor& other);
Tensor& igamma_out(Tensor& out, const Tensor& self, const Tensor& other);
Tensor& igamma_(Tensor& self, const Tensor& other);
Tensor igammac(const Tensor& self, const Tensor& other);
Tensor& igammac_out(Tensor& out, const Tensor& self, const Tensor& other);
Tensor& igammac_(Tensor& self, const Tensor& other);

// ---- error function and normal distribution ----
EMBER_DECLARE_SPECIAL_UNARY(erfcx)     // exp(x^2) erfc(x), without overflow for large x
EMBER_DECLARE_SPECIAL_UNARY(ndtr)      // standard normal CDF
EMBER_DECLARE_SPECIAL_UNARY(ndtri)     // its inverse (NaN outside [0, 1])
EMBER_DECLARE_SPECIAL_UNARY(log_ndtr)  // log of the CDF, accurate in the far left tail

// ---- entropy ----
EMBER_DECLARE_SPECIAL_UNARY(entr)  // -x log x; 0 at 0, -inf for x < 0
// xlog1py(x, y) = x * log1p(y), 0 where x == 0 unless y is NaN.
Tensor xlog1py(const Tensor& self, const Tensor& other);
Tensor& xlog1py_out(Tensor& out, const Tensor& self, const Tensor& other);

// ---- Bessel and related functions ----
EMBER_DECLARE_SPECIAL_UNARY(bessel_j0)
EMBER_DECLARE_SPECIAL_UNARY(bessel_j1)
EMBER_DECLARE_SPECIAL_UNARY(bessel_y0)
EMBER_DECLARE_SPECIAL_UNARY(bessel_y1)
EMBER_DECLARE_SPECIAL_UNARY(modified_bessel_i0)
EMBER_DECLARE_SPECIAL_UNARY(modified_bessel_i1)
EMBER_DECLARE_SPECIAL_UNARY(modified_bessel_k0)
EMBER_DECLARE_SPECIAL_UNARY(modified_bessel_k1)
EMBER_DECLARE_SPECIAL_UNARY(scaled_modified_bessel_k0)  // exp(x) K0(x)
EMBER_DECLARE_SPECIAL_UNARY(scaled_modified_bessel_k1)  // exp(x) K1(x)
EMBER_DECLARE_SPECIAL_UNARY(spherical_bessel_j0)        // sin(x) / x
EMBER_DECLARE_SPECIAL_UNARY(i0)                         // modified_bessel_i0 (BFloat16 allowed)
EMBER_DECLARE_SPECIAL_UNARY(i0e)                        // exp(-|x|) I0(x)
EMBER_DECLARE_SPECIAL_UNARY(i1)
EMBER_DECLARE_SPECIAL_UNARY(i1e)  // exp(-|x|) I1(x)
EMBER_DECLARE_SPECIAL_UNARY(airy_ai)
Tensor& i0_(Tensor& self);

#undef EMBER_DECLARE_SPECIAL_UNARY

// ---- orthogonal polynomials p_n(x): n is truncated to an integer; 0 for n < 0 ----
enum class Polynomial : uint8_t {
  ChebyshevT,
  ChebyshevU,
  ChebyshevV,
  ChebyshevW,
  ShiftedChebyshevT,
  ShiftedChebyshevU,
  ShiftedChebyshevV,
  ShiftedChebyshevW,
  HermiteH,
  HermiteHe,
  LaguerreL,
  LegendreP,
};
// The aten name without the prefix, e.g. "chebyshev_polynomial_t".
const char* polynomialName(Polynomial kind);
Tensor polynomial(Polynomial kind, const Tensor& x, const Tensor& n);
Tensor& polynomial_out(Tensor& out, Polynomial kind, const Tensor& x, const Tensor& n);

}  // namespace ember
