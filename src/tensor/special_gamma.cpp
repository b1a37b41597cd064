// The gamma family of torch.special: lgamma, digamma, polygamma, the multivariate log-gamma,
// the Hurwitz zeta function and the regularised incomplete gamma functions.
//
// Methods (standard numerics, written for this library):
//  - digamma: reflection psi(x) = psi(1 - x) - pi / tan(pi x) for x < 0, the recurrence
//    psi(x) = psi(x + 1) - 1/x up to x >= 10, then the asymptotic series in 1/x^2 (Bernoulli
//    numbers);
//  - trigamma: reflection psi1(x) = pi^2 / sin^2(pi x) - psi1(1 - x) for x < 1/2 (evaluated in
//    the input's precision, so that at the poles the result is the same huge finite value as
//    PyTorch's), recurrence to x >= 10, asymptotic series;
//  - polygamma n >= 2: (-1)^(n+1) n! zeta(n + 1, x);
//  - zeta(s, q): Euler-Maclaurin summation, direct terms up to q + 9 and the Bernoulli-number
//    tail; the domain conventions (s == 1: inf, s < 1: NaN, q a non-positive integer: inf,
//    negative q with a non-integral s: NaN) are PyTorch's;
//  - igamma / igammac: the power series of P(a, x) for x < a + 1, Lentz's continued fraction of
//    Q(a, x) otherwise, both scaled by exp(a log x - x - lgamma(a)).
#include <cmath>

#include "ember/tensor/ops/special.h"
#include "tensor/special_common.h"
#include "tensor/storage_watch.h"

namespace ember {

using special_detail::Dest;
using special_detail::kInf;
using special_detail::kNaN;
using special_detail::kPi;

namespace {

// psi(x) for x >= 10: log x - 1/(2x) - sum_k B_2k / (2k x^2k).
double digammaAsymptotic(double x) {
  static constexpr double kB[] = {1.0 / 12, -1.0 / 120, 1.0 / 252, -1.0 / 240, 1.0 / 132, -691.0 / 32760, 1.0 / 12};
  const double z = 1.0 / (x * x);
  double s = 0.0;
  for (int k = 6; k >= 0; --k) s = (s + kB[k]) * z;
  return std::log(x) - 0.5 / x - s;
}

double digammaValue(double x) {
  if (x == 0) return std::copysign(kInf, -x);  // -inf at +0, +inf at -0
  if (std::isnan(x) || x == -kInf) return kNaN;
  double result = 0.0;
  if (x < 0) {
    if (x == std::trunc(x)) return kNaN;  // poles
    const double frac = x - std::trunc(x);
    result = -kPi / std::tan(kPi * frac);
    x = 1.0 - x;
  }
  while (x < 10.0) {
    result -= 1.0 / x;
    x += 1.0;
  }
  return result + digammaAsymptotic(x);
}

// psi1(x) for x >= 10: 1/x + 1/(2x^2) + sum_k B_2k / x^(2k+1).
double trigammaAsymptotic(double x) {
  static constexpr double kB[] = {1.0 / 6, -1.0 / 30, 1.0 / 42, -1.0 / 30, 5.0 / 66, -691.0 / 2730, 7.0 / 6};
  const double z = 1.0 / (x * x);
  double s = 0.0;
  for (int k = 6; k >= 0; --k) s = (s + kB[k]) * z;
  return 1.0 / x + 0.5 * z + s / x;
}

template <typename T>
double trigamma(T xt) {
  double x = static_cast<double>(xt);
  double result = 0.0, sign = 1.0;
  if (x < 0.5) {
    // In T's precision: at the poles sin(pi x) is a rounding residue, as in PyTorch.
    const T s = std::sin(static_cast<T>(kPi) * xt);
    result = -static_cast<double>(static_cast<T>(kPi * kPi) / (s * s));
    sign = -1.0;
    x = 1.0 - x;
  }
  if (std::isinf(x)) return sign * result;  // psi1(+inf) = 0
  while (x < 10.0) {
    result += 1.0 / (x * x);
    x += 1.0;
  }
  return sign * (result + trigammaAsymptotic(x));
}

// Hurwitz zeta (also used by polygamma).
double hurwitzZeta(double s, double q) {
  if (s == 1.0) return kInf;
  if (s < 1.0) return kNaN;
  if (q <= 0.0) {
    if (q == std::floor(q)) return kInf;
    if (s != std::floor(s)) return kNaN;  // q^-s of a negative q
  }
  // (2k)! / B_2k for k = 1..12: the Euler-Maclaurin tail coefficients.
  static constexpr double kA[] = {12.0,
                                  -720.0,
                                  30240.0,
                                  -1209600.0,
                                  47900160.0,
                                  -1.8924375803183791606e9,
                                  7.47242496e10,
                                  -2.950130727918164224e12,
                                  1.1646782814350067249e14,
                                  -4.5979787224074726105e15,
                                  1.8152105401943546773e17,
                                  -7.1661652561756670113e18};
  constexpr double kEps = 1.11022302462515654042e-16;
  double sum = std::pow(q, -s), a = q, b = 0.0;
  for (int i = 0; i < 9 || a <= 9.0;) {
    ++i;
    a += 1.0;
    b = std::pow(a, -s);
    sum += b;
    if (std::fabs(b / sum) < kEps) return sum;
  }
  const double w = a;
  sum += b * w / (s - 1.0);
  sum -= 0.5 * b;
  double fact = 1.0, k = 0.0;
  for (double coef : kA) {
    fact *= s + k;
    b /= w;
    const double t = fact * b / coef;
    sum += t;
    if (std::fabs(t / sum) < kEps) break;
    k += 1.0;
    fact *= s + k;
    b /= w;
    k += 1.0;
  }
  return sum;
}

template <typename T>
double polygammaScalar(int64_t n, T x) {
  if (n == 0) return digammaValue(static_cast<double>(x));
  if (n == 1) return trigamma(x);
  const double sign = (n % 2) ? 1.0 : -1.0;
  return sign * std::exp(std::lgamma(static_cast<double>(n) + 1.0)) *
         hurwitzZeta(static_cast<double>(n) + 1.0, static_cast<double>(x));
}

// exp(a log x - x - lgamma(a)): the common factor of P(a, x) and Q(a, x).
double igammaPrefactor(double a, double x) { return std::exp(a * std::log(x) - x - std::lgamma(a)); }

// P(a, x) by its power series (x < a + 1).
double igammaSeries(double a, double x) {
  double term = 1.0 / a, sum = term;
  for (int k = 1; k < 100000; ++k) {
    term *= x / (a + k);
    sum += term;
    if (std::fabs(term) < std::fabs(sum) * 1e-17) break;
  }
  return sum * igammaPrefactor(a, x);
}

// Q(a, x) by its continued fraction (x >= a + 1), evaluated with the modified Lentz method.
double igammacFraction(double a, double x) {
  constexpr double kTiny = 1e-300;
  double b = x + 1.0 - a, c = 1.0 / kTiny, d = 1.0 / b, h = d;
  for (int i = 1; i < 100000; ++i) {
    const double an = -i * (i - a);
    b += 2.0;
    d = an * d + b;
    if (std::fabs(d) < kTiny) d = kTiny;
    c = b + an / c;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1.0 / d;
    const double delta = d * c;
    h *= delta;
    if (std::fabs(delta - 1.0) < 1e-16) break;
  }
  return h * igammaPrefactor(a, x);
}

// P(a, x) (upper = false) or Q(a, x) (upper = true), with PyTorch's edge values.
double incompleteGamma(double a, double x, bool upper) {
  if (std::isnan(a) || std::isnan(x) || a < 0 || x < 0) return kNaN;
  if (a == 0) return x > 0 ? (upper ? 0.0 : 1.0) : kNaN;
  if (x == 0) return upper ? 1.0 : 0.0;
  if (std::isinf(a)) return std::isinf(x) ? kNaN : (upper ? 1.0 : 0.0);
  if (std::isinf(x)) return upper ? 0.0 : 1.0;
  if (x < a + 1.0) {
    const double p = igammaSeries(a, x);
    return upper ? 1.0 - p : p;
  }
  const double q = igammacFraction(a, x);
  return upper ? q : 1.0 - q;
}

// ---- ops ----

Tensor lgammaImpl(const Tensor& self, const Dest& dest) {
  return special_detail::unary(
      "lgamma_vml_cpu", self, dest, [](double x) { return std::lgamma(x); }, true);
}

Tensor digammaImpl(const Tensor& self, const Dest& dest) {
  return special_detail::unary(
      "digamma", self, dest, [](double x) { return digammaValue(x); }, true);
}

// polygamma needs the input's precision for the reflection (see trigamma), so it runs its own
// loop rather than special_detail::unary.
Tensor polygammaImpl(int64_t n, const Tensor& self, const Dest& dest) {
  EMBER_CHECK(n >= 0, "polygamma(n, x) does not support negative n.");
  if (n == 0) return digammaImpl(self, dest);
  Elementwise it(ResultRule::PromoteIntToFloat);
  it.input(self);
  special_detail::attachDest(it, dest);
  it.build();
  special_detail::checkComputeDtype("polygamma", it.computeDtype(), true);
  visitFloatingDtype(it.computeDtype(), [&]<typename T>() {
    using M = opmath_t<T>;
    it.run1<T, T>([n](M x) -> M { return static_cast<M>(polygammaScalar<M>(n, x)); });
  });
  return it.finish();
}

Tensor mvlgammaImpl(const Tensor& self, int64_t p, const Dest& dest) {
  EMBER_CHECK(self.dtype() != ScalarType::Bool, "The input tensor may not be a boolean tensor.");
  EMBER_CHECK(p >= 1, "p has to be greater than or equal to 1");
  const double constant = static_cast<double>(p) * static_cast<double>(p - 1) * std::log(kPi) / 4.0;
  return special_detail::unary(
      "mvlgamma", self, dest,
      [p, constant](double x) {
        double s = 0.0;
        for (int64_t j = p - 1; j >= 0; --j) s += std::lgamma(x - 0.5 * static_cast<double>(j));
        return s + constant;
      },
      true);
}

}  // namespace

EMBER_SPECIAL_UNARY_FORMS(lgamma, lgammaImpl)
EMBER_SPECIAL_UNARY_FORMS(digamma, digammaImpl)
Tensor& lgamma_(Tensor& self) {
  detail::noteWrite(self);
  lgammaImpl(self, Dest{&self, true});
  return self;
}
Tensor& digamma_(Tensor& self) {
  detail::noteWrite(self);
  digammaImpl(self, Dest{&self, true});
  return self;
}

Tensor polygamma(int64_t n, const Tensor& self) { return polygammaImpl(n, self, Dest{}); }
Tensor& polygamma_out(Tensor& out, int64_t n, const Tensor& self) {
  detail::noteWrite(out);
  polygammaImpl(n, self, Dest{&out, false});
  return out;
}
Tensor& polygamma_(Tensor& self, int64_t n) {
  detail::noteWrite(self);
  polygammaImpl(n, self, Dest{&self, true});
  return self;
}

Tensor mvlgamma(const Tensor& self, int64_t p) { return mvlgammaImpl(self, p, Dest{}); }
Tensor& mvlgamma_out(Tensor& out, const Tensor& self, int64_t p) {
  detail::noteWrite(out);
  mvlgammaImpl(self, p, Dest{&out, false});
  return out;
}
Tensor& mvlgamma_(Tensor& self, int64_t p) {
  detail::noteWrite(self);
  mvlgammaImpl(self, p, Dest{&self, true});
  return self;
}

Tensor zeta(const Tensor& self, const Tensor& other) {
  return special_detail::binary("zeta_cpu", self, other, Dest{}, hurwitzZeta);
}
Tensor& zeta_out(Tensor& out, const Tensor& self, const Tensor& other) {
  detail::noteWrite(out);
  special_detail::binary("zeta_cpu", self, other, Dest{&out, false}, hurwitzZeta);
  return out;
}

#define EMBER_IGAMMA_FORMS(name, upper)                                                                          \
  static Tensor name##Impl(const Tensor& self, const Tensor& other, const Dest& dest) {                          \
    return special_detail::binary(                                                                               \
        #name "_cpu", self, other, dest, [](double a, double x) { return incompleteGamma(a, x, upper); }, false, \
        true);                                                                                                   \
  }                                                                                                              \
  Tensor name(const Tensor& self, const Tensor& other) { return name##Impl(self, other, Dest{}); }               \
  Tensor& name##_(Tensor& self, const Tensor& other) {                                                           \
    name##Impl(self, other, Dest{&self, true});                                                                  \
    return self;                                                                                                 \
  }                                                                                                              \
  Tensor& name##_out(Tensor& out, const Tensor& self, const Tensor& other) {                                     \
    name##Impl(self, other, Dest{&out, false});                                                                  \
    return out;                                                                                                  \
  }
EMBER_IGAMMA_FORMS(igamma, false)
EMBER_IGAMMA_FORMS(igammac, true)
#undef EMBER_IGAMMA_FORMS

}  // namespace ember
