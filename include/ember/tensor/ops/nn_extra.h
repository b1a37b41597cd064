// NN ops with PyTorch 1.13's semantics that TorchScript archives call as aten operators: max
// unpooling (the inverse scatter of max_pool's indices), fractional max pooling (pseudo-random
// window starts drawn from caller-given samples in [0, 1)) and rrelu. The pooling ones take
// float32 / float64, as PyTorch's CPU kernels, inputs batched (N, C, *S) or not (C, *S).
#pragma once

#include <tuple>

#include "ember/tensor/tensor.h"

namespace ember {

// Zeros of (N, C, *output_size) with self's values at the flat per-plane positions in indices.
Tensor max_unpool2d(const Tensor& self, const Tensor& indices, IntArrayRef output_size);
Tensor max_unpool3d(const Tensor& self, const Tensor& indices, IntArrayRef output_size, IntArrayRef stride,
                    IntArrayRef padding);

// random_samples (N, C, 2) for (w, h) or (N, C, 3) for (t, h, w). (values, int64 indices).
std::tuple<Tensor, Tensor> fractional_max_pool2d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef output_size,
                                                 const Tensor& random_samples);
std::tuple<Tensor, Tensor> fractional_max_pool3d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef output_size,
                                                 const Tensor& random_samples);

// rrelu: x for x > 0, x * a otherwise, a = (lower + upper) / 2 in evaluation and a uniform
// draw from [lower, upper] per negative element in training (PyTorch's stream); `noise` gets
// each element's factor (1 for positives) in training.
Tensor rrelu_with_noise(const Tensor& self, const Tensor& noise, const Scalar& lower, const Scalar& upper,
                        bool training, Generator* generator);
Tensor& rrelu_with_noise_(Tensor& self, const Tensor& noise, const Scalar& lower, const Scalar& upper, bool training,
                          Generator* generator);

}  // namespace ember
