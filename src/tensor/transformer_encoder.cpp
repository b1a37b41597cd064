// _transformer_encoder_layer_fwd: one nn.TransformerEncoderLayer in inference, in ATen's order:
// attention, residual add, layer norm, feed-forward (linear, relu/gelu, linear), residual add,
// layer norm (or the norms first, when norm_first). A nested src stays nested: its padded rows
// are zeroed again after each step so they cannot grow past finite values.
#include <cmath>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/linalg.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/ops/transformer.h"
#include "ember/tensor/ops/unary.h"
#include "ember/tensor/parallel.h"

namespace ember {
namespace {

// Layer norm over the last dim, computed as ATen's CPU kernel does: y = (x * rstd - rstd * mean)
// * gamma + beta, rstd = 1 / sqrt(var + eps) with the biased variance. The moments are summed in
// double. (aten::layer_norm itself belongs to the normalisation family; this is the encoder's
// private copy.)
template <typename T>
void layerNormRowRange(const T* x, T* y, int64_t r0, int64_t r1, int64_t n, const T* gamma, const T* beta, double eps) {
  for (int64_t r = r0; r < r1; ++r) {
    const T* xr = x + r * n;
    T* yr = y + r * n;
    double mean = 0;
    for (int64_t j = 0; j < n; ++j) mean += xr[j];
    mean /= static_cast<double>(n);
    double var = 0;
    for (int64_t j = 0; j < n; ++j) var += (xr[j] - mean) * (xr[j] - mean);
    var /= static_cast<double>(n);
    const T rstd = T(1) / std::sqrt(static_cast<T>(var) + static_cast<T>(eps));
    const T shift = -rstd * static_cast<T>(mean);
    for (int64_t j = 0; j < n; ++j) yr[j] = (xr[j] * rstd + shift) * gamma[j] + beta[j];
  }
}

template <typename T>
void layerNormRows(const T* x, T* y, int64_t rows, int64_t n, const T* gamma, const T* beta, double eps) {
  // Rows are independent; a row costs three passes with double moments, so the grain is finer
  // than an elementwise op's (a 64 x 256 sequence splits over two threads).
  parallelFor(0, rows, std::max<int64_t>(1, 4096 / std::max<int64_t>(n, 1)),
              [&](int64_t r0, int64_t r1) { layerNormRowRange(x, y, r0, r1, n, gamma, beta, eps); });
}

Tensor layerNorm(const Tensor& x, int64_t D, const Tensor& gamma, const Tensor& beta, double eps) {
  EMBER_CHECK(gamma.numel() == D && beta.numel() == D, "Expected norm weight and bias of size [", D, "]");
  Tensor in = x.contiguous(), g = gamma.contiguous(), b = beta.contiguous();
  Tensor out = empty(x.sizes(), x.dtype());
  const int64_t rows = D == 0 ? 0 : x.numel() / D;
  visitFloatingDtype(x.dtype(), [&]<typename T>() {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
      layerNormRows<T>(in.data_ptr<T>(), out.data_ptr<T>(), rows, D, g.data_ptr<T>(), b.data_ptr<T>(), eps);
    } else {
      throwUnsupportedDtype("LayerNormKernelImpl", x.dtype());
    }
  });
  return out;
}

Tensor ffn(const Tensor& x, const Tensor& w1, const Tensor& b1, const Tensor& w2, const Tensor& b2, bool useGelu) {
  EMBER_CHECK(x.dim() == 3, "batched input size should be 3");
  EMBER_CHECK(w1.dim() == 2 && w2.dim() == 2, "2d weights expected");
  const int64_t B = x.size(0), T = x.size(1);
  Tensor h = addmm(b1, x.reshape({B * T, x.size(2)}), w1.t());
  h = useGelu ? gelu(h) : relu_(h);
  return addmm(b2, h, w2.t()).view({B, T, w2.size(0)});
}

// Re-attaches the lengths of a nested src (zeroing padded rows), or returns x as it is.
Tensor likeSrc(const Tensor& x, const NestedSizes* nested) { return nested ? makeNested(x, nested->lengths) : x; }

}  // namespace

Tensor _transformer_encoder_layer_fwd(const Tensor& src, int64_t embed_dim, int64_t num_heads, const Tensor& qkv_weight,
                                      const Tensor& qkv_bias, const Tensor& proj_weight, const Tensor& proj_bias,
                                      bool use_gelu, bool norm_first, double eps, const Tensor& norm_weight_1,
                                      const Tensor& norm_bias_1, const Tensor& norm_weight_2, const Tensor& norm_bias_2,
                                      const Tensor& ffn_weight_1, const Tensor& ffn_bias_1, const Tensor& ffn_weight_2,
                                      const Tensor& ffn_bias_2, const Tensor& mask, std::optional<int64_t> mask_type) {
  const NestedSizes* nested = src.impl()->nestedSizes();
  if (src.numel() == 0) return likeSrc(src.clone(), nested);
  const int64_t D = embed_dim;
  Tensor x = src;
  if (norm_first) x = likeSrc(layerNorm(x, D, norm_weight_1, norm_bias_1, eps), nested);
  x = std::get<0>(_native_multi_head_attention(x, x, x, D, num_heads, qkv_weight, qkv_bias, proj_weight, proj_bias,
                                               mask, false, true, mask_type));
  x.add_(src);
  if (!norm_first) x = layerNorm(x, D, norm_weight_1, norm_bias_1, eps);
  Tensor preFfn = x;
  if (norm_first) x = layerNorm(x, D, norm_weight_2, norm_bias_2, eps);
  x = ffn(x, ffn_weight_1, ffn_bias_1, ffn_weight_2, ffn_bias_2, use_gelu);
  x.add_(preFfn);
  if (!norm_first) x = layerNorm(x, D, norm_weight_2, norm_bias_2, eps);
  return likeSrc(x, nested);
}

}  // namespace ember
