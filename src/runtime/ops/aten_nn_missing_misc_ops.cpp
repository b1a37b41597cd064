// aten:: operators of the NN utilities that PyTorch archives call directly, composed from the
// tensor library as PyTorch 1.13 composes them: weight normalisation (norm_except_dim,
// _weight_norm, _weight_norm_interface), _masked_softmax, _trilinear (F.bilinear's body), the
// 1.13 scaled dot-product attention (_scaled_dot_product_attention and its _math / _forward
// spellings), the batch-norm statistics of SyncBatchNorm (batch_norm_stats,
// batch_norm_gather_stats(_with_counts), batch_norm_update_stats), pad_sequence and
// _pack_sequence.
#include <algorithm>
#include <limits>

#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/indexing.h"
#include "ember/tensor/ops/linalg.h"
#include "ember/tensor/ops/nn_misc.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/reduce.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/ops/unary.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

// ---- weight normalisation ----
// The pow-norm of v over every dim but `dim` (all dims for -1), keeping v's rank.
Tensor normExceptDim(const Tensor& v, int64_t pow, int64_t dim) {
  const Scalar p(static_cast<double>(pow));
  if (dim == -1) return norm(v, p);
  const int64_t last = v.dim() - 1;
  if (dim == 0 || dim == last) {
    DimVector shape(static_cast<size_t>(v.dim()), 1);
    shape[static_cast<size_t>(dim)] = v.size(dim);
    const Tensor rows = dim == 0 ? v.contiguous().view({v.size(0), -1}) : v.contiguous().view({-1, v.size(last)});
    return norm(rows, p, {dim == 0 ? 1 : 0}).view(shape);
  }
  return normExceptDim(v.transpose(0, dim), pow, 0).transpose(0, dim);
}
void normExceptDimOp(Stack& s) {
  IValue* a = args(s, 3);
  finishOut<3, false>(s, normExceptDim(tensorArg(a[0]), intArg(a[1]), intArg(a[2])));
}
// The fused CPU form: first or last dim only; norms in float for bfloat16 weights.
std::tuple<Tensor, Tensor> weightNormInterface(const Tensor& v, const Tensor& g, int64_t dim) {
  EMBER_CHECK(dim == 0 || dim == v.dim() - 1,
              "_weight_norm_interface: fused kernels can only be applied for first "
              "or last dim, but got dim ",
              dim);
  EMBER_CHECK(v.dtype() != ScalarType::Half && g.dtype() != ScalarType::Half,
              "\"weight_norm_kernel\" not implemented for 'Half'");
  const bool widen = v.dtype() == ScalarType::BFloat16;
  const Tensor vv = widen ? v.to(ScalarType::Float) : v, gg = widen ? g.to(ScalarType::Float) : g;
  const Tensor norms = normExceptDim(vv, 2, dim);
  return {(vv * (gg / norms)).to(v.dtype()), norms};
}
Tensor weightNorm(const Tensor& v, const Tensor& g, int64_t dim) {
  const bool half = v.dtype() == ScalarType::Half || g.dtype() == ScalarType::Half;
  if (!half && (dim == 0 || dim == v.dim() - 1)) return std::get<0>(weightNormInterface(v, g, dim));
  return v * (g / normExceptDim(v, 2, dim));
}
void weightNormOp(Stack& s) {
  IValue* a = args(s, 3);
  finishOut<3, false>(s, weightNorm(tensorArg(a[0]), tensorArg(a[1]), intArg(a[2])));
}
template <bool kOut>
void weightNormInterfaceOp(Stack& s) {
  constexpr size_t n = kOut ? 5 : 3;
  IValue* a = args(s, n);
  auto r = weightNormInterface(tensorArg(a[0]), tensorArg(a[1]), intArg(a[2]));
  if constexpr (kOut)
    ret2Out(s, n, tensorArg(a[3]), tensorArg(a[4]), std::move(r));
  else
    ret2(s, n, std::move(r));
}

// ---- _masked_softmax: softmax with the mask's true entries left out (a row all left out is
// NaN, as PyTorch 1.13's CPU kernel gives). Only the mask of the input's shape (mask_type 2,
// or 1 with that shape) runs on CPU. ----
Tensor maskedSoftmax(const Tensor& self, const Tensor& mask, std::optional<int64_t> dim,
                     std::optional<int64_t> maskType) {
  EMBER_CHECK(mask.dtype() == ScalarType::Bool, "Mask should be a boolean tensor");
  EMBER_CHECK(maskType.has_value(), "Mask Type should be defined");
  EMBER_CHECK(*maskType >= 0 && *maskType <= 2,
              "Mask Type should be 0 (src_mask) or 1 (src_key_padding_mask), or 2 (default_mask)");
  EMBER_CHECK(mask.sizes() == self.sizes(), "Mask shape should match input shape");
  EMBER_CHECK(*maskType != 0, "src_mask not currently supported on CPU");
  const int64_t d = dim.value_or(self.dim() - 1);
  return softmax(masked_fill(self, mask, Scalar(-std::numeric_limits<double>::infinity())), d);
}
template <bool kOut>
void maskedSoftmaxOp(Stack& s) {
  IValue* a = args(s, kOut ? 5 : 4);
  finishOut<4, kOut>(s, maskedSoftmax(tensorArg(a[0]), tensorArg(a[1]), optIntArg(a[2]), optIntArg(a[3])));
}

// ---- _trilinear: i1, i2, i3 each unsqueezed at its expand dims, multiplied, summed over sumdim ----
Tensor trilinear(const Tensor& i1, const Tensor& i2, const Tensor& i3, IntArrayRef e1, IntArrayRef e2, IntArrayRef e3,
                 IntArrayRef sumdim) {
  const int64_t total = i1.dim() + static_cast<int64_t>(e1.size());
  auto expand = [total](const Tensor& t, IntArrayRef dims, const char* which) {
    EMBER_CHECK(t.dim() + static_cast<int64_t>(dims.size()) == total, "_trilinear: ", which,
                " has the wrong number of dimensions for its expand list");
    DimVector sorted(dims.begin(), dims.end());
    std::sort(sorted.begin(), sorted.end());
    Tensor r = t;
    for (int64_t d : sorted) {
      EMBER_CHECK(d >= 0 && d < total, "_trilinear: expand dim ", d, " out of range");
      r = r.unsqueeze(d);
    }
    return r;
  };
  Tensor prod = expand(i1, e1, "i1") * expand(i2, e2, "i2") * expand(i3, e3, "i3");
  return sumdim.empty() ? prod : sum(prod, sumdim);
}
template <bool kOut>
void trilinearOp(Stack& s) {
  IValue* a = args(s, kOut ? 9 : 8);
  intArg(a[7]);  // unroll_dim: an evaluation-order hint
  finishOut<8, kOut>(s, trilinear(tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]), intListArg(a[3]), intListArg(a[4]),
                               intListArg(a[5]), intListArg(a[6])));
}

// ---- PyTorch 1.13's scaled dot-product attention (math form): q and k each divided by
// sqrt(sqrt(E)); a bool mask keeps its true entries, a float mask is added; is_causal keeps
// the lower triangle. Returns (output, attention weights) whatever need_attn_weights says. ----
std::tuple<Tensor, Tensor> sdpa(const Tensor& q, const Tensor& k, const Tensor& v, std::optional<Tensor> mask,
                                double dropoutP, bool causal) {
  const double scale = std::sqrt(std::sqrt(static_cast<double>(q.size(-1))));
  if (causal) {
    EMBER_CHECK(!mask.has_value(),
                "_scaled_dot_product_attention: Explicit attn_mask should not be set when "
                "is_causal=True");
    mask = tril(ones({q.size(-2), k.size(-2)}, ScalarType::Bool));
  }
  if (mask && mask->dtype() == ScalarType::Bool)
    mask = masked_fill(zeros(mask->sizes(), q.dtype()), logical_not(*mask),
                       Scalar(-std::numeric_limits<double>::infinity()));
  Tensor attn = matmul(q / Scalar(scale), k.transpose(-2, -1) / Scalar(scale));
  if (mask) attn = attn + *mask;
  attn = softmax(attn, -1);
  if (dropoutP > 0.0) attn = dropout(attn, dropoutP, true);
  return {matmul(attn, v), attn};
}
void sdpaOp(Stack& s) {
  IValue* a = args(s, 7);
  boolArg(a[5]);  // need_attn_weights: 1.13's CPU form returns the weights either way
  auto r = sdpa(tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]), optTensorArg(a[3]), doubleArg(a[4]), boolArg(a[6]));
  ret2(s, 7, std::move(r));
}

// ---- batch_norm_update_stats: per-channel mean and biased variance of (N, C, *); the running
// statistics (if given) move towards the mean and the unbiased variance by momentum. ----
std::tuple<Tensor, Tensor> batchNormUpdateStats(const Tensor& input, const Tensor& runMean, const Tensor& runVar,
                                                double momentum) {
  EMBER_CHECK(input.dim() >= 2, "batch_norm_update_stats: expected an input of 2 or more dims, but got ",
              input.sizes());
  for (const Tensor* stat : {&runMean, &runVar})
    EMBER_CHECK(!stat->defined() || (stat->dim() == 1 && stat->numel() == input.size(1)),
                "batch_norm_update_stats: expected running statistics of shape [", input.size(1), "], but got ",
                stat->sizes());
  DimVector dims{0};
  for (int64_t d = 2; d < input.dim(); ++d) dims.push_back(d);
  auto [var, mean] = var_mean(input, dims, std::optional<int64_t>(0), false);
  const int64_t n = input.numel() / std::max<int64_t>(1, input.size(1));
  if (runMean.defined()) runMean.copy_(mean * Scalar(momentum) + runMean * Scalar(1 - momentum));
  if (runVar.defined()) {
    const double unbias = n > 1 ? static_cast<double>(n) / static_cast<double>(n - 1) : 1.0;
    runVar.copy_(var * Scalar(momentum * unbias) + runVar * Scalar(1 - momentum));
  }
  return {mean, var};
}
template <bool kOut>
void batchNormUpdateStatsOp(Stack& s) {
  constexpr size_t n = kOut ? 6 : 4;
  IValue* a = args(s, n);
  auto r = batchNormUpdateStats(tensorArg(a[0]), optTensorUndefArg(a[1]), optTensorUndefArg(a[2]), doubleArg(a[3]));
  if constexpr (kOut)
    ret2Out(s, n, tensorArg(a[4]), tensorArg(a[5]), std::move(r));
  else
    ret2(s, n, std::move(r));
}

// ---- SyncBatchNorm's statistics (CUDA-only in PyTorch; the same formulas here) ----
// Per-channel mean and 1 / sqrt(biased variance + eps) of (N, C, *).
std::tuple<Tensor, Tensor> batchNormStats(const Tensor& input, double eps) {
  EMBER_CHECK(input.dim() >= 2, "batch_norm_stats: expected an input of 2 or more dims, but got ", input.sizes());
  DimVector dims{0};
  for (int64_t d = 2; d < input.dim(); ++d) dims.push_back(d);
  auto [var, mean] = var_mean(input, dims, std::optional<int64_t>(0), false);
  return {mean, rsqrt(var + Scalar(eps))};
}
template <bool kOut>
void batchNormStatsOp(Stack& s) {
  constexpr size_t n = kOut ? 4 : 2;
  IValue* a = args(s, n);
  auto r = batchNormStats(tensorArg(a[0]), doubleArg(a[1]));
  if constexpr (kOut)
    ret2Out(s, n, tensorArg(a[2]), tensorArg(a[3]), std::move(r));
  else
    ret2(s, n, std::move(r));
}
// Combines per-replica (count, mean, invstd) rows into the global mean and invstd, moving the
// running statistics towards the global mean and unbiased variance.
std::tuple<Tensor, Tensor> gatherStats(const Tensor& mean, const Tensor& invstd, const Tensor& runMean,
                                       const Tensor& runVar, double momentum, double eps, const Tensor& counts) {
  EMBER_CHECK(mean.dim() == 2 && invstd.sizes() == mean.sizes(),
              "batch_norm_gather_stats: expected mean and invstd "
              "of shape (replicas, channels), but got ",
              mean.sizes(), " and ", invstd.sizes());
  EMBER_CHECK(counts.numel() == mean.size(0), "batch_norm_gather_stats: expected ", mean.size(0), " counts, but got ",
              counts.numel());
  const Tensor c = counts.reshape({-1, 1}).to(mean.dtype());
  const Tensor total = sum(c);
  const Tensor globalMean = sum(mean * c, {0}) / total;
  const Tensor var = reciprocal(invstd * invstd) - Scalar(eps);
  const Tensor centred = mean - globalMean;
  const Tensor varBiased = sum(c * (var + centred * centred), {0}) / total;
  if (runMean.defined()) runMean.copy_(globalMean * Scalar(momentum) + runMean * Scalar(1 - momentum));
  if (runVar.defined())
    runVar.copy_(varBiased * total / (total - Scalar(1)) * Scalar(momentum) + runVar * Scalar(1 - momentum));
  return {globalMean, rsqrt(varBiased + Scalar(eps))};
}
// (input, mean, invstd, running_mean?, running_var?, momentum, eps, count | counts[, out0, out1])
template <bool kCounts, bool kOut>
void gatherStatsOp(Stack& s) {
  constexpr size_t n = kOut ? 10 : 8;
  IValue* a = args(s, n);
  const Tensor input = tensorArg(a[0]), mean = tensorArg(a[1]);
  Tensor counts;
  if constexpr (kCounts)
    counts = tensorArg(a[7]);
  else
    counts = full({mean.dim() > 0 ? mean.size(0) : 0}, Scalar(intArg(a[7])), mean.dtype());
  auto r = gatherStats(mean, tensorArg(a[2]), optTensorUndefArg(a[3]), optTensorUndefArg(a[4]), doubleArg(a[5]),
                       doubleArg(a[6]), counts);
  if constexpr (kOut)
    ret2Out(s, n, tensorArg(a[8]), tensorArg(a[9]), std::move(r));
  else
    ret2(s, n, std::move(r));
}

// ---- sequences ----
Tensor padSequence(const std::vector<Tensor>& seqs, bool batchFirst, double value) {
  EMBER_CHECK(!seqs.empty(), "received an empty list of sequences");
  int64_t longest = 0;
  for (const Tensor& t : seqs) {
    EMBER_CHECK(t.dim() >= 1, "pad_sequence: expected sequences of 1 or more dims, but got one of sizes ", t.sizes());
    longest = std::max(longest, t.size(0));
  }
  const int64_t count = static_cast<int64_t>(seqs.size());
  DimVector sizes = batchFirst ? DimVector{count, longest} : DimVector{longest, count};
  for (int64_t d = 1; d < seqs[0].dim(); ++d) sizes.push_back(seqs[0].size(d));
  Tensor out = full(sizes, Scalar(value), seqs[0].dtype());
  for (int64_t i = 0; i < count; ++i) {
    const Tensor& t = seqs[static_cast<size_t>(i)];
    Tensor slot = batchFirst ? out.select(0, i).narrow(0, 0, t.size(0)) : out.narrow(0, 0, t.size(0)).select(1, i);
    slot.copy_(t);
  }
  return out;
}
void padSequenceOp(Stack& s) {
  IValue* a = args(s, 3);
  finishOut<3, false>(s, padSequence(tensorListArg(a[0]), boolArg(a[1]), doubleArg(a[2])));
}
// The PackedSequence constructor's check-free form: its four fields back as they are.
void packSequenceOp(Stack& s) {
  IValue* a = args(s, 4);
  EMBER_CHECK(a[0].isTensor() && a[1].isTensor(), "_pack_sequence: expected the data and batch_sizes tensors");
}

#define EMBER_OUT ", *, Tensor(a!) out) -> Tensor(a!)"
#define EMBER_SDPA                                                                             \
  "(Tensor query, Tensor key, Tensor value, Tensor? attn_mask=None, float dropout_p=0., bool " \
  "need_attn_weights=False, "                                                                  \
  "bool is_causal=False) -> (Tensor, Tensor)"
#define EMBER_GATHER \
  "(Tensor input, Tensor mean, Tensor invstd, Tensor? running_mean, Tensor? running_var, float momentum, float eps"
#define EMBER_OUT2 ", *, Tensor(a!) out0, Tensor(b!) out1) -> (Tensor(a!), Tensor(b!))"
#define EMBER_TRILINEAR \
  "(Tensor i1, Tensor i2, Tensor i3, int[] expand1, int[] expand2, int[] expand3, int[] sumdim, int unroll_dim=1"

RegisterOperators reg({
    {"aten::norm_except_dim(Tensor v, int pow=2, int dim=0) -> Tensor", normExceptDimOp},
    {"aten::_weight_norm(Tensor v, Tensor g, int dim=0) -> Tensor", weightNormOp},
    {"aten::_weight_norm_interface(Tensor v, Tensor g, int dim=0) -> (Tensor, Tensor)", weightNormInterfaceOp<false>},
    {"aten::_weight_norm_interface.out(Tensor v, Tensor g, int dim=0, *, Tensor(a!) out0, Tensor(b!) out1) -> "
     "(Tensor(a!), Tensor(b!))",
     weightNormInterfaceOp<true>},
    {"aten::_masked_softmax(Tensor self, Tensor mask, int? dim=None, int? mask_type=None) -> Tensor",
     maskedSoftmaxOp<false>},
    {"aten::_masked_softmax.out(Tensor self, Tensor mask, int? dim=None, int? mask_type=None" EMBER_OUT,
     maskedSoftmaxOp<true>},
    {"aten::_trilinear" EMBER_TRILINEAR ") -> Tensor", trilinearOp<false>},
    {"aten::_trilinear.out" EMBER_TRILINEAR EMBER_OUT, trilinearOp<true>},
    {"aten::_scaled_dot_product_attention" EMBER_SDPA, sdpaOp},
    {"aten::_scaled_dot_product_attention_math" EMBER_SDPA, sdpaOp},
    {"aten::_scaled_dot_product_attention_forward" EMBER_SDPA, sdpaOp},
    {"aten::batch_norm_stats(Tensor input, float eps) -> (Tensor, Tensor)", batchNormStatsOp<false>},
    {"aten::batch_norm_stats.out(Tensor input, float eps, *, Tensor(a!) out0, Tensor(b!) out1) -> (Tensor(a!), "
     "Tensor(b!))",
     batchNormStatsOp<true>},
    {"aten::batch_norm_gather_stats" EMBER_GATHER ", int count) -> (Tensor, Tensor)", gatherStatsOp<false, false>},
    {"aten::batch_norm_gather_stats.out" EMBER_GATHER ", int count" EMBER_OUT2, gatherStatsOp<false, true>},
    {"aten::batch_norm_gather_stats_with_counts" EMBER_GATHER ", Tensor counts) -> (Tensor, Tensor)",
     gatherStatsOp<true, false>},
    {"aten::batch_norm_gather_stats_with_counts.out" EMBER_GATHER ", Tensor counts" EMBER_OUT2,
     gatherStatsOp<true, true>},
    {"aten::batch_norm_update_stats(Tensor input, Tensor? running_mean, Tensor? running_var, float momentum) -> "
     "(Tensor, Tensor)",
     batchNormUpdateStatsOp<false>},
    {"aten::batch_norm_update_stats.out(Tensor input, Tensor? running_mean, Tensor? running_var, float momentum, *, "
     "Tensor(a!) out0, Tensor(b!) out1) -> (Tensor(a!), Tensor(b!))",
     batchNormUpdateStatsOp<true>},
    {"aten::pad_sequence(Tensor[] sequences, bool batch_first=False, float padding_value=0.) -> Tensor", padSequenceOp},
    {"aten::_pack_sequence(Tensor output, Tensor batch_sizes, Tensor? sorted_indices, Tensor? unsorted_indices) -> "
     "(Tensor, Tensor, Tensor?, Tensor?)",
     packSequenceOp},
});

}  // namespace
}  // namespace ember::jit::aten
