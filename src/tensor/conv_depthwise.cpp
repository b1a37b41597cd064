// Depthwise convolutions (groups == input channels, one filter per output channel) computed
// directly: each output plane is a small stencil over one input plane. im2col would copy every
// input element kernel-size times for a GEMM with one row. float32 1-D and 2-D ones run on the
// vectorised plane kernels (kernels/depthwise_kernels.h); the templated stencil here serves the
// other dtypes and the float32 shapes those do not take (dilated, 3-D).
#include <algorithm>
#include <vector>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/parallel.h"
#include "tensor/conv_utils.h"
#include "tensor/kernels/affine_epilogue_kernels.h"
#include "tensor/kernels/depthwise_kernels.h"

namespace ember::conv {

namespace {

template <typename T>
using Acc = std::conditional_t<std::is_integral_v<T>, int64_t, opmath_t<T>>;

// Output positions o in [0, n) whose input o * stride - pad + offset lies in [0, size).
void validRange(int64_t n, int64_t stride, int64_t pad, int64_t offset, int64_t size, int64_t& lo, int64_t& hi) {
  int64_t first = pad - offset;
  lo = first <= 0 ? 0 : (first + stride - 1) / stride;
  int64_t last = size - 1 + pad - offset;
  hi = last < 0 ? 0 : std::min(n, last / stride + 1);
  lo = std::min(lo, hi);
}

// A kernel tap of one output row: the input row it reads and its weight.
template <typename T>
struct Tap {
  const T* src;    // the input row
  int64_t offset;  // input column of output column 0 (before the stride is applied)
  Acc<T> w;
  int64_t kw;
};

constexpr int64_t kBlock = 16;

// One output plane (all three spatial dims) of one channel. Columns where every tap is inside the
// input go through blocks of kBlock accumulators held in registers (stride 1); the borders and
// strided rows accumulate tap by tap in `row`.
template <typename T>
void plane(const T* in, const T* w, T bias, T* out, const ConvShape& s, const ConvParams& p, Acc<T>* row,
           const int64_t* los, const int64_t* his, Tap<T>* taps) {
  const int64_t ow = s.out[2], sw = p.stride[2];
  int64_t interiorLo = 0, interiorHi = ow;
  for (int64_t kw = 0; kw < s.kernel[2]; ++kw) {
    interiorLo = std::max(interiorLo, los[kw]);
    interiorHi = std::min(interiorHi, his[kw]);
  }
  const int64_t blocks = sw == 1 && interiorHi > interiorLo ? (interiorHi - interiorLo) / kBlock : 0;
  const int64_t blockEnd = interiorLo + blocks * kBlock;
  for (int64_t od = 0; od < s.out[0]; ++od)
    for (int64_t oh = 0; oh < s.out[1]; ++oh) {
      int64_t nt = 0;
      for (int64_t kd = 0; kd < s.kernel[0]; ++kd) {
        const int64_t id = od * p.stride[0] - p.padL[0] + kd * p.dilation[0];
        if (id < 0 || id >= s.in[0]) continue;
        for (int64_t kh = 0; kh < s.kernel[1]; ++kh) {
          const int64_t ih = oh * p.stride[1] - p.padL[1] + kh * p.dilation[1];
          if (ih < 0 || ih >= s.in[1]) continue;
          const T* src = in + (id * s.in[1] + ih) * s.in[2];
          for (int64_t kw = 0; kw < s.kernel[2]; ++kw)
            taps[nt++] = {src, kw * p.dilation[2] - p.padL[2],
                          static_cast<Acc<T>>(w[(kd * s.kernel[1] + kh) * s.kernel[2] + kw]), kw};
        }
      }
      T* dst = out + (od * s.out[1] + oh) * ow;
      for (int64_t x0 = interiorLo; x0 < blockEnd; x0 += kBlock) {
        Acc<T> acc[kBlock];
        for (int64_t j = 0; j < kBlock; ++j) acc[j] = static_cast<Acc<T>>(bias);
        for (int64_t t = 0; t < nt; ++t) {
          const T* src = taps[t].src + x0 + taps[t].offset;
          const Acc<T> wv = taps[t].w;
          for (int64_t j = 0; j < kBlock; ++j) acc[j] += wv * static_cast<Acc<T>>(src[j]);
        }
        for (int64_t j = 0; j < kBlock; ++j) dst[x0 + j] = static_cast<T>(acc[j]);
      }
      // Everything outside the blocks: tap by tap.
      std::fill(row, row + ow, static_cast<Acc<T>>(bias));
      for (int64_t t = 0; t < nt; ++t) {
        const Acc<T> wv = taps[t].w;
        const T* src = taps[t].src;
        const int64_t off = taps[t].offset, lo = los[taps[t].kw], hi = his[taps[t].kw];
        auto span = [&](int64_t a, int64_t b) {
          for (int64_t x = a; x < b; ++x) row[x] += wv * static_cast<Acc<T>>(src[x * sw + off]);
        };
        span(lo, std::min(hi, interiorLo));
        span(std::max(lo, blockEnd), hi);
      }
      for (int64_t x = 0; x < ow; ++x)
        if (x < interiorLo || x >= blockEnd) dst[x] = static_cast<T>(row[x]);
    }
}

}  // namespace

bool isDepthwise(const ConvShape& s, const ConvParams& p) {
  return !p.transposed && p.groups == s.inChannels && p.groups > 1 && s.outChannels % p.groups == 0;
}

void depthwiseConvolution(const Tensor& out, const Tensor& input, const Tensor& weight, const Tensor& bias,
                          const ConvParams& p, const ConvShape& s) {
  const int64_t mult = s.outChannels / s.inChannels;  // output channels per input channel
  const int64_t inPlane = s.in[0] * s.in[1] * s.in[2], outPlane = s.out[0] * s.out[1] * s.out[2];
  const int64_t kElems = s.kernel[0] * s.kernel[1] * s.kernel[2];
  visitNumericDtype(input.dtype(), [&]<typename T>() {
    if constexpr (std::is_same_v<T, Half>) {
      throwUnsupportedDtype("slow_conv2d_cpu", input.dtype());
    } else {
      const T* in = input.data_ptr<T>();
      const T* w = weight.data_ptr<T>();
      const T* b = bias.defined() ? bias.data_ptr<T>() : nullptr;
      T* o = out.data_ptr<T>();
      const int64_t planes = s.batch * s.outChannels;
      const int64_t grain = std::max<int64_t>(1, 32768 / std::max<int64_t>(1, outPlane * kElems));
      // The valid output columns per kernel column, computed once (divisions are slow).
      std::vector<int64_t> los(static_cast<size_t>(s.kernel[2])), his(los.size());
      for (int64_t kw = 0; kw < s.kernel[2]; ++kw)
        validRange(s.out[2], p.stride[2], p.padL[2], kw * p.dilation[2], s.in[2], los[kw], his[kw]);
      parallelFor(0, planes, grain, [&](int64_t p0, int64_t p1) {
        std::vector<Acc<T>> row(static_cast<size_t>(s.out[2]));
        std::vector<Tap<T>> taps(static_cast<size_t>(kElems));
        for (int64_t pi = p0; pi < p1; ++pi) {
          const int64_t n = pi / s.outChannels, oc = pi % s.outChannels, ic = oc / mult;
          plane<T>(in + (n * s.inChannels + ic) * inPlane, w + oc * kElems, b ? b[oc] : T(0), o + pi * outPlane, s, p,
                   row.data(), los.data(), his.data(), taps.data());
        }
      });
    }
  });
}

bool depthwiseFloatConvolution(const Tensor& out, const Tensor& input, const Tensor& weight, const Tensor& bias,
                               const ConvParams& p, const ConvShape& s, StoreEpilogue* store) {
  if (input.dtype() != kFloat || !isDepthwise(s, p) || !out.is_contiguous()) return false;
  // 1-D and 2-D only (the depth dim is then 1 everywhere), no dilation.
  if (s.in[0] != 1 || s.kernel[0] != 1 || p.dilation[1] != 1 || p.dilation[2] != 1) return false;
  const int64_t mult = s.outChannels / s.inChannels;
  const DepthwiseGeometry g{s.in[1],     s.in[2],     s.out[1],    s.out[2],  s.kernel[1],
                            s.kernel[2], p.stride[1], p.stride[2], p.padL[1], p.padL[2]};
  const DepthwiseKernels& k = depthwiseKernels();
  const DepthwiseLayout l = depthwiseLayout(g, k.width);
  // Input planes may be strided views: element (n, c, i, j) at the tensor's own strides.
  const int64_t dims = input.dim();
  const int64_t colStride = input.stride(dims - 1), rowStride = dims == 4 ? input.stride(2) : 0;
  const int64_t nStride = input.stride(0), cStride = input.stride(1);
  const Tensor w = weight.contiguous();
  const Tensor b = bias.defined() ? bias.contiguous() : Tensor();
  const float* in = input.data_ptr<float>();
  const float* wp = w.data_ptr<float>();
  const float* bp = b.defined() ? b.data_ptr<float>() : nullptr;
  float* o = out.data_ptr<float>();
  const int64_t kElems = g.kh * g.kw, outPlane = g.oh * g.ow;
  const int64_t planes = s.batch * s.inChannels;
  const int64_t grain = std::max<int64_t>(1, 65536 / std::max<int64_t>(1, outPlane * kElems * mult));
  // A batch norm's terms (and residual, clamp) on each plane just written, as the separate pass
  // over the output would apply them (the same arithmetic on the same values).
  const bool epilogue = store && !store->pool && storeTermsFit(out, *store);
  const affine_epilogue::Kernels& affine = affine_epilogue::affineEpilogueKernels();
  const float* res = epilogue && store->residual.defined() ? store->residual.data_ptr<float>() : nullptr;
  parallelFor(0, planes, grain, [&](int64_t p0, int64_t p1) {
    // Zeroed once: every plane writes the same interior, so the padding stays zero.
    std::vector<float> scratch(static_cast<size_t>(l.floats), 0.0f);
    for (int64_t pi = p0; pi < p1; ++pi) {
      const int64_t n = pi / s.inChannels, ic = pi % s.inChannels;
      k.pad(in + n * nStride + ic * cStride, rowStride, colStride, g, l, scratch.data());
      for (int64_t m = 0; m < mult; ++m) {
        const int64_t oc = ic * mult + m, at = (n * s.outChannels + oc) * outPlane;
        k.plane(scratch.data(), wp + oc * kElems, bp ? bp[oc] : 0.0f, o + at, g, l);
        if (epilogue) affine.plane(o + at, o + at, res ? res + at : nullptr, outPlane, oc, store->terms);
      }
    }
  });
  if (epilogue) store->applied = true;
  return true;
}

}  // namespace ember::conv
