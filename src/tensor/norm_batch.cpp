// Batch norm (and instance norm, which is batch norm over a reshaped input). Both modes end in
// out = x * alpha[c] + beta[c] with per-channel terms computed once: from the running statistics
// in evaluation, from the batch's statistics (mean and biased variance, accumulated in double)
// in training, where the running statistics are then updated in place with the unbiased
// variance. Channels-last inputs give channels-last results.
#include <cmath>
#include <numeric>
#include <vector>

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/norm.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/reduce.h"
#include "ember/tensor/ops/shape.h"
#include "tensor/nn_layout.h"
#include "tensor/nn_rows.h"
#include "tensor/storage_watch.h"

namespace ember {

namespace {

using nn::RowOps;

// A 1-D parameter as C doubles (fill when undefined).
std::vector<double> paramValues(const Tensor& t, int64_t C, double fill) {
  std::vector<double> v(static_cast<size_t>(C), fill);
  if (!t.defined()) return v;
  const Tensor d = t.to(kDouble).contiguous();
  const double* p = d.data_ptr<double>();
  std::copy(p, p + C, v.begin());
  return v;
}

// The dtype of the statistics: the input's, or float32 for a bfloat16 input with float32
// parameters (PyTorch's mixed-dtype batch norm).
ScalarType statDtype(const Tensor& input, std::initializer_list<const Tensor*> params) {
  const ScalarType t = input.dtype();
  nn::checkDtypeIn(t, {kBFloat16, kFloat, kDouble}, "batch_norm");
  bool same = true, allFloat = true;
  for (const Tensor* p : params) {
    if (!p->defined()) continue;
    same = same && p->dtype() == t;
    allFloat = allFloat && p->dtype() == kFloat;
  }
  if (same) return t;
  EMBER_CHECK(t == kBFloat16, "mixed dtype (CPU): expect input to have scalar type of BFloat16");
  EMBER_CHECK(allFloat, "mixed dtype (CPU): expect parameter to have scalar type of Float");
  return kFloat;
}

struct BatchStats {
  std::vector<double> mean, varSum;
  int64_t count = 0;
};

// Per-channel mean and sum of squared deviations of a contiguous [N, C, S] input.
template <typename T>
BatchStats batchStats(const Tensor& x, int64_t N, int64_t C, int64_t S) {
  BatchStats st;
  st.mean.assign(static_cast<size_t>(C), 0.0);
  st.varSum.assign(static_cast<size_t>(C), 0.0);
  st.count = N * S;
  const T* p = x.data_ptr<T>();
  parallelFor(0, C, std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, N * S)), [&](int64_t c0, int64_t c1) {
    for (int64_t c = c0; c < c1; ++c) {
      double s = 0;
      for (int64_t n = 0; n < N; ++n) s += static_cast<double>(RowOps<T>::sum(p + (n * C + c) * S, S));
      const double mean = s / static_cast<double>(st.count);
      double v = 0;
      for (int64_t n = 0; n < N; ++n)
        v += static_cast<double>(RowOps<T>::sumSqDev(p + (n * C + c) * S, S, static_cast<opmath_t<T>>(mean)));
      st.mean[c] = mean;
      st.varSum[c] = v;
    }
  });
  return st;
}

// out = x * alpha[c] + beta[c] over a dense input in either layout.
template <typename T>
void applyAffine(const Tensor& x, const Tensor& out, int64_t N, int64_t C, int64_t S, bool channelsLast,
                 const std::vector<double>& alpha, const std::vector<double>& beta) {
  using Cm = opmath_t<T>;
  const T* in = x.data_ptr<T>();
  T* o = out.data_ptr<T>();
  if (!channelsLast) {
    parallelFor(0, N * C, std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, S)), [&](int64_t p0, int64_t p1) {
      for (int64_t p = p0; p < p1; ++p) {
        const int64_t c = p % C;
        RowOps<T>::scaleShift(o + p * S, in + p * S, S, static_cast<Cm>(alpha[c]), static_cast<Cm>(beta[c]));
      }
    });
    return;
  }
  // Channels-last rows follow each other, so a run of rows is one stream whose factors repeat
  // every C elements: with the factors repeated to a period that is a multiple of C and of the
  // widest vector and at least 512 elements, the stream goes through the vector kernel in long
  // calls without ragged ends (one call per 32-channel row cost efficientnet_b0 a fifth more
  // time in batch_norm than NCHW planes).
  const int64_t lanes = 16, unit = C * (lanes / std::gcd(C, lanes));
  const int64_t period = unit * ((512 + unit - 1) / unit);
  std::vector<Cm> a(static_cast<size_t>(period)), b(static_cast<size_t>(period));
  for (int64_t i = 0; i < period; ++i) {
    a[i] = static_cast<Cm>(alpha[i % C]);
    b[i] = static_cast<Cm>(beta[i % C]);
  }
  parallelFor(0, N * S, std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, C)), [&](int64_t r0, int64_t r1) {
    const int64_t end = r1 * C;
    for (int64_t i = r0 * C; i < end; i += period)
      RowOps<T>::scaleShiftVec(o + i, in + i, std::min(period, end - i), a.data(), b.data());
  });
}

void checkFeatures(const char* name, const Tensor& t, int64_t C) {
  if (t.defined()) EMBER_CHECK(t.numel() == C, name, " should contain ", C, " elements not ", t.numel());
}

// Running statistics after one training step (PyTorch's update, unbiased variance).
void updateRunning(const Tensor& runningMean, const Tensor& runningVar, const BatchStats& st, double momentum) {
  const int64_t C = static_cast<int64_t>(st.mean.size());
  const double n = static_cast<double>(st.count);
  if (runningMean.defined()) {
    std::vector<double> rm = paramValues(runningMean, C, 0.0);
    for (int64_t c = 0; c < C; ++c) rm[c] = momentum * st.mean[c] + (1 - momentum) * rm[c];
    runningMean.copy_(tensor(rm).view(runningMean.sizes()));
  }
  if (runningVar.defined()) {
    std::vector<double> rv = paramValues(runningVar, C, 0.0);
    for (int64_t c = 0; c < C; ++c) rv[c] = momentum * st.varSum[c] / (n - 1) + (1 - momentum) * rv[c];
    runningVar.copy_(tensor(rv).view(runningVar.sizes()));
  }
}

// An empty input: PyTorch's batch_norm returns input * weight[0] + bias[0] without touching the
// statistics.
std::tuple<Tensor, Tensor, Tensor> emptyBatchNorm(const Tensor& input, const Tensor& weight, const Tensor& bias,
                                                  int64_t C, ScalarType stat) {
  Tensor out = input.clone();
  if (weight.defined()) out = out * weight.select(0, 0);
  if (bias.defined()) out = out + bias.select(0, 0);
  return {out, zeros({C}, stat), zeros({C}, stat)};
}

}  // namespace

namespace {

// native_batch_norm; with `reuseInput` (an evaluation-mode call that owns the only reference to a
// dense input) the result is written over the input.
std::tuple<Tensor, Tensor, Tensor> nativeBatchNorm(const Tensor& input, const Tensor& weight, const Tensor& bias,
                                                   const Tensor& running_mean, const Tensor& running_var,
                                                   bool training, double momentum, double eps, bool reuseInput) {
  EMBER_CHECK(input.dim() >= 2, "Dimension out of range (expected to be in range of [", -input.dim(), ", ",
              input.dim() - 1, "], but got 1)");
  const int64_t N = input.size(0), C = input.size(1), S = C == 0 ? 0 : input.numel() / std::max<int64_t>(1, N * C);
  checkFeatures("weight", weight, C);
  checkFeatures("bias", bias, C);
  checkFeatures("running_mean", running_mean, C);
  checkFeatures("running_var", running_var, C);
  const ScalarType stat = statDtype(input, {&weight, &bias, &running_mean, &running_var});
  if (!training) {
    EMBER_CHECK(running_mean.defined(), "running_mean must be defined in evaluation mode");
    EMBER_CHECK(running_var.defined(), "running_var must be defined in evaluation mode");
  }
  if (input.numel() == 0) return emptyBatchNorm(input, weight, bias, C, stat);
  const bool channelsLast = nn::isChannelsLast(input);
  const Tensor x = nn::denseIn(input, channelsLast);
  Tensor out = reuseInput && x.is_same(input) ? x : nn::emptyIn(input.sizes(), input.dtype(), channelsLast);
  std::vector<double> mean, invstd(static_cast<size_t>(C));
  Tensor saveMean = empty({0}, stat), saveInvstd = empty({0}, stat);
  if (training) {
    const Tensor xc = channelsLast ? input.contiguous() : x;
    BatchStats st;
    visitFloatingDtype(input.dtype(), [&]<typename T>() {
      if constexpr (!std::is_same_v<T, Half>) st = batchStats<T>(xc, N, C, S);
    });
    mean = st.mean;
    for (int64_t c = 0; c < C; ++c) invstd[c] = 1.0 / std::sqrt(st.varSum[c] / static_cast<double>(st.count) + eps);
    updateRunning(running_mean, running_var, st, momentum);
    saveMean = tensor(mean).to(stat);
    saveInvstd = tensor(invstd).to(stat);
  } else {
    mean = paramValues(running_mean, C, 0.0);
    const std::vector<double> var = paramValues(running_var, C, 1.0);
    for (int64_t c = 0; c < C; ++c) invstd[c] = 1.0 / std::sqrt(var[c] + eps);
  }
  const std::vector<double> w = paramValues(weight, C, 1.0), b = paramValues(bias, C, 0.0);
  std::vector<double> alpha(static_cast<size_t>(C)), beta(static_cast<size_t>(C));
  for (int64_t c = 0; c < C; ++c) {
    alpha[c] = invstd[c] * w[c];
    beta[c] = b[c] - mean[c] * alpha[c];
  }
  visitFloatingDtype(input.dtype(), [&]<typename T>() {
    if constexpr (!std::is_same_v<T, Half>) applyAffine<T>(x, out, N, C, S, channelsLast, alpha, beta);
  });
  return {out, saveMean, saveInvstd};
}

}  // namespace

std::tuple<Tensor, Tensor, Tensor> native_batch_norm(const Tensor& input, const Tensor& weight, const Tensor& bias,
                                                     const Tensor& running_mean, const Tensor& running_var,
                                                     bool training, double momentum, double eps) {
  return nativeBatchNorm(input, weight, bias, running_mean, running_var, training, momentum, eps, false);
}

std::tuple<Tensor, Tensor, Tensor, Tensor, int64_t> _batch_norm_impl_index(
    const Tensor& input, const Tensor& weight, const Tensor& bias, const Tensor& running_mean,
    const Tensor& running_var, bool training, double momentum, double eps, bool) {
  auto [out, mean, invstd] = native_batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps);
  return {out, mean, invstd, empty({0}, kByte), 0};
}

Tensor batch_norm(const Tensor& input, const Tensor& weight, const Tensor& bias, const Tensor& running_mean,
                  const Tensor& running_var, bool training, double momentum, double eps, bool) {
  if (input.numel() == 0) return input.clone();  // PyTorch returns an empty input as it is, of any rank
  return std::get<0>(native_batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps));
}

Tensor batch_norm_consuming(Tensor input, const Tensor& weight, const Tensor& bias, const Tensor& running_mean,
                            const Tensor& running_var, bool training, double momentum, double eps,
                            bool recordsNoHistory) {
  // Nothing else can see the input: no other handle on it or its storage (a view, a container,
  // the caller's variable), and no autograd history that might save it.
  const bool reuse = !training && recordsNoHistory && input.numel() > 0 && input.use_count() == 1 &&
                     input.storage().useCount() == 1 && !input.requires_grad() &&
                     (input.dtype() == kFloat || input.dtype() == kDouble);
  if (!reuse) return batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps);
  detail::noteWrite(input);  // an in-place write as far as storage watchers are concerned
  return std::get<0>(nativeBatchNorm(input, weight, bias, running_mean, running_var, training, momentum, eps, true));
}

Tensor instance_norm(const Tensor& input, const Tensor& weight, const Tensor& bias, const Tensor& running_mean,
                     const Tensor& running_var, bool use_input_stats, double momentum, double eps, bool) {
  EMBER_CHECK(use_input_stats || (running_mean.defined() && running_var.defined()),
              "Expected running_mean and running_var to be defined when use_input_stats is false");
  EMBER_CHECK(input.dim() >= 2, "Dimension out of range (expected to be in range of [", -input.dim(), ", ",
              input.dim() - 1, "], but got 1)");
  const int64_t b = input.size(0), c = input.size(1);
  DimVector shape(input.sizes());
  shape[0] = 1;
  shape[1] = b * c;
  auto repeated = [&](const Tensor& t) { return t.defined() ? t.repeat({b}) : Tensor(); };
  Tensor rm = repeated(running_mean), rv = repeated(running_var);
  Tensor out = batch_norm(input.contiguous().view(shape), repeated(weight), repeated(bias), rm, rv, use_input_stats,
                          momentum, eps);
  if (running_mean.defined()) running_mean.copy_(mean(rm.view({b, c}), {0}, false));
  if (running_var.defined()) running_var.copy_(mean(rv.view({b, c}), {0}, false));
  return out.view(input.sizes());
}

}  // namespace ember
