// Tensor ops of the remaining NN families, with PyTorch 1.13's semantics:
//  - embedding lookups: embedding, embedding_renorm_ (what F.embedding's max_norm calls),
//    embedding_bag (sum / mean / max over bags given by offsets, per_sample_weights,
//    include_last_offset, padding_idx) with its auxiliary results;
//  - dropout and its variants: identity when not training; when training, a Bernoulli mask drawn
//    from ember's generator (PyTorch's CPU stream, so seeded runs match) scaled by 1 / (1 - p);
//  - rearrangements: pixel_shuffle, pixel_unshuffle, channel_shuffle;
//  - similarity and norms: cosine_similarity, pairwise_distance, frobenius_norm;
//  - aten's _softmax / _log_softmax (half_to_float is a CUDA-only option).
#pragma once

#include <tuple>

#include "ember/tensor/tensor.h"

namespace ember {

Tensor embedding(const Tensor& weight, const Tensor& indices, int64_t padding_idx = -1,
                 bool scale_grad_by_freq = false, bool sparse = false);
// Rescales the rows `indices` names whose norm_type-norm exceeds max_norm to max_norm.
Tensor& embedding_renorm_(Tensor& self, const Tensor& indices, double max_norm, double norm_type);
// (output [bags, D], offset2bag, bag_size, max_indices); mode 0 sum, 1 mean, 2 max.
std::tuple<Tensor, Tensor, Tensor, Tensor> _embedding_bag(const Tensor& weight, const Tensor& indices,
                                                          const Tensor& offsets, bool scale_grad_by_freq = false,
                                                          int64_t mode = 0, bool sparse = false,
                                                          const Tensor& per_sample_weights = {},
                                                          bool include_last_offset = false, int64_t padding_idx = -1);

// p: probability of an element being zeroed.
Tensor dropout(const Tensor& input, double p, bool train);
Tensor& dropout_(Tensor& self, double p, bool train);
Tensor feature_dropout(const Tensor& input, double p, bool train);  // whole channels
Tensor& feature_dropout_(Tensor& self, double p, bool train);
Tensor alpha_dropout(const Tensor& input, double p, bool train);  // keeps SELU's mean and variance
Tensor& alpha_dropout_(Tensor& self, double p, bool train);
Tensor feature_alpha_dropout(const Tensor& input, double p, bool train);
Tensor& feature_alpha_dropout_(Tensor& self, double p, bool train);
// (output, bool mask); train = nullopt means training.
std::tuple<Tensor, Tensor> native_dropout(const Tensor& input, double p, std::optional<bool> train);

Tensor pixel_shuffle(const Tensor& self, int64_t upscale_factor);
Tensor pixel_unshuffle(const Tensor& self, int64_t downscale_factor);
Tensor channel_shuffle(const Tensor& self, int64_t groups);

Tensor cosine_similarity(const Tensor& x1, const Tensor& x2, int64_t dim = 1, double eps = 1e-8);
Tensor pairwise_distance(const Tensor& x1, const Tensor& x2, double p = 2.0, double eps = 1e-6, bool keepdim = false);
// torch.bilinear: out[..., o] = sum_ij input1[..., i] weight[o, i, j] input2[..., j] + bias[o].
Tensor bilinear(const Tensor& input1, const Tensor& input2, const Tensor& weight, const Tensor& bias = Tensor());
// torch.pdist: the p-norm distances between the rows of a 2-d tensor, pairs i < j in row order.
Tensor pdist(const Tensor& self, double p = 2.0);
Tensor frobenius_norm(const Tensor& self);
Tensor frobenius_norm(const Tensor& self, IntArrayRef dim, bool keepdim = false);

Tensor _softmax(const Tensor& self, int64_t dim, bool half_to_float);
Tensor _log_softmax(const Tensor& self, int64_t dim, bool half_to_float);

}  // namespace ember
