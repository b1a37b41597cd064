"""F.multi_head_attention_forward: projections, masks, extra keys, unbatched inputs, checks."""
from case_support import T, arg, case

CASES = []
add = CASES.append

Q = T("q", 3, 2, 4, seed=41)
K = T("k", 5, 2, 4, seed=42)
V = T("v", 5, 2, 4, seed=43)
W = T("w", 12, 4, seed=44, lo=-0.5, hi=0.5)
B = T("b", 12, seed=45, lo=-0.5, hi=0.5)
OW = T("ow", 4, 4, seed=46, lo=-0.5, hi=0.5)
OB = T("ob", 4, seed=47, lo=-0.5, hi=0.5)
COMMON = [Q, K, V, W, B, OW, OB]
CALL = "F.multi_head_attention_forward(q, k, v, 4, 2, w, b, None, None, False, 0.0, ow, ob"

add(case("mha_basic", CALL + ")", *COMMON))
add(case("mha_self_attention", "F.multi_head_attention_forward(q, q, q, 4, 2, w, b, None, None, False, 0.5, ow, ob, "
         "training=False)", Q, W, B, OW, OB))
add(case("mha_per_head_weights", CALL + ", average_attn_weights=False)", *COMMON))
add(case("mha_no_weights", CALL + ", need_weights=False)", *COMMON))
add(case("mha_one_head", "F.multi_head_attention_forward(q, k, v, 4, 1, w, None, None, None, False, 0.0, ow, None)",
         Q, K, V, W, OW))
add(case("mha_key_padding_mask", CALL + ", key_padding_mask=m)", *COMMON,
         T("m", 2, 5, dtype="bool", data=[False, False, True, False, True, False, False, False, False, True])))
add(case("mha_float_attn_mask", CALL + ", attn_mask=m)", *COMMON, T("m", 3, 5, seed=48)))
add(case("mha_bool_attn_mask", CALL + ", attn_mask=m)", *COMMON,
         T("m", 3, 5, dtype="bool", data=[False, True, False, False, False] * 3)))
add(case("mha_3d_attn_mask_and_padding", CALL + ", key_padding_mask=p, attn_mask=m)", *COMMON,
         T("p", 2, 5, dtype="bool", data=[False] * 4 + [True] + [False] * 5), T("m", 4, 3, 5, seed=49)))
add(case("mha_bias_kv", "F.multi_head_attention_forward(q, k, v, 4, 2, w, b, bk, bv, False, 0.0, ow, ob)",
         *COMMON[:5], T("bk", 1, 1, 4, seed=50), T("bv", 1, 1, 4, seed=51), OW, OB))
add(case("mha_zero_attn", "F.multi_head_attention_forward(q, k, v, 4, 2, w, b, None, None, True, 0.0, ow, ob)", *COMMON))
add(case("mha_unbatched", "F.multi_head_attention_forward(q[:, 0], k[:, 0], v[:, 0], 4, 2, w, b, None, None, False, "
         "0.0, ow, ob)", *COMMON))
add(case("mha_separate_weights", "F.multi_head_attention_forward(q, k, v, 4, 2, None, b, None, None, False, 0.0, ow, "
         "ob, use_separate_proj_weight=True, q_proj_weight=w[0:4], k_proj_weight=w[4:8], v_proj_weight=w[8:12])",
         *COMMON))
add(case("mha_embed_dim_error", "F.multi_head_attention_forward(q, k, v, 8, 2, w, b, None, None, False, 0.0, ow, ob)",
         *COMMON, error="was expecting embedding dimension of 8, but got 4"))
add(case("mha_heads_error", "F.multi_head_attention_forward(q, k, v, 4, 3, w, b, None, None, False, 0.0, ow, ob)",
         *COMMON, error="embed_dim 4 not divisible by num_heads 3"))
add(case("mha_mask_dim_error", CALL + ", attn_mask=m)", *COMMON, T("m", 5, seed=48),
         error="For batched (3-D) `query`, expected `attn_mask` to be `None`, 2-D or 3-D but found 1-D tensor instead"))
add(case("mha_padding_mask_dim_error", CALL + ", key_padding_mask=m)", *COMMON, T("m", 5, dtype="bool", data=[False] * 5),
         error="expected `key_padding_mask` to be `None` or 2-D but found 1-D tensor instead"))
add(case("mha_attn_mask_shape_error", CALL + ", attn_mask=m)", *COMMON, T("m", 3, 4, seed=48),
         error="The shape of the 2D attn_mask is"))
