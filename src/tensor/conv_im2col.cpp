// Convolutions as im2col + GEMM (and GEMM + col2im for transposed ones), for every dtype.
// Spatial dims are normalised to three (conv_utils.h), so one pair of routines serves 1-D, 2-D
// and 3-D. Batches are spread over the thread pool; a single sample gets the GEMM's threads.
#include <algorithm>
#include <cstring>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/parallel.h"
#include "tensor/blas_backend.h"
#include "tensor/conv_utils.h"

namespace ember::conv {

namespace {

int64_t prod3(const Dims3& d) { return d[0] * d[1] * d[2]; }

// The output positions o in [0, n) whose input index o * stride - pad + offset lies in [0, size).
void validRange(int64_t n, int64_t stride, int64_t pad, int64_t offset, int64_t size, int64_t& lo, int64_t& hi) {
  int64_t first = pad - offset;  // o * stride >= first
  lo = first <= 0 ? 0 : (first + stride - 1) / stride;
  int64_t last = size - 1 + pad - offset;  // o * stride <= last
  hi = last < 0 ? 0 : std::min(n, last / stride + 1);
  lo = std::min(lo, hi);
}

// Walks every (channel, kernel offset, output row) of the column matrix and calls
// row(colRow, imageRow, lo, hi, iwStart) for each output row whose input row exists; the
// caller zero-fills or skips the rest. Shared by im2col and col2im so both agree exactly.
template <typename RowFn, typename MissingFn>
void forEachRow(int64_t channels, const Dims3& img, const Dims3& k, const Dims3& out, const ConvParams& p, int64_t c0,
                int64_t c1, RowFn&& row, MissingFn&& missing) {
  const int64_t ow = out[2];
  for (int64_t c = c0; c < c1; ++c)
    for (int64_t kd = 0; kd < k[0]; ++kd)
      for (int64_t kh = 0; kh < k[1]; ++kh)
        for (int64_t kw = 0; kw < k[2]; ++kw) {
          const int64_t colRow = ((c * k[0] + kd) * k[1] + kh) * k[2] + kw;
          int64_t lo, hi;
          validRange(ow, p.stride[2], p.padL[2], kw * p.dilation[2], img[2], lo, hi);
          const int64_t iwStart = lo * p.stride[2] - p.padL[2] + kw * p.dilation[2];
          for (int64_t od = 0; od < out[0]; ++od) {
            const int64_t id = od * p.stride[0] - p.padL[0] + kd * p.dilation[0];
            for (int64_t oh = 0; oh < out[1]; ++oh) {
              const int64_t ih = oh * p.stride[1] - p.padL[1] + kh * p.dilation[1];
              const int64_t colOffset = colRow * prod3(out) + (od * out[1] + oh) * ow;
              if (id < 0 || id >= img[0] || ih < 0 || ih >= img[1]) {
                missing(colOffset);
                continue;
              }
              row(colOffset, ((c * img[0] + id) * img[1] + ih) * img[2], lo, hi, iwStart);
            }
          }
        }
  (void)channels;
}

template <typename T>
void im2col(const T* image, int64_t channels, const Dims3& img, const Dims3& k, const Dims3& out, const ConvParams& p,
            T* col, int64_t c0, int64_t c1) {
  const int64_t ow = out[2], sw = p.stride[2];
  forEachRow(
      channels, img, k, out, p, c0, c1,
      [&](int64_t colOffset, int64_t imgOffset, int64_t lo, int64_t hi, int64_t iw) {
        T* dst = col + colOffset;
        const T* src = image + imgOffset;
        std::fill(dst, dst + lo, T(0));
        if (sw == 1)
          std::copy(src + iw, src + iw + (hi - lo), dst + lo);
        else
          for (int64_t o = lo; o < hi; ++o, iw += sw) dst[o] = src[iw];
        std::fill(dst + hi, dst + ow, T(0));
      },
      [&](int64_t colOffset) { std::fill(col + colOffset, col + colOffset + ow, T(0)); });
}

// Adds the columns back into the image (the adjoint of im2col).
template <typename T>
void col2im(const T* col, int64_t channels, const Dims3& img, const Dims3& k, const Dims3& out, const ConvParams& p,
            T* image, int64_t c0, int64_t c1) {
  const int64_t sw = p.stride[2];
  forEachRow(
      channels, img, k, out, p, c0, c1,
      [&](int64_t colOffset, int64_t imgOffset, int64_t lo, int64_t hi, int64_t iw) {
        const T* src = col + colOffset;
        T* dst = image + imgOffset;
        for (int64_t o = lo; o < hi; ++o, iw += sw) dst[iw] = static_cast<T>(dst[iw] + src[o]);
      },
      [](int64_t) {});
}

bool isPointwise(const ConvShape& s, const ConvParams& p) {
  for (int i = 0; i < 3; ++i)
    if (s.kernel[i] != 1 || p.stride[i] != 1 || p.padL[i] != 0 || p.padR[i] != 0) return false;
  return true;
}

// Runs fn(n, scratch) for every sample: over the pool when there are several samples (each
// chunk with its own scratch buffer), else on this thread with the GEMM's own threads.
template <typename T, typename Fn>
void forEachSample(int64_t batch, size_t scratchElems, Fn&& fn) {
  // The columns come from the caching allocator, not a zero-filled std::vector: im2col writes
  // every element, and a fresh vector of a few hundred KB is a fresh mmap whose pages the
  // zero-fill faults in one by one (resnet18's first call: 4 such convolutions, ~0.9 ms each).
  auto columns = [&] { return empty({static_cast<int64_t>(scratchElems)}, scalarTypeOf<T>()); };
  if (batch > 1 && get_num_threads() > 1 && !inParallelRegion()) {
    blas::prepareParallelCalls();
    parallelFor(0, batch, 1, [&](int64_t n0, int64_t n1) {
      Tensor scratch = columns();
      for (int64_t n = n0; n < n1; ++n) fn(n, scratch.data_ptr<T>());
    });
    return;
  }
  Tensor scratch = columns();
  for (int64_t n = 0; n < batch; ++n) fn(n, scratch.data_ptr<T>());
}

// out[n, o, :] = bias[o] (the GEMM then accumulates with beta = 1).
template <typename T>
void fillBias(T* out, const Tensor& bias, int64_t channels, int64_t spatial) {
  Tensor b = bias.contiguous();
  const T* bp = b.data_ptr<T>();
  for (int64_t o = 0; o < channels; ++o) std::fill(out + o * spatial, out + (o + 1) * spatial, bp[o]);
}

}  // namespace

void im2colConvolution(const Tensor& out, const Tensor& input, const Tensor& weight, const Tensor& bias,
                       const ConvParams& p, const ConvShape& s) {
  const int64_t g = p.groups, cg = s.inChannels / g, og = s.outChannels / g;
  const int64_t kElems = prod3(s.kernel), inSp = prod3(s.in), outSp = prod3(s.out);
  const int64_t rows = cg * kElems;
  const bool pointwise = isPointwise(s, p);
  visitGemmDtype(input.dtype(), [&]<typename T>() {
    const T* in = input.data_ptr<T>();
    const T* w = weight.data_ptr<T>();
    T* o = out.data_ptr<T>();
    forEachSample<T>(s.batch, pointwise ? 0 : static_cast<size_t>(rows * outSp), [&](int64_t n, T* col) {
      T* outN = o + n * s.outChannels * outSp;
      if (bias.defined()) fillBias<T>(outN, bias, s.outChannels, outSp);
      for (int64_t gi = 0; gi < g; ++gi) {
        const T* inG = in + (n * s.inChannels + gi * cg) * inSp;
        if (!pointwise) {
          parallelFor(0, cg, std::max<int64_t>(1, 65536 / std::max<int64_t>(1, kElems * outSp)),
                      [&](int64_t c0, int64_t c1) { im2col<T>(inG, cg, s.in, s.kernel, s.out, p, col, c0, c1); });
        }
        const T* b = pointwise ? inG : col;
        blas::gemm(input.dtype(), og, outSp, rows, 1, {w + gi * og * rows, rows, false}, {b, outSp, false},
                   bias.defined() ? 1 : 0, outN + gi * og * outSp, outSp);
      }
    });
  }, "slow_conv2d_cpu");
}

void im2colTransposedConvolution(const Tensor& out, const Tensor& input, const Tensor& weight, const Tensor& bias,
                                 const ConvParams& p, const ConvShape& s) {
  const int64_t g = p.groups, cg = s.inChannels / g, og = s.outChannels / g;
  const int64_t kElems = prod3(s.kernel), inSp = prod3(s.in), outSp = prod3(s.out);
  const int64_t rows = og * kElems;
  visitGemmDtype(input.dtype(), [&]<typename T>() {
    const T* in = input.data_ptr<T>();
    const T* w = weight.data_ptr<T>();
    T* o = out.data_ptr<T>();
    forEachSample<T>(s.batch, static_cast<size_t>(rows * inSp), [&](int64_t n, T* col) {
      T* outN = o + n * s.outChannels * outSp;
      if (bias.defined())
        fillBias<T>(outN, bias, s.outChannels, outSp);
      else
        std::fill(outN, outN + s.outChannels * outSp, T(0));
      for (int64_t gi = 0; gi < g; ++gi) {
        // columns [og * K, in positions] = weight_g^T [og * K, cg] @ input_g [cg, in positions]
        blas::gemm(input.dtype(), rows, inSp, cg, 1, {w + gi * cg * rows, rows, true},
                   {in + (n * s.inChannels + gi * cg) * inSp, inSp, false}, 0, col, inSp);
        T* outG = outN + gi * og * outSp;
        parallelFor(0, og, std::max<int64_t>(1, 65536 / std::max<int64_t>(1, kElems * inSp)),
                    [&](int64_t c0, int64_t c1) { col2im<T>(col, og, s.out, s.kernel, s.in, p, outG, c0, c1); });
      }
    });
  }, "slow_conv2d_cpu");
}

}  // namespace ember::conv
