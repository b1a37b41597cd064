// ember::conv2d_fused (see ember/tensor/ops/conv_fused.h): the convolution through the routed
// backends of conv_convolution.cpp, then its epilogue in place on the fresh output. A residual
// add and a clamping activation (relu, hardtanh) take one pass over memory together, where the
// unfused graph takes two (resnet's conv -> add_ -> relu_); an activation alone, or after the
// add, is ember's vectorised in-place kernel. The epilogue does not run inside the convolution's
// own loops, except on oneDNN without a residual: there the activation is an eltwise post-op.
// (Next: the residual as a oneDNN sum post-op, the epilogue per plane in the depthwise kernel
// and per block in the 1x1 GEMMs.)
#include <algorithm>
#include <array>

#include "ember/error.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/conv.h"
#include "ember/tensor/ops/conv_fused.h"
#include "ember/tensor/ops/unary.h"
#include "ember/tensor/parallel.h"
#include "tensor/conv_utils.h"
#include "tensor/epilogue_row.h"

#include <dnnl_types.h>

namespace ember {

namespace {

using fused_epilogue::Clamp;
using fused_epilogue::clampOf;

constexpr std::array<std::string_view, 8> kActivations = {"none", "relu",      "hardtanh",  "silu",
                                                           "gelu", "gelu_tanh", "hardswish", "sigmoid"};

template <typename T>
void addClampDense(T* out, const T* res, int64_t n, Clamp clamp, T lo, T hi) {
  parallelFor(0, n, 1 << 16, [=](int64_t b, int64_t e) {
    fused_epilogue::rowWith<T>(clamp, out + b, nullptr, res ? res + b : nullptr, e - b, lo, hi);
  });
}

// The residual can join the one-pass loop: same sizes, dtype and strides as the (dense) output.
bool sameLayout(const Tensor& out, const Tensor& residual) {
  return residual.sizes() == out.sizes() && residual.strides() == out.strides() &&
         residual.dtype() == out.dtype() && (out.dtype() == kFloat || out.dtype() == kDouble);
}

bool isDense(const Tensor& t) {
  int64_t extent = 1;
  for (int64_t d = 0; d < t.dim(); ++d) extent += (t.size(d) - 1) * t.stride(d);
  return extent == t.numel() || t.numel() == 0;
}

// The activation as a oneDNN eltwise post-op (used when the convolution runs on oneDNN).
conv::PostOp postOpOf(std::string_view activation, double lo, double hi) {
  auto op = [](dnnl_alg_kind_t a, double alpha = 0, double beta = 0) {
    return conv::PostOp{static_cast<int>(a), static_cast<float>(alpha), static_cast<float>(beta)};
  };
  if (activation == "relu") return op(dnnl_eltwise_relu);
  if (activation == "hardtanh") return op(dnnl_eltwise_clip, lo, hi);
  if (activation == "silu") return op(dnnl_eltwise_swish, 1.0);
  if (activation == "gelu") return op(dnnl_eltwise_gelu_erf);
  if (activation == "gelu_tanh") return op(dnnl_eltwise_gelu_tanh);
  if (activation == "hardswish") return op(dnnl_eltwise_hardswish);
  if (activation == "sigmoid") return op(dnnl_eltwise_logistic);
  return {};
}

}  // namespace

void apply_epilogue_activation_(Tensor& out, std::string_view activation) {
  if (activation == "silu") silu_(out);
  else if (activation == "gelu") gelu_(out, "none");
  else if (activation == "gelu_tanh") gelu_(out, "tanh");
  else if (activation == "hardswish") hardswish_(out);
  else if (activation == "sigmoid") sigmoid_(out);
}

void apply_fused_activation_(Tensor& out, std::string_view activation, double lo, double hi) {
  const Clamp clamp = clampOf(activation);
  if (clamp == Clamp::Relu) relu_(out);
  else if (clamp == Clamp::Range) hardtanh_(out, lo, hi);
  else apply_epilogue_activation_(out, activation);
}

bool isConvEpilogueActivation(std::string_view activation) {
  return std::find(kActivations.begin(), kActivations.end(), activation) != kActivations.end();
}

Tensor conv2d_fused(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
                    IntArrayRef padding, IntArrayRef dilation, int64_t groups, const Tensor& residual,
                    std::string_view activation, double lo, double hi) {
  EMBER_CHECK(isConvEpilogueActivation(activation), "ember::conv2d_fused: unknown activation '", activation, "'");
  if (!residual.defined() && activation != "none" && input.dtype() == kFloat) {
    // Routed to oneDNN, the activation runs inside the convolution as a post-op, while each
    // block of the output is still in cache.
    bool applied = false;
    Tensor out = conv::conv2dWithPostOp(input, weight, bias, stride, padding, dilation, groups,
                                        postOpOf(activation, lo, hi), applied);
    if (!applied) apply_fused_activation_(out, activation, lo, hi);
    return out;
  }
  Tensor out = conv2d(input, weight, bias, stride, padding, dilation, groups);
  const Clamp clamp = clampOf(activation);
  const bool floating = out.dtype() == kFloat || out.dtype() == kDouble;
  // Without a residual the activation's own (per-ISA) kernel is as fast as any loop here: both
  // make the one pass the activation needs.
  const bool onePass = floating && isDense(out) && residual.defined() && sameLayout(out, residual);
  if (!onePass) {
    // The general rules: add's broadcasting and promotion, then the activation's own kernel.
    if (residual.defined()) out = add(out, residual);
    apply_fused_activation_(out, activation, lo, hi);
    return out;
  }
  if (out.dtype() == kFloat)
    addClampDense<float>(out.data_ptr<float>(), residual.data_ptr<float>(), out.numel(), clamp, static_cast<float>(lo),
                         static_cast<float>(hi));
  else
    addClampDense<double>(out.data_ptr<double>(), residual.data_ptr<double>(), out.numel(), clamp, lo, hi);
  apply_epilogue_activation_(out, activation);
  return out;
}

}  // namespace ember
