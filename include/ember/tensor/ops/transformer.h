// Tensor ops of the transformer family: the fused attention and encoder-layer kernels that
// nn.MultiheadAttention and nn.TransformerEncoderLayer call in inference ("fast path"), and the
// nested-tensor conversions nn.TransformerEncoder wraps around them for padded batches.
//
// Nested tensors: ember has no separate nested layout. A nested tensor is the padded tensor
// [B, L, D] (L = the longest sequence; rows past a sequence's length hold zeros) carrying its
// sequence lengths (NestedSizes in tensor.h; `t.is_nested()`). The ops here read the lengths: the
// attention masks the padded keys, exactly as PyTorch's nested kernels see only the real rows,
// and to_padded_tensor turns the result back into a plain tensor. Any other op treats a nested
// tensor as its padded form.
//
// Masks: `mask_type` 1 is a key padding mask [B, S], 0 an attention mask [T, S], True meaning
// "do not attend" (non-bool masks are converted to bool, as PyTorch does with a warning). Rows
// with every key masked come out NaN, as in PyTorch 1.13.
//
// float32 and float64.
#pragma once

#include <optional>
#include <tuple>

#include "ember/tensor/tensor.h"

namespace ember {

// query/key/value [B, T, D] (the same tensor for self attention); qkv_weight [3D, D], qkv_bias
// [3D], proj_weight [D, D], proj_bias [D]. Returns (output [B, T, D], weights): the attention
// weights [B, T, T] averaged over heads, [B, num_head, T, T] if not average_attn_weights, and an
// undefined tensor (None) unless need_weights.
std::tuple<Tensor, Tensor> _native_multi_head_attention(const Tensor& query, const Tensor& key, const Tensor& value,
                                                         int64_t embed_dim, int64_t num_head,
                                                         const Tensor& qkv_weight, const Tensor& qkv_bias,
                                                         const Tensor& proj_weight, const Tensor& proj_bias,
                                                         const Tensor& mask = {}, bool need_weights = true,
                                                         bool average_attn_weights = true,
                                                         std::optional<int64_t> mask_type = std::nullopt);

// qkv [B, T, 3D] + qkv_bias [3D] -> q, k, v [B, num_heads, T, D / num_heads], q scaled by
// 1 / sqrt(D / num_heads).
std::tuple<Tensor, Tensor, Tensor> _transform_bias_rescale_qkv(const Tensor& qkv, const Tensor& qkv_bias,
                                                               int64_t num_heads);

// One nn.TransformerEncoderLayer in inference: self attention, residual, layer norm and the
// feed-forward block (relu, or gelu when use_gelu), pre-norm when norm_first. src may be nested.
Tensor _transformer_encoder_layer_fwd(const Tensor& src, int64_t embed_dim, int64_t num_heads,
                                      const Tensor& qkv_weight, const Tensor& qkv_bias, const Tensor& proj_weight,
                                      const Tensor& proj_bias, bool use_gelu, bool norm_first, double eps,
                                      const Tensor& norm_weight_1, const Tensor& norm_bias_1,
                                      const Tensor& norm_weight_2, const Tensor& norm_bias_2,
                                      const Tensor& ffn_weight_1, const Tensor& ffn_bias_1,
                                      const Tensor& ffn_weight_2, const Tensor& ffn_bias_2, const Tensor& mask = {},
                                      std::optional<int64_t> mask_type = std::nullopt);

// ---- nested tensors ----
// t [B, T, D], mask [B, T] bool (True = a real element): sequence b is the first
// mask[b].sum() rows of t[b]. mask_check: the mask must be left-aligned.
Tensor _nested_tensor_from_mask(const Tensor& t, const Tensor& mask, bool mask_check = true);
// Whether every row of mask is some Trues followed only by Falses.
bool _nested_tensor_from_mask_left_aligned(const Tensor& t, const Tensor& mask);
// A nested tensor as a plain padded tensor [B, max length (or output_size), *] with `padding`
// past each sequence's end.
Tensor to_padded_tensor(const Tensor& self, double padding, std::optional<IntArrayRef> output_size = std::nullopt);
// Wraps padded [B, L, *] with lengths (each <= L) as a nested tensor; rows past a length are
// zeroed. Shares nothing with `padded`.
Tensor makeNested(const Tensor& padded, std::vector<int64_t> lengths);

}  // namespace ember
