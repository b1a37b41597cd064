// Connectionist temporal classification loss, forward only. Per sample, the extended target
// l' = (blank, l1, blank, l2, ..., blank) of length 2L + 1; log alpha(t, s) is the log
// probability of all alignments of the first t + 1 frames that end in l'_s:
//   alpha(0, 0) = p0(blank), alpha(0, 1) = p0(l1),
//   alpha(t, s) = log(sum of exp(alpha(t-1, s - k)) for k = 0, 1 and, when l'_s differs from
//                 l'_{s-2}, k = 2) + pt(l'_s),
// summed with the running maximum subtracted (log-sum-exp). The loss is -log(exp(alpha(T-1,
// 2L)) + exp(alpha(T-1, 2L-1))). ctc_loss reduces as PyTorch 1.13 does: mean divides each loss
// by its target length (at least 1) before averaging; zero_infinity turns infinite losses to 0.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/loss.h"
#include "ember/tensor/ops/loss_extra.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/reduce.h"

namespace ember {

namespace {

const char* const kWhere = " (while checking arguments for ctc_loss_cpu)";

template <typename T>
T logSumExp3(T a, T b, T c) {
  T m = std::max(a, std::max(b, c));
  if (m == -std::numeric_limits<T>::infinity()) m = 0;
  return std::log(std::exp(a - m) + std::exp(b - m) + std::exp(c - m)) + m;
}

// One sample: lp (T x C, rows `rowStride` apart), target labels, alpha (T x (2S + 1)).
template <typename T>
T ctcSample(const T* lp, int64_t rowStride, const std::vector<int64_t>& target, int64_t frames, int64_t blank, T* alpha,
            int64_t alphaRow) {
  const T ninf = -std::numeric_limits<T>::infinity();
  const int64_t L = static_cast<int64_t>(target.size()), S = 2 * L + 1;
  auto prime = [&](int64_t s) { return s % 2 == 0 ? blank : target[static_cast<size_t>(s / 2)]; };
  alpha[0] = lp[blank];
  if (L > 0) alpha[1] = lp[target[0]];
  for (int64_t t = 1; t < frames; ++t) {
    const T* prev = alpha + (t - 1) * alphaRow;
    T* cur = alpha + t * alphaRow;
    const T* p = lp + t * rowStride;
    for (int64_t s = 0; s < S; ++s) {
      const int64_t c = prime(s);
      const T a = prev[s], b = s > 0 ? prev[s - 1] : ninf, d = (s > 1 && prime(s - 2) != c) ? prev[s - 2] : ninf;
      cur[s] = logSumExp3(a, b, d) + p[c];
    }
  }
  if (frames == 0) return -ninf;
  const T* last = alpha + (frames - 1) * alphaRow;
  const T l1 = last[2 * L], l2 = L > 0 ? last[2 * L - 1] : ninf;
  return -logSumExp3(l1, l2, ninf);
}

}  // namespace

std::tuple<Tensor, Tensor> _ctc_loss(const Tensor& log_probs, const Tensor& targets, IntArrayRef input_lengths,
                                     IntArrayRef target_lengths, int64_t blank, bool zero_infinity) {
  (void)zero_infinity;  // used by the backward pass only
  EMBER_CHECK(log_probs.dim() == 3, "Expected 3-dimensional tensor, but got ", log_probs.dim(),
              "-dimensional tensor for argument #1 'log_probs'", kWhere);
  const int64_t frames = log_probs.size(0), batch = log_probs.size(1), classes = log_probs.size(2);
  EMBER_CHECK(blank >= 0 && blank < classes, "blank must be in label range");
  EMBER_CHECK(static_cast<int64_t>(input_lengths.size()) == batch, "input_lengths must be of size batch_size");
  EMBER_CHECK(static_cast<int64_t>(target_lengths.size()) == batch, "target_lengths must be of size batch_size");
  EMBER_CHECK(log_probs.dtype() == ScalarType::Float || log_probs.dtype() == ScalarType::Double,
              "\"ctc_loss_cpu\" not implemented for '", scalarTypeName(log_probs.dtype()), "'");
  int64_t maxTarget = 0, totalTarget = 0;
  for (int64_t b = 0; b < batch; ++b) {
    EMBER_CHECK(target_lengths[b] >= 0, "Expected target_lengths to be non-negative, but got ", target_lengths[b]);
    maxTarget = std::max(maxTarget, target_lengths[b]);
    totalTarget += target_lengths[b];
    EMBER_CHECK(input_lengths[b] >= 0 && input_lengths[b] <= frames, "Expected input_lengths to have value at most ",
                frames, ", but got value ", input_lengths[b], kWhere);
  }
  const Tensor tg = targets.to(ScalarType::Long).contiguous();
  const int64_t* tp = tg.data_ptr<int64_t>();
  std::vector<std::vector<int64_t>> labels(static_cast<size_t>(batch));
  if (targets.dim() == 1) {
    EMBER_CHECK(targets.size(0) >= totalTarget, "Expected tensor to have size at least ", totalTarget,
                " at dimension 0, but got size ", targets.size(0), " for argument #2 'targets'", kWhere);
    int64_t offset = 0;
    for (int64_t b = 0; b < batch; ++b) {
      labels[b].assign(tp + offset, tp + offset + target_lengths[b]);
      offset += target_lengths[b];
    }
  } else {
    EMBER_CHECK(targets.dim() == 2 && targets.size(0) == batch,
                "Expected targets of shape (batch, max target "
                "length) or concatenated 1-D targets, but got ",
                targets.sizes(), kWhere);
    EMBER_CHECK(targets.size(1) >= maxTarget, "Expected tensor to have size at least ", maxTarget,
                " at dimension 1, but got size ", targets.size(1), " for argument #2 'targets'", kWhere);
    for (int64_t b = 0; b < batch; ++b)
      labels[b].assign(tp + b * targets.size(1), tp + b * targets.size(1) + target_lengths[b]);
  }
  // PyTorch reads out of bounds for a label outside [0, classes); ember refuses it.
  for (const auto& row : labels)
    for (int64_t l : row)
      EMBER_CHECK(l >= 0 && l < classes, "ctc_loss: target label ", l, " is out of range for ", classes, " classes");
  const int64_t alphaRow = 2 * maxTarget + 1;
  Tensor nll = empty({batch}, log_probs.dtype());
  Tensor alpha = full({batch, frames, alphaRow}, Scalar(-std::numeric_limits<double>::infinity()), log_probs.dtype());
  const Tensor lp = log_probs.contiguous();
  visitFloatingDtype(log_probs.dtype(), [&]<typename T>() {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
      const T* base = lp.data_ptr<T>();
      for (int64_t b = 0; b < batch; ++b)
        nll.data_ptr<T>()[b] = ctcSample<T>(base + b * classes, batch * classes, labels[b], input_lengths[b], blank,
                                            alpha.data_ptr<T>() + b * frames * alphaRow, alphaRow);
    }
  });
  return {nll, alpha};
}

Tensor ctc_loss(const Tensor& log_probs, const Tensor& targets, IntArrayRef input_lengths, IntArrayRef target_lengths,
                int64_t blank, int64_t reduction, bool zero_infinity) {
  const bool batched = log_probs.dim() == 3;
  const Tensor lp = batched ? log_probs : log_probs.unsqueeze(1);
  const Tensor tg = batched ? targets : targets.unsqueeze(0);
  Tensor res = std::get<0>(_ctc_loss(lp, tg, input_lengths, target_lengths, blank, zero_infinity));
  if (zero_infinity) res = where(eq(res, Scalar(std::numeric_limits<double>::infinity())), Scalar(0.0), res);
  if (reduction == Reduction::Mean) {
    std::vector<int64_t> lens(target_lengths.begin(), target_lengths.end());
    Tensor divisor = empty({static_cast<int64_t>(lens.size())}, ScalarType::Long);
    std::copy(lens.begin(), lens.end(), divisor.data_ptr<int64_t>());
    return mean(res / clamp_min(divisor, Scalar(1)).to(res.dtype()));
  }
  if (reduction == Reduction::Sum) return sum(res);
  return batched ? res : res.squeeze(0);
}

}  // namespace ember
