// Complex math functions (see complex_kernels.h): std:: functions on std::complex, with
// sigmoid, rsqrt, reciprocal, exp2, log2, log1p and expm1 composed as PyTorch composes them.
#include <cmath>
#include <complex>

#include "complex_dispatch.h"
#include "complex_kernels.h"

namespace ember::complex_detail {
namespace {

template <typename C>
C reciprocal(C z) {
  // 1 / z with the textbook quotient (as complex_arith's div).
  using R = typename C::value_type;
  const R c = z.real(), d = z.imag(), den = c * c + d * d;
  return {c / den, -d / den};
}

template <typename C>
bool runMath(Elementwise& it, UnaryOp op) {
  using R = typename C::value_type;
  auto run = [&](auto f) {
    it.run1<C, C>(f);
    return true;
  };
  switch (op) {
    case UnaryOp::Exp: return run([](C z) { return std::exp(z); });
    case UnaryOp::Exp2: return run([](C z) { return std::pow(C(2), z); });
    case UnaryOp::Expm1: return run([](C z) { return std::exp(z) - C(1); });
    case UnaryOp::Log: return run([](C z) { return std::log(z); });
    case UnaryOp::Log2: return run([](C z) { return std::log(z) / std::log(R(2)); });
    case UnaryOp::Log10: return run([](C z) { return std::log10(z); });
    case UnaryOp::Log1p: return run([](C z) { return std::log(C(1) + z); });
    case UnaryOp::Sqrt: return run([](C z) { return std::sqrt(z); });
    case UnaryOp::Rsqrt: return run([](C z) { return reciprocal(std::sqrt(z)); });
    case UnaryOp::Reciprocal: return run([](C z) { return reciprocal(z); });
    case UnaryOp::Sin: return run([](C z) { return std::sin(z); });
    case UnaryOp::Cos: return run([](C z) { return std::cos(z); });
    case UnaryOp::Tan: return run([](C z) { return std::tan(z); });
    case UnaryOp::Asin: return run([](C z) { return std::asin(z); });
    case UnaryOp::Acos: return run([](C z) { return std::acos(z); });
    case UnaryOp::Atan: return run([](C z) { return std::atan(z); });
    case UnaryOp::Sinh: return run([](C z) { return std::sinh(z); });
    case UnaryOp::Cosh: return run([](C z) { return std::cosh(z); });
    case UnaryOp::Tanh: return run([](C z) { return std::tanh(z); });
    case UnaryOp::Sigmoid: return run([](C z) { return reciprocal(C(1) + std::exp(-z)); });
    case UnaryOp::Neg: return run([](C z) { return -z; });
    case UnaryOp::Sign:  // sgn: z / |z|, 0 at 0
      return run([](C z) { return z == C(0) ? C(0) : z / std::abs(z); });
    default: return false;
  }
}

}  // namespace

bool unaryMath(Elementwise& it, UnaryOp op) {
  return visitComplexDtype(it.computeDtype(), [&]<typename C>() { return runMath<C>(it, op); });
}

}  // namespace ember::complex_detail
