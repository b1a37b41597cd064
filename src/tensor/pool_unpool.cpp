// max_unpool2d / max_unpool3d and fractional_max_pool2d / 3d (F.max_unpool*, and the bodies
// of F.fractional_max_pool* once their samples are drawn). Fractional pooling places window i
// of an axis at floor((i + u) * a) - floor(u * a), a = (in - k) / (out - 1), the last window
// at in - k, u the plane's sample for that axis; each window's maximum (NaN wins) and its
// flat index within the plane are returned, as in PyTorch.
#include <cmath>
#include <limits>
#include <vector>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/nn_extra.h"
#include "ember/tensor/parallel.h"

namespace ember {

namespace {

void checkFloatDtype(const Tensor& t, const char* name) {
  EMBER_CHECK(t.dtype() == ScalarType::Float || t.dtype() == ScalarType::Double, name, " not implemented for '",
              scalarTypeName(t.dtype()), "'");
}

// self (N, C, *S) or (C, *S) with `spatial` dims S, scattered into output planes of outPlane.
Tensor unpool(const Tensor& self, const Tensor& indices, IntArrayRef outSpatial, const char* name) {
  const int64_t spatial = static_cast<int64_t>(outSpatial.size());
  EMBER_CHECK(indices.dtype() == ScalarType::Long,
              "elements in indices should be type int64 but got: ", scalarTypeName(indices.dtype()));
  EMBER_CHECK(self.dim() == spatial + 1 || self.dim() == spatial + 2, "Input to ", name, " should be a ", spatial + 1,
              "d or ", spatial + 2, "d Tensor, but got a tensor with ", self.dim(), " dimensions.");
  EMBER_CHECK(indices.sizes() == self.sizes(), "Expected shape of indices to be same as that of the input tensor (",
              self.sizes(), ") but got indices tensor with shape: ", indices.sizes());
  for (int64_t d = self.dim() - spatial - 1; d < self.dim(); ++d)
    EMBER_CHECK(self.size(d) > 0, name, "(): Expected input to have non-zero size for non-batch dimensions, but got ",
                self.sizes(), " with dimension ", d, " being empty.");
  checkFloatDtype(self, (std::string("\"") + name + "\"").c_str());
  DimVector outSizes(self.sizes().begin(), self.sizes().end() - spatial);
  int64_t outPlane = 1, inPlane = 1;
  for (int64_t d = 0; d < spatial; ++d) {
    outSizes.push_back(outSpatial[d]);
    outPlane *= outSpatial[d];
    inPlane *= self.size(self.dim() - spatial + d);
  }
  Tensor out = zeros(outSizes, self.dtype());
  const Tensor x = self.contiguous(), idx = indices.contiguous();
  const int64_t planes = inPlane == 0 ? 0 : self.numel() / inPlane;
  visitFloatingDtype(self.dtype(), [&]<typename T>() {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
      const T* in = x.data_ptr<T>();
      const int64_t* ip = idx.data_ptr<int64_t>();
      T* o = out.data_ptr<T>();
      for (int64_t p = 0; p < planes; ++p)
        for (int64_t i = 0; i < inPlane; ++i) {
          const int64_t k = ip[p * inPlane + i];
          if (k < 0 || k >= outPlane) {
            std::string dims;
            for (int64_t d = 0; d < spatial; ++d) dims += (d ? "x" : "") + std::to_string(outSpatial[d]);
            EMBER_ERROR("Found an invalid max index: ", k, " (output volumes are of size ", dims);
          }
          o[p * outPlane + k] = in[p * inPlane + i];
        }
    }
  });
  return out;
}

// Window starts along one axis.
template <typename T>
std::vector<int64_t> intervals(T sample, int64_t in, int64_t out, int64_t k) {
  std::vector<int64_t> seq(static_cast<size_t>(out));
  if (out > 1) {
    const T alpha = static_cast<T>(in - k) / static_cast<T>(out - 1);
    for (int64_t i = 0; i < out - 1; ++i)
      seq[i] = static_cast<int64_t>((static_cast<T>(i) + sample) * alpha) - static_cast<int64_t>(sample * alpha);
  }
  if (out > 0) seq[out - 1] = in - k;
  return seq;
}

// 3-D form of both: (t, h, w) sizes, 2-D inputs having t = 1 and samples for (w, h).
std::tuple<Tensor, Tensor> fractional(const Tensor& self, IntArrayRef kernel, IntArrayRef output, const Tensor& samples,
                                      int64_t spatial, const char* name) {
  const char* axisNames[3] = {"time", "height", "width"};
  EMBER_CHECK(static_cast<int64_t>(kernel.size()) == spatial, name,
              ": kernel_size must either be a single Int or "
              "tuple of Ints");
  EMBER_CHECK(static_cast<int64_t>(output.size()) == spatial, name,
              ": output_size must either be a single Int or "
              "tuple of Ints");
  EMBER_CHECK(self.dim() == spatial + 1 || self.dim() == spatial + 2, name, "(): Expected ", spatial + 1, "D or ",
              spatial + 2, "D tensor, but got: ", self.sizes());
  for (int64_t d = self.dim() - spatial - 1; d < self.dim(); ++d)
    EMBER_CHECK(self.size(d) > 0, name, "(): Expected input to have non-zero size for non-batch dimensions, but got",
                self.sizes(), " with dimension ", d, " being empty.");
  const bool batched = self.dim() == spatial + 2;
  const int64_t n = batched ? self.size(0) : 1, c = self.size(batched ? 1 : 0);
  int64_t in[3] = {1, 1, 1}, out[3] = {1, 1, 1}, k[3] = {1, 1, 1};
  for (int64_t d = 0; d < spatial; ++d) {
    in[3 - spatial + d] = self.size(self.dim() - spatial + d);
    out[3 - spatial + d] = output[d];
    k[3 - spatial + d] = kernel[d];
  }
  // PyTorch 1.13 lets 2-D windows reach the last element, 3-D ones only the one before it.
  for (int64_t d = 3 - spatial; d < 3; ++d)
    EMBER_CHECK(spatial == 2 ? out[d] + k[d] - 1 <= in[d] : out[d] + k[d] - 1 < in[d], name, spatial == 3 ? "_out" : "",
                "(): pool ", axisNames[d], " ", k[d], " too large relative to input ", axisNames[d], " ", in[d]);
  EMBER_CHECK(samples.dim() == 3 && samples.size(0) >= n && samples.size(1) >= c && samples.size(2) >= spatial, name,
              "(): expected random_samples of shape (", n, ", ", c, ", ", spatial, "), but got ", samples.sizes());
  checkFloatDtype(self, (std::string("\"") + name + "_out_frame\"").c_str());
  EMBER_CHECK(samples.dtype() == self.dtype(), "expected scalar type ", self.dtype(), " but found ", samples.dtype());
  DimVector outSizes(self.sizes().begin(), self.sizes().end() - spatial);
  for (int64_t d = 0; d < spatial; ++d) outSizes.push_back(output[d]);
  Tensor values = empty(outSizes, self.dtype()), indices = empty(outSizes, ScalarType::Long);
  const Tensor x = self.contiguous(), u = samples.contiguous();
  const int64_t inPlane = in[0] * in[1] * in[2], outPlane = out[0] * out[1] * out[2];
  visitFloatingDtype(self.dtype(), [&]<typename T>() {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
      const T* ip = x.data_ptr<T>();
      const T* up = u.data_ptr<T>();
      T* vp = values.data_ptr<T>();
      int64_t* xp = indices.data_ptr<int64_t>();
      parallelFor(0, n * c, 1, [&](int64_t p0, int64_t p1) {
        for (int64_t p = p0; p < p1; ++p) {
          const T* s = up + (p / c * u.size(1) + p % c) * u.size(2);
          // 2-D samples are (w, h), 3-D ones (t, h, w).
          const T st = spatial == 3 ? s[0] : T(0), sh = s[1], sw = spatial == 3 ? s[2] : s[0];
          const auto seqT = intervals<T>(st, in[0], out[0], k[0]), seqH = intervals<T>(sh, in[1], out[1], k[1]),
                     seqW = intervals<T>(sw, in[2], out[2], k[2]);
          const T* plane = ip + p * inPlane;
          int64_t q = p * outPlane;
          for (int64_t ot = 0; ot < out[0]; ++ot)
            for (int64_t oh = 0; oh < out[1]; ++oh)
              for (int64_t ow = 0; ow < out[2]; ++ow, ++q) {
                const int64_t t0 = seqT[ot], h0 = seqH[oh], w0 = seqW[ow];
                T best = -std::numeric_limits<T>::infinity();
                int64_t bestAt = (t0 * in[1] + h0) * in[2] + w0;
                for (int64_t t = t0; t < t0 + k[0]; ++t)
                  for (int64_t h = h0; h < h0 + k[1]; ++h)
                    for (int64_t w = w0; w < w0 + k[2]; ++w) {
                      const int64_t at = (t * in[1] + h) * in[2] + w;
                      const T v = plane[at];
                      if (v > best || std::isnan(v)) {
                        best = v;
                        bestAt = at;
                      }
                    }
                vp[q] = best;
                xp[q] = bestAt;
              }
        }
      });
    }
  });
  return {values, indices};
}

}  // namespace

Tensor max_unpool2d(const Tensor& self, const Tensor& indices, IntArrayRef output_size) {
  EMBER_CHECK(output_size.size() == 2, "There should be exactly two elements (height, width) in output_size, but got ",
              output_size.size(), " elements.");
  return unpool(self, indices, output_size, "max_unpool2d");
}

Tensor max_unpool3d(const Tensor& self, const Tensor& indices, IntArrayRef output_size, IntArrayRef stride,
                    IntArrayRef padding) {
  EMBER_CHECK(output_size.size() == 3,
              "There should be exactly three elements (depth, height, width) in "
              "output_size, but got ",
              output_size.size(), " elements.");
  EMBER_CHECK(stride.size() == 3,
              "There should be exactly three elements (depth, height, width) in stride, but got: ", stride.size(),
              " elements.");
  EMBER_CHECK(padding.size() == 3,
              "There should be exactly three elements (depth, height, width) in padding, but "
              "got: ",
              padding.size(), " elements.");
  EMBER_CHECK(stride[0] > 0 && stride[1] > 0 && stride[2] > 0,
              "strides should be greater than zero, but got stride: ", stride);
  return unpool(self, indices, output_size, "max_unpool3d");
}

std::tuple<Tensor, Tensor> fractional_max_pool2d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef output_size,
                                                 const Tensor& random_samples) {
  return fractional(self, kernel_size, output_size, random_samples, 2, "fractional_max_pool2d");
}

std::tuple<Tensor, Tensor> fractional_max_pool3d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef output_size,
                                                 const Tensor& random_samples) {
  return fractional(self, kernel_size, output_size, random_samples, 3, "fractional_max_pool3d");
}

}  // namespace ember
