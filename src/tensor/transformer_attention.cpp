// _native_multi_head_attention and _transform_bias_rescale_qkv: the attention of the
// transformer fast path, in the steps ATen's CPU kernel takes (so that results round alike):
// one GEMM for the q/k/v projection without bias, bias + 1/sqrt(head dim) scaling while
// splitting heads, scores = q k^T per head (bmm), a masked softmax along the keys, context =
// weights v (bmm), heads merged back and projected with bias (linear).
#include <cmath>
#include <limits>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/linalg.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/reduce.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/ops/transformer.h"
#include "ember/tensor/parallel.h"
#include "tensor/kernels/nn_kernels.h"
#include "tensor/kernels/reduce_kernels.h"
#include "tensor/linear_onednn.h"
#include "tensor/transformer_attention.h"

namespace ember {
namespace {

void checkAttentionArgs(const Tensor& query, const Tensor& key, const Tensor& value, int64_t D, int64_t numHead,
                        const Tensor& qkvWeight, const Tensor& qkvBias, const Tensor& projWeight,
                        const Tensor& projBias) {
  EMBER_CHECK(query.dim() == 3, "expected 3-D `query`, got ", query.dim(), "-D tensor");
  EMBER_CHECK(query.size(2) == D, "passed-in embed_dim ", D, " didn't match last dim of query ", query.size(2));
  EMBER_CHECK(key.dim() == 3, "expected 3-D `key`, got ", key.dim(), "-D tensor");
  EMBER_CHECK(value.dim() == 3, "expected 3-D `value`, got ", value.dim(), "-D tensor");
  EMBER_CHECK(query.sizes() == key.sizes() && key.sizes() == value.sizes(),
              "expected `query`/`key`/`value` shapes to match");
  EMBER_CHECK(qkvWeight.dim() == 2, "expected 2-D `qkv_weight`, got ", qkvWeight.dim(), "-D tensor");
  EMBER_CHECK(D * 3 == qkvWeight.size(0), "expected `qkv_weight` first dim to be 3x embed_dim");
  EMBER_CHECK(D == qkvWeight.size(1), "expected `qkv_weight` second dim to be embed_Dim");
  EMBER_CHECK(qkvBias.dim() == 1, "expected 2-D `qkv_bias`, got ", qkvBias.dim(), "-D tensor");
  EMBER_CHECK(qkvBias.size(0) == 3 * D, "expected `qkv_bias` first dim and first dim of query to be equal");
  EMBER_CHECK(numHead > 0 && D % numHead == 0, "`embed_dim` must divide evenly by `num_heads`");
  EMBER_CHECK(projWeight.dim() == 2 && projWeight.size(0) == D && projWeight.size(1) == D,
              "expected `proj_weight` of shape [embed_dim, embed_dim]");
  EMBER_CHECK(projBias.dim() == 1 && projBias.size(0) == D, "expected `proj_bias` of shape [embed_dim]");
  const ScalarType t = query.dtype();
  EMBER_CHECK(t == kFloat || t == kDouble, "\"transform_bias_rescale_qkv\" not implemented for '", scalarTypeName(t),
              "'");
  for (const Tensor* x : {&key, &value, &qkvWeight, &qkvBias, &projWeight, &projBias}) {
    EMBER_CHECK(x->dtype() == t, "expected scalar type ", t, " but found ", x->dtype());
  }
}

// [B, T, D] rows times W[rows0 : rows0 + n]^T, no bias.
Tensor project(const Tensor& x, const Tensor& w, int64_t rows0, int64_t n) {
  const int64_t B = x.size(0), T = x.size(1);
  Tensor r = linear(x.reshape({B * T, x.size(2)}), w.narrow(0, rows0, n));
  return r.view({B, T, n});
}

// The projection of query/key/value with the packed weight, as one GEMM when they are one tensor.
Tensor qkvProjection(const Tensor& query, const Tensor& key, const Tensor& value, int64_t D, const Tensor& w) {
  if (query.is_same(key) && key.is_same(value)) return project(query, w, 0, 3 * D);
  if (key.is_same(value)) return cat({project(query, w, 0, D), project(key, w, D, 2 * D)}, 2);
  return cat({project(query, w, 0, D), project(key, w, D, D), project(value, w, 2 * D, D)}, 2);
}

// Adds the bias to each (batch, position) row of qkv [B, L, 3 * D] and scales the query part
// by 1/sqrt(head dim) while gathering the heads into q, k and v [B, heads, L, dh]. Each (batch,
// part, head) block of the output is written in one stream, a vector row kernel over its L
// strided slices (a loop per slice in the baseline ISA cost 3-4x an elementwise add of the same
// size).
template <typename T>
void splitHeads(const Tensor& qkv, const Tensor& bias, int64_t numHeads, Tensor& q, Tensor& k, Tensor& v) {
  const int64_t B = qkv.size(0), L = qkv.size(1), D3 = qkv.size(2), D = D3 / 3, dh = D / numHeads;
  const T scales[3] = {T(1) / std::sqrt(static_cast<T>(dh)), T(1), T(1)};
  Tensor src = qkv.contiguous(), b = bias.contiguous();
  const T* x = src.data_ptr<T>();
  const T* bp = b.data_ptr<T>();
  T* out[3] = {q.data_ptr<T>(), k.data_ptr<T>(), v.data_ptr<T>()};
  const auto addScaleRows = nn::nnRowKernels<T>().addScaleRows;
  // One task per range of (batch, part, head) blocks, L * dh values each.
  const int64_t blocks = B * 3 * numHeads;
  parallelFor(0, blocks, std::max<int64_t>(1, kGrainSize / std::max<int64_t>(L * dh, 1)), [&](int64_t i0, int64_t i1) {
    for (int64_t i = i0; i < i1; ++i) {
      const int64_t bi = i / (3 * numHeads), part = i / numHeads % 3, h = i % numHeads;
      const int64_t col = part * D + h * dh;
      addScaleRows(out[part] + (bi * numHeads + h) * L * dh, x + bi * L * D3 + col, D3, bp + col, L, dh,
                   scales[part]);
    }
  });
}

// Which keys a score row may not attend: a key padding mask [B, S], a full mask of the scores'
// shape [B, heads, T, S], or the padded keys of a nested query.
struct KeyMask {
  const bool* data = nullptr;  // null: no mask
  bool byBatch = false;        // [B, S]; otherwise one row per score row
  const std::vector<int64_t>* lengths = nullptr;
  int64_t keys = 1;

  bool masked(int64_t batch, int64_t row, int64_t j) const {
    if (lengths) return j >= (*lengths)[batch];
    if (!data) return false;
    return byBatch ? data[batch * keys + j] : data[row * keys + j];
  }
};

// PyTorch 1.13's CPU kernel accepts the masks its fast paths pass (mask_type 1, the key
// padding mask) and full masks; attention masks (mask_type 0) are refused, with its wording.
KeyMask keyMask(const Tensor& mask, std::optional<int64_t> maskType, const Tensor& query, int64_t heads,
                Tensor& boolMask) {
  const int64_t B = query.size(0), T = query.size(1);
  KeyMask km;
  km.keys = T;
  if (const NestedSizes* n = query.impl()->nestedSizes()) {
    EMBER_CHECK(!mask.defined(), "NestedTensor with mask is not supported yet");
    km.lengths = &n->lengths;
    return km;
  }
  if (!mask.defined()) return km;
  EMBER_CHECK(mask.dim() > 0 && mask.size(0) == B,
              "Expected attn_mask->sizes()[0] == batch_size to be true, but got false.  (Could this error message be "
              "improved?  If so, please report an enhancement request to PyTorch.)");
  EMBER_CHECK(maskType.has_value(), "Mask Type should be defined");
  EMBER_CHECK(*maskType != 0, "src_mask not currently supported on CPU");
  // PyTorch converts other dtypes to bool here too (with a performance warning).
  boolMask = mask.to(kBool).contiguous();
  km.byBatch = boolMask.dim() == 2 && boolMask.size(1) == T;
  EMBER_CHECK(km.byBatch || boolMask.sizes() == IntArrayRef({B, heads, T, T}), "Mask shape should match input shape");
  km.data = boolMask.data_ptr<bool>();
  return km;
}

// Softmax along the last dim of scores [B * heads, T, S] in place, masked keys excluded: the
// masked keys set to -inf, then aten::softmax's vectorised row kernel (max with NaN winning, the
// exps and their sum, the scaling). A row with every key masked has max = -inf and turns NaN, as
// PyTorch's does. (Scalar loops here took ~6% of the zoo's transformer at one thread.)
template <typename T>
void maskedSoftmax(Tensor& scores, const KeyMask& km, int64_t heads) {
  const int64_t rows = scores.size(0) * scores.size(1), S = scores.size(2);
  const int64_t rowsPerBatch = heads * scores.size(1);
  const SoftmaxRowFn softmaxRow = reduceKernels().softmaxRow[reduceSlot(scalarTypeOf<T>())][0];
  T* data = scores.data_ptr<T>();
  const bool anyMask = km.data || km.lengths;
  // Rows are independent; a row is a few passes and an exp, so the grain is finer than an
  // elementwise op's (8 heads x 64 x 64 scores split over two threads).
  parallelFor(0, rows, std::max<int64_t>(1, 4096 / std::max<int64_t>(S, 1)), [&](int64_t r0, int64_t r1) {
    for (int64_t r = r0; r < r1; ++r) {
      T* x = data + r * S;
      const int64_t batch = r / rowsPerBatch;
      if (anyMask)
        for (int64_t j = 0; j < S; ++j)
          if (km.masked(batch, r, j)) x[j] = -std::numeric_limits<T>::infinity();
      softmaxRow(x, x, S);
    }
  });
}

}  // namespace

std::tuple<Tensor, Tensor, Tensor> _transform_bias_rescale_qkv(const Tensor& qkv, const Tensor& qkv_bias,
                                                               int64_t num_heads) {
  EMBER_CHECK(qkv.dim() == 3 && qkv.size(2) % 3 == 0, "expected `qkv` of shape [B, T, 3 * D]");
  const int64_t B = qkv.size(0), L = qkv.size(1), D = qkv.size(2) / 3;
  EMBER_CHECK(num_heads > 0 && D % num_heads == 0, "`embed_dim` must divide evenly by `num_heads`");
  EMBER_CHECK(qkv_bias.dim() == 1 && qkv_bias.size(0) == 3 * D && qkv_bias.dtype() == qkv.dtype(),
              "expected `qkv_bias` of shape [3 * D] and the dtype of `qkv`");
  const int64_t dh = D / num_heads;
  Tensor q = empty({B, num_heads, L, dh}, qkv.dtype()), k = empty_like(q), v = empty_like(q);
  visitFloatingDtype(qkv.dtype(), [&]<typename T>() {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
      splitHeads<T>(qkv, qkv_bias, num_heads, q, k, v);
    } else {
      throwUnsupportedDtype("transform_bias_rescale_qkv", qkv.dtype());
    }
  });
  return {q, k, v};
}

std::tuple<Tensor, Tensor> _native_multi_head_attention(const Tensor& query, const Tensor& key, const Tensor& value,
                                                        int64_t embed_dim, int64_t num_head, const Tensor& qkv_weight,
                                                        const Tensor& qkv_bias, const Tensor& proj_weight,
                                                        const Tensor& proj_bias, const Tensor& mask, bool need_weights,
                                                        bool average_attn_weights, std::optional<int64_t> mask_type) {
  return attentionWithResidual(query, key, value, embed_dim, num_head, qkv_weight, qkv_bias, proj_weight, proj_bias,
                               mask, need_weights, average_attn_weights, mask_type, Tensor());
}

std::tuple<Tensor, Tensor> attentionWithResidual(const Tensor& query, const Tensor& key, const Tensor& value,
                                                 int64_t embed_dim, int64_t num_head, const Tensor& qkv_weight,
                                                 const Tensor& qkv_bias, const Tensor& proj_weight,
                                                 const Tensor& proj_bias, const Tensor& mask, bool need_weights,
                                                 bool average_attn_weights, std::optional<int64_t> mask_type,
                                                 const Tensor& residual) {
  checkAttentionArgs(query, key, value, embed_dim, num_head, qkv_weight, qkv_bias, proj_weight, proj_bias);
  const int64_t B = query.size(0), T = query.size(1), D = embed_dim, dh = D / num_head;
  // An empty batch or sequence: PyTorch 1.13 returns an empty output and no weights.
  if (B * T == 0) return {empty({B, T, D}, query.dtype()), Tensor()};
  Tensor qkv = qkvProjection(query, key, value, D, qkv_weight);
  auto [q, k, v] = _transform_bias_rescale_qkv(qkv, qkv_bias, num_head);
  qkv = Tensor();
  Tensor scores = bmm(q.view({B * num_head, T, dh}), k.view({B * num_head, T, dh}).transpose(1, 2));
  Tensor boolMask;
  KeyMask km = keyMask(mask, mask_type, query, num_head, boolMask);
  if (query.dtype() == kFloat) {
    maskedSoftmax<float>(scores, km, num_head);
  } else {
    maskedSoftmax<double>(scores, km, num_head);
  }
  Tensor ctx = bmm(scores, v.view({B * num_head, T, dh}));
  // [B, heads, T, dh] -> [B, T, heads * dh], then the output projection with its bias.
  Tensor merged = ctx.view({B, num_head, T, dh}).transpose(1, 2).reshape({B * T, D});
  const Tensor residualRows = residual.defined() ? residual.reshape({B * T, D}) : Tensor();
  Tensor out = linalg::linearWithEpilogue(merged, proj_weight, proj_bias, {residualRows}).view({B, T, D});
  if (const NestedSizes* n = query.impl()->nestedSizes()) out = makeNested(out, n->lengths);
  if (!need_weights) return {out, Tensor()};
  Tensor weights = scores.view({B, num_head, T, T});
  if (average_attn_weights) {
    weights = sum(weights, {1});
    weights.div_(num_head);
  }
  return {out, weights};
}

}  // namespace ember
