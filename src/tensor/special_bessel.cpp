// Bessel functions of torch.special: J0, J1, Y0, Y1, the modified I0, I1 (and their
// exponentially scaled i0e / i1e), K0, K1 (and exp(x) K), the spherical j0 and Airy's Ai.
//
// Methods (standard numerics, written for this library):
//  - J and Y for |x| < 25: the ascending power series, summed in long double because the
//    alternating terms grow to ~1e9 before they cancel; Y's series carries harmonic numbers
//    (psi(k+1) = H_k - gamma). For |x| >= 25: Hankel's asymptotic expansion, whose smallest
//    term is about exp(-2x), with the phase x - pi/4 (x - 3pi/4) expanded into sin x and cos x
//    so that the argument reduction is the library's.
//  - I for |x| <= 30: the power series (positive terms); beyond, the asymptotic expansion of
//    exp(-x) I(x). I = exp(x) * scaled, so it overflows where PyTorch's does.
//  - K for x <= 2: the series in I and harmonic numbers; for 2 < x <= 25 the integral
//    exp(x) K_nu(x) = int_0^inf exp(-x (cosh t - 1)) cosh(nu t) dt by the trapezoidal rule, which
//    converges geometrically for this analytic, doubly-exponentially decaying integrand; beyond,
//    the asymptotic expansion.
//  - Ai: the Maclaurin series for -10 <= x <= 1, Ai(x) = sqrt(x/3)/pi K_{1/3}(2/3 x^{3/2}) for
//    x > 1 (0 beyond 103.892, where it underflows), and the oscillatory asymptotic expansion
//    for x < -10.
// Edge values follow PyTorch 1.13: J and Y of +-inf are NaN, Y and K of a negative x are NaN,
// I0 and I1 of +-inf are NaN while the scaled forms give 0.
#include <cmath>

#include "ember/tensor/ops/special.h"
#include "tensor/special_common.h"

namespace ember {

using special_detail::Dest;
using special_detail::kEulerGamma;
using special_detail::kInf;
using special_detail::kNaN;
using special_detail::kPi;

namespace {

using LD = long double;

// Sums the series 1 + sum_k term_k with term_k = term_(k-1) * ratio(k), until the terms are
// negligible against the largest one seen (the cancellation sets the accuracy, not the sum).
template <typename Ratio>
LD sumSeries(Ratio ratio) {
  LD term = 1, sum = 1, peak = 1;
  for (int k = 1; k < 500; ++k) {
    term *= ratio(k);
    sum += term;
    peak = std::fmax(peak, std::fabs(term));
    if (k >= 2 && std::fabs(term) <= 1e-21L * peak) break;
  }
  return sum;
}

// ---- J and Y ----

// (J_nu, Y_nu) for x >= 25 and nu in {0, 1} from Hankel's expansion.
void hankel(int nu, double x, double& j, double& y) {
  const double mu = 4.0 * nu * nu;
  double p = 0.0, q = 0.0, a = 1.0, prev = kInf;
  for (int k = 0; k < 60; ++k) {
    if (k > 0) a *= (mu - (2.0 * k - 1) * (2.0 * k - 1)) / (8.0 * k * x);
    if (std::fabs(a) > prev) break;  // the asymptotic series starts to diverge
    prev = std::fabs(a);
    const double sign = ((k / 2) % 2) ? -1.0 : 1.0;
    if (k % 2 == 0) p += sign * a;
    else q += sign * a;
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

double besselJ0(double x) {
  if (std::isnan(x) || std::isinf(x)) return kNaN;
  x = std::fabs(x);
  if (x >= 25.0) {
    double j, y;
    hankel(0, x, j, y);
    return j;
  }
  const LD t = LD(x) * x / 4;
  return static_cast<double>(sumSeries([t](int k) { return -t / (LD(k) * k); }));
}

double besselJ1(double x) {
  if (std::isnan(x) || std::isinf(x)) return kNaN;
  const double ax = std::fabs(x);
  double r;
  if (ax >= 25.0) {
    double y;
    hankel(1, ax, r, y);
  } else {
    const LD t = LD(ax) * ax / 4;
    r = static_cast<double>(LD(ax) / 2 *
                            sumSeries([t](int k) { return -t / (LD(k) * (k + 1)); }));
  }
  return x < 0 ? -r : r;
}

double besselY0(double x) {
  if (std::isnan(x) || std::isinf(x) || x < 0) return kNaN;
  if (x == 0) return -kInf;
  if (x >= 25.0) {
    double j, y;
    hankel(0, x, j, y);
    return y;
  }
  const LD t = LD(x) * x / 4;
  const LD j0 = besselJ0(x);
  LD h = 0;
  // sum_{k>=1} (-1)^(k+1) H_k t^k / (k!)^2, with the term's sign and size in the ratio.
  LD term = 1, sum = 0, peak = 0;
  for (int k = 1; k < 500; ++k) {
    term *= -t / (LD(k) * k);
    h += 1.0L / k;
    const LD w = -term * h;
    sum += w;
    peak = std::fmax(peak, std::fabs(w));
    if (k > 2 && std::fabs(w) <= 1e-21L * peak) break;
  }
  return static_cast<double>(2.0L / LD(kPi) * ((std::log(LD(x) / 2) + LD(kEulerGamma)) * j0 + sum));
}

double besselY1(double x) {
  if (std::isnan(x) || std::isinf(x) || x < 0) return kNaN;
  if (x == 0) return -kInf;
  if (x >= 25.0) {
    double j, y;
    hankel(1, x, j, y);
    return y;
  }
  const LD t = LD(x) * x / 4, gamma = kEulerGamma;
  // sum_{k>=0} (psi(k+1) + psi(k+2)) (-t)^k / (k! (k+1)!)
  LD term = 1, hk = 0, sum = -2 * gamma + 1, peak = std::fabs(sum);
  for (int k = 1; k < 500; ++k) {
    term *= -t / (LD(k) * (k + 1));
    hk += 1.0L / k;
    const LD w = term * (-2 * gamma + hk + hk + 1.0L / (k + 1));
    sum += w;
    peak = std::fmax(peak, std::fabs(w));
    if (k > 2 && std::fabs(w) <= 1e-21L * peak) break;
  }
  const LD lx = x;
  return static_cast<double>(-2.0L / (LD(kPi) * lx) + 2.0L / LD(kPi) * std::log(lx / 2) * LD(besselJ1(x)) -
                             lx / (2 * LD(kPi)) * sum);
}

// ---- I ----

// exp(-|x|) I_nu(|x|) for nu in {0, 1}.
double scaledI(int nu, double ax) {
  if (ax <= 30.0) {
    const LD t = LD(ax) * ax / 4;
    LD s = nu == 0 ? sumSeries([t](int k) { return t / (LD(k) * k); })
                   : LD(ax) / 2 * sumSeries([t](int k) { return t / (LD(k) * (k + 1)); });
    return static_cast<double>(s * std::exp(-LD(ax)));
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

// exp(x) K_nu(x) for x > 25 from the asymptotic expansion (smallest term ~ exp(-2x)).
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

// exp(x) K_nu(x) = int_0^inf exp(-x (cosh t - 1)) cosh(nu t) dt, trapezoidal rule with step h.
double scaledKIntegral(double nu, double x) {
  const double h = 0.1;
  double sum = 0.5;
  for (int k = 1; k < 2000; ++k) {
    const double t = k * h, s = std::sinh(0.5 * t);
    const double e = -2.0 * x * s * s;  // -x (cosh t - 1)
    const double f = std::exp(e) * std::cosh(nu * t);
    sum += f;
    if (e + nu * t < -45.0) break;
  }
  return sum * h;
}

// exp(x) K_nu(x) for x > 0 not too small (the integral's length grows like log(1/x)).
double scaledK(double nu, double x) { return x > 25.0 ? scaledKAsymptotic(nu, x) : scaledKIntegral(nu, x); }

// K0 and K1 for 0 < x <= 2 from their ascending series.
double besselK0Small(double x) {
  const LD t = LD(x) * x / 4;
  LD term = 1, h = 0, sum = 0;
  for (int k = 1; k < 60; ++k) {
    term *= t / (LD(k) * k);
    h += 1.0L / k;
    sum += term * h;
    if (term * h < 1e-21L * sum) break;
  }
  const LD i0 = std::exp(LD(x)) * LD(scaledI(0, x));
  return static_cast<double>(-(std::log(LD(x) / 2) + LD(kEulerGamma)) * i0 + sum);
}
double besselK1Small(double x) {
  const LD t = LD(x) * x / 4, gamma = kEulerGamma;
  LD term = 1, hk = 0, sum = -2 * gamma + 1;
  for (int k = 1; k < 60; ++k) {
    term *= t / (LD(k) * (k + 1));
    hk += 1.0L / k;
    const LD w = term * (-2 * gamma + hk + hk + 1.0L / (k + 1));
    sum += w;
    if (std::fabs(w) < 1e-21L * std::fabs(sum)) break;
  }
  const LD lx = x, i1 = std::exp(lx) * LD(scaledI(1, x));
  return static_cast<double>(1 / lx + std::log(lx / 2) * i1 - lx / 4 * sum);
}

// K_nu(x) (scaled: exp(x) K_nu(x)) for nu in {0, 1}, with PyTorch's edge values.
double besselK(int nu, double x, bool scaled) {
  if (std::isnan(x) || x < 0) return kNaN;
  if (x == 0) return kInf;
  if (std::isinf(x)) return 0.0;
  if (x <= 2.0) {
    const double k = nu == 0 ? besselK0Small(x) : besselK1Small(x);
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

double airyAi(double x) {
  if (std::isnan(x) || std::isinf(x)) return kNaN;
  if (x > 103.892) return 0.0;
  if (x > 1.0) {
    const double zeta = 2.0 / 3.0 * x * std::sqrt(x);
    return std::sqrt(x / 3.0) / kPi * scaledK(1.0 / 3.0, zeta) * std::exp(-zeta);
  }
  if (x >= -10.0) {
    constexpr LD kAi0 = 0.355028053887817239260063186004183176L;   // Ai(0)
    constexpr LD kDAi0 = 0.258819403792806798405183560189203963L;  // -Ai'(0)
    const LD lx = x, x3 = lx * lx * lx;
    LD f = 1, g = lx, tf = 1, tg = lx, peak = 1;
    for (int k = 1; k < 200; ++k) {
      tf *= x3 / (LD(3 * k - 1) * (3 * k));
      tg *= x3 / (LD(3 * k) * (3 * k + 1));
      f += tf;
      g += tg;
      peak = std::fmax(peak, std::fmax(std::fabs(tf), std::fabs(tg)));
      if (std::fabs(tf) + std::fabs(tg) <= 1e-21L * peak) break;
    }
    return static_cast<double>(kAi0 * f - kDAi0 * g);
  }
  // Ai(-z) ~ z^(-1/4)/sqrt(pi) [sin(zeta + pi/4) P - cos(zeta + pi/4) Q].
  const double z = -x, zeta = 2.0 / 3.0 * z * std::sqrt(z);
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
    if (k % 2 == 0) p += sign * term;
    else q += sign * term;
    if (term < 1e-17) break;
  }
  const double phase = zeta + kPi / 4;
  return (std::sin(phase) * p - std::cos(phase) * q) / (std::sqrt(kPi) * std::sqrt(std::sqrt(z)));
}

#define EMBER_BESSEL_IMPL(name, kernel, fn, bf16)                                      \
  Tensor name##Impl(const Tensor& self, const Dest& dest) {                            \
    return special_detail::unary(kernel, self, dest, [](double x) { return fn; }, bf16); \
  }
EMBER_BESSEL_IMPL(besselJ0, "bessel_j0_cpu", besselJ0(x), false)
EMBER_BESSEL_IMPL(besselJ1, "bessel_j1_cpu", besselJ1(x), false)
EMBER_BESSEL_IMPL(besselY0, "bessel_y0_cpu", besselY0(x), false)
EMBER_BESSEL_IMPL(besselY1, "bessel_y1_cpu", besselY1(x), false)
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
  i0Impl(self, Dest{&self, true});
  return self;
}

}  // namespace ember
