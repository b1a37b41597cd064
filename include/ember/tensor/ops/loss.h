// Tensor ops of the loss family with PyTorch 1.13's semantics. `reduction` is PyTorch's enum:
// 0 none, 1 mean, 2 sum. Class-index targets are int64; `ignore_index` entries add nothing
// (and no weight to a mean's denominator).
//
// Dtypes as PyTorch 1.13 on CPU: mse_loss float16/32/64; smooth_l1_loss and huber_loss also
// bfloat16; l1_loss whatever abs(input - target) takes; binary_cross_entropy float32/float64;
// nll_loss, nll_loss2d and cross_entropy_loss bfloat16/float32/float64.
#pragma once

#include <tuple>

#include "ember/tensor/tensor.h"

namespace ember {

namespace Reduction {
constexpr int64_t None = 0, Mean = 1, Sum = 2;
}

Tensor mse_loss(const Tensor& self, const Tensor& target, int64_t reduction = Reduction::Mean);
Tensor l1_loss(const Tensor& self, const Tensor& target, int64_t reduction = Reduction::Mean);
Tensor smooth_l1_loss(const Tensor& self, const Tensor& target, int64_t reduction = Reduction::Mean,
                      double beta = 1.0);
Tensor huber_loss(const Tensor& self, const Tensor& target, int64_t reduction = Reduction::Mean, double delta = 1.0);
// -w * (t * log(x) + (1 - t) * log(1 - x)), each log clamped at -100; input in [0, 1].
Tensor binary_cross_entropy(const Tensor& self, const Tensor& target, const Tensor& weight = {},
                            int64_t reduction = Reduction::Mean);
Tensor binary_cross_entropy_with_logits(const Tensor& self, const Tensor& target, const Tensor& weight = {},
                                        const Tensor& pos_weight = {}, int64_t reduction = Reduction::Mean);

// input [N, C] or [C] of log-probabilities, target [N] or []. (output, total_weight).
std::tuple<Tensor, Tensor> nll_loss_forward(const Tensor& self, const Tensor& target, const Tensor& weight,
                                            int64_t reduction, int64_t ignore_index);
// input [N, C, H, W], target [N, H, W].
std::tuple<Tensor, Tensor> nll_loss2d_forward(const Tensor& self, const Tensor& target, const Tensor& weight,
                                              int64_t reduction, int64_t ignore_index);
Tensor nll_loss(const Tensor& self, const Tensor& target, const Tensor& weight = {},
                int64_t reduction = Reduction::Mean, int64_t ignore_index = -100);
Tensor nll_loss2d(const Tensor& self, const Tensor& target, const Tensor& weight = {},
                  int64_t reduction = Reduction::Mean, int64_t ignore_index = -100);
// Any rank: [N, C, d1, ...] with target [N, d1, ...].
Tensor nll_loss_nd(const Tensor& self, const Tensor& target, const Tensor& weight = {},
                   int64_t reduction = Reduction::Mean, int64_t ignore_index = -100);
// Class indices (int64 target), or class probabilities (a floating target of the input's shape).
Tensor cross_entropy_loss(const Tensor& self, const Tensor& target, const Tensor& weight = {},
                          int64_t reduction = Reduction::Mean, int64_t ignore_index = -100,
                          double label_smoothing = 0.0);

}  // namespace ember
