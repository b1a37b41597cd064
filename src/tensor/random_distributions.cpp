// Cauchy, log-normal and geometric fills, and the poisson / binomial / gamma / Dirichlet
// samplers (ember/tensor/ops/distributions.h).
//
// The fills walk self in memory order drawing one double per element, as PyTorch's serial CPU
// kernels do, so they reproduce PyTorch's streams. The samplers use textbook methods:
//  - Poisson: multiplying uniforms until the product drops below exp(-rate) for small rates;
//    Hormann's transformed rejection with squeeze (PTRS) for rates >= 10.
//  - Binomial: counting geometric waiting times while n * min(p, 1-p) < 10; otherwise
//    Hormann's BTRS rejection, with the exact acceptance test on the log pmf.
//  - Gamma: Marsaglia and Tsang's squeeze method, with alpha < 1 boosted as
//    Gamma(alpha + 1) * U^(1/alpha).
// The reparameterisation gradients (_standard_gamma_grad, _dirichlet_grad) differentiate the
// CDF implicitly, with central differences in the shape parameter.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "ember/tensor/ops/distributions.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/reduce.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/ops/special.h"
#include "ember/tensor/ops/unary.h"
#include "random_draw.h"

namespace ember {

using random_detail::generatorOr;
using random_detail::normalSample;
using random_detail::serialFill;
using random_detail::uniformReal;

namespace {

void checkFloating(const Tensor& self, const char* op) {
  EMBER_CHECK(isFloatingType(self.dtype()), "\"", op, "\" not implemented for '", scalarTypeName(self.dtype()), "'");
}

double uniform01(Generator& g) { return uniformReal<double>(g, 0.0, 1.0); }

// ---- Poisson ----
double poissonSmall(Generator& g, double rate) {
  const double limit = std::exp(-rate);
  double product = uniform01(g);
  double count = 0;
  while (product > limit) {
    product *= uniform01(g);
    count += 1;
  }
  return count;
}
// Transformed rejection with squeeze (W. Hormann, 1993).
double poissonLarge(Generator& g, double rate) {
  const double logRate = std::log(rate);
  const double b = 0.931 + 2.53 * std::sqrt(rate);
  const double a = -0.059 + 0.02483 * b;
  const double invAlpha = 1.1239 + 1.1328 / (b - 3.4);
  const double vr = 0.9277 - 3.6224 / (b - 2);
  while (true) {
    const double u = uniform01(g) - 0.5;
    const double v = uniform01(g);
    const double us = 0.5 - std::fabs(u);
    const double k = std::floor((2 * a / us + b) * u + rate + 0.43);
    if (us >= 0.07 && v <= vr) return k;
    if (k < 0 || (us < 0.013 && v > us)) continue;
    if (std::log(v) + std::log(invAlpha) - std::log(a / (us * us) + b) <= -rate + k * logRate - std::lgamma(k + 1)) {
      return k;
    }
  }
}
double poissonSample(Generator& g, double rate) {
  if (rate == 0) return 0;
  return rate >= 10 ? poissonLarge(g, rate) : poissonSmall(g, rate);
}

// ---- Binomial ----
// Successes among n trials as the number of geometric waiting times that fit in n.
double binomialInversion(Generator& g, double n, double p) {
  const double logq = std::log1p(-p);
  double trials = 0, successes = 0;
  while (true) {
    trials += std::ceil(std::log(uniform01(g)) / logq);
    if (trials > n) return successes;
    successes += 1;
  }
}
// BTRS (W. Hormann, 1993) for p <= 1/2.
double binomialRejection(Generator& g, double n, double p) {
  const double q = 1 - p;
  const double spq = std::sqrt(n * p * q);
  const double b = 1.15 + 2.53 * spq;
  const double a = -0.0873 + 0.0248 * b + 0.01 * p;
  const double c = n * p + 0.5;
  const double vr = 0.92 - 4.2 / b;
  const double alpha = (2.83 + 5.1 / b) * spq;
  const double logRatio = std::log(p / q);
  const double m = std::floor((n + 1) * p);
  const double h = std::lgamma(m + 1) + std::lgamma(n - m + 1);
  while (true) {
    const double u = uniform01(g) - 0.5;
    double v = uniform01(g);
    const double us = 0.5 - std::fabs(u);
    const double k = std::floor((2 * a / us + b) * u + c);
    if (k < 0 || k > n) continue;
    if (us >= 0.07 && v <= vr) return k;
    v = std::log(v * alpha / (a / (us * us) + b));
    if (v <= h - std::lgamma(k + 1) - std::lgamma(n - k + 1) + (k - m) * logRatio) return k;
  }
}
// A fractional count samples from its whole part, except that p >= 1 returns the count itself
// (as PyTorch does).
double binomialSample(Generator& g, double n, double p) {
  if (!(n > 0) || !(p > 0)) return 0;
  if (p >= 1) return n;
  n = std::floor(n);
  const bool flip = p > 0.5;
  const double pp = flip ? 1 - p : p;
  const double k = n * pp < 10 ? binomialInversion(g, n, pp) : binomialRejection(g, n, pp);
  return flip ? n - k : k;
}

// ---- Gamma (Marsaglia and Tsang, 2000) ----
double gammaSample(Generator& g, double alpha) {
  double boost = 1;
  if (alpha < 1) {
    boost = std::pow(1 - uniform01(g), 1 / alpha);
    alpha += 1;
  }
  const double d = alpha - 1.0 / 3.0;
  const double c = 1 / std::sqrt(9 * d);
  while (true) {
    double x, v;
    do {
      x = normalSample(g, 0.0, 1.0);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const double u = 1 - uniform01(g);
    const double x2 = x * x;
    if (u < 1 - 0.0331 * x2 * x2) return d * v * boost;
    if (std::log(u) < 0.5 * x2 + d * (1 - v + std::log(v))) return d * v * boost;
  }
}

// ---- the regularised incomplete beta function I_x(a, b), for _dirichlet_grad ----
// The continued fraction of I_x(a, b) (modified Lentz), valid for x < (a + 1) / (a + b + 2).
double betaFraction(double a, double b, double x) {
  constexpr double kTiny = 1e-300;
  double c = 1, d = 1 - (a + b) * x / (a + 1);
  if (std::fabs(d) < kTiny) d = kTiny;
  d = 1 / d;
  double h = d;
  for (int m = 1; m < 10000; ++m) {
    const double even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
    d = 1 + even * d;
    if (std::fabs(d) < kTiny) d = kTiny;
    c = 1 + even / c;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1 / d;
    h *= d * c;
    const double odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
    d = 1 + odd * d;
    if (std::fabs(d) < kTiny) d = kTiny;
    c = 1 + odd / c;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1 / d;
    const double delta = d * c;
    h *= delta;
    if (std::fabs(delta - 1) < 1e-16) break;
  }
  return h;
}
double logBeta(double a, double b) { return std::lgamma(a) + std::lgamma(b) - std::lgamma(a + b); }
double incompleteBeta(double a, double b, double x) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const double front = std::exp(a * std::log(x) + b * std::log1p(-x) - logBeta(a, b));
  if (x < (a + 1) / (a + b + 2)) return front * betaFraction(a, b, x) / a;
  return 1 - front * betaFraction(b, a, 1 - x) / b;
}
// The Dirichlet component x is Beta(alpha, beta) distributed with beta = total - alpha, the sum
// of the other concentrations. x solves I_x(alpha, beta) = u, so dx/dalpha at fixed beta is
// -(dI/dalpha) / (dI/dx), dI/dx being the Beta density; PyTorch's _dirichlet_grad is that
// derivative divided by 1 - x (its Dirichlet backward scales it back per component).
double dirichletGrad(double x, double alpha, double total) {
  const double beta = total - alpha;
  const double h = 1e-5 * alpha;
  // Differencing the smaller tail keeps the digits that 1 - I would lose.
  const bool lower = incompleteBeta(alpha, beta, x) <= 0.5;
  const double dIda = lower
                          ? (incompleteBeta(alpha + h, beta, x) - incompleteBeta(alpha - h, beta, x)) / (2 * h)
                          : (incompleteBeta(beta, alpha - h, 1 - x) - incompleteBeta(beta, alpha + h, 1 - x)) / (2 * h);
  const double density = std::exp((alpha - 1) * std::log(x) + (beta - 1) * std::log1p(-x) - logBeta(alpha, beta));
  return -dIda / density / (1 - x);
}

// out[i] = sample(in[i]) over a contiguous double copy of `in`, in `dtype` (smallest positive
// normal number of dtype at least, when clampTiny).
template <typename Sample>
Tensor sampleEach(const Tensor& in, ScalarType dtype, bool clampTiny, Sample&& sample) {
  Tensor src = contiguous(to(in, ScalarType::Double));
  Tensor r = empty(src.sizes(), TensorOptions().dtype(ScalarType::Double));
  const double* x = src.data_ptr<double>();
  double* y = r.data_ptr<double>();
  double tiny = 0;
  if (clampTiny) {
    visitFloatingDtype(dtype, [&]<typename T>() { tiny = static_cast<double>(std::numeric_limits<T>::min()); });
  }
  for (int64_t i = 0; i < src.numel(); ++i) {
    y[i] = sample(x[i]);
    if (clampTiny) y[i] = std::max(y[i], tiny);
  }
  return to(r, dtype);
}

}  // namespace

Tensor& cauchy_(Tensor& self, double median, double sigma, Generator* generator) {
  checkFloating(self, "cauchy_cpu");
  Generator& g = generatorOr(generator);
  std::lock_guard<std::mutex> lock(g.mutex());
  visitFloatingDtype(self.dtype(), [&]<typename T>() {
    serialFill<T>(self, [&] { return static_cast<T>(median + sigma * std::tan(M_PI * (uniform01(g) - 0.5))); });
  });
  return self;
}

Tensor& log_normal_(Tensor& self, double mean, double std, Generator* generator) {
  checkFloating(self, "log_normal_cpu");
  EMBER_CHECK(std > 0.0, "log_normal_ expects std > 0.0, but found std=", std);
  Generator& g = generatorOr(generator);
  std::lock_guard<std::mutex> lock(g.mutex());
  visitFloatingDtype(self.dtype(), [&]<typename T>() {
    serialFill<T>(self, [&] { return static_cast<T>(std::exp(normalSample(g, mean, std))); });
  });
  return self;
}

Tensor& geometric_(Tensor& self, double p, Generator* generator) {
  EMBER_CHECK(0 < p && p < 1, "geometric_ expects p to be in (0, 1), but got p=", p);
  Generator& g = generatorOr(generator);
  std::lock_guard<std::mutex> lock(g.mutex());
  visitNumericDtype(
      self.dtype(),
      [&]<typename T>() {
        serialFill<T>(self, [&] { return static_cast<T>(std::ceil(std::log(uniform01(g)) / std::log1p(-p))); });
      },
      "geometric_cpu");
  return self;
}

Tensor poisson(const Tensor& self, Generator* generator) {
  checkFloating(self, "poisson_cpu");
  Tensor rates = to(self, ScalarType::Double);
  EMBER_CHECK(rates.numel() == 0 || min(rates).item().toDouble() >= 0,
              "invalid Poisson rate, expected rate to be non-negative");
  Generator& g = generatorOr(generator);
  std::lock_guard<std::mutex> lock(g.mutex());
  return sampleEach(rates, self.dtype(), false, [&](double rate) { return poissonSample(g, rate); });
}

Tensor binomial(const Tensor& count, const Tensor& prob, Generator* generator) {
  checkFloating(count, "binomial_cpu");
  EMBER_CHECK(prob.dtype() == count.dtype(), "Found dtype ", scalarTypeName(prob.dtype()), " but expected ",
              scalarTypeName(count.dtype()));
  DimVector shape = broadcast_shapes(count.sizes(), prob.sizes());
  Tensor n = contiguous(to(expand(count, shape), ScalarType::Double));
  Tensor p = contiguous(to(expand(prob, shape), ScalarType::Double));
  Tensor r = empty(shape, TensorOptions().dtype(ScalarType::Double));
  const double* np = n.data_ptr<double>();
  const double* pp = p.data_ptr<double>();
  double* y = r.data_ptr<double>();
  Generator& g = generatorOr(generator);
  std::lock_guard<std::mutex> lock(g.mutex());
  for (int64_t i = 0; i < r.numel(); ++i) y[i] = binomialSample(g, np[i], pp[i]);
  return to(r, count.dtype());
}

Tensor standard_gamma(const Tensor& alpha, Generator* generator) {
  checkFloating(alpha, "gamma_cpu");
  Generator& g = generatorOr(generator);
  std::lock_guard<std::mutex> lock(g.mutex());
  return sampleEach(alpha, alpha.dtype(), true, [&](double a) { return gammaSample(g, a); });
}

// x(alpha) solves P(alpha, x) = u for a fixed uniform u, so dx/dalpha = -(dP/dalpha) / (dP/dx):
// dP/dx is the Gamma density, dP/dalpha a central difference of igamma in double.
Tensor standard_gamma_grad(const Tensor& alpha, const Tensor& x) {
  checkFloating(alpha, "_standard_gamma_grad_cpu");
  EMBER_CHECK(alpha.dtype() == x.dtype(), "_standard_gamma_grad: expected output of dtype ",
              scalarTypeName(alpha.dtype()), " but got ", scalarTypeName(x.dtype()));
  Tensor a = to(alpha, ScalarType::Double), v = to(x, ScalarType::Double);
  Tensor h = mul(a, Scalar(1e-5));
  // Differencing the smaller tail (P or Q = 1 - P) keeps the digits that 1 - P would lose.
  Tensor lowerDiff = sub(igamma(add(a, h), v), igamma(sub(a, h), v));
  Tensor upperDiff = sub(igammac(sub(a, h), v), igammac(add(a, h), v));
  Tensor dPda = div(where(le(igamma(a, v), Scalar(0.5)), lowerDiff, upperDiff), mul(h, Scalar(2.0)));
  Tensor logDensity = sub(sub(mul(sub(a, Scalar(1.0)), log(v)), v), lgamma(a));
  Tensor grad = neg(div(dPda, exp(logDensity)));
  return to(grad, alpha.dtype());
}

Tensor dirichlet_grad(const Tensor& x, const Tensor& alpha, const Tensor& total) {
  checkFloating(x, "_dirichlet_grad_cpu");
  EMBER_CHECK(x.dtype() == alpha.dtype() && x.dtype() == total.dtype(),
              "_dirichlet_grad: expected x, alpha and total of one dtype");
  EMBER_CHECK(x.sizes() == alpha.sizes() && x.sizes() == total.sizes(),
              "_dirichlet_grad: expected x, alpha and total of one shape");
  Tensor xs = contiguous(to(x, ScalarType::Double)), as = contiguous(to(alpha, ScalarType::Double));
  Tensor ts = contiguous(to(total, ScalarType::Double));
  Tensor r = empty(x.sizes(), TensorOptions().dtype(ScalarType::Double));
  const double *px = xs.data_ptr<double>(), *pa = as.data_ptr<double>(), *pt = ts.data_ptr<double>();
  double* y = r.data_ptr<double>();
  for (int64_t i = 0; i < r.numel(); ++i) y[i] = dirichletGrad(px[i], pa[i], pt[i]);
  return to(r, x.dtype());
}

Tensor sample_dirichlet(const Tensor& alpha, Generator* generator) {
  checkFloating(alpha, "dirichlet");
  EMBER_CHECK(alpha.dim() >= 1, "_sample_dirichlet: expected a tensor of at least 1 dimension");
  Tensor gammas = to(standard_gamma(to(alpha, ScalarType::Double), generator), ScalarType::Double);
  Tensor total = sum(gammas, {-1}, true);
  return to(div(gammas, total), alpha.dtype());
}

}  // namespace ember
