// The store epilogue of a convolution (conv_utils.h's StoreEpilogue): oneDNN's blocked result
// (nChw<B>c) moved into the channels-last output with an evaluation batch norm's terms, a
// residual and a clamp applied on the way, or max-pooled on the way as well.
#include <algorithm>

#include "ember/error.h"
#include "ember/tensor/parallel.h"
#include "tensor/conv_utils.h"
#include "tensor/nn_layout.h"
#include "tensor/pool_kernels.h"
#include "tensor/pool_utils.h"

namespace ember::conv {
namespace {

// Window taps the pooled store gathers per output position (3x3 in the models; a larger
// window takes the unfused operators).
constexpr int64_t kMaxPoolTaps = 64;

// max_pool2d's geometry over the convolution's result `out`; nullopt where the arguments are
// wrong (the unfused max_pool2d then reports them) or the pooled store does not apply.
std::optional<pool::Geom> poolGeom(const Tensor& out, const MaxPoolArgs& a) {
  try {
    pool::Geom g = pool::maxPoolGeom(out, 2, a.kernel, a.stride, a.padding, a.dilation, a.ceilMode);
    if (!g.channelsLast || g.kernel[1] * g.kernel[2] > kMaxPoolTaps) return std::nullopt;
    return g;
  } catch (const Error&) {
    return std::nullopt;
  }
}

// Output rows [r0, r1) (over images and heights) of the pooled store; `blocked` holds the whole
// result. Per row, one block of channels at a time: its input rows (3 x W x B floats for resnet's
// stem, ~21 KB) stay in L1 while the row's positions read them, and the output row across the
// blocks (OW x C floats) in L1 or L2.
void poolRows(float* pooled, const float* blocked, int64_t B, const pool::Geom& g, const affine_epilogue::Terms& t,
              int64_t r0, int64_t r1) {
  const auto& kernels = affine_epilogue::affineEpilogueKernels();
  const int64_t C = g.channels, H = g.in[1], W = g.in[2], OH = g.out[1], OW = g.out[2];
  const float* taps[kMaxPoolTaps];
  for (int64_t r = r0; r < r1; ++r) {
    const int64_t n = r / OH, oh = r % OH;
    const pool::Span sh = pool::window(oh, H, g.kernel[1], g.stride[1], g.pad[1], g.dilation[1]);
    float* row = pooled + r * OW * C;
    for (int64_t c = 0; c < C; c += B) {
      const float* plane = blocked + (n * C + c) * H * W;  // block c / B of image n
      for (int64_t ow = 0; ow < OW; ++ow) {
        const pool::Span sw = pool::window(ow, W, g.kernel[2], g.stride[2], g.pad[2], g.dilation[2]);
        int64_t count = 0;
        for (int64_t ih = sh.begin; ih < sh.end; ih += sh.step)
          for (int64_t iw = sw.begin; iw < sw.end; iw += sw.step) taps[count++] = plane + (ih * W + iw) * B;
        float* dst = row + ow * C + c;
        if (count == 0)
          std::fill(dst, dst + B, pool::lowest<float>());
        else
          kernels.maxOfTaps(dst, taps, count, c, B, t);
      }
    }
  }
}

void storePooled(const Tensor& out, const float* blocked, int64_t B, StoreEpilogue& store) {
  const pool::Geom g = *poolGeom(out, *store.pool);
  store.pooled = nn::emptyIn(g.outSizes(), kFloat, /*channelsLast=*/true);
  float* pooled = store.pooled.data_ptr<float>();
  const int64_t rows = g.batch * g.out[1];
  const int64_t perRow = g.out[2] * g.channels * g.kernel[1] * g.kernel[2];
  parallelFor(0, rows, std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, perRow)),
              [&](int64_t r0, int64_t r1) { poolRows(pooled, blocked, B, g, store.terms, r0, r1); });
}

}  // namespace

bool storeTermsFit(const Tensor& out, const StoreEpilogue& store) {
  if (!store.terms.scale || !store.terms.shift) return false;
  const Tensor& r = store.residual;
  return !r.defined() || (r.dtype() == kFloat && r.sizes() == out.sizes() && r.strides() == out.strides());
}

bool storeFitsPool(const Tensor& out, const StoreEpilogue& store) {
  return !store.pool || (!store.residual.defined() && out.dim() == 4 && poolGeom(out, *store.pool).has_value());
}

void storeBlocked(const Tensor& out, const float* blocked, int64_t B, StoreEpilogue& store) {
  if (store.pool) return storePooled(out, blocked, B, store);
  const int64_t N = out.size(0), C = out.size(1), S = out.size(2) * out.size(3);
  const auto& kernels = affine_epilogue::affineEpilogueKernels();
  float* o = out.data_ptr<float>();
  const float* r = store.residual.defined() ? store.residual.data_ptr<float>() : nullptr;
  for (int64_t n = 0; n < N; ++n) {
    const int64_t image = n * C * S;
    parallelFor(0, S, std::max<int64_t>(1, kGrainSize / C), [&](int64_t s0, int64_t s1) {
      kernels.unblock(o + image, blocked + image, r ? r + image : nullptr, s0, s1, S, C, B, store.terms);
    });
  }
}

}  // namespace ember::conv
