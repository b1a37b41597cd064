// _upsample_bilinear2d_aa / _upsample_bicubic2d_aa: separable antialiased resampling. Along
// one dim, with scale s = in / out (or as align_corners and explicit scales give it), output i
// is centred at c = s * (i + 0.5) and reads the inputs [c - r + 0.5, c + r + 0.5) clipped to the
// image, r = (taps / 2) * max(s, 1); input j weighs filter((j - c + 0.5) / max(s, 1)), the
// weights normalised to sum 1. Widths are resampled first, then heights (a dim whose size does
// not change is left alone), in the input's dtype, as PyTorch's CPU kernel does.
#include "ember/tensor/ops/upsample_aa.h"

#include <cmath>
#include <vector>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/parallel.h"

namespace ember {

namespace {

enum class Filter { Triangle, Cubic };

template <typename T>
T filterAt(Filter f, T x) {
  if (x < 0) x = -x;
  if (f == Filter::Triangle) return x < 1 ? 1 - x : T(0);
  const T a = static_cast<T>(-0.5);
  if (x < 1) return ((a + 2) * x - (a + 3)) * x * x + 1;
  if (x < 2) return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a;
  return T(0);
}

// Output i of a dim reads inputs start[i] .. start[i] + len[i] - 1 with weights w[i * width + j].
template <typename T>
struct AxisTaps {
  int64_t width = 0;
  std::vector<int64_t> start, len;
  std::vector<T> w;
};

template <typename T>
AxisTaps<T> axisTaps(Filter f, int64_t in, int64_t out, bool alignCorners, std::optional<double> scale) {
  T s;
  if (alignCorners)
    s = out > 1 ? static_cast<T>(in - 1) / static_cast<T>(out - 1) : T(0);
  else
    s = scale && *scale > 0 ? static_cast<T>(1.0 / *scale) : static_cast<T>(in) / static_cast<T>(out);
  const T base = f == Filter::Triangle ? T(1) : T(2);  // half the filter's width at scale 1
  const T support = s >= 1 ? base * s : base;
  const T invScale = s >= 1 ? T(1) / s : T(1);
  AxisTaps<T> t;
  t.width = static_cast<int64_t>(std::ceil(static_cast<float>(support))) * 2 + 1;
  t.start.resize(static_cast<size_t>(out));
  t.len.resize(static_cast<size_t>(out));
  t.w.assign(static_cast<size_t>(out * t.width), T(0));
  for (int64_t i = 0; i < out; ++i) {
    const T center = s * (static_cast<T>(i) + T(0.5));
    const int64_t lo = std::max<int64_t>(static_cast<int64_t>(center - support + T(0.5)), 0);
    const int64_t n = std::min<int64_t>(static_cast<int64_t>(center + support + T(0.5)), in) - lo;
    T* w = t.w.data() + i * t.width;
    T total = 0;
    for (int64_t j = 0; j < n; ++j) {
      w[j] = filterAt(f, (static_cast<T>(j + lo) - center + T(0.5)) * invScale);
      total += w[j];
    }
    if (total != 0)
      for (int64_t j = 0; j < n; ++j) w[j] /= total;
    t.start[i] = lo;
    t.len[i] = n;
  }
  return t;
}

// Resamples the last dim (`stride` 1) or the one before it (`stride` = row length) of planes.
template <typename T>
void pass(const T* in, T* out, int64_t planes, int64_t rows, int64_t cols, const AxisTaps<T>& t, bool alongRows) {
  // alongRows: (planes, rows, cols) -> (planes, outRows, cols); otherwise -> (planes, rows, outCols).
  const int64_t outLen = static_cast<int64_t>(t.start.size());
  const int64_t inPlane = rows * cols, outPlane = alongRows ? outLen * cols : rows * outLen;
  parallelFor(0, planes, std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, outPlane * 4)),
              [&](int64_t p0, int64_t p1) {
                for (int64_t p = p0; p < p1; ++p) {
                  const T* src = in + p * inPlane;
                  T* dst = out + p * outPlane;
                  for (int64_t o = 0; o < outLen; ++o) {
                    const T* w = t.w.data() + o * t.width;
                    const int64_t lo = t.start[o], n = t.len[o];
                    if (alongRows) {
                      for (int64_t c = 0; c < cols; ++c) {
                        T acc = 0;
                        for (int64_t j = 0; j < n; ++j) acc += src[(lo + j) * cols + c] * w[j];
                        dst[o * cols + c] = acc;
                      }
                    } else {
                      for (int64_t r = 0; r < rows; ++r) {
                        T acc = 0;
                        for (int64_t j = 0; j < n; ++j) acc += src[r * cols + lo + j] * w[j];
                        dst[r * outLen + o] = acc;
                      }
                    }
                  }
                }
              });
}

Tensor resampleAA(Filter f, const Tensor& self, IntArrayRef outSize, bool alignCorners, std::optional<double> sh,
                  std::optional<double> sw) {
  EMBER_CHECK(outSize.size() == 2, "It is expected output_size equals to 2, but got size ", outSize.size());
  EMBER_CHECK(self.dim() == 4, "It is expected input_size equals to 4, but got size ", self.dim());
  const int64_t n = self.size(0), c = self.size(1), h = self.size(2), w = self.size(3);
  const int64_t oh = outSize[0], ow = outSize[1];
  EMBER_CHECK(h > 0 && w > 0 && oh > 0 && ow > 0,
              "Input and output sizes should be greater than 0, but got input (H: ", h, ", W: ", w, ") output (H: ", oh,
              ", W: ", ow, ")");
  EMBER_CHECK(self.numel() != 0 || n == 0, "Non-empty 4D data tensor expected but got a tensor with sizes ",
              self.sizes());
  EMBER_CHECK(self.dtype() == ScalarType::Float || self.dtype() == ScalarType::Double,
              "\"compute_indices_weights_aa\" not implemented for '", scalarTypeName(self.dtype()), "'");
  Tensor out = empty({n, c, oh, ow}, self.dtype());
  if (out.numel() == 0) return out;
  const Tensor x = self.contiguous();
  visitFloatingDtype(self.dtype(), [&]<typename T>() {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
      const int64_t planes = n * c;
      const T* src = x.data_ptr<T>();
      std::vector<T> mid;
      int64_t cols = w;
      if (ow != w) {  // widths first
        mid.resize(static_cast<size_t>(planes * h * ow));
        pass<T>(src, oh != h ? mid.data() : out.data_ptr<T>(), planes, h, w, axisTaps<T>(f, w, ow, alignCorners, sw),
                false);
        if (oh == h) return;
        src = mid.data();
        cols = ow;
      }
      if (oh != h) {
        pass<T>(src, out.data_ptr<T>(), planes, h, cols, axisTaps<T>(f, h, oh, alignCorners, sh), true);
        return;
      }
      std::copy(src, src + planes * h * w, out.data_ptr<T>());  // same size both ways
    }
  });
  return out;
}

Tensor resampleAAVec(Filter f, const Tensor& input, OptionalIntArrayRef outputSize, bool alignCorners,
                     OptionalDoubleArrayRef scaleFactors) {
  EMBER_CHECK(outputSize.has_value() != scaleFactors.has_value(),
              "Must specify exactly one of output_size and scale_factors");
  if (outputSize) return resampleAA(f, input, *outputSize, alignCorners, std::nullopt, std::nullopt);
  EMBER_CHECK(scaleFactors->size() == 2, "It is expected output_size equals to 2, but got size ", scaleFactors->size());
  EMBER_CHECK(input.dim() == 4, "It is expected input_size equals to 4, but got size ", input.dim());
  const int64_t sizes[2] = {static_cast<int64_t>(static_cast<double>(input.size(2)) * (*scaleFactors)[0]),
                            static_cast<int64_t>(static_cast<double>(input.size(3)) * (*scaleFactors)[1])};
  return resampleAA(f, input, IntArrayRef(sizes, 2), alignCorners, (*scaleFactors)[0], (*scaleFactors)[1]);
}

}  // namespace

Tensor _upsample_bilinear2d_aa(const Tensor& self, IntArrayRef output_size, bool align_corners,
                               std::optional<double> scales_h, std::optional<double> scales_w) {
  return resampleAA(Filter::Triangle, self, output_size, align_corners, scales_h, scales_w);
}

Tensor _upsample_bicubic2d_aa(const Tensor& self, IntArrayRef output_size, bool align_corners,
                              std::optional<double> scales_h, std::optional<double> scales_w) {
  return resampleAA(Filter::Cubic, self, output_size, align_corners, scales_h, scales_w);
}

Tensor _upsample_bilinear2d_aa_vec(const Tensor& input, OptionalIntArrayRef output_size, bool align_corners,
                                   OptionalDoubleArrayRef scale_factors) {
  return resampleAAVec(Filter::Triangle, input, output_size, align_corners, scale_factors);
}

Tensor _upsample_bicubic2d_aa_vec(const Tensor& input, OptionalIntArrayRef output_size, bool align_corners,
                                  OptionalDoubleArrayRef scale_factors) {
  return resampleAAVec(Filter::Cubic, input, output_size, align_corners, scale_factors);
}

}  // namespace ember
