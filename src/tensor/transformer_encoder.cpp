// _transformer_encoder_layer_fwd: one nn.TransformerEncoderLayer in inference, in ATen's order:
// attention, residual add, layer norm, feed-forward (linear, relu/gelu, linear), residual add,
// layer norm (or the norms first, when norm_first). The residual adds ride in the epilogues of
// the linears before them (linearWithEpilogue), rounding as separate adds do. A nested src stays
// nested: its padded rows are zeroed again after each step so they cannot grow past finite values.

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/linalg.h"
#include "ember/tensor/ops/norm.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/ops/transformer.h"
#include "ember/tensor/ops/unary.h"
#include "tensor/linear_onednn.h"
#include "tensor/transformer_attention.h"

namespace ember {
namespace {

// Layer norm over the last dim: the normalisation family's (vectorised) aten::layer_norm, as
// ATen's encoder calls it. The encoder's own scalar copy, with moments in double, took ~6% of
// the zoo's transformer at one thread.
Tensor layerNorm(const Tensor& x, int64_t D, const Tensor& gamma, const Tensor& beta, double eps) {
  EMBER_CHECK(gamma.numel() == D && beta.numel() == D, "Expected norm weight and bias of size [", D, "]");
  return layer_norm(x, {D}, gamma.reshape({D}), beta.reshape({D}), eps, false);
}

// The feed-forward block and the residual add after it: linear, relu or gelu, linear, + residual
// (the add folds into the second linear's epilogue on the packed route).
Tensor ffnPlusResidual(const Tensor& x, const Tensor& w1, const Tensor& b1, const Tensor& w2, const Tensor& b2,
                       bool useGelu, const Tensor& residual) {
  EMBER_CHECK(x.dim() == 3, "batched input size should be 3");
  EMBER_CHECK(w1.dim() == 2 && w2.dim() == 2, "2d weights expected");
  const int64_t B = x.size(0), T = x.size(1), N = w2.size(0);
  EMBER_CHECK(residual.sizes() == IntArrayRef({B, T, N}), "the feed-forward output and the residual differ in shape");
  const Tensor rows = x.reshape({B * T, x.size(2)});
  Tensor h = linear(rows, w1, b1);
  h = useGelu ? gelu(h) : relu_(h);
  return linalg::linearWithEpilogue(h, w2, b2, {residual.reshape({B * T, N})}).view({B, T, N});
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
  x = std::get<0>(attentionWithResidual(x, x, x, D, num_heads, qkv_weight, qkv_bias, proj_weight, proj_bias, mask,
                                        false, true, mask_type, src));
  if (!norm_first) x = layerNorm(x, D, norm_weight_1, norm_bias_1, eps);
  Tensor preFfn = x;
  if (norm_first) x = layerNorm(x, D, norm_weight_2, norm_bias_2, eps);
  x = ffnPlusResidual(x, ffn_weight_1, ffn_bias_1, ffn_weight_2, ffn_bias_2, use_gelu, preFfn);
  if (!norm_first) x = layerNorm(x, D, norm_weight_2, norm_bias_2, eps);
  return likeSrc(x, nested);
}

}  // namespace ember
