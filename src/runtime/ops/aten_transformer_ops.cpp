// aten:: operators of the transformer fast path (_native_multi_head_attention,
// _transformer_encoder_layer_fwd, _transform_bias_rescale_qkv) and the nested-tensor conversions
// around it (_nested_tensor_from_mask, _nested_tensor_from_mask_left_aligned, to_padded_tensor),
// with PyTorch 1.13's schemas, bound to the transformer family. Nested tensors are tensors
// carrying sequence lengths (ember/tensor/ops/transformer.h), so they travel in IValues as any
// tensor does and prim::is_nested reports them.
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/transformer.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

std::tuple<Tensor, Tensor> mhaFromStack(IValue* a) {
  return _native_multi_head_attention(tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]), intArg(a[3]), intArg(a[4]),
                                      tensorArg(a[5]), tensorArg(a[6]), tensorArg(a[7]), tensorArg(a[8]),
                                      optTensorUndefArg(a[9]), boolArg(a[10]), boolArg(a[11]), optIntArg(a[12]));
}

// (query, key, value, embed_dim, num_head, qkv_weight, qkv_bias, proj_weight, proj_bias,
//  mask=None, need_weights=True, average_attn_weights=True, mask_type=None) -> (Tensor, Tensor)
// Self attention passes one tensor thrice: each stack slot holds its own reference, so moving
// them out keeps query.is_same(key) visible to the single-GEMM projection.
void mhaOp(Stack& s) {
  IValue* a = args(s, 13);
  ret2(s, 13, mhaFromStack(a));
}
void mhaOut(Stack& s) {
  IValue* a = args(s, 15);
  Tensor out0 = tensorArg(a[13]), out1 = tensorArg(a[14]);
  auto [o, w] = mhaFromStack(a);
  // need_weights=False leaves the weights undefined: the out tensor is left as it is.
  if (!w.defined()) w = out1;
  ret2Out(s, 15, out0, out1, {o, w});
}

Tensor encoderLayerFromStack(IValue* a) {
  return _transformer_encoder_layer_fwd(tensorArg(a[0]), intArg(a[1]), intArg(a[2]), tensorArg(a[3]), tensorArg(a[4]),
                                        tensorArg(a[5]), tensorArg(a[6]), boolArg(a[7]), boolArg(a[8]),
                                        doubleArg(a[9]), tensorArg(a[10]), tensorArg(a[11]), tensorArg(a[12]),
                                        tensorArg(a[13]), tensorArg(a[14]), tensorArg(a[15]), tensorArg(a[16]),
                                        tensorArg(a[17]), optTensorUndefArg(a[18]), optIntArg(a[19]));
}
void encoderLayerOp(Stack& s) {
  Tensor r = encoderLayerFromStack(args(s, 20));
  ret(s, 20, std::move(r));
}
void encoderLayerOut(Stack& s) {
  IValue* a = args(s, 21);
  Tensor out = tensorArg(a[20]);
  writeOut(out, encoderLayerFromStack(a), true);
  ret(s, 21, std::move(out));
}

void transformBiasRescaleQkv(Stack& s) {
  IValue* a = args(s, 3);
  auto [q, k, v] = _transform_bias_rescale_qkv(tensorArg(a[0]), tensorArg(a[1]), intArg(a[2]));
  dropArgs(s, 3);
  s.emplace_back(std::move(q));
  s.emplace_back(std::move(k));
  s.emplace_back(std::move(v));
}

void nestedFromMask(Stack& s) {
  IValue* a = args(s, 3);
  Tensor r = _nested_tensor_from_mask(tensorArg(a[0]), tensorArg(a[1]), boolArg(a[2]));
  ret(s, 3, std::move(r));
}
void nestedFromMaskLeftAligned(Stack& s) {
  IValue* a = args(s, 2);
  bool r = _nested_tensor_from_mask_left_aligned(tensorArg(a[0]), tensorArg(a[1]));
  ret(s, 2, r);
}
void toPadded(Stack& s) {
  IValue* a = args(s, 3);
  std::optional<DimVector> size = optIntListArg(a[2]);
  Tensor r = to_padded_tensor(tensorArg(a[0]), doubleArg(a[1]),
                              size ? std::optional<IntArrayRef>(IntArrayRef(*size)) : std::nullopt);
  ret(s, 3, std::move(r));
}
void toPaddedOut(Stack& s) {
  IValue* a = args(s, 4);
  Tensor out = tensorArg(a[3]);
  std::optional<DimVector> size = optIntListArg(a[2]);
  writeOut(out, to_padded_tensor(tensorArg(a[0]), doubleArg(a[1]),
                                 size ? std::optional<IntArrayRef>(IntArrayRef(*size)) : std::nullopt));
  ret(s, 4, std::move(out));
}

RegisterOperators reg({
    {"aten::_native_multi_head_attention(Tensor query, Tensor key, Tensor value, int embed_dim, int num_head, Tensor "
     "qkv_weight, Tensor qkv_bias, Tensor proj_weight, Tensor proj_bias, Tensor? mask=None, bool need_weights=True, "
     "bool average_attn_weights=True, int? mask_type=None) -> (Tensor, Tensor)",
     mhaOp},
    {"aten::_native_multi_head_attention.out(Tensor query, Tensor key, Tensor value, int embed_dim, int num_head, "
     "Tensor qkv_weight, Tensor qkv_bias, Tensor proj_weight, Tensor proj_bias, Tensor? mask=None, bool "
     "need_weights=True, bool average_attn_weights=True, int? mask_type=None, *, Tensor(a!) out0, Tensor(b!) out1) -> "
     "(Tensor(a!), Tensor(b!))",
     mhaOut},
    {"aten::_transformer_encoder_layer_fwd(Tensor src, int embed_dim, int num_heads, Tensor qkv_weight, Tensor "
     "qkv_bias, Tensor proj_weight, Tensor proj_bias, bool use_gelu, bool norm_first, float eps, Tensor "
     "norm_weight_1, Tensor norm_bias_1, Tensor norm_weight_2, Tensor norm_bias_2, Tensor ffn_weight_1, Tensor "
     "ffn_bias_1, Tensor ffn_weight_2, Tensor ffn_bias_2, Tensor? mask=None, int? mask_type=None) -> Tensor",
     encoderLayerOp},
    {"aten::_transformer_encoder_layer_fwd.out(Tensor src, int embed_dim, int num_heads, Tensor qkv_weight, Tensor "
     "qkv_bias, Tensor proj_weight, Tensor proj_bias, bool use_gelu, bool norm_first, float eps, Tensor "
     "norm_weight_1, Tensor norm_bias_1, Tensor norm_weight_2, Tensor norm_bias_2, Tensor ffn_weight_1, Tensor "
     "ffn_bias_1, Tensor ffn_weight_2, Tensor ffn_bias_2, Tensor? mask=None, int? mask_type=None, *, Tensor(a!) out) "
     "-> Tensor(a!)",
     encoderLayerOut},
    {"aten::_transform_bias_rescale_qkv(Tensor qkv, Tensor qkv_bias, int num_heads) -> (Tensor, Tensor, Tensor)",
     transformBiasRescaleQkv},
    {"aten::_nested_tensor_from_mask(Tensor t, Tensor mask, bool mask_check=True) -> Tensor", nestedFromMask},
    {"aten::_nested_tensor_from_mask_left_aligned(Tensor t, Tensor mask) -> bool", nestedFromMaskLeftAligned},
    {"aten::to_padded_tensor(Tensor self, float padding, int[]? output_size=None) -> Tensor", toPadded},
    {"aten::to_padded_tensor.out(Tensor self, float padding, int[]? output_size=None, *, Tensor(a!) out) -> "
     "Tensor(a!)",
     toPaddedOut},
});

}  // namespace
}  // namespace ember::jit::aten
