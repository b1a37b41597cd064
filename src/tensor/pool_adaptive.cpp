// Adaptive average and max pooling: output cell i covers input [floor(i*in/out),
// ceil((i+1)*in/out)) along each dim. Averages of contiguous inputs sum each cell's rows with
// vector adds and then its columns; channels-last inputs sum channel vectors. Max pooling
// always returns indices and runs the scalar kernel in PyTorch's tap order.
#include <vector>

#include "ember/tensor/ops/pool.h"
#include "ember/tensor/ops/reduce.h"
#include "ember/tensor/ops/shape.h"
#include "tensor/nn_layout.h"
#include "tensor/pool_kernels.h"

namespace ember {

using namespace pool;
using nn::acc_t;
using nn::RowOps;

namespace {

struct Cell {
  int64_t begin, end;
};
inline Cell cell(const Geom& g, int64_t dim, int64_t o) {
  return {adaptiveStart(o, g.in[dim], g.out[dim]), adaptiveEnd(o, g.in[dim], g.out[dim])};
}

// PyTorch divides by each extent in turn (sum / kd / kh / kw).
template <typename T>
inline T average(acc_t<T> sum, const Cell& d, const Cell& h, const Cell& w) {
  return static_cast<T>(sum / static_cast<acc_t<T>>(d.end - d.begin) / static_cast<acc_t<T>>(h.end - h.begin) /
                        static_cast<acc_t<T>>(w.end - w.begin));
}

template <typename T>
void adaptiveAvgContiguous(const T* in, T* out, const Geom& g) {
  const int64_t W = g.in[2], inPlane = g.inPlane(), outPlane = g.outPlane();
  parallelFor(0, g.planes(), planeGrain(inPlane + outPlane), [&](int64_t p0, int64_t p1) {
    std::vector<acc_t<T>> acc(static_cast<size_t>(W));
    for (int64_t p = p0; p < p1; ++p) {
      const T* ip = in + p * inPlane;
      T* op = out + p * outPlane;
      if (outPlane == 1) {  // global pooling: one sum per plane
        *op = average<T>(static_cast<acc_t<T>>(RowOps<T>::sum(ip, inPlane)), {0, g.in[0]}, {0, g.in[1]}, {0, W});
        continue;
      }
      for (int64_t od = 0; od < g.out[0]; ++od) {
        const Cell cd = cell(g, 0, od);
        for (int64_t oh = 0; oh < g.out[1]; ++oh) {
          const Cell ch = cell(g, 1, oh);
          std::fill(acc.begin(), acc.end(), acc_t<T>(0));
          for (int64_t id = cd.begin; id < cd.end; ++id)
            for (int64_t ih = ch.begin; ih < ch.end; ++ih) RowOps<T>::addInto(acc.data(), ip + (id * g.in[1] + ih) * W, W);
          T* dst = op + (od * g.out[1] + oh) * g.out[2];
          for (int64_t ow = 0; ow < g.out[2]; ++ow) {
            const Cell cw = cell(g, 2, ow);
            acc_t<T> s = 0;
            for (int64_t iw = cw.begin; iw < cw.end; ++iw) s += acc[iw];
            dst[ow] = average<T>(s, cd, ch, cw);
          }
        }
      }
    }
  });
}

template <typename T>
void adaptiveAvgChannelsLast(const T* in, T* out, const Geom& g) {
  const int64_t C = g.channels, positions = g.batch * g.outPlane();
  const int64_t perCell = std::max<int64_t>(1, g.inPlane() / std::max<int64_t>(1, g.outPlane()));
  // Tasks are (output position, block of channels): a global pool (one position, the squeeze of
  // efficientnet's squeeze-and-excitation blocks) still splits over threads. Each channel's sum
  // runs over the cell in the same order either way.
  const int64_t block = std::min<int64_t>(C, 64), blocks = (C + block - 1) / block;
  parallelFor(0, positions * blocks, planeGrain(block * perCell), [&](int64_t t0, int64_t t1) {
    std::vector<acc_t<T>> acc(static_cast<size_t>(block));
    for (int64_t t = t0; t < t1; ++t) {
      const int64_t q = t / blocks, c0 = t % blocks * block, cn = std::min(block, C - c0);
      const int64_t n = q / g.outPlane(), r = q % g.outPlane();
      const Cell cd = cell(g, 0, r / (g.out[1] * g.out[2])), ch = cell(g, 1, r / g.out[2] % g.out[1]),
                 cw = cell(g, 2, r % g.out[2]);
      std::fill(acc.begin(), acc.end(), acc_t<T>(0));
      for (int64_t id = cd.begin; id < cd.end; ++id)
        for (int64_t ih = ch.begin; ih < ch.end; ++ih)
          for (int64_t iw = cw.begin; iw < cw.end; ++iw)
            RowOps<T>::addInto(acc.data(), in + (n * g.inPlane() + (id * g.in[1] + ih) * g.in[2] + iw) * C + c0, cn);
      T* dst = out + q * C + c0;
      for (int64_t c = 0; c < cn; ++c) dst[c] = average<T>(acc[c], cd, ch, cw);
    }
  });
}

template <typename T>
void adaptiveMax(const T* in, T* out, int64_t* idx, const Geom& g) {
  const int64_t ss = spatialStride(g), inPlane = g.inPlane(), outPlane = g.outPlane();
  parallelFor(0, g.planes(), planeGrain(inPlane + outPlane), [&](int64_t p0, int64_t p1) {
    for (int64_t p = p0; p < p1; ++p) {
      const T* ip = in + planeOffset(g, p, inPlane);
      const int64_t ob = planeOffset(g, p, outPlane);
      int64_t o = 0;
      for (int64_t od = 0; od < g.out[0]; ++od) {
        const Cell cd = cell(g, 0, od);
        for (int64_t oh = 0; oh < g.out[1]; ++oh) {
          const Cell ch = cell(g, 1, oh);
          for (int64_t ow = 0; ow < g.out[2]; ++ow, ++o) {
            const Cell cw = cell(g, 2, ow);
            int64_t best = (cd.begin * g.in[1] + ch.begin) * g.in[2] + cw.begin;
            acc_t<T> m = static_cast<acc_t<T>>(lowest<T>());
            for (int64_t id = cd.begin; id < cd.end; ++id)
              for (int64_t ih = ch.begin; ih < ch.end; ++ih)
                for (int64_t iw = cw.begin; iw < cw.end; ++iw) {
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

Tensor adaptiveAvg(const Tensor& self, const Geom& g) {
  const Tensor x = nn::denseIn(self, g.channelsLast);
  Tensor out = nn::emptyIn(g.outSizes(), self.dtype(), g.channelsLast);
  if (out.numel() == 0) return out;
  visitFloatingDtype(self.dtype(), [&]<typename T>() {
    if (g.channelsLast) adaptiveAvgChannelsLast<T>(x.data_ptr<T>(), out.data_ptr<T>(), g);
    else adaptiveAvgContiguous<T>(x.data_ptr<T>(), out.data_ptr<T>(), g);
  });
  return out;
}

std::tuple<Tensor, Tensor> adaptiveMaxPool(const Tensor& self, int64_t spatial, IntArrayRef outputSize) {
  const char* op = spatial == 3 ? "adaptive_max_pool3d" : "adaptive_max_pool2d";
  const int64_t nd = self.dim();
  EMBER_CHECK(nd == spatial + 1 || nd == spatial + 2, op, "(): Expected ", spatial + 1, "D or ", spatial + 2,
              "D tensor, but got: ", self.sizes());
  for (int64_t d = 1; d < nd; ++d)
    EMBER_CHECK(self.size(d) != 0, op,
                "(): Expected input to have non-zero size for non-batch dimensions, but input has sizes ", self.sizes(),
                " with dimension ", d, " being empty");
  EMBER_CHECK(static_cast<int64_t>(outputSize.size()) == spatial, op, "(): internal error: output_size.size() must be ",
              spatial);
  if (spatial == 3) nn::checkDtypeIn(self.dtype(), {kFloat, kDouble}, "adaptive_max_pool3d_cpu");
  else nn::checkDtypeIn(self.dtype(), {kBFloat16, kFloat, kDouble}, "adaptive_max_pool2d");
  Geom g;
  g.spatial = spatial;
  g.batched = nd == spatial + 2;
  g.batch = g.batched ? self.size(0) : 1;
  g.channels = self.size(nd - spatial - 1);
  for (int64_t i = 0; i < spatial; ++i) {
    g.in[3 - spatial + i] = self.size(nd - spatial + i);
    g.out[3 - spatial + i] = outputSize[i];
  }
  g.channelsLast = g.batched && spatial == 2 && nn::isChannelsLast(self);  // as readInput's
  const Tensor x = nn::denseIn(self, g.channelsLast);
  Tensor out = nn::emptyIn(g.outSizes(), self.dtype(), g.channelsLast);
  Tensor idx = nn::emptyIn(g.outSizes(), kLong, g.channelsLast);
  if (out.numel() == 0) return {out, idx};
  visitFloatingDtype(self.dtype(), [&]<typename T>() {
    adaptiveMax<T>(x.data_ptr<T>(), out.data_ptr<T>(), idx.data_ptr<int64_t>(), g);
  });
  return {out, idx};
}

}  // namespace

Tensor _adaptive_avg_pool2d(const Tensor& self, IntArrayRef output_size) {
  const Geom g = adaptiveGeom(self, 2, output_size, "adaptive_avg_pool2d");
  nn::checkDtypeIn(self.dtype(), {kBFloat16, kFloat, kDouble}, "adaptive_avg_pool2d");
  return adaptiveAvg(self, g);
}

Tensor adaptive_avg_pool2d(const Tensor& self, IntArrayRef output_size) {
  EMBER_CHECK(output_size.size() == 2, "adaptive_avg_pool2d: output_size must be 2");
  EMBER_CHECK(output_size[0] >= 0 && output_size[1] >= 0,
              "adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 but received {",
              output_size[0], ", ", output_size[1], "}");
  // A 1x1 output is the mean over the spatial dims in PyTorch (any floating dtype, any rank);
  // the pooling kernel computes the same for the dtypes and ranks it serves.
  const bool kernelServes = self.dim() >= 3 && self.dim() <= 4 &&
                            (self.dtype() == kFloat || self.dtype() == kDouble || self.dtype() == kBFloat16);
  if (output_size[0] == 1 && output_size[1] == 1 && !kernelServes) {
    Tensor out = mean(self, {-1, -2}, true);
    if (nn::isChannelsLast(self)) {
      const int64_t c = self.size(1);
      out = out.as_strided({self.size(0), c, 1, 1}, {c, 1, c, c});
    }
    return out;
  }
  return _adaptive_avg_pool2d(self, output_size);
}

Tensor adaptive_avg_pool1d(const Tensor& self, IntArrayRef output_size) {
  checkDimRange(self, "adaptive_avg_pool1d");
  check1d("adaptive_avg_pool1d", "output_size", output_size);
  return adaptive_avg_pool2d(self.unsqueeze(-2), {1, output_size[0]}).squeeze(-2);
}

Tensor _adaptive_avg_pool3d(const Tensor& self, IntArrayRef output_size) {
  const Geom g = adaptiveGeom(self, 3, output_size, "adaptive_avg_pool3d");
  nn::checkDtypeIn(self.dtype(), {kHalf, kFloat, kDouble}, "adaptive_avg_pool3d_cpu");
  return adaptiveAvg(self, g);
}

Tensor adaptive_avg_pool3d(const Tensor& self, IntArrayRef output_size) { return _adaptive_avg_pool3d(self, output_size); }

std::tuple<Tensor, Tensor> adaptive_max_pool2d(const Tensor& self, IntArrayRef output_size) {
  return adaptiveMaxPool(self, 2, output_size);
}

std::tuple<Tensor, Tensor> adaptive_max_pool3d(const Tensor& self, IntArrayRef output_size) {
  return adaptiveMaxPool(self, 3, output_size);
}

std::tuple<Tensor, Tensor> adaptive_max_pool1d(const Tensor& self, IntArrayRef output_size) {
  checkDimRange(self, "adaptive_max_pool1d");
  check1d("adaptive_max_pool1d", "output_size", output_size);
  auto [v, i] = adaptive_max_pool2d(self.unsqueeze(-2), {1, output_size[0]});
  return {v.squeeze(-2), i.squeeze(-2)};
}

}  // namespace ember
