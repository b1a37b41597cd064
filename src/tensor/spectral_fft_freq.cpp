// torch.fft's helpers around the transforms: the sample-frequency grids fftfreq / rfftfreq and
// the fftshift / ifftshift rolls (see ember/tensor/ops/fft.h).
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/fft.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/ops/spectral.h"

namespace ember {
namespace {

// k / (d n) for k in ks, in the requested floating dtype (computed as PyTorch does: the integer
// grid times the double 1 / (d n) in the result's precision).
Tensor frequencies(const char* name, int64_t count, int64_t n, double d, TensorOptions options,
                   int64_t (*k)(int64_t i, int64_t n)) {
  const ScalarType t = options.dtypeOrDefault();
  EMBER_CHECK(isFloatingType(t) || isComplexType(t), name, " requires a floating point or complex dtype");
  EMBER_CHECK(t == kFloat || t == kDouble, name, ": dtype ", t, " is not supported");
  EMBER_CHECK(count >= 0, "Trying to create tensor with negative dimension ", count, ": [", count, "]");
  Tensor out = empty({count}, t);
  const double step = 1.0 / (static_cast<double>(n) * d);
  if (t == kFloat) {
    float* p = out.data_ptr<float>();
    for (int64_t i = 0; i < count; ++i) p[i] = static_cast<float>(k(i, n)) * static_cast<float>(step);
  } else {
    double* p = out.data_ptr<double>();
    for (int64_t i = 0; i < count; ++i) p[i] = static_cast<double>(k(i, n)) * step;
  }
  return out;
}

// Rolls every dim in dims (all dims if none) by shift(size).
Tensor shiftDims(const Tensor& self, FftSizes dim, int64_t (*shift)(int64_t size)) {
  DimVector dims, shifts;
  if (dim) {
    for (int64_t d : *dim) dims.push_back(wrapDim(d, self.dim()));
  } else {
    for (int64_t d = 0; d < self.dim(); ++d) dims.push_back(d);
  }
  for (int64_t d : dims) shifts.push_back(shift(self.size(d)));
  EMBER_CHECK(!dims.empty(), "`shifts` required");
  if (self.is_complex()) return view_as_complex(roll(view_as_real(self), shifts, dims).contiguous());
  return roll(self, shifts, dims);
}

}  // namespace

Tensor fft_fftfreq(int64_t n, double d, TensorOptions options) {
  return frequencies("fftfreq", n, n, d, options,
                     [](int64_t i, int64_t len) { return i < (len + 1) / 2 ? i : i - len; });
}

Tensor fft_rfftfreq(int64_t n, double d, TensorOptions options) {
  return frequencies("rfftfreq", n / 2 + 1, n, d, options, [](int64_t i, int64_t) { return i; });
}

Tensor fft_fftshift(const Tensor& self, FftSizes dim) {
  return shiftDims(self, dim, [](int64_t size) { return size / 2; });
}

Tensor fft_ifftshift(const Tensor& self, FftSizes dim) {
  return shiftDims(self, dim, [](int64_t size) { return (size + 1) / 2; });
}

}  // namespace ember
