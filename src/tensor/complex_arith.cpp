// Complex add, sub, mul, div and eq/ne (see complex_kernels.h). Products and quotients use the
// textbook formulas, as PyTorch's vectorised complex kernels do, rather than std::complex's
// C99 Annex G operators, whose inf/nan recovery PyTorch does not perform.
#include <complex>

#include "complex_dispatch.h"
#include "complex_kernels.h"

namespace ember::complex_detail {
namespace {

template <typename R>
std::complex<R> times(std::complex<R> x, std::complex<R> y) {
  const R a = x.real(), b = x.imag(), c = y.real(), d = y.imag();
  return {a * c - b * d, a * d + b * c};
}

template <typename R>
std::complex<R> over(std::complex<R> x, std::complex<R> y) {
  const R a = x.real(), b = x.imag(), c = y.real(), d = y.imag();
  const R den = c * c + d * d;
  return {(a * c + b * d) / den, (b * c - a * d) / den};
}

}  // namespace

void add(Elementwise& it, const Scalar& alpha, bool negate) {
  visitComplexDtype(it.computeDtype(), [&]<typename C>() {
    const C al = negate ? -scalarAs<C>(alpha) : scalarAs<C>(alpha);
    if (al == C(1)) it.run2<C, C, C>([](C a, C b) { return a + b; });
    else it.run2<C, C, C>([al](C a, C b) { return a + times(al, b); });
  }, "add_cpu/sub_cpu");
}

void mul(Elementwise& it) {
  visitComplexDtype(it.computeDtype(), [&]<typename C>() { it.run2<C, C, C>([](C a, C b) { return times(a, b); }); },
                    "mul_cpu");
}

void div(Elementwise& it) {
  visitComplexDtype(it.computeDtype(), [&]<typename C>() { it.run2<C, C, C>([](C a, C b) { return over(a, b); }); },
                    "div_true_cpu");
}

void equal(Elementwise& it, bool negate) {
  visitComplexDtype(it.computeDtype(), [&]<typename C>() {
    if (negate) it.run2<bool, C, C>([](C a, C b) { return a != b; });
    else it.run2<bool, C, C>([](C a, C b) { return a == b; });
  }, negate ? "ne_cpu" : "eq_cpu");
}

}  // namespace ember::complex_detail
