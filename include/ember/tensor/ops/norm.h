// Tensor ops of the normalisation family with PyTorch 1.13's semantics: batch norm (inference
// with running statistics, and training, which normalises with the batch's statistics and
// updates the running ones in place with `momentum`, the variance unbiased), layer norm, group
// norm and instance norm, and the native_* forms that also return the statistics.
//
// Dtypes as PyTorch 1.13 on CPU: bfloat16, float32 and float64; batch norm also takes a
// bfloat16 input with float32 parameters and running statistics (computing in float32). An
// undefined Tensor stands for None.
#pragma once

#include <tuple>

#include "ember/tensor/tensor.h"

namespace ember {

Tensor batch_norm(const Tensor& input, const Tensor& weight, const Tensor& bias, const Tensor& running_mean,
                  const Tensor& running_var, bool training, double momentum, double eps, bool cudnn_enabled = true);
// batch_norm for a caller that hands over its last reference to `input` (the interpreter, at the
// input's last use) and records no autograd history for the call (grad mode off, or nothing
// requires grad): in evaluation mode, when nothing else holds the tensor or its storage, the
// result is written over the input instead of fresh memory (the profiling call of a
// convolution net runs dozens of unfused batch norms). Otherwise batch_norm.
Tensor batch_norm_consuming(Tensor input, const Tensor& weight, const Tensor& bias, const Tensor& running_mean,
                            const Tensor& running_var, bool training, double momentum, double eps,
                            bool recordsNoHistory);
// (output, save_mean, save_invstd): the batch's mean and 1/sqrt(biased var + eps) in training;
// empty tensors in evaluation.
std::tuple<Tensor, Tensor, Tensor> native_batch_norm(const Tensor& input, const Tensor& weight, const Tensor& bias,
                                                     const Tensor& running_mean, const Tensor& running_var,
                                                     bool training, double momentum, double eps);
// batch_norm's implementation entry as traced archives may hold it: native_batch_norm's results,
// an empty uint8 reserve and the backend index 0.
std::tuple<Tensor, Tensor, Tensor, Tensor, int64_t> _batch_norm_impl_index(
    const Tensor& input, const Tensor& weight, const Tensor& bias, const Tensor& running_mean,
    const Tensor& running_var, bool training, double momentum, double eps, bool cudnn_enabled);

Tensor layer_norm(const Tensor& input, IntArrayRef normalized_shape, const Tensor& weight = {},
                  const Tensor& bias = {}, double eps = 1e-5, bool cudnn_enable = true);
// (output, mean, rstd); mean and rstd keep the leading dims and have size 1 in the normalised ones.
std::tuple<Tensor, Tensor, Tensor> native_layer_norm(const Tensor& input, IntArrayRef normalized_shape,
                                                     const Tensor& weight, const Tensor& bias, double eps);

Tensor group_norm(const Tensor& input, int64_t num_groups, const Tensor& weight = {}, const Tensor& bias = {},
                  double eps = 1e-5, bool cudnn_enabled = true);
// input viewed as [N, C, HxW]; (output, mean [N, group], rstd [N, group]).
std::tuple<Tensor, Tensor, Tensor> native_group_norm(const Tensor& input, const Tensor& weight, const Tensor& bias,
                                                     int64_t N, int64_t C, int64_t HxW, int64_t group, double eps);

// Batch norm of each (sample, channel) over its spatial dims; running statistics (when given and
// use_input_stats) receive the mean of the per-sample updates.
Tensor instance_norm(const Tensor& input, const Tensor& weight, const Tensor& bias, const Tensor& running_mean,
                     const Tensor& running_var, bool use_input_stats, double momentum, double eps,
                     bool cudnn_enabled = true);

}  // namespace ember
