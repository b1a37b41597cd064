// Window functions, computed with the same sequence of tensor operations PyTorch uses, in the
// window's own dtype (so float32 windows round as PyTorch's do); kaiser's Bessel function is
// evaluated in double per sample and rounded once.
#include "ember/tensor/ops/windows.h"

#include <cmath>
#include <numbers>
#include <optional>

#include "ember/error.h"
#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/unary.h"

namespace ember {

namespace {

// The checks every window makes; returns the options with the default dtype filled in.
TensorOptions checkWindow(const char* name, int64_t length, TensorOptions options) {
  options = options.dtype(options.dtypeOrDefault());
  EMBER_CHECK(length >= 0, name, " requires non-negative window_length, got window_length=", length);
  EMBER_CHECK(isFloatingType(*options.dtype_), name, " expects floating point dtypes, got: ", *options.dtype_);
  return options;
}

// The sample positions 0..n-1 of a symmetric window of length n, in the window's dtype.
Tensor positions(int64_t n, const TensorOptions& options) { return arange(Scalar(n), options); }

// The first `length` samples: what a periodic window keeps of its symmetric one of length + 1.
Tensor trimmed(const Tensor& window, bool periodic, int64_t length) {
  return periodic ? window.narrow(0, 0, length) : window;
}

// Lengths 0 and 1, which every window handles the same way; nullopt otherwise.
std::optional<Tensor> trivialWindow(int64_t length, const TensorOptions& options) {
  if (length == 0) return empty({0}, options);
  if (length == 1) return ones({1}, options);
  return std::nullopt;
}

// alpha - beta * cos(2 pi n / (N - 1)): hamming's and hann's window, after their checks.
Tensor cosineWindow(int64_t window_length, bool periodic, double alpha, double beta, const TensorOptions& options) {
  if (auto w = trivialWindow(window_length, options)) return *w;
  int64_t n = periodic ? window_length + 1 : window_length;
  Tensor w = positions(n, options);
  w = add(mul(cos(mul(w, Scalar(2.0 * std::numbers::pi / static_cast<double>(n - 1)))), Scalar(-beta)),
          Scalar(alpha));
  return trimmed(w, periodic, window_length);
}

}  // namespace

Tensor hamming_window(int64_t window_length, bool periodic, double alpha, double beta, TensorOptions options) {
  return cosineWindow(window_length, periodic, alpha, beta, checkWindow("hamming_window", window_length, options));
}

Tensor hann_window(int64_t window_length, bool periodic, TensorOptions options) {
  return cosineWindow(window_length, periodic, 0.5, 0.5, checkWindow("hann_window", window_length, options));
}

Tensor blackman_window(int64_t window_length, bool periodic, TensorOptions options) {
  options = checkWindow("blackman_window", window_length, options);
  if (auto w = trivialWindow(window_length, options)) return *w;
  int64_t n = periodic ? window_length + 1 : window_length;
  Tensor x = mul(positions(n, options), Scalar(std::numbers::pi / static_cast<double>(n - 1)));
  Tensor w = add(sub(mul(cos(mul(x, Scalar(4))), Scalar(0.08)), mul(cos(mul(x, Scalar(2))), Scalar(0.5))), Scalar(0.42));
  return trimmed(w, periodic, window_length);
}

Tensor bartlett_window(int64_t window_length, bool periodic, TensorOptions options) {
  options = checkWindow("bartlett_window", window_length, options);
  if (auto w = trivialWindow(window_length, options)) return *w;
  int64_t n = periodic ? window_length + 1 : window_length;
  Tensor w = mul(positions(n, options), Scalar(2.0 / static_cast<double>(n - 1)));
  int64_t firstHalf = ((n - 1) >> 1) + 1;
  Tensor second = w.narrow(0, firstHalf, n - firstHalf);
  second.copy_(add(mul(second, Scalar(-1)), Scalar(2)));
  return trimmed(w, periodic, window_length);
}

Tensor kaiser_window(int64_t window_length, bool periodic, double beta, TensorOptions options) {
  options = checkWindow("kaiser_window", window_length, options);
  if (auto w = trivialWindow(window_length, options)) return *w;
  int64_t n = periodic ? window_length + 1 : window_length;
  Tensor w = empty({n}, options.dtype(kDouble));
  double* out = w.data_ptr<double>();
  const double half = static_cast<double>(n - 1) / 2.0, norm = std::cyl_bessel_i(0.0, beta);
  for (int64_t i = 0; i < n; ++i) {
    double r = (static_cast<double>(i) - half) / half;
    out[i] = std::cyl_bessel_i(0.0, beta * std::sqrt(std::max(0.0, 1.0 - r * r))) / norm;
  }
  return trimmed(w.to(*options.dtype_), periodic, window_length);
}

}  // namespace ember
