// A 2-D convolution with its epilogue: conv2d(input, weight, bias), then an optional residual
// add, then an optional activation, as one operator (ember::conv2d_fused, formed on frozen graphs
// by the fuse_conv_epilogue pass). A convolution oneDNN runs applies a lone activation inside
// its kernel (a post-op); otherwise the residual add and relu/hardtanh run in one pass over the
// convolution's output, in place, and the other activations in place after it. Results may
// differ from the unfused operators' in the last bits for silu/gelu/hardswish/sigmoid on oneDNN.
//
//   Tensor y = conv2d_fused(x, w, b, {1}, {1}, {1}, 1, identity, "relu");
//   // == relu(add(conv2d(x, w, b, {1}, {1}, {1}, 1), identity))
//
// Activations: "none", "relu", "hardtanh" (clamped to [lo, hi]; relu6 is hardtanh 0..6),
// "silu", "gelu", "gelu_tanh", "hardswish", "sigmoid". A residual whose shape, dtype or
// layout differs from the output's is added by aten::add's rules (broadcasting, promotion).
#pragma once

#include <string_view>

#include "ember/tensor/tensor.h"

namespace ember {

Tensor conv2d_fused(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
                    IntArrayRef padding, IntArrayRef dilation, int64_t groups, const Tensor& residual,
                    std::string_view activation, double lo = 0.0, double hi = 0.0);

// The activations other than the clamps ("silu", "gelu", "gelu_tanh", "hardswish", "sigmoid")
// in place on `out` with their own kernels; any other name leaves `out` alone.
void apply_epilogue_activation_(Tensor& out, std::string_view activation);
// Any activation conv2d_fused names in place on `out`, the clamps included (relu_, hardtanh_
// in [lo, hi]); "none" leaves it alone.
void apply_fused_activation_(Tensor& out, std::string_view activation, double lo, double hi);

// Whether `activation` is one conv2d_fused knows.
bool isConvEpilogueActivation(std::string_view activation);

}  // namespace ember
