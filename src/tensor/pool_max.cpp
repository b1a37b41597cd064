// Max pooling (max_pool1d/2d/3d and their _with_indices forms). A NaN in a window wins, as in
// PyTorch. Values-only pooling of a contiguous input takes a vertical pass (rows of the window
// folded with a vector max into one row) and then a horizontal pass over that row, for stride 2
// as even lanes of vector loads (3x3 stride-2 pooling of 1x64x112x112 went from 1.4 ms to
// 0.5-0.7 ms, 1 thread); channels-last inputs take the max of whole channel vectors. Indices come from a scalar
// kernel that follows PyTorch's tap order, so ties and NaNs pick the same position.
#include <vector>

#include "ember/tensor/ops/pool.h"
#include "ember/tensor/ops/shape.h"
#include "tensor/nn_layout.h"
#include "tensor/pool_kernels.h"

namespace ember {

using namespace pool;
using nn::acc_t;
using nn::RowOps;

namespace {

// The horizontal pass of one output row from a row holding the vertical maxima. Windows wholly
// inside the row read `dense`, the running max of every window start computed with vector maxima
// of shifted rows (contiguous loads even for strided pooling); border windows are scanned.
template <typename T>
void horizontalMax(const T* row, T* dst, const Geom& g, T* dense) {
  const int64_t W = g.in[2], k = g.kernel[2], d = g.dilation[2], span = (k - 1) * d;
  if (dense && k > 1 && W > span) {
    const int64_t n = W - span;
    std::copy(row, row + n, dense);
    for (int64_t kw = 1; kw < k; ++kw) RowOps<T>::maxInto(dense, row + kw * d, n);
  }
  for (int64_t ow = 0; ow < g.out[2]; ++ow) {
    const int64_t start = ow * g.stride[2] - g.pad[2];
    if (dense && k > 1 && start >= 0 && start + span < W) {
      dst[ow] = dense[start];
      continue;
    }
    const Span w = window(ow, g.in[2], g.kernel[2], g.stride[2], g.pad[2], g.dilation[2]);
    acc_t<T> m = static_cast<acc_t<T>>(lowest<T>());
    for (int64_t iw = w.begin; iw < w.end; iw += w.step) {
      const acc_t<T> v = static_cast<acc_t<T>>(row[iw]);
      if (v > m || v != v) m = v;
    }
    dst[ow] = static_cast<T>(m);
  }
}

// The max of one clipped window of a row (border windows, which padding cuts).
template <typename T>
T borderMax(const T* row, int64_t ow, const Geom& g) {
  const Span w = window(ow, g.in[2], g.kernel[2], g.stride[2], g.pad[2], g.dilation[2]);
  acc_t<T> m = static_cast<acc_t<T>>(lowest<T>());
  for (int64_t iw = w.begin; iw < w.end; iw += w.step) {
    const acc_t<T> v = static_cast<acc_t<T>>(row[iw]);
    if (v > m || v != v) m = v;
  }
  return static_cast<T>(m);
}

// The horizontal pass for stride 2 and dilation 1 (the 3x3 stride-2 pooling of every ResNet
// stem): windows wholly inside the row are the even lanes of shifted vector loads. `row` is
// readable one element past g.in[2].
template <typename T>
void horizontalMaxStride2(const T* row, T* dst, const Geom& g) {
  const int64_t W = g.in[2], k = g.kernel[2], pad = g.pad[2];
  const int64_t lo = (pad + 1) / 2, hi = std::min(g.out[2] - 1, (W - k + pad) / 2);
  for (int64_t ow = 0; ow < std::min(lo, g.out[2]); ++ow) dst[ow] = borderMax(row, ow, g);
  if (hi >= lo) RowOps<T>::maxStride2(dst + lo, row + 2 * lo - pad, hi - lo + 1, k);
  for (int64_t ow = std::max(lo, hi + 1); ow < g.out[2]; ++ow) dst[ow] = borderMax(row, ow, g);
}

template <typename T>
void maxPoolContiguous(const T* in, T* out, const Geom& g) {
  const int64_t W = g.in[2], inPlane = g.inPlane(), outPlane = g.outPlane();
  const int64_t work = g.outPlane() * g.kernel[0] * g.kernel[1] * std::max<int64_t>(g.kernel[2], 1);
  const bool stride2 = nn::kVectorised<T> && g.stride[2] == 2 && g.dilation[2] == 1 && g.kernel[2] > 1;
  parallelFor(0, g.planes(), planeGrain(work), [&](int64_t p0, int64_t p1) {
    // One element of slack past the row for horizontalMaxStride2's last vector load.
    std::vector<T> buf(static_cast<size_t>(W + 1), lowest<T>());
    std::vector<T> dense(nn::kVectorised<T> && !stride2 ? static_cast<size_t>(W) : 0);
    T* densePtr = dense.empty() ? nullptr : dense.data();
    for (int64_t p = p0; p < p1; ++p) {
      const T* ip = in + p * inPlane;
      T* op = out + p * outPlane;
      for (int64_t od = 0; od < g.out[0]; ++od) {
        const Span sd = window(od, g.in[0], g.kernel[0], g.stride[0], g.pad[0], g.dilation[0]);
        for (int64_t oh = 0; oh < g.out[1]; ++oh) {
          const Span sh = window(oh, g.in[1], g.kernel[1], g.stride[1], g.pad[1], g.dilation[1]);
          const T* row = nullptr;  // the vertical maxima: an input row when the window has one row
          int64_t rows = 0;
          for (int64_t id = sd.begin; id < sd.end; id += sd.step)
            for (int64_t ih = sh.begin; ih < sh.end; ih += sh.step) {
              const T* src = ip + (id * g.in[1] + ih) * W;
              if (rows == 0) {
                row = src;
              } else {
                if (rows == 1) std::copy(row, row + W, buf.data());
                RowOps<T>::maxInto(buf.data(), src, W);
                row = buf.data();
              }
              ++rows;
            }
          T* dst = op + (od * g.out[1] + oh) * g.out[2];
          if (rows == 0) {
            std::fill(dst, dst + g.out[2], lowest<T>());
          } else if (stride2) {
            if (rows == 1) std::copy(row, row + W, buf.data());
            horizontalMaxStride2(buf.data(), dst, g);
          } else {
            horizontalMax(row, dst, g, densePtr);
          }
        }
      }
    }
  });
}

// One channels-last output position: the elementwise max of its taps' channel vectors, given
// to the row kernel in groups so that each vector of the max stays in a register.
template <typename T>
void maxOfTaps(T* dst, const T* image, const Geom& g, const Span& sd, const Span& sh, const Span& sw) {
  constexpr int64_t kRows = 32;
  const T* rows[kRows];
  const int64_t C = g.channels;
  int64_t count = 0;
  bool first = true;
  auto flush = [&] {
    if (count == 0) return;
    if (first) {
      RowOps<T>::maxOfRows(dst, rows, count, C);
    } else {
      for (int64_t t = 0; t < count; ++t) RowOps<T>::maxInto(dst, rows[t], C);
    }
    first = false;
    count = 0;
  };
  for (int64_t id = sd.begin; id < sd.end; id += sd.step)
    for (int64_t ih = sh.begin; ih < sh.end; ih += sh.step)
      for (int64_t iw = sw.begin; iw < sw.end; iw += sw.step) {
        rows[count++] = image + ((id * g.in[1] + ih) * g.in[2] + iw) * C;
        if (count == kRows) flush();
      }
  flush();
  if (first) std::fill(dst, dst + C, lowest<T>());
}

// Channels-last, a row of output positions (one image, depth and height) at a time.
template <typename T>
void maxPoolChannelsLast(const T* in, T* out, const Geom& g) {
  const int64_t C = g.channels, rowsPerImage = g.out[0] * g.out[1];
  const int64_t taps = g.kernel[0] * g.kernel[1] * g.kernel[2];
  parallelFor(0, g.batch * rowsPerImage, planeGrain(C * taps * g.out[2]), [&](int64_t r0, int64_t r1) {
    for (int64_t r = r0; r < r1; ++r) {
      const int64_t n = r / rowsPerImage, od = r % rowsPerImage / g.out[1], oh = r % g.out[1];
      const Span sd = window(od, g.in[0], g.kernel[0], g.stride[0], g.pad[0], g.dilation[0]);
      const Span sh = window(oh, g.in[1], g.kernel[1], g.stride[1], g.pad[1], g.dilation[1]);
      for (int64_t ow = 0; ow < g.out[2]; ++ow) {
        const Span sw = window(ow, g.in[2], g.kernel[2], g.stride[2], g.pad[2], g.dilation[2]);
        maxOfTaps(out + (r * g.out[2] + ow) * C, in + n * g.inPlane() * C, g, sd, sh, sw);
      }
    }
  });
}

// Values and indices in PyTorch's tap order, for either layout.
template <typename T>
void maxPoolWithIndices(const T* in, T* out, int64_t* idx, const Geom& g) {
  const int64_t ss = spatialStride(g), inPlane = g.inPlane(), outPlane = g.outPlane();
  const int64_t work = outPlane * g.kernel[0] * g.kernel[1] * g.kernel[2];
  parallelFor(0, g.planes(), planeGrain(work), [&](int64_t p0, int64_t p1) {
    for (int64_t p = p0; p < p1; ++p) {
      const T* ip = in + planeOffset(g, p, inPlane);
      const int64_t ob = planeOffset(g, p, outPlane);
      int64_t o = 0;
      for (int64_t od = 0; od < g.out[0]; ++od) {
        const Span sd = window(od, g.in[0], g.kernel[0], g.stride[0], g.pad[0], g.dilation[0]);
        for (int64_t oh = 0; oh < g.out[1]; ++oh) {
          const Span sh = window(oh, g.in[1], g.kernel[1], g.stride[1], g.pad[1], g.dilation[1]);
          for (int64_t ow = 0; ow < g.out[2]; ++ow, ++o) {
            const Span sw = window(ow, g.in[2], g.kernel[2], g.stride[2], g.pad[2], g.dilation[2]);
            int64_t best = (sd.begin * g.in[1] + sh.begin) * g.in[2] + sw.begin;
            acc_t<T> m = static_cast<acc_t<T>>(lowest<T>());
            for (int64_t id = sd.begin; id < sd.end; id += sd.step)
              for (int64_t ih = sh.begin; ih < sh.end; ih += sh.step)
                for (int64_t iw = sw.begin; iw < sw.end; iw += sw.step) {
                  const int64_t i = (id * g.in[1] + ih) * g.in[2] + iw;
                  const acc_t<T> v = static_cast<acc_t<T>>(ip[i * ss]);
                  if (v > m || v != v) {
                    m = v;
                    best = i;
                  }
                }
            out[ob + o * ss] = static_cast<T>(m);
            idx[ob + o * ss] = best;
          }
        }
      }
    }
  });
}

void checkMaxDtype(ScalarType t, int64_t spatial, const char* name) {
  if (spatial == 3) nn::checkDtypeIn(t, {kFloat, kDouble}, name);
  else nn::checkDtypeIn(t, {kBFloat16, kFloat, kDouble}, name);
}

Tensor maxPoolValues(const Tensor& self, const Geom& g, const char* name) {
  checkMaxDtype(self.dtype(), g.spatial, name);
  const Tensor x = nn::denseIn(self, g.channelsLast);
  Tensor out = nn::emptyIn(g.outSizes(), self.dtype(), g.channelsLast);
  if (out.numel() == 0) return out;
  visitFloatingDtype(self.dtype(), [&]<typename T>() {
    if constexpr (!std::is_same_v<T, Half>) {
      if (g.channelsLast) maxPoolChannelsLast<T>(x.data_ptr<T>(), out.data_ptr<T>(), g);
      else maxPoolContiguous<T>(x.data_ptr<T>(), out.data_ptr<T>(), g);
    }
  });
  return out;
}

std::tuple<Tensor, Tensor> maxPoolIndexed(const Tensor& self, const Geom& g, const char* name) {
  checkMaxDtype(self.dtype(), g.spatial, name);
  const Tensor x = nn::denseIn(self, g.channelsLast);
  Tensor out = nn::emptyIn(g.outSizes(), self.dtype(), g.channelsLast);
  Tensor idx = nn::emptyIn(g.outSizes(), kLong, g.channelsLast);
  if (out.numel() == 0) return {out, idx};
  visitFloatingDtype(self.dtype(), [&]<typename T>() {
    if constexpr (!std::is_same_v<T, Half>)
      maxPoolWithIndices<T>(x.data_ptr<T>(), out.data_ptr<T>(), idx.data_ptr<int64_t>(), g);
  });
  return {out, idx};
}

// max_pool1d's own checks (its fast path does not go through max_pool2d; an empty output is
// allowed there).
Geom maxPool1dGeom(const Tensor& self, IntArrayRef kernel, IntArrayRef stride, IntArrayRef padding,
                   IntArrayRef dilation, bool ceilMode) {
  auto check1 = [](const char* arg, IntArrayRef v, bool allowEmpty) {
    EMBER_CHECK(v.size() == 1 || (allowEmpty && v.empty()), "max_pool1d() ", arg,
                " must be an int, list of ints or tuple of ints of size 1 but got size ", v.size());
  };
  check1("kernel_size", kernel, false);
  check1("stride", stride, true);
  check1("padding", padding, false);
  check1("dilation", dilation, false);
  EMBER_CHECK(self.dim() == 2 || self.dim() == 3,
              "max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size for input, but got:",
              self.sizes());
  Geom g;
  g.spatial = 1;
  g.ceilMode = ceilMode;
  g.batched = self.dim() == 3;
  g.batch = g.batched ? self.size(0) : 1;
  g.channels = self.size(-2);
  g.in[2] = self.size(-1);
  g.kernel[2] = kernel[0];
  g.stride[2] = stride.empty() ? kernel[0] : stride[0];
  g.pad[2] = padding[0];
  g.dilation[2] = dilation[0];
  EMBER_CHECK(g.kernel[2] > 0, "max_pool1d() kernel_size must be greater than zero, but got ", g.kernel[2]);
  EMBER_CHECK(g.stride[2] > 0, "max_pool1d() stride must be greater than zero, but got ", g.stride[2]);
  EMBER_CHECK(g.pad[2] >= 0, "max_pool1d() padding must be non-negative, but got ", g.pad[2]);
  EMBER_CHECK(g.pad[2] <= g.kernel[2] / 2, "max_pool1d() padding should be at most half of kernel size, but got padding=",
              g.pad[2], " and kernel_size=", g.kernel[2]);
  EMBER_CHECK(g.dilation[2] > 0, "max_pool1d() dilation must be greater than zero, but got ", g.dilation[2]);
  g.out[2] = outputSize(g.in[2], g.kernel[2], g.pad[2], g.stride[2], g.dilation[2], ceilMode);
  EMBER_CHECK(g.out[2] >= 0, "max_pool1d() Invalid computed output size: ", g.out[2]);
  return g;
}

// 1-D pooling with indices is 2-D pooling of (N, C, 1, L), as in PyTorch (same checks).
DimVector lift1d(IntArrayRef v, int64_t fill) {
  if (v.empty()) return {};
  return {fill, v[0]};
}

}  // namespace

Tensor max_pool1d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride, IntArrayRef padding,
                  IntArrayRef dilation, bool ceil_mode) {
  const Geom g = maxPool1dGeom(self, kernel_size, stride, padding, dilation, ceil_mode);
  return maxPoolValues(self, g, "max_pool1d_impl");
}

Tensor max_pool2d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride, IntArrayRef padding,
                  IntArrayRef dilation, bool ceil_mode) {
  const Geom g = maxPoolGeom(self, 2, kernel_size, stride, padding, dilation, ceil_mode);
  return maxPoolValues(self, g, "max_pool2d");
}

Tensor max_pool3d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride, IntArrayRef padding,
                  IntArrayRef dilation, bool ceil_mode) {
  const Geom g = maxPoolGeom(self, 3, kernel_size, stride, padding, dilation, ceil_mode);
  return maxPoolValues(self, g, "max_pool3d_with_indices_cpu");
}

std::tuple<Tensor, Tensor> max_pool1d_with_indices(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride,
                                                   IntArrayRef padding, IntArrayRef dilation, bool ceil_mode) {
  checkDimRange(self, "max_pool1d");
  check1d("max_pool1d", "kernel_size", kernel_size);
  if (!stride.empty()) check1d("max_pool1d", "stride", stride);
  check1d("max_pool1d", "padding", padding);
  check1d("max_pool1d", "dilation", dilation);
  auto [v, i] = max_pool2d_with_indices(self.unsqueeze(-2), lift1d(kernel_size, 1), lift1d(stride, 1),
                                        lift1d(padding, 0), lift1d(dilation, 1), ceil_mode);
  return {v.squeeze(-2), i.squeeze(-2)};
}

std::tuple<Tensor, Tensor> max_pool2d_with_indices(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride,
                                                   IntArrayRef padding, IntArrayRef dilation, bool ceil_mode) {
  const Geom g = maxPoolGeom(self, 2, kernel_size, stride, padding, dilation, ceil_mode);
  return maxPoolIndexed(self, g, "max_pool2d");
}

std::tuple<Tensor, Tensor> max_pool3d_with_indices(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride,
                                                   IntArrayRef padding, IntArrayRef dilation, bool ceil_mode) {
  const Geom g = maxPoolGeom(self, 3, kernel_size, stride, padding, dilation, ceil_mode);
  return maxPoolIndexed(self, g, "max_pool3d_with_indices_cpu");
}

}  // namespace ember
