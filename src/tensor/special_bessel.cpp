// Bessel functions of torch.special: J0, J1, Y0, Y1, the modified I0, I1 (and their
// exponentially scaled i0e / i1e), K0, K1 (and exp(x) K), the spherical j0 and Airy's Ai.
//
// Methods (standard numerics, written for this library):
//  - J and Y for |x| < 20: the ascending power series (in long double from x = 8, where the
//    alternating terms grow to ~1e7 before they cancel); Y's series carries harmonic numbers
//    (psi(k+1) = H_k - gamma). For |x| >= 20: Hankel's asymptotic expansion, whose smallest
//    term is about exp(-2x), with the phase x - pi/4 (x - 3pi/4) expanded into sin x and cos x
//    so that the argument reduction is the library's.
//  - I for |x| <= 20: the power series (positive terms); beyond, the asymptotic expansion of
//    exp(-x) I(x). I = exp(x) * scaled, so it overflows where PyTorch's does.
//  - K for x <= 2: the series in I and harmonic numbers; for 2 < x <= 20 the integral
//    exp(x) K_nu(x) = int_0^inf exp(-x (cosh t - 1)) cosh(nu t) dt by the trapezoidal rule, which
//    converges geometrically for this analytic, doubly-exponentially decaying integrand; beyond,
//    the asymptotic expansion.
//  - Ai: the Maclaurin series for -10 <= x <= 3, Ai(x) = sqrt(x/3)/pi K_{1/3}(2/3 x^{3/2}) for
//    x > 3 (0 beyond 103.892, where it underflows), and the oscillatory asymptotic expansion
//    for x < -10.
// Edge values follow PyTorch 1.13: J and Y of +-inf are NaN, Y and K of a negative x are NaN,
// I0 and I1 of +-inf are NaN while the scaled forms give 0.
#include <cmath>
#include <type_traits>

#include "ember/tensor/ops/special.h"
#include "tensor/special_common.h"
#include "tensor/storage_watch.h"

namespace ember {

using special_detail::Dest;
using special_detail::kEulerGamma;
using special_detail::kInf;
using special_detail::kNaN;
using special_detail::kPi;

namespace {

using LD = long double;

// Beyond these the asymptotic expansions are exact to double precision (their smallest terms
// are about exp(-2x)).
constexpr double kJYAsymptotic = 20.0, kIKAsymptotic = 20.0;

// Per-term factors of the power series, precomputed so that the series loops only multiply:
// 1/(k k), 1/(k (k+1)), harmonic numbers H_k, and Ai's 1/((3k-1) 3k), 1/(3k (3k+1)).
constexpr int kTerms = 120;
struct SeriesTables {
  LD inv0[kTerms + 1], inv1[kTerms + 1], harmonic[kTerms + 2], airyF[kTerms + 1], airyG[kTerms + 1];
  SeriesTables() {
    harmonic[0] = 0;
    for (int k = 1; k <= kTerms + 1; ++k) harmonic[k] = harmonic[k - 1] + 1.0L / k;
    for (int k = 1; k <= kTerms; ++k) {
      inv0[k] = 1.0L / (LD(k) * k);
      inv1[k] = 1.0L / (LD(k) * (k + 1));
      airyF[k] = 1.0L / (LD(3 * k - 1) * (3 * k));
      airyG[k] = 1.0L / (LD(3 * k) * (3 * k + 1));
    }
  }
};
const SeriesTables& tables() {
  static const SeriesTables t;
  return t;
}

// ---- J and Y ----

// The ascending series of J_nu and Y_nu (nu in {0, 1}) at 0 < x < kJYAsymptotic, summed in S:
// double while the alternating terms stay small (x < 8), long double beyond, where they grow
// to ~1e7 before cancelling. With t = x^2/4 and term_k = (-t)^k / (k! (k+nu)!):
//   J0 = sum term_k                 Y0 = 2/pi ((log(x/2) + gamma) J0 - sum_{k>=1} H_k term_k)
//   J1 = x/2 sum term_k             Y1 = -2/(pi x) + 2/pi log(x/2) J1
//                                        - x/(2 pi) sum (H_k + H_(k+1) - 2 gamma) term_k
template <typename S>
void besselSeries(int nu, double x, bool wantY, double& j, double& y) {
  const SeriesTables& tb = tables();
  const S t = S(x) * S(x) / 4, gamma = S(kEulerGamma);
  const LD* inv = nu == 0 ? tb.inv0 : tb.inv1;
  const S eps = std::is_same_v<S, double> ? S(1e-17) : S(1e-21L);
  S term = 1, sj = 1, sy = nu == 0 ? S(0) : S(1) - 2 * gamma, peak = 1;
  for (int k = 1; k <= kTerms; ++k) {
    term *= -t * S(inv[k]);
    sj += term;
    if (wantY) sy += term * (nu == 0 ? S(tb.harmonic[k]) : S(tb.harmonic[k] + tb.harmonic[k + 1]) - 2 * gamma);
    const S size = std::fabs(term);
    if (size > peak) peak = size;  // a comparison: fmax of long double is a library call
    if (size <= eps * peak && k > 1) break;
  }
  const S pi = S(kPi), lx = S(x), logHalf = std::log(lx / 2);
  if (nu == 0) {
    j = static_cast<double>(sj);
    if (wantY) y = static_cast<double>(2 / pi * ((logHalf + gamma) * sj - sy));
  } else {
    const S j1 = lx / 2 * sj;
    j = static_cast<double>(j1);
    if (wantY) y = static_cast<double>(-2 / (pi * lx) + 2 / pi * logHalf * j1 - lx / (2 * pi) * sy);
  }
}

// (J_nu, Y_nu) for x >= kJYAsymptotic from Hankel's expansion.
void hankel(int nu, double x, double& j, double& y) {
  const double mu = 4.0 * nu * nu;
  double p = 0.0, q = 0.0, a = 1.0, prev = kInf;
  for (int k = 0; k < 60; ++k) {
    if (k > 0) a *= (mu - (2.0 * k - 1) * (2.0 * k - 1)) / (8.0 * k * x);
    if (std::fabs(a) > prev) break;  // the asymptotic series starts to diverge
    prev = std::fabs(a);
    const double sign = ((k / 2) % 2) ? -1.0 : 1.0;
    if (k % 2 == 0)
      p += sign * a;
    else
      q += sign * a;
    if (std::fabs(a) < 1e-17) break;
  }
  const double s = std::sin(x), c = std::cos(x), r = 1.0 / std::sqrt(2.0);
  // chi = x - pi/4 (nu = 0) or x - 3pi/4 (nu = 1).
  const double cosChi = nu == 0 ? (c + s) * r : (s - c) * r;
  const double sinChi = nu == 0 ? (s - c) * r : -(s + c) * r;
  const double scale = std::sqrt(2.0 / (kPi * x));
  j = scale * (p * cosChi - q * sinChi);
  y = scale * (p * sinChi + q * cosChi);
}

// J_nu(x) and Y_nu(x) for x > 0.
void besselJY(int nu, double x, bool wantY, double& j, double& y) {
  if (x >= kJYAsymptotic)
    hankel(nu, x, j, y);
  else if (x < 8.0)
    besselSeries<double>(nu, x, wantY, j, y);
  else
    besselSeries<LD>(nu, x, wantY, j, y);
}

double besselJ0(double x) {
  if (std::isnan(x) || std::isinf(x)) return kNaN;
  if (x == 0) return 1.0;
  double j, y;
  besselJY(0, std::fabs(x), false, j, y);
  return j;
}

double besselJ1(double x) {
  if (std::isnan(x) || std::isinf(x)) return kNaN;
  if (x == 0) return x;
  double j, y;
  besselJY(1, std::fabs(x), false, j, y);
  return x < 0 ? -j : j;
}

double besselY(int nu, double x) {
  if (std::isnan(x) || std::isinf(x) || x < 0) return kNaN;
  if (x == 0) return -kInf;
  double j, y;
  besselJY(nu, x, true, j, y);
  return y;
}

// ---- I ----

// exp(-|x|) I_nu(|x|) for nu in {0, 1}: the series sum (x/2)^nu t^k / (k! (k+nu)!) (positive
// terms: double suffices) up to kIKAsymptotic, the asymptotic expansion beyond.
double scaledI(int nu, double ax) {
  if (ax <= kIKAsymptotic) {
    const SeriesTables& tb = tables();
    const LD* inv = nu == 0 ? tb.inv0 : tb.inv1;
    const double t = ax * ax / 4;
    double term = 1, sum = 1;
    for (int k = 1; k <= kTerms; ++k) {
      term *= t * static_cast<double>(inv[k]);
      sum += term;
      if (term <= 1e-17 * sum) break;
    }
    return (nu == 0 ? sum : ax / 2 * sum) * std::exp(-ax);
  }
  const double mu = 4.0 * nu * nu;
  double sum = 1.0, a = 1.0;
  for (int k = 1; k < 60; ++k) {
    a *= -(mu - (2.0 * k - 1) * (2.0 * k - 1)) / (8.0 * k * ax);
    sum += a;
    if (std::fabs(a) < 1e-17 * sum) break;
  }
  return sum / std::sqrt(2.0 * kPi * ax);
}

double besselI0(double x) {
  if (std::isnan(x) || std::isinf(x)) return kNaN;
  const double ax = std::fabs(x);
  return std::exp(ax) * scaledI(0, ax);
}
double besselI0e(double x) {
  if (std::isnan(x)) return x;
  if (std::isinf(x)) return 0.0;
  return scaledI(0, std::fabs(x));
}
double besselI1(double x) {
  if (std::isnan(x) || std::isinf(x)) return kNaN;
  const double ax = std::fabs(x), r = std::exp(ax) * scaledI(1, ax);
  return x < 0 ? -r : r;
}
double besselI1e(double x) {
  if (std::isnan(x)) return x;
  if (std::isinf(x)) return std::copysign(0.0, x);
  const double r = scaledI(1, std::fabs(x));
  return x < 0 ? -r : r;
}

// ---- K ----

// exp(x) K_nu(x) for x > kIKAsymptotic from the asymptotic expansion.
double scaledKAsymptotic(double nu, double x) {
  const double mu = 4.0 * nu * nu;
  double sum = 1.0, a = 1.0;
  for (int k = 1; k < 60; ++k) {
    a *= (mu - (2.0 * k - 1) * (2.0 * k - 1)) / (8.0 * k * x);
    sum += a;
    if (std::fabs(a) < 1e-17 * std::fabs(sum)) break;
  }
  return sum * std::sqrt(kPi / (2.0 * x));
}

// exp(x) K_nu(x) = int_0^inf exp(-x (cosh t - 1)) cosh(nu t) dt by the trapezoidal rule. The
// integrand is analytic and decays doubly exponentially, so the rule converges geometrically in
// 1/h; its width shrinks like 1/sqrt(x), hence h = min(0.2, 0.6/sqrt(x)) (relative error below
// 2e-15 for 0.5 <= x <= 20, checked against mpmath). e^t and e^(nu t) are stepped by products.
double scaledKIntegral(double nu, double x) {
  const double h = std::fmin(0.2, 0.6 / std::sqrt(x));
  const double step = std::exp(h), stepNu = std::exp(nu * h);
  const double stepInv = 1.0 / step, stepNuInv = 1.0 / stepNu;
  double sum = 0.5, e = 1.0, ei = 1.0, en = 1.0, eni = 1.0;  // e^t, e^-t, e^(nu t), e^(-nu t)
  for (int k = 1; k < 1000; ++k) {
    e *= step;
    ei *= stepInv;
    en *= stepNu;
    eni *= stepNuInv;
    const double arg = -x * (0.5 * (e + ei) - 1.0);
    sum += std::exp(arg) * 0.5 * (en + eni);
    if (arg + nu * k * h < -40.0) break;
  }
  return sum * h;
}

// exp(x) K_nu(x) for x >= 0.5 or so (the integral's length grows like log(1/x)).
double scaledK(double nu, double x) { return x > kIKAsymptotic ? scaledKAsymptotic(nu, x) : scaledKIntegral(nu, x); }

// K0 and K1 for 0 < x <= 2 from their ascending series (t = x^2/4):
//   K0 = -(log(x/2) + gamma) I0 + sum_{k>=1} H_k t^k / (k!)^2
//   K1 = 1/x + log(x/2) I1 - x/4 sum_k (H_k + H_(k+1) - 2 gamma) t^k / (k! (k+1)!)
double besselKSmall(int nu, double x) {
  const SeriesTables& tb = tables();
  const LD* inv = nu == 0 ? tb.inv0 : tb.inv1;
  const double t = x * x / 4, gamma = kEulerGamma;
  double term = 1, si = 1, sk = nu == 0 ? 0.0 : 1.0 - 2 * gamma;
  for (int k = 1; k <= kTerms; ++k) {
    term *= t * static_cast<double>(inv[k]);
    si += term;
    const double w = term * (nu == 0 ? static_cast<double>(tb.harmonic[k])
                                     : static_cast<double>(tb.harmonic[k] + tb.harmonic[k + 1]) - 2 * gamma);
    sk += w;
    if (term <= 1e-17 * si) break;
  }
  const double logHalf = std::log(x / 2);
  if (nu == 0) return -(logHalf + gamma) * si + sk;
  return 1.0 / x + logHalf * (x / 2 * si) - x / 4 * sk;
}

// K_nu(x) (scaled: exp(x) K_nu(x)) for nu in {0, 1}, with PyTorch's edge values.
double besselK(int nu, double x, bool scaled) {
  if (std::isnan(x) || x < 0) return kNaN;
  if (x == 0) return kInf;
  if (std::isinf(x)) return 0.0;
  if (x <= 2.0) {
    const double k = besselKSmall(nu, x);
    return scaled ? k * std::exp(x) : k;
  }
  const double s = scaledK(nu, x);
  return scaled ? s : s * std::exp(-x);
}

// ---- spherical j0 and Airy Ai ----

double sphericalJ0(double x) {
  if (std::isnan(x)) return x;
  if (std::isinf(x)) return 0.0;
  if (std::fabs(x) < 0.5) {
    const double z = x * x;  // 1 - z/3! + z^2/5! - ...
    return 1.0 + z * (-1.0 / 6 + z * (1.0 / 120 + z * (-1.0 / 5040 + z * (1.0 / 362880 + z * (-1.0 / 39916800)))));
  }
  return std::sin(x) / x;
}

// Ai(x) for -10 <= x <= 3: Ai(0) f(x) + Ai'(0) g(x) with f = 1 + x^3/(2 3) + x^6/(2 3 5 6) + ...
// and g = x + x^4/(3 4) + x^7/(3 4 6 7) + ...; summed in S: long double where the terms grow
// far beyond the result (~1e9 at x = -10; ~1e3 times Ai at x = 3), double elsewhere.
template <typename S>
double airySeries(double x) {
  constexpr LD kAi0 = 0.355028053887817239260063186004183176L;   // Ai(0)
  constexpr LD kDAi0 = 0.258819403792806798405183560189203963L;  // -Ai'(0)
  const SeriesTables& tb = tables();
  const S sx = x, x3 = sx * sx * sx;
  const S eps = std::is_same_v<S, double> ? S(1e-17) : S(1e-21L);
  S f = 1, g = sx, tf = 1, tg = sx, peak = 1;
  for (int k = 1; k <= kTerms; ++k) {
    tf *= x3 * S(tb.airyF[k]);
    tg *= x3 * S(tb.airyG[k]);
    f += tf;
    g += tg;
    const S size = std::fabs(tf) + std::fabs(tg);
    if (size > peak) peak = size;  // a comparison: fmax of long double is a library call
    if (size <= eps * peak) break;
  }
  return static_cast<double>(S(kAi0) * f - S(kDAi0) * g);
}

// Ai(-z) for z > 10: z^(-1/4)/sqrt(pi) [sin(zeta + pi/4) P - cos(zeta + pi/4) Q], zeta = 2/3 z^1.5.
double airyOscillatory(double z) {
  const double zeta = 2.0 / 3.0 * z * std::sqrt(z);
  double p = 0.0, q = 0.0, c = 1.0, zk = 1.0, prev = kInf;
  for (int k = 0; k < 80; ++k) {
    if (k > 0) {
      c *= (6.0 * k - 5) * (6.0 * k - 3) * (6.0 * k - 1) / (216.0 * k * (2.0 * k - 1));
      zk /= zeta;
    }
    const double term = c * zk;
    if (term > prev) break;
    prev = term;
    const double sign = ((k / 2) % 2) ? -1.0 : 1.0;
    if (k % 2 == 0)
      p += sign * term;
    else
      q += sign * term;
    if (term < 1e-17) break;
  }
  const double phase = zeta + kPi / 4;
  return (std::sin(phase) * p - std::cos(phase) * q) / (std::sqrt(kPi) * std::sqrt(std::sqrt(z)));
}

double airyAi(double x) {
  if (std::isnan(x) || std::isinf(x)) return kNaN;
  if (x > 103.892) return 0.0;
  if (x > 3.0) {
    const double zeta = 2.0 / 3.0 * x * std::sqrt(x);
    return std::sqrt(x / 3.0) / kPi * scaledK(1.0 / 3.0, zeta) * std::exp(-zeta);
  }
  if (x < -10.0) return airyOscillatory(-x);
  return x >= -5.0 && x <= 1.5 ? airySeries<double>(x) : airySeries<LD>(x);
}

#define EMBER_BESSEL_IMPL(name, kernel, fn, bf16)               \
  Tensor name##Impl(const Tensor& self, const Dest& dest) {     \
    return special_detail::unary(                               \
        kernel, self, dest, [](double x) { return fn; }, bf16); \
  }
EMBER_BESSEL_IMPL(besselJ0, "bessel_j0_cpu", besselJ0(x), false)
EMBER_BESSEL_IMPL(besselJ1, "bessel_j1_cpu", besselJ1(x), false)
EMBER_BESSEL_IMPL(besselY0, "bessel_y0_cpu", besselY(0, x), false)
EMBER_BESSEL_IMPL(besselY1, "bessel_y1_cpu", besselY(1, x), false)
EMBER_BESSEL_IMPL(modifiedI0, "modified_bessel_i0_cpu", besselI0(x), false)
EMBER_BESSEL_IMPL(modifiedI1, "modified_bessel_i1_cpu", besselI1(x), false)
EMBER_BESSEL_IMPL(modifiedK0, "modified_bessel_k0_cpu", besselK(0, x, false), false)
EMBER_BESSEL_IMPL(modifiedK1, "modified_bessel_k1_cpu", besselK(1, x, false), false)
EMBER_BESSEL_IMPL(scaledK0, "scaled_modified_bessel_k0_cpu", besselK(0, x, true), false)
EMBER_BESSEL_IMPL(scaledK1, "scaled_modified_bessel_k1_cpu", besselK(1, x, true), false)
EMBER_BESSEL_IMPL(sphericalJ0, "spherical_bessel_j0_cpu", sphericalJ0(x), false)
EMBER_BESSEL_IMPL(i0, "i0_vml_cpu", besselI0(x), true)
EMBER_BESSEL_IMPL(i0e, "i0e_cpu", besselI0e(x), true)
EMBER_BESSEL_IMPL(i1, "i1_cpu", besselI1(x), false)
EMBER_BESSEL_IMPL(i1e, "i1e_cpu", besselI1e(x), false)
EMBER_BESSEL_IMPL(airyAi, "airy_ai_cpu", airyAi(x), false)
#undef EMBER_BESSEL_IMPL

}  // namespace

EMBER_SPECIAL_UNARY_FORMS(bessel_j0, besselJ0Impl)
EMBER_SPECIAL_UNARY_FORMS(bessel_j1, besselJ1Impl)
EMBER_SPECIAL_UNARY_FORMS(bessel_y0, besselY0Impl)
EMBER_SPECIAL_UNARY_FORMS(bessel_y1, besselY1Impl)
EMBER_SPECIAL_UNARY_FORMS(modified_bessel_i0, modifiedI0Impl)
EMBER_SPECIAL_UNARY_FORMS(modified_bessel_i1, modifiedI1Impl)
EMBER_SPECIAL_UNARY_FORMS(modified_bessel_k0, modifiedK0Impl)
EMBER_SPECIAL_UNARY_FORMS(modified_bessel_k1, modifiedK1Impl)
EMBER_SPECIAL_UNARY_FORMS(scaled_modified_bessel_k0, scaledK0Impl)
EMBER_SPECIAL_UNARY_FORMS(scaled_modified_bessel_k1, scaledK1Impl)
EMBER_SPECIAL_UNARY_FORMS(spherical_bessel_j0, sphericalJ0Impl)
EMBER_SPECIAL_UNARY_FORMS(i0, i0Impl)
EMBER_SPECIAL_UNARY_FORMS(i0e, i0eImpl)
EMBER_SPECIAL_UNARY_FORMS(i1, i1Impl)
EMBER_SPECIAL_UNARY_FORMS(i1e, i1eImpl)
EMBER_SPECIAL_UNARY_FORMS(airy_ai, airyAiImpl)

Tensor& i0_(Tensor& self) {
  detail::noteWrite(self);
  i0Impl(self, Dest{&self, true});
  return self;
}

}  // namespace ember
