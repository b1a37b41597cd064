// Evaluation-mode batch norm with its epilogue, as one operator: out = act(bn(x) + residual),
// where bn(x) = x * scale[c] + shift[c] with scale = weight / sqrt(running_var + eps) and
// shift = bias - running_mean * scale (computed per call from the module's current running
// statistics: C-length vectors, cheap), the residual optional, the activation as
// conv2d_fused names it (ember/tensor/ops/conv_fused.h: "none", "relu", "hardtanh" in [lo, hi],
// "silu", "gelu", "gelu_tanh", "hardswish", "sigmoid"). The profiling executor forms these on
// inference plans (passes/fuse_batch_norm_epilogue.h).
//
//   conv2d_bn_fused(x, w, b, stride, padding, dilation, groups, bn_w, bn_b, mean, var, eps, identity, "relu")
//   // == relu(add(batch_norm(conv2d(x, w, b, ...), bn_w, bn_b, mean, var, false, _, eps), identity))
//
// With post-ops on (EMBER_BN_POSTOPS=1 or setBatchNormPostOps; off by default), a convolution
// without a residual that runs on oneDNN applies the scale, shift and relu/hardtanh as its
// post-ops. Otherwise scale, shift, residual add and relu/hardtanh take one pass over
// memory, for float tensors contiguous or channels-last with a residual of the same layout:
// where oneDNN computes the convolution in a blocked layout (its Winograd kernels, the NCHW
// image stem), the pass that moves that result into the channels-last output; else a pass over
// the convolution's fresh output, in place. Anything else runs the unfused operators in turn.
#pragma once

#include <string_view>

#include "ember/tensor/tensor.h"

namespace ember {

Tensor batch_norm_fused(const Tensor& input, const Tensor& weight, const Tensor& bias, const Tensor& running_mean,
                        const Tensor& running_var, double eps, const Tensor& residual, std::string_view activation,
                        double lo = 0.0, double hi = 0.0);

Tensor conv2d_bn_fused(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
                       IntArrayRef padding, IntArrayRef dilation, int64_t groups, const Tensor& bn_weight,
                       const Tensor& bn_bias, const Tensor& running_mean, const Tensor& running_var, double eps,
                       const Tensor& residual, std::string_view activation, double lo = 0.0, double hi = 0.0);

// conv2d_bn_fused's result max-pooled as max_pool2d(result, kernel_size, pool_stride,
// pool_padding, pool_dilation, ceil_mode) would (resnet's stem). Where the store pass moves a
// blocked result and the activation is relu, hardtanh or none, it pools on the way, and the
// full-size result is never written.
Tensor conv2d_bn_max_pool2d(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
                            IntArrayRef padding, IntArrayRef dilation, int64_t groups, const Tensor& bn_weight,
                            const Tensor& bn_bias, const Tensor& running_mean, const Tensor& running_var, double eps,
                            const Tensor& residual, std::string_view activation, double lo, double hi,
                            IntArrayRef kernel_size, IntArrayRef pool_stride, IntArrayRef pool_padding,
                            IntArrayRef pool_dilation, bool ceil_mode);

// Whether conv2d_bn_fused may use oneDNN post-ops (the default comes from EMBER_BN_POSTOPS).
void setBatchNormPostOps(bool enabled);

}  // namespace ember
