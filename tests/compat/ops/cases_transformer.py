"""Transformer fast-path operators (_native_multi_head_attention, _transformer_encoder_layer_fwd,
_transform_bias_rescale_qkv) and the nested-tensor conversions around them, called as
TorchScript calls them. Nested tensors cannot be recorded: results of _nested_tensor_from_mask
are compared as to_padded_tensor(0.) gives them, which is the padded form ember holds."""
import torch
import torch.nn as nn

TOL = {"rtol": 2e-5, "atol": 2e-5}


def cases(c):
    torch.manual_seed(8)
    m = nn.MultiheadAttention(16, 4, batch_first=True).eval()
    P = [m.in_proj_weight.detach(), m.in_proj_bias.detach(), m.out_proj.weight.detach(), m.out_proj.bias.detach()]
    x = torch.randn(2, 5, 16)
    kpm = torch.tensor([[False] * 5, [False] * 3 + [True] * 2])
    c.add("aten::_native_multi_head_attention", [x, x, x, 16, 4, *P], **TOL)
    c.add("aten::_native_multi_head_attention", [x, x, x, 16, 4, *P, kpm, True, False, 1], **TOL)
    c.add("aten::_native_multi_head_attention", [x, x, x, 16, 4, *P, kpm, False, True, 1], **TOL)
    c.add("aten::_native_multi_head_attention", [x, x, x, 16, 4, *P, kpm, True, True, 0])  # error: src_mask
    c.add("aten::_native_multi_head_attention", [x, x, x, 12, 4, *P])  # error: embed_dim
    c.add("aten::_native_multi_head_attention.out", [x, x, x, 16, 4, *P, kpm, True, True, 1, torch.empty(0),
                                                     torch.empty(0)], **TOL)
    layer = nn.TransformerEncoderLayer(16, 4, 32, batch_first=True).eval()
    lp = P = [layer.self_attn.in_proj_weight, layer.self_attn.in_proj_bias, layer.self_attn.out_proj.weight,
              layer.self_attn.out_proj.bias]
    lp = [p.detach() for p in P]
    norms = [p.detach() for p in [layer.norm1.weight, layer.norm1.bias, layer.norm2.weight, layer.norm2.bias]]
    ffn = [p.detach() for p in [layer.linear1.weight, layer.linear1.bias, layer.linear2.weight, layer.linear2.bias]]
    for gelu in [False, True]:
        for norm_first in [False, True]:
            c.add("aten::_transformer_encoder_layer_fwd",
                  [x, 16, 4, *lp, gelu, norm_first, 1e-5, *norms, *ffn, kpm, 1], **TOL)
    c.add("aten::_transformer_encoder_layer_fwd", [x, 16, 4, *lp, False, False, 1e-5, *norms, *ffn], **TOL)
    c.add("aten::_transformer_encoder_layer_fwd.out",
          [x, 16, 4, *lp, False, False, 1e-5, *norms, *ffn, None, None, torch.empty(0)], **TOL)
    qkv = torch.randn(2, 5, 48)
    c.add("aten::_transform_bias_rescale_qkv", [qkv, torch.randn(48), 4], **TOL)
    c.add("aten::_transform_bias_rescale_qkv", [qkv, torch.randn(48), 5])  # error
    valid = kpm.logical_not()
    c.add("aten::_nested_tensor_from_mask", [x, valid, True],
          ref=lambda t, m, chk: torch._nested_tensor_from_mask(t, m, chk).to_padded_tensor(0.0))
    c.add("aten::_nested_tensor_from_mask", [x, torch.tensor([[True, False, True, False, False]] * 2)])  # error
    c.add("aten::_nested_tensor_from_mask_left_aligned", [x, valid])
    c.add("aten::_nested_tensor_from_mask_left_aligned", [x, torch.tensor([[True, False, True, False, False]] * 2)])
    c.add("aten::to_padded_tensor", [x, 0.0])  # error: not a nested tensor
    c.add("aten::to_padded_tensor.out", [x, 0.0, None, torch.empty(0)])  # error: not a nested tensor
    # State queries of the modules' fast-path checks.
    c.add("aten::is_floating_point", [x])
    c.add("aten::is_floating_point", [kpm])
    c.add("aten::is_complex", [x])
    c.add("aten::is_grad_enabled", [])
    c.add("aten::is_autocast_enabled", [])
    c.add("aten::set_grad_enabled", [True])
