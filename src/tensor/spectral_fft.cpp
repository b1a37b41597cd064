// torch.fft's transforms (see ember/tensor/ops/fft.h): argument canonicalisation (n / s, dim,
// norm), the zero-padding or trimming of the signal, and the three FFTW kinds behind them:
//  - fft / ifft (and 2-D, n-D): complex-to-complex, in place on a fresh copy of the signal;
//  - rfft: real-to-complex; ihfft is rfft conjugated with the inverse's scaling;
//  - irfft: complex-to-real (the input's last transformed dim is the one-sided half, resized to
//    n / 2 + 1); hfft is irfft of the conjugated input with the forward transform's scaling.
// Complex tensors are handled through their real views (pairs [..., 2]). Single-precision
// signals are transformed in double and rounded once: PyTorch's float32 transforms are off the
// exact result by up to ~1e-5 on inputs of a few hundred points, and a float32 FFT of ours
// would add its own error of that size, which then exceeds float32's comparison tolerance where
// the two do not cancel; with the rounding done once, the difference is PyTorch's error alone.
#include <cmath>
#include <string>

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/fft.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/ops/spectral.h"
#include "tensor/elementwise.h"
#include "tensor/spectral_fft_plan.h"

namespace ember {
namespace {

// Transforms compute in double (see the top of the file).
constexpr ScalarType kWork = ScalarType::Double;

// The real dtype of a transform's result (float for float32 / complex64 and integer inputs
// under the default float32, double otherwise).
ScalarType resultDtype(const Tensor& self) {
  switch (self.dtype()) {
    case ScalarType::Float:
    case ScalarType::ComplexFloat:
      return kFloat;
    case ScalarType::Double:
    case ScalarType::ComplexDouble:
      return kDouble;
    default:
      break;
  }
  EMBER_CHECK(isIntegralType(self.dtype(), true), "Unsupported dtype ", self.dtype());
  return defaultDtype();
}

// 1 / n, 1 / sqrt(n) or 1 by the norm mode; forwardType: fft, rfft, hfft (unscaled by default).
double normScale(FftNormArg norm, double n, bool forwardType) {
  const std::string_view mode = norm.value_or("backward");
  EMBER_CHECK(mode == "backward" || mode == "forward" || mode == "ortho", "Invalid normalization mode: \"", mode, "\"");
  if (mode == "ortho") return 1.0 / std::sqrt(n);
  const bool scaled = (mode == "backward") != forwardType;
  return scaled ? 1.0 / n : 1.0;
}

void checkPoints(int64_t n) { EMBER_CHECK(n >= 1, "Invalid number of data points (", n, ") specified"); }

// The transformed dims (wrapped) and the signal size along each.
struct FftArgs {
  DimVector dims, sizes;
};

FftArgs oneDim(const Tensor& self, std::optional<int64_t> n, int64_t dim) {
  if (self.dim() == 0) checkPoints(0);
  FftArgs a;
  a.dims.push_back(wrapDim(dim, self.dim()));
  a.sizes.push_back(n.value_or(self.size(a.dims[0])));
  checkPoints(a.sizes[0]);
  return a;
}

FftArgs manyDims(const Tensor& self, FftSizes s, FftSizes dim) {
  FftArgs a;
  const int64_t rank = self.dim();
  if (dim) {
    for (int64_t d : *dim) a.dims.push_back(wrapDim(d, rank));
    for (size_t i = 0; i < a.dims.size(); ++i)
      for (size_t j = 0; j < i; ++j) EMBER_CHECK(a.dims[i] != a.dims[j], "FFT dims must be unique");
    EMBER_CHECK(!s || s->size() == a.dims.size(), "When given, dim and shape arguments must have the same length");
  } else if (s) {
    EMBER_CHECK(static_cast<int64_t>(s->size()) <= rank, "Got shape with ", s->size(),
                " values but input tensor only has ", rank, " dimensions.");
    for (int64_t d = rank - static_cast<int64_t>(s->size()); d < rank; ++d) a.dims.push_back(d);
  } else {
    for (int64_t d = 0; d < rank; ++d) a.dims.push_back(d);
  }
  for (size_t i = 0; i < a.dims.size(); ++i) {
    const int64_t n = s && (*s)[i] != -1 ? (*s)[i] : self.size(a.dims[i]);
    checkPoints(n);
    a.sizes.push_back(n);
  }
  return a;
}

// self's shape with the transformed dims set to `sizes`.
DimVector withSizes(const Tensor& self, const FftArgs& a, IntArrayRef sizes) {
  DimVector shape(self.sizes().begin(), self.sizes().end());
  for (size_t i = 0; i < a.dims.size(); ++i) shape[a.dims[i]] = sizes[i];
  return shape;
}

// Copies the part of src that fits into dst (same rank; they differ only in the transformed dims).
void copyOverlap(const Tensor& dst, const Tensor& src, IntArrayRef dims) {
  Tensor d = dst, s = src;
  for (int64_t dim : dims) {
    const int64_t len = std::min(d.size(dim), s.size(dim));
    d = d.narrow(dim, 0, len);
    s = s.narrow(dim, 0, len);
  }
  d.copy_(s);
}

// A fresh contiguous complex signal (as pairs) of complex shape `shape`, holding self
// (zero-padded or trimmed along dims).
Tensor signalPairs(const Tensor& self, ScalarType real, IntArrayRef shape, IntArrayRef dims) {
  DimVector pairShape(shape.begin(), shape.end());
  pairShape.push_back(2);
  Tensor pairs = zeros(pairShape, real);
  if (self.is_complex()) {
    copyOverlap(pairs, view_as_real(self), dims);
  } else {
    copyOverlap(pairs.select(-1, 0), self, dims);
  }
  return pairs;
}

// self as a real signal of `shape` in dtype real: self itself when it already is one.
Tensor realSignal(const Tensor& self, ScalarType real, IntArrayRef shape, IntArrayRef dims) {
  if (self.dtype() == real && self.sizes() == shape) return self;
  Tensor x = zeros(shape, real);
  copyOverlap(x, self, dims);
  return x;
}

// Multiplies a contiguous float/double tensor by s; negates every odd element (the imaginary
// parts of pairs) when conj.
void scaleInPlace(const Tensor& t, double s, bool conj = false) {
  if (s == 1.0 && !conj) return;
  const int64_t n = t.numel();
  auto run = [&]<typename T>() {
    T* p = static_cast<T*>(t.data_ptr());
    const T re = static_cast<T>(s), im = static_cast<T>(conj ? -s : s);
    for (int64_t i = 0; i + 1 < n; i += 2) {
      p[i] *= re;
      p[i + 1] *= im;
    }
    if (n % 2) p[n - 1] *= re;
  };
  if (t.dtype() == kFloat)
    run.template operator()<float>();
  else
    run.template operator()<double>();
}

double product(IntArrayRef sizes) {
  double n = 1.0;
  for (int64_t s : sizes) n *= static_cast<double>(s);
  return n;
}

// The working tensor rounded to the result's precision.
Tensor rounded(const Tensor& work, ScalarType real) { return real == kWork ? work : work.to(real); }

Tensor complexTransform(const Tensor& self, const FftArgs& a, bool forward, FftNormArg norm) {
  const ScalarType real = resultDtype(self);
  const double scale = normScale(norm, product(a.sizes), forward);
  Tensor pairs = signalPairs(self, kWork, withSizes(self, a, a.sizes), a.dims);
  fft_detail::c2c(pairs, a.dims, forward);
  scaleInPlace(pairs, scale);
  return view_as_complex(rounded(pairs, real));
}

// rfft (conjOut = false, forward scaling) and ihfft (conjOut = true, inverse scaling).
Tensor realToComplex(const char* name, const Tensor& self, const FftArgs& a, FftNormArg norm, bool ihfft) {
  EMBER_CHECK(!self.is_complex(), name, " expects a real input tensor, but got ", self.dtype());
  const ScalarType real = resultDtype(self);
  const double scale = normScale(norm, product(a.sizes), !ihfft);
  Tensor x = realSignal(self, kWork, withSizes(self, a, a.sizes), a.dims);
  DimVector outShape = withSizes(self, a, a.sizes);
  outShape[a.dims.back()] = a.sizes.back() / 2 + 1;
  outShape.push_back(2);
  Tensor pairs = empty(outShape, kWork);
  fft_detail::r2c(x, pairs, a.dims);
  scaleInPlace(pairs, scale, ihfft);
  return view_as_complex(rounded(pairs, real));
}

// irfft (conjIn = false, inverse scaling) and hfft (conjIn = true, forward scaling). The last of
// a.sizes is the output length; the input is resized to its one-sided length there.
Tensor complexToReal(const Tensor& self, const FftArgs& a, FftNormArg norm, bool hfft) {
  const ScalarType real = resultDtype(self);
  const double scale = normScale(norm, product(a.sizes), hfft);
  DimVector half(a.sizes.begin(), a.sizes.end());
  half.back() = a.sizes.back() / 2 + 1;
  Tensor pairs = signalPairs(self, kWork, withSizes(self, a, half), a.dims);
  if (hfft) scaleInPlace(pairs, 1.0, true);
  Tensor out = empty(withSizes(self, a, a.sizes), kWork);
  fft_detail::c2r(pairs, out, a.dims);
  scaleInPlace(out, scale);
  return rounded(out, real);
}

// irfft / hfft take the output length of the last dim from s, or 2 * (m - 1).
FftArgs c2rArgs(const Tensor& self, FftArgs a, bool lastGiven) {
  if (!lastGiven) {
    a.sizes.back() = 2 * (self.size(a.dims.back()) - 1);
    checkPoints(a.sizes.back());
  }
  return a;
}

}  // namespace

Tensor fft_fft(const Tensor& self, std::optional<int64_t> n, int64_t dim, FftNormArg norm) {
  return complexTransform(self, oneDim(self, n, dim), true, norm);
}
Tensor fft_ifft(const Tensor& self, std::optional<int64_t> n, int64_t dim, FftNormArg norm) {
  return complexTransform(self, oneDim(self, n, dim), false, norm);
}
Tensor fft_rfft(const Tensor& self, std::optional<int64_t> n, int64_t dim, FftNormArg norm) {
  return realToComplex("rfft", self, oneDim(self, n, dim), norm, false);
}
Tensor fft_ihfft(const Tensor& self, std::optional<int64_t> n, int64_t dim, FftNormArg norm) {
  return realToComplex("ihfft", self, oneDim(self, n, dim), norm, true);
}
Tensor fft_irfft(const Tensor& self, std::optional<int64_t> n, int64_t dim, FftNormArg norm) {
  return complexToReal(self, c2rArgs(self, oneDim(self, n.value_or(1), dim), n.has_value()), norm, false);
}
Tensor fft_hfft(const Tensor& self, std::optional<int64_t> n, int64_t dim, FftNormArg norm) {
  return complexToReal(self, c2rArgs(self, oneDim(self, n.value_or(1), dim), n.has_value()), norm, true);
}

Tensor fft_fftn(const Tensor& self, FftSizes s, FftSizes dim, FftNormArg norm) {
  return complexTransform(self, manyDims(self, s, dim), true, norm);
}
Tensor fft_ifftn(const Tensor& self, FftSizes s, FftSizes dim, FftNormArg norm) {
  return complexTransform(self, manyDims(self, s, dim), false, norm);
}
Tensor fft_rfftn(const Tensor& self, FftSizes s, FftSizes dim, FftNormArg norm) {
  FftArgs a = manyDims(self, s, dim);
  EMBER_CHECK(!a.dims.empty(), "rfftn must transform at least one axis");
  return realToComplex("rfftn", self, a, norm, false);
}
Tensor fft_ihfftn(const Tensor& self, FftSizes s, FftSizes dim, FftNormArg norm) {
  FftArgs a = manyDims(self, s, dim);
  EMBER_CHECK(!a.dims.empty(), "ihfftn must transform at least one axis");
  return realToComplex("ihfftn", self, a, norm, true);
}
Tensor fft_irfftn(const Tensor& self, FftSizes s, FftSizes dim, FftNormArg norm) {
  FftArgs a = manyDims(self, s, dim);
  EMBER_CHECK(!a.dims.empty(), "irfftn must transform at least one axis");
  return complexToReal(self, c2rArgs(self, a, s && s->back() != -1), norm, false);
}
Tensor fft_hfftn(const Tensor& self, FftSizes s, FftSizes dim, FftNormArg norm) {
  FftArgs a = manyDims(self, s, dim);
  EMBER_CHECK(!a.dims.empty(), "hfftn must transform at least one axis");
  return complexToReal(self, c2rArgs(self, a, s && s->back() != -1), norm, true);
}

Tensor& fftWriteOut(Tensor& out, const Tensor& result, const char* name) {
  EMBER_CHECK(out.defined(), "out= expects a defined tensor");
  if (result.is_complex()) {
    EMBER_CHECK(out.dtype() == ScalarType::ComplexFloat || out.dtype() == ScalarType::ComplexDouble, name,
                " expects a complex output tensor, but got ", out.dtype());
  } else {
    checkCanCastOutput(result.dtype(), out.dtype());
  }
  if (out.sizes() != result.sizes()) {
    DimVector strides(result.dim());
    int64_t st = 1;
    for (int64_t d = result.dim() - 1; d >= 0; --d) {
      strides[d] = st;
      st *= result.size(d);
    }
    resizeOutput(out, result.sizes(), strides);
  }
  if (result.is_complex())
    view_as_real(out).copy_(view_as_real(result));
  else
    out.copy_(result);
  return out;
}

}  // namespace ember
