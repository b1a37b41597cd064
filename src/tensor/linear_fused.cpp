// ember::matmul_fused and ember::linear_fused (see ember/tensor/ops/linear_fused.h): the product
// through matmul/linear's routed GEMM, then the epilogue over the fresh output in place: a bias
// per column, a dense residual and relu/hardtanh in one pass over the rows, the other
// activations with their own in-place kernels after it.
#include <algorithm>

#include "ember/error.h"
#include "ember/tensor/ops/conv_fused.h"
#include "ember/tensor/ops/linalg.h"
#include "ember/tensor/ops/linear_fused.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/unary.h"
#include "ember/tensor/parallel.h"
#include "tensor/epilogue_row.h"

namespace ember {

namespace {

using fused_epilogue::Clamp;
using fused_epilogue::clampOf;

template <typename T>
void epilogueRows(Tensor& out, const Tensor& bias, const Tensor& residual, Clamp clamp, double lo, double hi) {
  const int64_t cols = out.dim() == 0 ? 1 : out.size(-1), rows = cols == 0 ? 0 : out.numel() / cols;
  T* o = out.data_ptr<T>();
  const T* b = bias.defined() ? bias.data_ptr<T>() : nullptr;
  const T* r = residual.defined() ? residual.data_ptr<T>() : nullptr;
  const T l = static_cast<T>(lo), h = static_cast<T>(hi);
  parallelFor(0, rows, std::max<int64_t>(1, (int64_t{1} << 16) / std::max<int64_t>(cols, 1)), [=](int64_t s, int64_t e) {
    for (int64_t row = s; row < e; ++row) {
      T* dst = o + row * cols;
      const T* res = r ? r + row * cols : nullptr;
      fused_epilogue::rowWith<T>(clamp, dst, b, res, cols, l, h);
    }
  });
}

bool floating(const Tensor& t) { return t.dtype() == kFloat || t.dtype() == kDouble; }

// The bias joins the one-pass loop: a contiguous vector of the output's last dim and dtype
// (adding it keeps the output's shape and dtype).
bool rowBias(const Tensor& out, const Tensor& bias) {
  return !bias.defined() || (out.dim() >= 1 && bias.dim() == 1 && bias.size(0) == out.size(-1) &&
                             bias.dtype() == out.dtype() && bias.is_contiguous());
}

bool denseResidual(const Tensor& out, const Tensor& residual) {
  return !residual.defined() ||
         (residual.sizes() == out.sizes() && residual.dtype() == out.dtype() && residual.is_contiguous());
}

// The epilogue in place on `out` (the product's fresh result; the general path may replace it).
Tensor epilogue(Tensor out, const Tensor& bias, const Tensor& residual, std::string_view activation, double lo,
                double hi) {
  // A lone first addend of the output's own shape (a residual added straight to the product)
  // takes the residual's place in the one-pass loop: the same single addition.
  if (bias.defined() && !residual.defined() && !rowBias(out, bias) && denseResidual(out, bias))
    return epilogue(std::move(out), Tensor(), bias, activation, lo, hi);
  const Clamp clamp = clampOf(activation);
  const bool onePass = floating(out) && out.is_contiguous() && out.numel() > 0 && rowBias(out, bias) &&
                       denseResidual(out, residual);
  if (!onePass) {
    // aten::add's rules (broadcasting, promotion), then the activation's own kernel.
    if (bias.defined()) out = add(out, bias);
    if (residual.defined()) out = add(out, residual);
    apply_fused_activation_(out, activation, lo, hi);
    return out;
  }
  if (bias.defined() || residual.defined() || clamp != Clamp::None) {
    if (out.dtype() == kFloat) epilogueRows<float>(out, bias, residual, clamp, lo, hi);
    else epilogueRows<double>(out, bias, residual, clamp, lo, hi);
  }
  apply_epilogue_activation_(out, activation);
  return out;
}

}  // namespace

Tensor matmul_fused(const Tensor& self, const Tensor& other, const Tensor& bias, const Tensor& residual,
                    std::string_view activation, double lo, double hi) {
  EMBER_CHECK(isConvEpilogueActivation(activation), "ember::matmul_fused: unknown activation '", activation, "'");
  return epilogue(matmul(self, other), bias, residual, activation, lo, hi);
}

Tensor linear_fused(const Tensor& input, const Tensor& weight, const Tensor& bias, const Tensor& residual,
                    std::string_view activation, double lo, double hi) {
  EMBER_CHECK(isConvEpilogueActivation(activation), "ember::linear_fused: unknown activation '", activation, "'");
  return epilogue(linear(input, weight, bias), Tensor(), residual, activation, lo, hi);
}

}  // namespace ember
