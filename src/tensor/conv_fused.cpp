// ember::conv2d_fused (see ember/tensor/ops/conv_fused.h): the convolution through the routed
// backends of conv_convolution.cpp, then its epilogue in place on the fresh output. A residual
// add and a clamping activation (relu, hardtanh) take one pass over memory together, where the
// unfused graph takes one per operator (resnet's conv -> add_ -> relu_: three passes become one
// after the convolution's own); the other activations are ember's vectorised in-place kernels.
#include <algorithm>
#include <array>
#include <limits>

#include "ember/error.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/conv.h"
#include "ember/tensor/ops/conv_fused.h"
#include "ember/tensor/ops/unary.h"
#include "ember/tensor/parallel.h"

namespace ember {

namespace {

enum class Clamp { None, Relu, Range };

constexpr std::array<std::string_view, 8> kActivations = {"none", "relu",      "hardtanh",  "silu",
                                                           "gelu", "gelu_tanh", "hardswish", "sigmoid"};

// out[i] = clamp(out[i] + res[i]) over a dense block; res may be null (no residual).
template <typename T>
void addClampInPlace(T* out, const T* res, int64_t n, Clamp clamp, T lo, T hi) {
  parallelFor(0, n, 1 << 15, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) {
      T v = out[i];
      if (res) v += res[i];
      // Comparisons leave NaN as it is, as aten::relu and aten::hardtanh do.
      if (clamp == Clamp::Relu) v = v < T(0) ? T(0) : v;
      else if (clamp == Clamp::Range) v = v < lo ? lo : (v > hi ? hi : v);
      out[i] = v;
    }
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

void applyActivation(Tensor& out, std::string_view activation) {
  if (activation == "silu") silu_(out);
  else if (activation == "gelu") gelu_(out, "none");
  else if (activation == "gelu_tanh") gelu_(out, "tanh");
  else if (activation == "hardswish") hardswish_(out);
  else if (activation == "sigmoid") sigmoid_(out);
}

}  // namespace

bool isConvEpilogueActivation(std::string_view activation) {
  return std::find(kActivations.begin(), kActivations.end(), activation) != kActivations.end();
}

Tensor conv2d_fused(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
                    IntArrayRef padding, IntArrayRef dilation, int64_t groups, const Tensor& residual,
                    std::string_view activation, double lo, double hi) {
  EMBER_CHECK(isConvEpilogueActivation(activation), "ember::conv2d_fused: unknown activation '", activation, "'");
  Tensor out = conv2d(input, weight, bias, stride, padding, dilation, groups);
  const Clamp clamp = activation == "relu" ? Clamp::Relu : activation == "hardtanh" ? Clamp::Range : Clamp::None;
  const bool floating = out.dtype() == kFloat || out.dtype() == kDouble;
  const bool onePass = floating && isDense(out) && (!residual.defined() || sameLayout(out, residual));
  if (!onePass) {
    // The general rules: add's broadcasting and promotion, then the activation's own kernel.
    if (residual.defined()) out = add(out, residual);
    if (clamp == Clamp::Relu) relu_(out);
    else if (clamp == Clamp::Range) hardtanh_(out, lo, hi);
    else applyActivation(out, activation);
    return out;
  }
  if (residual.defined() || clamp != Clamp::None) {
    if (out.dtype() == kFloat)
      addClampInPlace<float>(out.data_ptr<float>(), residual.defined() ? residual.data_ptr<float>() : nullptr,
                             out.numel(), clamp, static_cast<float>(lo), static_cast<float>(hi));
    else
      addClampInPlace<double>(out.data_ptr<double>(), residual.defined() ? residual.data_ptr<double>() : nullptr,
                              out.numel(), clamp, lo, hi);
  }
  applyActivation(out, activation);
  return out;
}

}  // namespace ember
