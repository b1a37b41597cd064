// Decompositions of the transformer fast path's fused ops, _native_multi_head_attention,
// _transformer_encoder_layer_fwd and _transform_bias_rescale_qkv, into the ordinary ops
// PyTorch's slow path (the one nn.MultiheadAttention and nn.TransformerEncoderLayer take in
// training) runs: projections, scaled scores, a masked softmax, the weighted values, the output
// projection; residual adds, layer norms and the feed-forward block. nn modules already take the
// slow path when grad is required; these make a direct call of a fused op differentiate too
// (PyTorch 1.13 has no derivative for any of them). The kernels still give the forward values.
// Nested (padded) inputs are refused in backward.
#include <iterator>

#include "runtime/autograd/decompositions.h"

namespace ember::autograd {

namespace {

constexpr const char* kSource = R"TS(
def _tf_attention(query: Tensor, key: Tensor, value: Tensor, D: int, H: int, qkv_weight: Tensor, qkv_bias: Tensor, proj_weight: Tensor, proj_bias: Tensor, mask: Optional[Tensor], mask_type: Optional[int]) -> Tuple[Tensor, Tensor]:
    if query.is_nested:
        raise RuntimeError("the derivative of the fused attention for nested tensors is not implemented in ember")
    B = query.size(0)
    T = query.size(1)
    S = key.size(1)
    dh = D // H
    w = qkv_weight.chunk(3, 0)
    b = qkv_bias.chunk(3, 0)
    # Bias, then the 1/sqrt(head dim) scaling of the queries, as the fused kernel does.
    q = (query.matmul(w[0].t()) + b[0]) * (1.0 / (float(dh) ** 0.5))
    q = q.reshape([B, T, H, dh]).transpose(1, 2)
    k = (key.matmul(w[1].t()) + b[1]).reshape([B, S, H, dh]).transpose(1, 2)
    v = (value.matmul(w[2].t()) + b[2]).reshape([B, S, H, dh]).transpose(1, 2)
    scores = q.matmul(k.transpose(-2, -1))
    if mask is not None:
        if mask_type is None:
            raise RuntimeError("Mask Type should be defined")
        m = mask.to(torch.bool)
        if m.dim() == 2:
            m = m.reshape([B, 1, 1, S])
        scores = scores.masked_fill(m, float("-inf"))
    attn = torch.softmax(scores, -1)
    ctx = attn.matmul(v).transpose(1, 2).reshape([B, T, D])
    return ctx.matmul(proj_weight.t()) + proj_bias, attn

def c__transform_bias_rescale_qkv(qkv: Tensor, qkv_bias: Tensor, num_heads: int):
    B = qkv.size(0)
    T = qkv.size(1)
    D = qkv.size(2) // 3
    dh = D // num_heads
    parts = (qkv + qkv_bias).reshape([B, T, 3, num_heads, dh]).permute([2, 0, 3, 1, 4]).unbind(0)
    return parts[0] * (1.0 / (float(dh) ** 0.5)), parts[1], parts[2]

def c__native_multi_head_attention(query: Tensor, key: Tensor, value: Tensor, embed_dim: int, num_head: int, qkv_weight: Tensor, qkv_bias: Tensor, proj_weight: Tensor, proj_bias: Tensor, mask: Optional[Tensor], need_weights: bool, average_attn_weights: bool, mask_type: Optional[int]):
    out, attn = _tf_attention(query, key, value, embed_dim, num_head, qkv_weight, qkv_bias, proj_weight, proj_bias, mask, mask_type)
    if average_attn_weights:
        attn = attn.sum(1) / float(num_head)
    return out, attn

def c__transformer_encoder_layer_fwd(src: Tensor, embed_dim: int, num_heads: int, qkv_weight: Tensor, qkv_bias: Tensor, proj_weight: Tensor, proj_bias: Tensor, use_gelu: bool, norm_first: bool, eps: float, norm_weight_1: Tensor, norm_bias_1: Tensor, norm_weight_2: Tensor, norm_bias_2: Tensor, ffn_weight_1: Tensor, ffn_bias_1: Tensor, ffn_weight_2: Tensor, ffn_bias_2: Tensor, mask: Optional[Tensor], mask_type: Optional[int]):
    x = src
    if norm_first:
        x = torch.layer_norm(x, [embed_dim], norm_weight_1, norm_bias_1, eps)
    x, attn = _tf_attention(x, x, x, embed_dim, num_heads, qkv_weight, qkv_bias, proj_weight, proj_bias, mask, mask_type)
    x = x + src
    if not norm_first:
        x = torch.layer_norm(x, [embed_dim], norm_weight_1, norm_bias_1, eps)
    pre = x
    if norm_first:
        x = torch.layer_norm(x, [embed_dim], norm_weight_2, norm_bias_2, eps)
    h = x.matmul(ffn_weight_1.t()) + ffn_bias_1
    if use_gelu:
        h = torch.gelu(h)
    else:
        h = torch.relu(h)
    x = h.matmul(ffn_weight_2.t()) + ffn_bias_2 + pre
    if not norm_first:
        x = torch.layer_norm(x, [embed_dim], norm_weight_2, norm_bias_2, eps)
    return x
)TS";

const std::pair<const char*, const char*> kOps[] = {
    {"aten::_transform_bias_rescale_qkv", "c__transform_bias_rescale_qkv"},
    {"aten::_native_multi_head_attention", "c__native_multi_head_attention"},
    {"aten::_transformer_encoder_layer_fwd", "c__transformer_encoder_layer_fwd"},
};

}  // namespace

const DecompositionShard kTransformerDecompositions{kSource, kOps, std::size(kOps)};

}  // namespace ember::autograd
