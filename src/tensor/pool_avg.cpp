// Average pooling (avg_pool1d/2d/3d): ceil_mode, count_include_pad and divisor_override with
// PyTorch's divisor rules (a window clipped by ceil_mode counts only up to the padded edge).
// Contiguous inputs sum the window's rows with vector adds and then the columns; channels-last
// inputs sum whole channel vectors. Integer inputs sum in int64 and divide with truncation.
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

struct AvgOptions {
  bool countIncludePad;
  std::optional<int64_t> divisor;
};

// The window of output o along one dim: its clipped range and its extent up to the padded edge.
struct AvgSpan {
  int64_t begin, end, padded;
};
inline AvgSpan avgWindow(int64_t o, int64_t size, int64_t kernel, int64_t stride, int64_t pad) {
  const int64_t b = o * stride - pad;
  const int64_t e = std::min(b + kernel, size + pad);
  return {std::max<int64_t>(b, 0), std::min(e, size), e - b};
}

inline int64_t divisorOf(const AvgOptions& o, const AvgSpan& d, const AvgSpan& h, const AvgSpan& w) {
  if (o.divisor) return *o.divisor;
  if (o.countIncludePad) return d.padded * h.padded * w.padded;
  return (d.end - d.begin) * (h.end - h.begin) * (w.end - w.begin);
}

template <typename T>
inline T divide(acc_t<T> sum, int64_t div) {
  if constexpr (std::is_integral_v<T>) return static_cast<T>(sum / div);
  else return static_cast<T>(sum / static_cast<acc_t<T>>(div));
}

template <typename T>
void avgPoolContiguous(const T* in, T* out, const Geom& g, const AvgOptions& opt) {
  const int64_t W = g.in[2], inPlane = g.inPlane(), outPlane = g.outPlane();
  const int64_t work = outPlane * g.kernel[0] * g.kernel[1] * g.kernel[2];
  parallelFor(0, g.planes(), planeGrain(work), [&](int64_t p0, int64_t p1) {
    std::vector<acc_t<T>> acc(static_cast<size_t>(W));
    for (int64_t p = p0; p < p1; ++p) {
      const T* ip = in + p * inPlane;
      T* op = out + p * outPlane;
      for (int64_t od = 0; od < g.out[0]; ++od) {
        const AvgSpan sd = avgWindow(od, g.in[0], g.kernel[0], g.stride[0], g.pad[0]);
        for (int64_t oh = 0; oh < g.out[1]; ++oh) {
          const AvgSpan sh = avgWindow(oh, g.in[1], g.kernel[1], g.stride[1], g.pad[1]);
          std::fill(acc.begin(), acc.end(), acc_t<T>(0));
          for (int64_t id = sd.begin; id < sd.end; ++id)
            for (int64_t ih = sh.begin; ih < sh.end; ++ih) RowOps<T>::addInto(acc.data(), ip + (id * g.in[1] + ih) * W, W);
          T* dst = op + (od * g.out[1] + oh) * g.out[2];
          const bool emptyRows = sd.begin >= sd.end || sh.begin >= sh.end;
          for (int64_t ow = 0; ow < g.out[2]; ++ow) {
            const AvgSpan sw = avgWindow(ow, W, g.kernel[2], g.stride[2], g.pad[2]);
            if (emptyRows || sw.begin >= sw.end) {
              dst[ow] = T(0);
              continue;
            }
            acc_t<T> s = 0;
            for (int64_t iw = sw.begin; iw < sw.end; ++iw) s += acc[iw];
            dst[ow] = divide<T>(s, divisorOf(opt, sd, sh, sw));
          }
        }
      }
    }
  });
}

template <typename T>
void avgPoolChannelsLast(const T* in, T* out, const Geom& g, const AvgOptions& opt) {
  const int64_t C = g.channels, positions = g.batch * g.outPlane();
  const int64_t taps = g.kernel[0] * g.kernel[1] * g.kernel[2];
  parallelFor(0, positions, planeGrain(C * taps), [&](int64_t q0, int64_t q1) {
    std::vector<acc_t<T>> acc(static_cast<size_t>(C));
    for (int64_t q = q0; q < q1; ++q) {
      const int64_t n = q / g.outPlane(), r = q % g.outPlane();
      const int64_t od = r / (g.out[1] * g.out[2]), oh = r / g.out[2] % g.out[1], ow = r % g.out[2];
      const AvgSpan sd = avgWindow(od, g.in[0], g.kernel[0], g.stride[0], g.pad[0]);
      const AvgSpan sh = avgWindow(oh, g.in[1], g.kernel[1], g.stride[1], g.pad[1]);
      const AvgSpan sw = avgWindow(ow, g.in[2], g.kernel[2], g.stride[2], g.pad[2]);
      T* dst = out + q * C;
      if (sd.begin >= sd.end || sh.begin >= sh.end || sw.begin >= sw.end) {
        std::fill(dst, dst + C, T(0));
        continue;
      }
      std::fill(acc.begin(), acc.end(), acc_t<T>(0));
      for (int64_t id = sd.begin; id < sd.end; ++id)
        for (int64_t ih = sh.begin; ih < sh.end; ++ih)
          for (int64_t iw = sw.begin; iw < sw.end; ++iw)
            RowOps<T>::addInto(acc.data(), in + (n * g.inPlane() + (id * g.in[1] + ih) * g.in[2] + iw) * C, C);
      const int64_t div = divisorOf(opt, sd, sh, sw);
      for (int64_t c = 0; c < C; ++c) dst[c] = divide<T>(acc[c], div);
    }
  });
}

Tensor avgPool(const Tensor& self, const Geom& g, const AvgOptions& opt, const char* name) {
  if (g.spatial == 3) nn::checkDtypeIn(self.dtype(), {kLong, kFloat, kDouble}, name);
  else nn::checkDtypeIn(self.dtype(), {kLong, kBFloat16, kFloat, kDouble}, name);
  const Tensor x = nn::denseIn(self, g.channelsLast);
  Tensor out = nn::emptyIn(g.outSizes(), self.dtype(), g.channelsLast);
  if (out.numel() == 0) return out;
  visitNumericDtype(self.dtype(), [&]<typename T>() {
    if constexpr (std::is_same_v<T, int64_t> || std::is_same_v<T, BFloat16> || std::is_same_v<T, float> ||
                  std::is_same_v<T, double>) {
      if (g.channelsLast) avgPoolChannelsLast<T>(x.data_ptr<T>(), out.data_ptr<T>(), g, opt);
      else avgPoolContiguous<T>(x.data_ptr<T>(), out.data_ptr<T>(), g, opt);
    }
  });
  return out;
}

}  // namespace

Tensor avg_pool1d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride, IntArrayRef padding,
                  bool ceil_mode, bool count_include_pad) {
  checkDimRange(self, "avg_pool1d");
  check1d("avg_pool1d", "kernel_size", kernel_size);
  if (!stride.empty()) check1d("avg_pool1d", "stride", stride);
  check1d("avg_pool1d", "padding", padding);
  const DimVector k{1, kernel_size[0]}, p{0, padding[0]};
  const DimVector s = stride.empty() ? k : DimVector{1, stride[0]};
  return avg_pool2d(self.unsqueeze(-2), k, s, p, ceil_mode, count_include_pad).squeeze(-2);
}

Tensor avg_pool2d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride, IntArrayRef padding,
                  bool ceil_mode, bool count_include_pad, std::optional<int64_t> divisor_override) {
  const Geom g = avgPoolGeom(self, 2, kernel_size, stride, padding, ceil_mode, divisor_override);
  return avgPool(self, g, {count_include_pad, divisor_override}, "avg_pool2d");
}

Tensor avg_pool3d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride, IntArrayRef padding,
                  bool ceil_mode, bool count_include_pad, std::optional<int64_t> divisor_override) {
  const Geom g = avgPoolGeom(self, 3, kernel_size, stride, padding, ceil_mode, divisor_override);
  return avgPool(self, g, {count_include_pad, divisor_override}, "avg_pool3d_out_frame");
}

}  // namespace ember
