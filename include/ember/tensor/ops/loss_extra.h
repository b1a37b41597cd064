// The losses of torch.nn.functional that PyTorch implements as aten operators but ember's
// functional library composed from other ops: PyTorch archives call these operators directly.
// PyTorch 1.13's semantics; `reduction` 0 none, 1 mean, 2 sum (ember::Reduction).
#pragma once

#include <tuple>

#include "ember/tensor/tensor.h"

namespace ember {

// target * (log(target) - input), or exp(target) * (target - input) for a log-space target.
Tensor kl_div(const Tensor& self, const Tensor& target, int64_t reduction, bool log_target);
Tensor margin_ranking_loss(const Tensor& input1, const Tensor& input2, const Tensor& target, double margin,
                           int64_t reduction);
Tensor hinge_embedding_loss(const Tensor& self, const Tensor& target, double margin, int64_t reduction);
// input1/input2 (N, D) with target (N), or (D) with a 0-d target; target 1 or -1.
Tensor cosine_embedding_loss(const Tensor& input1, const Tensor& input2, const Tensor& target, double margin,
                             int64_t reduction);
Tensor triplet_margin_loss(const Tensor& anchor, const Tensor& positive, const Tensor& negative, double margin,
                           double p, double eps, bool swap, int64_t reduction);
Tensor poisson_nll_loss(const Tensor& input, const Tensor& target, bool log_input, bool full, double eps,
                        int64_t reduction);
Tensor soft_margin_loss(const Tensor& self, const Tensor& target, int64_t reduction);
// (N, C) or (C) scores, target class indices (N) or (); p 1 or 2; weight (C) optional.
Tensor multi_margin_loss(const Tensor& self, const Tensor& target, const Scalar& p, const Scalar& margin,
                         const Tensor& weight, int64_t reduction);
// target rows list class indices up to the first -1. (loss, is_target).
std::tuple<Tensor, Tensor> multilabel_margin_loss_forward(const Tensor& self, const Tensor& target, int64_t reduction);

// CTC: log_probs (T, N, C) or (T, C) log-softmax outputs, targets (N, S) padded or 1-D
// concatenated. _ctc_loss returns (negative log likelihood per sample, log alpha (N, T, 2S+1)).
std::tuple<Tensor, Tensor> _ctc_loss(const Tensor& log_probs, const Tensor& targets, IntArrayRef input_lengths,
                                     IntArrayRef target_lengths, int64_t blank, bool zero_infinity);
Tensor ctc_loss(const Tensor& log_probs, const Tensor& targets, IntArrayRef input_lengths, IntArrayRef target_lengths,
                int64_t blank, int64_t reduction, bool zero_infinity);

}  // namespace ember
