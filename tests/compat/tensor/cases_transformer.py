"""Differential cases for the transformer family: _native_multi_head_attention,
_transformer_encoder_layer_fwd and the nested-tensor conversions of nn.TransformerEncoder's fast
path, with the parameters of real nn.MultiheadAttention / nn.TransformerEncoderLayer modules.

Adapters (ops_transformer.cpp):
- transformer.mha: inputs [query, key, value, qkv_weight, qkv_bias, proj_weight, proj_bias,
  (mask)]; args embed_dim, num_heads, need_weights, average, mask_type, "same" ("qkv": key and
  value are the query tensor itself, "kv": value is the key tensor, "none").
- transformer.encoder_layer: inputs [src, the 12 tensors of the op in schema order, (mask)];
  args embed_dim, num_heads, use_gelu, norm_first, eps, mask_type.
- transformer.encoder: nn.TransformerEncoder's nested fast path: inputs [src, key padding mask,
  12 tensors per layer]; args layers, embed_dim, num_heads, use_gelu, eps.
- transformer.nested: inputs [t, mask]; args mask_check, padding, output_size.
- transformer.left_aligned: inputs [t, mask]."""
import torch
import torch.nn as nn

F32, F64 = torch.float32, torch.float64


def tol(dt):
    return {"rtol": 1e-9, "atol": 1e-10} if dt == F64 else {"rtol": 2e-5, "atol": 2e-5}


def mha_params(m):
    return [m.in_proj_weight.detach(), m.in_proj_bias.detach(), m.out_proj.weight.detach(), m.out_proj.bias.detach()]


def layer_params(layer):
    a = layer.self_attn
    return mha_params(a) + [p.detach() for p in [layer.norm1.weight, layer.norm1.bias, layer.norm2.weight,
                                                 layer.norm2.bias, layer.linear1.weight, layer.linear1.bias,
                                                 layer.linear2.weight, layer.linear2.bias]]


def mha_case(c, name, x, m, heads, mask=None, mask_type=None, need_weights=True, average=True, same="qkv", kv=None,
             dt=F32, error=False):
    D = x.shape[-1]
    k, v = (x, x) if same == "qkv" else ((kv[0], kv[0]) if same == "kv" else kv)
    inputs = [x, k, v] + mha_params(m) + ([mask] if mask is not None else [])
    args = {"embed_dim": D, "num_heads": heads, "need_weights": need_weights, "average": average,
            "mask_type": mask_type, "same": same}

    def fn(q, k, v, w, b, pw, pb, *mk):
        if same == "qkv":
            k = v = q
        elif same == "kv":
            v = k
        out, wts = torch._native_multi_head_attention(q, k, v, D, heads, w, b, pw, pb, mk[0] if mk else None,
                                                      need_weights, average, mask_type)
        return (out, wts) if wts is not None else out

    c.add(f"transformer.mha.{name}", "transformer.mha", inputs, fn, args, **tol(dt))


def mha_cases(c):
    torch.manual_seed(5)
    for dt in [F32, F64]:
        dn = "f32" if dt == F32 else "f64"
        m = nn.MultiheadAttention(16, 4, batch_first=True).to(dt).eval()
        x = torch.randn(3, 7, 16, dtype=dt)
        mha_case(c, f"{dn}.self", x, m, 4, dt=dt)
        mha_case(c, f"{dn}.no_weights", x, m, 4, need_weights=False, dt=dt)
        mha_case(c, f"{dn}.per_head_weights", x, m, 4, average=False, dt=dt)
        kpm = torch.tensor([[False] * 7, [False] * 4 + [True] * 3, [True] + [False] * 6])
        mha_case(c, f"{dn}.key_padding", x, m, 4, mask=kpm, mask_type=1, dt=dt)
        causal = torch.triu(torch.ones(7, 7, dtype=torch.bool), 1)
        mha_case(c, f"{dn}.full_mask", x, m, 4, mask=causal.expand(3, 4, 7, 7), mask_type=2, dt=dt)
        mha_case(c, f"{dn}.cross", x, m, 4, same="none", kv=[torch.randn(3, 7, 16, dtype=dt),
                                                            torch.randn(3, 7, 16, dtype=dt)], dt=dt)
        mha_case(c, f"{dn}.kv_same", x, m, 4, same="kv", kv=[torch.randn(3, 7, 16, dtype=dt)], dt=dt)
    m = nn.MultiheadAttention(32, 8, batch_first=True).eval()
    x = torch.randn(2, 20, 32)
    mha_case(c, "wide", x, m, 8, mask=torch.rand(2, 20) > 0.7, mask_type=1)
    mha_case(c, "noncontig", torch.randn(20, 2, 32).transpose(0, 1), m, 8)
    mha_case(c, "fully_masked", x, m, 8, mask=torch.tensor([[False] * 20, [True] * 20]), mask_type=1)
    mha_case(c, "float_mask", x, m, 8, mask=torch.tensor([[0.0] * 18 + [1.0] * 2] * 2), mask_type=1)
    mha_case(c, "heads1", x, m, 1)
    # Head dims that take whole vectors and a remainder in the bias-and-split kernel (20: one
    # float32 vector and 4; 24 in float64: three vectors).
    m20 = nn.MultiheadAttention(40, 2, batch_first=True).eval()
    mha_case(c, "head_dim20", torch.randn(3, 9, 40), m20, 2, mask=torch.rand(3, 9) > 0.8, mask_type=1)
    m24 = nn.MultiheadAttention(72, 3, batch_first=True).to(F64).eval()
    mha_case(c, "f64.head_dim24", torch.randn(2, 5, 72, dtype=F64), m24, 3, dt=F64)
    mha_case(c, "empty_batch", torch.randn(0, 5, 32), m, 8)
    mha_case(c, "error_embed_dim", torch.randn(2, 5, 16), m, 8)
    mha_case(c, "error_heads", x, m, 5)
    mha_case(c, "error_mask_type", x, m, 8, mask=torch.zeros(2, 20, dtype=torch.bool), mask_type=None)
    mha_case(c, "error_mask_shape", x, m, 8, mask=torch.zeros(3, 20, dtype=torch.bool), mask_type=1)
    mha_case(c, "error_2d", x[0], m, 8)
    mha_case(c, "error_src_mask", x, m, 8, mask=torch.zeros(2, 20, 20, dtype=torch.bool)[:, 0], mask_type=0)
    mha_case(c, "error_attn_mask_2d", x, m, 8, mask=torch.zeros(20, 20, dtype=torch.bool), mask_type=0)
    mha_case(c, "error_mask_3d", x, m, 8, mask=torch.zeros(2, 20, 20, dtype=torch.bool), mask_type=1)


def encoder_layer_cases(c):
    torch.manual_seed(6)
    for dt in [F32, F64]:
        for act in ["relu", "gelu"]:
            for norm_first in [False, True]:
                layer = nn.TransformerEncoderLayer(16, 4, 40, activation=act, norm_first=norm_first,
                                                   batch_first=True).to(dt).eval()
                x = torch.randn(2, 6, 16, dtype=dt)
                kpm = torch.tensor([[False] * 6, [False] * 3 + [True] * 3])
                for with_mask in [False, True]:
                    name = f"{'f32' if dt == F32 else 'f64'}.{act}.nf{int(norm_first)}.mask{int(with_mask)}"
                    args = {"embed_dim": 16, "num_heads": 4, "use_gelu": act == "gelu", "norm_first": norm_first,
                            "eps": layer.norm1.eps, "mask_type": 1 if with_mask else None}
                    inputs = [x] + layer_params(layer) + ([kpm] if with_mask else [])

                    def fn(x, *ps, a=args, with_mask=with_mask):
                        mask = ps[12] if with_mask else None
                        return torch._transformer_encoder_layer_fwd(
                            x, a["embed_dim"], a["num_heads"], ps[0], ps[1], ps[2], ps[3], a["use_gelu"],
                            a["norm_first"], a["eps"], *ps[4:12], mask, a["mask_type"])

                    c.add(f"transformer.encoder_layer.{name}", "transformer.encoder_layer", inputs, fn, args, **tol(dt))
    # What the module computes on its fast path (eval, no grad): the same op.
    layer = nn.TransformerEncoderLayer(32, 8, 64, batch_first=True, layer_norm_eps=1e-6).eval()
    x = torch.randn(3, 10, 32)
    kpm = torch.zeros(3, 10, dtype=torch.bool)
    kpm[1, 7:] = True
    args = {"embed_dim": 32, "num_heads": 8, "use_gelu": False, "norm_first": False, "eps": 1e-6, "mask_type": 1}

    def module_fn(x, *ps):
        with torch.no_grad():
            return layer(x, src_key_padding_mask=ps[12])

    c.add("transformer.encoder_layer.module", "transformer.encoder_layer", [x] + layer_params(layer) + [kpm],
          module_fn, args, **tol(F32))


def encoder_cases(c):
    torch.manual_seed(7)
    for dt in [F32, F64]:
        for act in ["relu", "gelu"]:
            enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(16, 4, 32, activation=act, batch_first=True), 2)
            enc = enc.to(dt).eval()
            x = torch.randn(3, 8, 16, dtype=dt)
            for mname, kpm in [("ragged", [[False] * 8, [False] * 5 + [True] * 3, [False] * 2 + [True] * 6]),
                               ("all_short", [[False] * 6 + [True] * 2, [False] * 5 + [True] * 3,
                                              [False] * 6 + [True] * 2]),
                               ("full", [[False] * 8] * 3)]:
                kpm = torch.tensor(kpm)
                params = [p for layer in enc.layers for p in layer_params(layer)]
                args = {"layers": 2, "embed_dim": 16, "num_heads": 4, "use_gelu": act == "gelu",
                        "eps": enc.layers[0].norm1.eps}

                def fn(x, kpm, *ps, enc=enc):
                    with torch.no_grad():
                        return enc(x, src_key_padding_mask=kpm)

                c.add(f"transformer.encoder.{'f32' if dt == F32 else 'f64'}.{act}.{mname}", "transformer.encoder",
                      [x, kpm] + params, fn, args, **tol(dt))


def nested_cases(c):
    t = torch.randn(3, 5, 4)
    left = torch.tensor([[True] * 5, [True] * 2 + [False] * 3, [True] + [False] * 4])
    gaps = torch.tensor([[True] * 5, [True, False, True, False, False], [True] + [False] * 4])
    empty_row = torch.tensor([[True] * 3 + [False] * 2, [False] * 5, [True] + [False] * 4])

    def nested(name, mask, mask_check=True, padding=0.0, output_size=None):
        c.add(f"transformer.nested.{name}", "transformer.nested", [t, mask],
              lambda t, m: torch._nested_tensor_from_mask(t, m, mask_check).to_padded_tensor(padding, output_size),
              {"mask_check": mask_check, "padding": padding, "output_size": output_size})

    nested("left", left)
    nested("left_padding", left, padding=-2.5)
    nested("output_size", left, output_size=[4, 7, 6])
    nested("gaps_unchecked", gaps, mask_check=False)
    nested("gaps_checked", gaps)  # error
    nested("empty_row", empty_row, padding=1.0)
    nested("output_size_small", left, output_size=[3, 2, 4])  # error
    nested("int_mask", left.long())  # error
    for name, m in [("left", left), ("gaps", gaps), ("empty_row", empty_row)]:
        c.add(f"transformer.left_aligned.{name}", "transformer.left_aligned", [t, m],
              lambda t, m: torch._nested_tensor_from_mask_left_aligned(t, m))
    c.add("transformer.left_aligned.shape_error", "transformer.left_aligned", [t, left[:2]],
          lambda t, m: torch._nested_tensor_from_mask_left_aligned(t, m))


def cases(c):
    mha_cases(c)
    encoder_layer_cases(c)
    encoder_cases(c)
    nested_cases(c)
