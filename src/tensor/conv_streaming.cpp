// Convolutions whose weights dwarf their outputs, as im2col + the weight-streaming GEMM
// (kernels/stream_gemm_kernels.h): out (positions x O) = columns (positions x kh*kw*I) * W, with
// W packed as [O/64][kh][kw][I][64] and cached. ResNet's last stage is the case: 512x512x3x3
// weights (9.4 MB) for 7x7 = 49 outputs per image. There a model's weights come from memory on
// every call, and oneDNN's kernels stall on them (see the kernel's header): 2.0-2.2 ms per such
// convolution in resnet18 against 1.4 ms when its weights are cached. On channels-last
// activations the columns are copies of whole pixels (I contiguous floats each) and the GEMM
// writes the channels-last output in place.
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include <unistd.h>

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/parallel.h"
#include "tensor/conv_utils.h"
#include "tensor/onednn_weight_cache.h"
#include "tensor/kernels/stream_gemm_kernels.h"

namespace ember::conv {

namespace {

// Taken up to this many output positions (the GEMM's rows: a few tiles of 7) ...
constexpr int64_t kMaxPositions = 64;
// ... with at least this many bytes of weights (below, they come from the cache anyway).
constexpr int64_t kMinWeightBytes = int64_t{2} << 20;

// The kernel keeps a 32 KB chunk of weights in L1 while the tiles of columns use it. Where
// the L1 data cache holds 48 KB (Sapphire Rapids, Zen 4/5) it was measured ahead of oneDNN in
// resnet18 (~1.4 against 2.0-2.6 ms per 512x512x3x3 at 7x7); on the Cascade Lake Xeon's
// 32 KB L1 resnet18 ran 0.4-1.2 ms slower with it than with oneDNN's direct kernel (1 thread,
// alternating runs, 2026-11-28; resnet50 the same either way), and chunks of 16 KB did not
// close the gap. So by default it runs where L1d is at least 48 KB; EMBER_CONV_STREAMING=1 or
// =0 takes it or leaves these convolutions to oneDNN on any CPU.
bool streamingByDefault() {
  const char* env = std::getenv("EMBER_CONV_STREAMING");
  if (env && std::string_view(env) == "0") return false;
  if (env && std::string_view(env) == "1") return true;
  const long l1d = sysconf(_SC_LEVEL1_DCACHE_SIZE);
  return l1d <= 0 || l1d >= 48 * 1024;  // unknown: as measured on the CPUs that report 48 KB
}

std::atomic<bool> gEnabled{streamingByDefault()};

// Element (n, c, h, w) at ((n * H + h) * W + w) * C + c (the stride of a size-1 dim is free).
bool denseNhwc(const Tensor& t) {
  if (t.dim() != 4) return false;
  const int64_t c = t.size(1), h = t.size(2), w = t.size(3);
  const int64_t want[4] = {h * w * c, 1, w * c, c};
  for (int64_t d = 0; d < 4; ++d)
    if (t.size(d) != 1 && t.stride(d) != want[d]) return false;
  return true;
}

bool takes(const Tensor& out, const Tensor& input, const Tensor& weight, const Tensor& bias, const ConvParams& p,
           const ConvShape& s, bool weightsReused) {
  const int64_t positions = s.batch * s.out[1] * s.out[2];
  const int64_t weightBytes = weight.numel() * int64_t{4};
  return weightsReused && gEnabled.load(std::memory_order_relaxed) && p.spatial == 2 && p.groups == 1 &&
         !p.transposed && input.dtype() == kFloat && weight.dtype() == kFloat &&
         (!bias.defined() || bias.dtype() == kFloat) && positions <= kMaxPositions && weightBytes >= kMinWeightBytes &&
         s.outChannels % kStreamPanel == 0 && onednn::weightsCacheable(weight) && denseNhwc(input) && denseNhwc(out) &&
         streamGemmKernel() != nullptr;
}

// cols[m][(ky * kw + kx) * I + i] = the input pixel output position m reads through kernel
// tap (ky, kx), channel i (zero in the padding).
void channelsLastColumns(const float* in, const ConvParams& p, const ConvShape& s, float* cols) {
  const int64_t I = s.inChannels, H = s.in[1], W = s.in[2], oh = s.out[1], ow = s.out[2];
  const int64_t kh = s.kernel[1], kw = s.kernel[2], K = kh * kw * I;
  for (int64_t m = 0; m < s.batch * oh * ow; ++m) {
    const int64_t n = m / (oh * ow), y = m / ow % oh, x = m % ow;
    float* row = cols + m * K;
    for (int64_t ky = 0; ky < kh; ++ky) {
      const int64_t iy = y * p.stride[1] - p.padL[1] + ky * p.dilation[1];
      for (int64_t kx = 0; kx < kw; ++kx) {
        const int64_t ix = x * p.stride[2] - p.padL[2] + kx * p.dilation[2];
        float* dst = row + (ky * kw + kx) * I;
        if (iy < 0 || iy >= H || ix < 0 || ix >= W)
          std::memset(dst, 0, sizeof(float) * static_cast<size_t>(I));
        else
          std::memcpy(dst, in + ((n * H + iy) * W + ix) * I, sizeof(float) * static_cast<size_t>(I));
      }
    }
  }
}

}  // namespace

bool setStreamingConvolution(bool enabled) { return gEnabled.exchange(enabled, std::memory_order_relaxed); }

bool streamingConvolution(const Tensor& out, const Tensor& input, const Tensor& weight, const Tensor& bias,
                          const ConvParams& p, const ConvShape& s, bool weightsReused) {
  if (!takes(out, input, weight, bias, p, s, weightsReused)) return false;
  const Tensor packed = streamPackedWeights(weight);
  const int64_t positions = s.batch * s.out[1] * s.out[2];
  const int64_t K = s.kernel[1] * s.kernel[2] * s.inChannels;
  Tensor cols = empty({positions, K}, kFloat);
  channelsLastColumns(input.data_ptr<float>(), p, s, cols.data_ptr<float>());
  const Tensor b = bias.defined() ? bias.contiguous() : Tensor();
  const float* a = cols.data_ptr<float>();
  const float* w = static_cast<const float*>(packed.data_ptr());  // bytes of the packed layout
  const float* bp = b.defined() ? b.data_ptr<float>() : nullptr;
  float* c = out.data_ptr<float>();
  const StreamGemmFn gemm = streamGemmKernel();
  parallelFor(0, s.outChannels / kStreamPanel, 1,
              [&](int64_t p0, int64_t p1) { gemm(positions, K, a, K, w, bp, c, s.outChannels, p0, p1); });
  return true;
}

}  // namespace ember::conv
