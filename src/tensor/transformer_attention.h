// The transformer fast path's attention with the residual add after it folded into the output
// projection (transformer_attention.cpp): nn.TransformerEncoderLayer's `x = attention(x) + x`.
#pragma once

#include <optional>
#include <tuple>

#include "ember/tensor/tensor.h"

namespace ember {

// _native_multi_head_attention, with `residual` ([B, T, D], or undefined for none) added to the
// output as aten::add_ would add it after the call (the same rounding), in the output
// projection's epilogue when the packed route runs it.
std::tuple<Tensor, Tensor> attentionWithResidual(const Tensor& query, const Tensor& key, const Tensor& value,
                                                 int64_t embed_dim, int64_t num_head, const Tensor& qkv_weight,
                                                 const Tensor& qkv_bias, const Tensor& proj_weight,
                                                 const Tensor& proj_bias, const Tensor& mask, bool need_weights,
                                                 bool average_attn_weights, std::optional<int64_t> mask_type,
                                                 const Tensor& residual);

}  // namespace ember
