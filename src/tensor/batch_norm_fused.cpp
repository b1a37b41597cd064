// ember::batch_norm_fused and ember::conv2d_bn_fused (see ember/tensor/ops/batch_norm_fused.h):
// evaluation batch norm as the per-channel scale and shift native_batch_norm uses (computed in
// double from the running statistics, then rounded to the tensor's dtype), with the residual add
// and a clamping activation in the same pass. Unfused, resnet's conv -> batch_norm -> add_ ->
// relu_ reads and writes the convolution's output three times; here once, right after the
// convolution wrote it (kernels/affine_epilogue.isa.cpp), or not at all: in the pass that moves
// oneDNN's blocked result into the output (conv::StoreEpilogue), or as oneDNN post-ops.
#include "ember/tensor/ops/batch_norm_fused.h"

#include <dnnl_types.h>

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "ember/error.h"
#include "ember/tensor/ops/conv.h"
#include "ember/tensor/ops/conv_fused.h"
#include "ember/tensor/ops/norm.h"
#include "ember/tensor/ops/pool.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/unary.h"
#include "ember/tensor/parallel.h"
#include "tensor/conv_utils.h"
#include "tensor/epilogue_row.h"
#include "tensor/nn_layout.h"

namespace ember {
namespace {

using fused_epilogue::clampOf;

struct Affine {
  std::vector<float> scale, shift;
};

// A 1-D float parameter's values as doubles (fill when undefined).
std::vector<double> values(const Tensor& t, int64_t C, double fill) {
  std::vector<double> v(static_cast<size_t>(C), fill);
  if (!t.defined()) return v;
  const Tensor c = t.contiguous();
  const float* p = c.data_ptr<float>();
  for (int64_t i = 0; i < C; ++i) v[i] = p[i];
  return v;
}

// native_batch_norm's evaluation terms: scale = weight / sqrt(var + eps), shift = bias - mean * scale.
Affine affineOf(const Tensor& weight, const Tensor& bias, const Tensor& mean, const Tensor& var, double eps,
                int64_t C) {
  const std::vector<double> w = values(weight, C, 1.0), b = values(bias, C, 0.0), m = values(mean, C, 0.0),
                            v = values(var, C, 1.0);
  Affine a{std::vector<float>(C), std::vector<float>(C)};
  for (int64_t c = 0; c < C; ++c) {
    const double s = 1.0 / std::sqrt(v[c] + eps) * w[c];
    a.scale[c] = static_cast<float>(s);
    a.shift[c] = static_cast<float>(b[c] - m[c] * s);
  }
  return a;
}

affine_epilogue::Terms termsOf(const Affine& af, std::string_view activation, double lo, double hi) {
  return {af.scale.data(), af.shift.data(), clampOf(activation), static_cast<float>(lo), static_cast<float>(hi)};
}

void applyDense(float* out, const float* x, const float* res, int64_t N, int64_t C, int64_t S, bool channelsLast,
                const affine_epilogue::Terms& t) {
  const auto& kernels = affine_epilogue::affineEpilogueKernels();
  if (!channelsLast) {
    parallelFor(0, N * C, std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, S)), [&](int64_t p0, int64_t p1) {
      for (int64_t p = p0; p < p1; ++p)
        kernels.plane(out + p * S, x + p * S, res ? res + p * S : nullptr, S, p % C, t);
    });
    return;
  }
  parallelFor(0, N * S, std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, C)), [&](int64_t r0, int64_t r1) {
    kernels.channelsLast(out + r0 * C, x + r0 * C, res ? res + r0 * C : nullptr, r1 - r0, C, t);
  });
}

bool isFloatOrUndefined(const Tensor& t) { return !t.defined() || t.dtype() == kFloat; }

// Parameters the one pass and the post-ops read as C floats.
bool paramsFloat(const Tensor& weight, const Tensor& bias, const Tensor& mean, const Tensor& var, int64_t C) {
  if (!mean.defined() || !var.defined()) return false;
  for (const Tensor* p : {&weight, &bias, &mean, &var})
    if (!isFloatOrUndefined(*p) || (p->defined() && p->numel() != C)) return false;
  return true;
}

// Whether `x` (and the residual, parameters) take the one-pass loop; `channelsLast` says how.
bool takesOnePass(const Tensor& x, const Tensor& weight, const Tensor& bias, const Tensor& mean, const Tensor& var,
                  const Tensor& residual, bool& channelsLast) {
  if (x.dtype() != kFloat || x.dim() < 2 || x.numel() == 0) return false;
  if (!paramsFloat(weight, bias, mean, var, x.size(1))) return false;
  channelsLast = !x.is_contiguous() && nn::isChannelsLast(x);
  if (!x.is_contiguous() && !channelsLast) return false;
  if (channelsLast && (x.dim() != 4 || x.strides() != IntArrayRef(nn::channelsLastStrides(x.sizes())))) return false;
  if (!residual.defined()) return true;
  return residual.dtype() == kFloat && residual.sizes() == x.sizes() && residual.strides() == x.strides();
}

// The unfused operators in turn (any dtype, layout or broadcasting residual).
Tensor unfused(const Tensor& x, const Tensor& weight, const Tensor& bias, const Tensor& mean, const Tensor& var,
               double eps, const Tensor& residual, std::string_view activation, double lo, double hi) {
  Tensor out = batch_norm(x, weight, bias, mean, var, /*training=*/false, 0.0, eps, false);
  if (residual.defined()) out = add(out, residual);
  apply_fused_activation_(out, activation, lo, hi);
  return out;
}

// The one pass from `x` into `out` (which may be `x`).
void onePass(const Tensor& out, const Tensor& x, const Affine& af, const Tensor& residual, std::string_view activation,
             double lo, double hi, bool channelsLast) {
  const int64_t N = x.size(0), C = x.size(1), S = x.numel() / std::max<int64_t>(1, N * C);
  const float* res = residual.defined() ? residual.data_ptr<float>() : nullptr;
  applyDense(out.data_ptr<float>(), x.data_ptr<float>(), res, N, C, S, channelsLast,
             termsOf(af, activation, lo, hi));
}

// EMBER_BN_POSTOPS=1 puts the scale and shift into oneDNN as per-channel post-ops; by default
// they are the one pass after the plain convolution. Measured idle, 1 thread, alternating (docs/
// performance.md): the post-ops are no faster warm (resnet18 34-39 against 31-35 ms,
// mobilenet_v2 10-15 against 9-12) and their plans are new oneDNN primitives built at the
// specialised plan's first call (mobilenet_v2's second call 71-108 against 55-67 ms).
std::atomic<bool> gPostOps{[] {
  const char* env = std::getenv("EMBER_BN_POSTOPS");
  return env && std::string_view(env) == "1";
}()};

bool postOpsEnabled() { return gPostOps.load(std::memory_order_relaxed); }

// relu and hardtanh as oneDNN eltwise post-ops; the other activations run after the convolution.
conv::PostOp clampPostOp(std::string_view activation, double lo, double hi) {
  conv::PostOp post;
  if (activation == "relu") post.algorithm = static_cast<int>(dnnl_eltwise_relu);
  if (activation == "hardtanh")
    post = {static_cast<int>(dnnl_eltwise_clip), static_cast<float>(lo), static_cast<float>(hi)};
  return post;
}

void checkActivation(std::string_view activation, const char* op) {
  EMBER_CHECK(isConvEpilogueActivation(activation), op, ": unknown activation '", activation, "'");
}

}  // namespace

Tensor batch_norm_fused(const Tensor& input, const Tensor& weight, const Tensor& bias, const Tensor& running_mean,
                        const Tensor& running_var, double eps, const Tensor& residual, std::string_view activation,
                        double lo, double hi) {
  checkActivation(activation, "ember::batch_norm_fused");
  bool channelsLast = false;
  if (!takesOnePass(input, weight, bias, running_mean, running_var, residual, channelsLast))
    return unfused(input, weight, bias, running_mean, running_var, eps, residual, activation, lo, hi);
  Tensor out = nn::emptyIn(input.sizes(), kFloat, channelsLast);
  onePass(out, input, affineOf(weight, bias, running_mean, running_var, eps, input.size(1)), residual, activation, lo,
          hi, channelsLast);
  apply_epilogue_activation_(out, activation);  // the clamp ran in the pass
  return out;
}

namespace {

// conv2d_bn_fused. With `pool`, the store epilogue may also max-pool the result while it moves
// a blocked one, where the activation is a clamp or none (max commutes with those, not with
// silu's dip): `pooled` then says the result is pooled; otherwise the caller pools it.
Tensor convBatchNorm(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
                     IntArrayRef padding, IntArrayRef dilation, int64_t groups, const Tensor& bn_weight,
                     const Tensor& bn_bias, const Tensor& running_mean, const Tensor& running_var, double eps,
                     const Tensor& residual, std::string_view activation, double lo, double hi,
                     const conv::MaxPoolArgs* pool, bool& pooled) {
  pooled = false;
  checkActivation(activation, pool ? "ember::conv2d_bn_max_pool2d" : "ember::conv2d_bn_fused");
  if (input.dtype() != kFloat || weight.dtype() != kFloat || weight.dim() != 4 ||
      !paramsFloat(bn_weight, bn_bias, running_mean, running_var, weight.size(0))) {
    Tensor out = conv2d(input, weight, bias, stride, padding, dilation, groups);
    return unfused(out, bn_weight, bn_bias, running_mean, running_var, eps, residual, activation, lo, hi);
  }
  const Affine af = affineOf(bn_weight, bn_bias, running_mean, running_var, eps, weight.size(0));
  Tensor out;
  bool applied = false;
  if (postOpsEnabled() && !residual.defined()) {
    // Routed to oneDNN, the scale, shift and a clamping activation run inside the convolution
    // (per-channel binary post-ops, then eltwise), while each block of the output is in cache.
    conv::PostOp post = clampPostOp(activation, lo, hi);
    post.scale = af.scale.data();
    post.shift = af.shift.data();
    out = conv::conv2dWithPostOp(input, weight, bias, stride, padding, dilation, groups, post, applied);
    if (applied) {
      if (post.algorithm == 0) apply_epilogue_activation_(out, activation);
      return out;
    }
  } else {
    // Where oneDNN's result is blocked, the pass that moves it into the output applies the terms.
    conv::StoreEpilogue store{termsOf(af, activation, lo, hi), residual};
    if (activation == "none" || clampOf(activation) != fused_epilogue::Clamp::None) store.pool = pool;
    out = conv::conv2dWithPostOp(input, weight, bias, stride, padding, dilation, groups, conv::PostOp{}, applied,
                                 &store);
    if (store.applied && store.pool) {
      pooled = true;
      return store.pooled;
    }
    if (store.applied) {
      apply_epilogue_activation_(out, activation);  // the clamp ran in the pass
      return out;
    }
  }
  bool channelsLast = false;
  if (!takesOnePass(out, bn_weight, bn_bias, running_mean, running_var, residual, channelsLast))
    return unfused(out, bn_weight, bn_bias, running_mean, running_var, eps, residual, activation, lo, hi);
  // The convolution's output is fresh: the pass writes it in place.
  onePass(out, out, af, residual, activation, lo, hi, channelsLast);
  apply_epilogue_activation_(out, activation);  // the clamp ran in the pass
  return out;
}

}  // namespace

Tensor conv2d_bn_fused(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
                       IntArrayRef padding, IntArrayRef dilation, int64_t groups, const Tensor& bn_weight,
                       const Tensor& bn_bias, const Tensor& running_mean, const Tensor& running_var, double eps,
                       const Tensor& residual, std::string_view activation, double lo, double hi) {
  bool pooled = false;
  return convBatchNorm(input, weight, bias, stride, padding, dilation, groups, bn_weight, bn_bias, running_mean,
                       running_var, eps, residual, activation, lo, hi, nullptr, pooled);
}

Tensor conv2d_bn_max_pool2d(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
                            IntArrayRef padding, IntArrayRef dilation, int64_t groups, const Tensor& bn_weight,
                            const Tensor& bn_bias, const Tensor& running_mean, const Tensor& running_var, double eps,
                            const Tensor& residual, std::string_view activation, double lo, double hi,
                            IntArrayRef kernel_size, IntArrayRef pool_stride, IntArrayRef pool_padding,
                            IntArrayRef pool_dilation, bool ceil_mode) {
  const conv::MaxPoolArgs pool{kernel_size, pool_stride, pool_padding, pool_dilation, ceil_mode};
  bool pooled = false;
  Tensor out = convBatchNorm(input, weight, bias, stride, padding, dilation, groups, bn_weight, bn_bias, running_mean,
                             running_var, eps, residual, activation, lo, hi, &pool, pooled);
  return pooled ? out : max_pool2d(out, kernel_size, pool_stride, pool_padding, pool_dilation, ceil_mode);
}

void setBatchNormPostOps(bool enabled) { gPostOps.store(enabled, std::memory_order_relaxed); }

}  // namespace ember
