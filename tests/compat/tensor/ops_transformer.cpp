// Adapters for the transformer family's differential cases (cases_transformer.py).
#include "ember/tensor/ops/transformer.h"
#include "ember/tensor/ops/unary.h"
#include "harness.h"

namespace ember::compat {
namespace {

// The 12 tensors of _transformer_encoder_layer_fwd after src, starting at in[first].
Tensor encoderLayer(const std::vector<Tensor>& in, size_t first, const Tensor& src, const nlohmann::json& args,
                    const Tensor& mask, std::optional<int64_t> maskType) {
  const Tensor* p = &in[first];
  return _transformer_encoder_layer_fwd(src, intArg(args, "embed_dim"), intArg(args, "num_heads"), p[0], p[1], p[2],
                                        p[3], boolArg(args, "use_gelu"), boolArg(args, "norm_first"),
                                        doubleArg(args, "eps"), p[4], p[5], p[6], p[7], p[8], p[9], p[10], p[11], mask,
                                        maskType);
}

}  // namespace

EMBER_COMPAT_ADAPTER("transformer.mha") {
  const std::string same = stringArg(args, "same");
  // Self attention hands the op one tensor three times (that picks the single-GEMM projection).
  const Tensor& q = in[0];
  const Tensor& k = same == "qkv" ? q : in[1];
  const Tensor& v = same == "qkv" ? q : same == "kv" ? k : in[2];
  const bool needWeights = boolArg(args, "need_weights");
  auto [out, weights] = _native_multi_head_attention(
      q, k, v, intArg(args, "embed_dim"), intArg(args, "num_heads"), in[3], in[4], in[5], in[6],
      in.size() > 7 ? in[7] : Tensor(), needWeights, boolArg(args, "average"), optionalIntArg(args, "mask_type"));
  // PyTorch returns None for the weights when they are not needed (and for empty inputs).
  EMBER_CHECK(needWeights || !weights.defined(), "weights returned although need_weights is false");
  if (!weights.defined()) return {out};
  return {out, weights};
}

EMBER_COMPAT_ADAPTER("transformer.encoder_layer") {
  Tensor mask = in.size() > 13 ? in[13] : Tensor();
  return {encoderLayer(in, 1, in[0], args, mask, optionalIntArg(args, "mask_type"))};
}

// nn.TransformerEncoder's fast path as its graph runs it: nested from the inverted padding mask,
// each layer on the nested tensor, back to a padded tensor.
EMBER_COMPAT_ADAPTER("transformer.encoder") {
  Tensor x = _nested_tensor_from_mask(in[0], logical_not(in[1]), false);
  EMBER_CHECK(x.is_nested(), "expected a nested tensor");
  for (int64_t l = 0; l < intArg(args, "layers"); ++l) {
    nlohmann::json a = args;
    a["norm_first"] = false;
    x = encoderLayer(in, 2 + static_cast<size_t>(l) * 12, x, a, Tensor(), std::nullopt);
    EMBER_CHECK(x.is_nested(), "the encoder layer lost the nested lengths");
  }
  return {to_padded_tensor(x, 0.0)};
}

EMBER_COMPAT_ADAPTER("transformer.nested") {
  Tensor n = _nested_tensor_from_mask(in[0], in[1], boolArg(args, "mask_check"));
  std::optional<std::vector<int64_t>> size;
  if (hasArg(args, "output_size") && !args["output_size"].is_null()) size = intListArg(args, "output_size");
  return {to_padded_tensor(n, doubleArg(args, "padding"),
                           size ? std::optional<IntArrayRef>(IntArrayRef(*size)) : std::nullopt)};
}

EMBER_COMPAT_ADAPTER("transformer.left_aligned") {
  return {scalarTensor(_nested_tensor_from_mask_left_aligned(in[0], in[1]))};
}

}  // namespace ember::compat
