// The `*_backward` aten operators (threshold_backward, _softmax_backward_data,
// native_layer_norm_backward, convolution_backward, max_pool2d_with_indices_backward, the loss and
// view backwards, ...), which PyTorch's symbolic-autodiff graphs, traced backward graphs and users'
// autograd code call by name.
//
// One generic binding table, no hand-copied maths in C++: each operator is a TorchScript def
// (aten_backward_ops_source.cpp) compiled lazily in one unit after autograd's derivative formulas,
// so a def mostly forwards to the formula autograd itself uses (d_gelu, _conv_backward,
// d_select_int, ...). The few ops whose forward ember differentiates through a decomposition
// (average pools, upsampling, padding, cdist, ...) take the vector-Jacobian product of their
// forward op with a nested torch.autograd.grad. The wrapper here handles what the defs need not:
// Scalar arguments arrive as float, `output_mask` entries that are false give an undefined tensor
// (None in Python, as PyTorch), and the out= / `.grad_input` overloads run the functional def and
// write into their out tensors.
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ember/core/function.h"
#include "ember/runtime/register_operators.h"
#include "runtime/autograd/composite_ops.h"
#include "runtime/autograd/formulas.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {

// The defs (aten_backward_ops_source.cpp).
extern const char* const kBackwardOpsSource;

namespace {

struct Binding {
  const char* schema;
  const char* def;
  bool ignoresMask = false;  // PyTorch computes every result whatever output_mask says
};

// Each functional overload and its out= forms name the same def.
constexpr Binding kBindings[] = {
    {"aten::threshold_backward(Tensor grad_output, Tensor self, Scalar threshold) -> Tensor", "b_threshold"},
    {"aten::threshold_backward.grad_input(Tensor grad_output, Tensor self, Scalar threshold, *, Tensor(a!) grad_input) "
     "-> Tensor(a!)",
     "b_threshold"},
    {"aten::gelu_backward(Tensor grad_output, Tensor self, *, str approximate=\"none\") -> Tensor", "b_gelu"},
    {"aten::gelu_backward.grad_input(Tensor grad_output, Tensor self, *, str approximate=\"none\", Tensor(a!) "
     "grad_input) -> Tensor(a!)",
     "b_gelu"},
    {"aten::infinitely_differentiable_gelu_backward(Tensor grad, Tensor self) -> Tensor", "b_gelu_inf"},
    {"aten::silu_backward(Tensor grad_output, Tensor self) -> Tensor", "b_silu"},
    {"aten::silu_backward.grad_input(Tensor grad_output, Tensor self, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_silu"},
    {"aten::hardswish_backward(Tensor grad_output, Tensor self) -> Tensor", "b_hardswish"},
    {"aten::hardswish_backward.out(Tensor grad_output, Tensor self, *, Tensor(a!) out) -> Tensor(a!)", "b_hardswish"},
    {"aten::hardsigmoid_backward(Tensor grad_output, Tensor self) -> Tensor", "b_hardsigmoid"},
    {"aten::hardsigmoid_backward.grad_input(Tensor grad_output, Tensor self, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_hardsigmoid"},
    {"aten::hardtanh_backward(Tensor grad_output, Tensor self, Scalar min_val, Scalar max_val) -> Tensor",
     "b_hardtanh"},
    {"aten::hardtanh_backward.grad_input(Tensor grad_output, Tensor self, Scalar min_val, Scalar max_val, *, "
     "Tensor(a!) grad_input) -> Tensor(a!)",
     "b_hardtanh"},
    {"aten::elu_backward(Tensor grad_output, Scalar alpha, Scalar scale, Scalar input_scale, bool is_result, Tensor "
     "self_or_result) -> Tensor",
     "b_elu"},
    {"aten::elu_backward.grad_input(Tensor grad_output, Scalar alpha, Scalar scale, Scalar input_scale, bool "
     "is_result, Tensor self_or_result, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_elu"},
    {"aten::leaky_relu_backward(Tensor grad_output, Tensor self, Scalar negative_slope, bool self_is_result) -> Tensor",
     "b_leaky_relu"},
    {"aten::leaky_relu_backward.grad_input(Tensor grad_output, Tensor self, Scalar negative_slope, bool "
     "self_is_result, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_leaky_relu"},
    {"aten::softplus_backward(Tensor grad_output, Tensor self, Scalar beta, Scalar threshold) -> Tensor", "b_softplus"},
    {"aten::softplus_backward.grad_input(Tensor grad_output, Tensor self, Scalar beta, Scalar threshold, *, Tensor(a!) "
     "grad_input) -> Tensor(a!)",
     "b_softplus"},
    {"aten::mish_backward(Tensor grad_output, Tensor self) -> Tensor", "b_mish"},
    {"aten::log_sigmoid_backward(Tensor grad_output, Tensor self, Tensor buffer) -> Tensor", "b_log_sigmoid"},
    {"aten::log_sigmoid_backward.grad_input(Tensor grad_output, Tensor self, Tensor buffer, *, Tensor(a!) grad_input) "
     "-> Tensor(a!)",
     "b_log_sigmoid"},
    {"aten::softshrink_backward(Tensor grad_output, Tensor self, Scalar lambd) -> Tensor", "b_shrink"},
    {"aten::softshrink_backward.grad_input(Tensor grad_output, Tensor self, Scalar lambd, *, Tensor(a!) grad_input) -> "
     "Tensor(a!)",
     "b_shrink"},
    {"aten::hardshrink_backward(Tensor grad_out, Tensor self, Scalar lambd) -> Tensor", "b_shrink"},
    {"aten::hardshrink_backward.grad_input(Tensor grad_out, Tensor self, Scalar lambd, *, Tensor(a!) grad_input) -> "
     "Tensor(a!)",
     "b_shrink"},
    {"aten::rrelu_with_noise_backward(Tensor grad_output, Tensor self, Tensor noise, Scalar lower, Scalar upper, bool "
     "training, bool self_is_result) -> Tensor",
     "b_rrelu_with_noise"},
    {"aten::rrelu_with_noise_backward.out(Tensor grad_output, Tensor self, Tensor noise, Scalar lower, Scalar upper, "
     "bool training, bool self_is_result, *, Tensor(a!) out) -> Tensor(a!)",
     "b_rrelu_with_noise"},
    {"aten::tanh_backward(Tensor grad_output, Tensor output) -> Tensor", "b_tanh"},
    {"aten::tanh_backward.grad_input(Tensor grad_output, Tensor output, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_tanh"},
    {"aten::sigmoid_backward(Tensor grad_output, Tensor output) -> Tensor", "b_sigmoid"},
    {"aten::sigmoid_backward.grad_input(Tensor grad_output, Tensor output, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_sigmoid"},
    {"aten::logit_backward(Tensor grad_output, Tensor self, float? eps=None) -> Tensor", "b_logit"},
    {"aten::logit_backward.grad_input(Tensor grad_output, Tensor self, float? eps=None, *, Tensor(a!) grad_input) -> "
     "Tensor(a!)",
     "b_logit"},
    {"aten::glu_backward(Tensor grad_output, Tensor self, int dim) -> Tensor", "b_glu"},
    {"aten::glu_backward.grad_input(Tensor grad_output, Tensor self, int dim, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_glu"},
    {"aten::prelu_backward(Tensor grad_output, Tensor self, Tensor weight) -> (Tensor, Tensor)", "b_prelu"},
    {"aten::prelu_backward.out(Tensor grad_output, Tensor self, Tensor weight, *, Tensor(a!) out0, Tensor(b!) out1) -> "
     "(Tensor(a!), Tensor(b!))",
     "b_prelu"},
    {"aten::_softmax_backward_data(Tensor grad_output, Tensor output, int dim, ScalarType input_dtype) -> Tensor",
     "b_softmax_data"},
    {"aten::_softmax_backward_data.out(Tensor grad_output, Tensor output, int dim, ScalarType input_dtype, *, "
     "Tensor(a!) grad_input) -> Tensor(a!)",
     "b_softmax_data"},
    {"aten::_log_softmax_backward_data(Tensor grad_output, Tensor output, int dim, ScalarType input_dtype) -> Tensor",
     "b_log_softmax_data"},
    {"aten::_log_softmax_backward_data.out(Tensor grad_output, Tensor output, int dim, ScalarType input_dtype, *, "
     "Tensor(a!) out) -> Tensor(a!)",
     "b_log_softmax_data"},
    {"aten::native_dropout_backward(Tensor grad_output, Tensor mask, float scale) -> Tensor", "b_native_dropout"},
    {"aten::native_dropout_backward.out(Tensor grad_output, Tensor mask, float scale, *, Tensor(a!) out) -> Tensor(a!)",
     "b_native_dropout"},
    {"aten::fake_quantize_per_tensor_affine_cachemask_backward(Tensor grad, Tensor mask) -> Tensor", "b_cachemask"},
    {"aten::fake_quantize_per_channel_affine_cachemask_backward(Tensor grad, Tensor mask) -> Tensor", "b_cachemask"},
    // ---- normalisation and convolution (output_mask forms) ----
    {"aten::native_layer_norm_backward(Tensor grad_out, Tensor input, SymInt[] normalized_shape, Tensor mean, Tensor "
     "rstd, Tensor? weight, Tensor? bias, bool[3] output_mask) -> (Tensor, Tensor, Tensor)",
     "b_native_layer_norm"},
    {"aten::native_layer_norm_backward.out(Tensor grad_out, Tensor input, SymInt[] normalized_shape, Tensor mean, "
     "Tensor rstd, Tensor? weight, Tensor? bias, bool[3] output_mask, *, Tensor(a!) out0, Tensor(b!) out1, Tensor(c!) "
     "out2) -> (Tensor(a!), Tensor(b!), Tensor(c!))",
     "b_native_layer_norm"},
    {"aten::native_batch_norm_backward(Tensor grad_out, Tensor input, Tensor? weight, Tensor? running_mean, Tensor? "
     "running_var, Tensor? save_mean, Tensor? save_invstd, bool train, float eps, bool[3] output_mask) -> (Tensor, "
     "Tensor, Tensor)",
     "b_native_batch_norm"},
    {"aten::native_batch_norm_backward.out(Tensor grad_out, Tensor input, Tensor? weight, Tensor? running_mean, "
     "Tensor? running_var, Tensor? save_mean, Tensor? save_invstd, bool train, float eps, bool[3] output_mask, *, "
     "Tensor(a!) out0, Tensor(b!) out1, Tensor(c!) out2) -> (Tensor(a!), Tensor(b!), Tensor(c!))",
     "b_native_batch_norm"},
    {"aten::native_group_norm_backward(Tensor grad_out, Tensor input, Tensor mean, Tensor rstd, Tensor? weight, SymInt "
     "N, SymInt C, SymInt HxW, int group, bool[3] output_mask) -> (Tensor, Tensor, Tensor)",
     "b_native_group_norm"},
    {"aten::native_group_norm_backward.out(Tensor grad_out, Tensor input, Tensor mean, Tensor rstd, Tensor? weight, "
     "SymInt N, SymInt C, SymInt HxW, int group, bool[3] output_mask, *, Tensor(a!) out0, Tensor(b!) out1, Tensor(c!) "
     "out2) -> (Tensor(a!), Tensor(b!), Tensor(c!))",
     "b_native_group_norm"},
    {"aten::convolution_backward(Tensor grad_output, Tensor input, Tensor weight, SymInt[]? bias_sizes, int[] stride, "
     "int[] padding, int[] dilation, bool transposed, int[] output_padding, int groups, bool[3] output_mask) -> "
     "(Tensor, Tensor, Tensor)",
     "b_convolution"},
    {"aten::_slow_conv2d_backward.output_mask(Tensor grad_output, Tensor self, Tensor weight, int[2] kernel_size, "
     "int[2] stride, int[2] padding, bool[3] output_mask) -> (Tensor grad_input, Tensor grad_weight, Tensor grad_bias)",
     "b_slow_conv2d"},
    {"aten::_slow_conv2d_backward.output_mask_out(Tensor grad_output, Tensor self, Tensor weight, int[2] kernel_size, "
     "int[2] stride, int[2] padding, bool[3] output_mask, *, Tensor(a!) out0, Tensor(b!) out1, Tensor(c!) out2) -> "
     "(Tensor(a!), Tensor(b!), Tensor(c!))",
     "b_slow_conv2d"},
    {"aten::convolution_backward.out(Tensor grad_output, Tensor input, Tensor weight, SymInt[]? bias_sizes, int[] "
     "stride, int[] padding, int[] dilation, bool transposed, int[] output_padding, int groups, bool[3] output_mask, "
     "*, Tensor(a!) out0, Tensor(b!) out1, Tensor(c!) out2) -> (Tensor(a!), Tensor(b!), Tensor(c!))",
     "b_convolution"},
    {"aten::_slow_conv2d_backward.grad_input(Tensor grad_output, Tensor self, Tensor weight, int[2] kernel_size, "
     "int[2] stride, int[2] padding, *, Tensor(a!) grad_input, Tensor(b!) grad_weight, Tensor(c!) grad_bias) -> "
     "(Tensor(a!), Tensor(b!), Tensor(c!))",
     "b_slow_conv2d_all"},
    {"aten::_convolution_double_backward(Tensor? ggI, Tensor? ggW, Tensor? ggb, Tensor gO, Tensor weight, Tensor self, "
     "int[] stride, int[] padding, int[] dilation, bool transposed, int[] output_padding, int groups, bool[3] "
     "output_mask) -> (Tensor, Tensor, Tensor)",
     "b_conv_double", true},
    {"aten::glu_backward_jvp(Tensor grad_x, Tensor grad_glu, Tensor x, Tensor dgrad_glu, Tensor dx, int dim) -> Tensor",
     "b_glu_jvp"},
    {"aten::glu_backward_jvp.out(Tensor grad_x, Tensor grad_glu, Tensor x, Tensor dgrad_glu, Tensor dx, int dim, *, "
     "Tensor(a!) out) -> Tensor(a!)",
     "b_glu_jvp"},
    // ---- pools and padding ----
    {"aten::max_pool2d_with_indices_backward(Tensor grad_output, Tensor self, int[2] kernel_size, int[2] stride, "
     "int[2] padding, int[2] dilation, bool ceil_mode, Tensor indices) -> Tensor",
     "b_max_pool2d_indices"},
    {"aten::max_pool2d_with_indices_backward.grad_input(Tensor grad_output, Tensor self, int[2] kernel_size, int[2] "
     "stride, int[2] padding, int[2] dilation, bool ceil_mode, Tensor indices, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_max_pool2d_indices"},
    {"aten::max_pool3d_with_indices_backward(Tensor grad_output, Tensor self, int[3] kernel_size, int[3] stride, "
     "int[3] padding, int[3] dilation, bool ceil_mode, Tensor indices) -> Tensor",
     "b_max_pool3d_indices"},
    {"aten::max_pool3d_with_indices_backward.grad_input(Tensor grad_output, Tensor self, int[3] kernel_size, int[3] "
     "stride, int[3] padding, int[3] dilation, bool ceil_mode, Tensor indices, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_max_pool3d_indices"},
    {"aten::adaptive_max_pool2d_backward(Tensor grad_output, Tensor self, Tensor indices) -> Tensor",
     "b_adaptive_max_pool2d"},
    {"aten::adaptive_max_pool2d_backward.grad_input(Tensor grad_output, Tensor self, Tensor indices, *, Tensor(a!) "
     "grad_input) -> Tensor(a!)",
     "b_adaptive_max_pool2d"},
    {"aten::adaptive_max_pool3d_backward(Tensor grad_output, Tensor self, Tensor indices) -> Tensor",
     "b_adaptive_max_pool3d"},
    {"aten::adaptive_max_pool3d_backward.grad_input(Tensor grad_output, Tensor self, Tensor indices, *, Tensor(a!) "
     "grad_input) -> Tensor(a!)",
     "b_adaptive_max_pool3d"},
    {"aten::fractional_max_pool2d_backward(Tensor grad_output, Tensor self, int[2] kernel_size, int[2] output_size, "
     "Tensor indices) -> Tensor",
     "b_fractional_max_pool2d"},
    {"aten::fractional_max_pool2d_backward.grad_input(Tensor grad_output, Tensor self, int[2] kernel_size, int[2] "
     "output_size, Tensor indices, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_fractional_max_pool2d"},
    {"aten::fractional_max_pool3d_backward(Tensor grad_output, Tensor self, int[3] kernel_size, int[3] output_size, "
     "Tensor indices) -> Tensor",
     "b_fractional_max_pool3d"},
    {"aten::fractional_max_pool3d_backward.grad_input(Tensor grad_output, Tensor self, int[3] kernel_size, int[3] "
     "output_size, Tensor indices, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_fractional_max_pool3d"},
    {"aten::avg_pool2d_backward(Tensor grad_output, Tensor self, int[2] kernel_size, int[2] stride, int[2] padding, "
     "bool ceil_mode, bool count_include_pad, int? divisor_override) -> Tensor",
     "b_avg_pool2d"},
    {"aten::avg_pool2d_backward.grad_input(Tensor grad_output, Tensor self, int[2] kernel_size, int[2] stride, int[2] "
     "padding, bool ceil_mode, bool count_include_pad, int? divisor_override, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_avg_pool2d"},
    {"aten::avg_pool3d_backward(Tensor grad_output, Tensor self, int[3] kernel_size, int[3] stride, int[3] padding, "
     "bool ceil_mode, bool count_include_pad, int? divisor_override) -> Tensor",
     "b_avg_pool3d"},
    {"aten::avg_pool3d_backward.grad_input(Tensor grad_output, Tensor self, int[3] kernel_size, int[3] stride, int[3] "
     "padding, bool ceil_mode, bool count_include_pad, int? divisor_override, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_avg_pool3d"},
    {"aten::_adaptive_avg_pool2d_backward(Tensor grad_output, Tensor self) -> Tensor", "b_adaptive_avg_pool2d"},
    {"aten::_adaptive_avg_pool2d_backward.out(Tensor grad_output, Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
     "b_adaptive_avg_pool2d"},
    {"aten::_adaptive_avg_pool3d_backward(Tensor grad_output, Tensor self) -> Tensor", "b_adaptive_avg_pool3d"},
    {"aten::_adaptive_avg_pool3d_backward.out(Tensor grad_output, Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
     "b_adaptive_avg_pool3d"},
    {"aten::adaptive_avg_pool3d_backward.grad_input(Tensor grad_output, Tensor self, *, Tensor(a!) grad_input) -> "
     "Tensor(a!)",
     "b_adaptive_avg_pool3d"},
    {"aten::reflection_pad1d_backward(Tensor grad_output, Tensor self, int[2] padding) -> Tensor", "b_reflection_pad"},
    {"aten::reflection_pad1d_backward.grad_input(Tensor grad_output, Tensor self, int[2] padding, *, Tensor(a!) "
     "grad_input) -> Tensor(a!)",
     "b_reflection_pad"},
    {"aten::reflection_pad2d_backward(Tensor grad_output, Tensor self, int[4] padding) -> Tensor", "b_reflection_pad"},
    {"aten::reflection_pad2d_backward.grad_input(Tensor grad_output, Tensor self, int[4] padding, *, Tensor(a!) "
     "grad_input) -> Tensor(a!)",
     "b_reflection_pad"},
    {"aten::reflection_pad3d_backward(Tensor grad_output, Tensor self, int[6] padding) -> Tensor", "b_reflection_pad"},
    {"aten::reflection_pad3d_backward.grad_input(Tensor grad_output, Tensor self, int[6] padding, *, Tensor(a!) "
     "grad_input) -> Tensor(a!)",
     "b_reflection_pad"},
    {"aten::replication_pad1d_backward(Tensor grad_output, Tensor self, int[2] padding) -> Tensor",
     "b_replication_pad"},
    {"aten::replication_pad1d_backward.grad_input(Tensor grad_output, Tensor self, int[2] padding, *, Tensor(a!) "
     "grad_input) -> Tensor(a!)",
     "b_replication_pad"},
    {"aten::replication_pad2d_backward(Tensor grad_output, Tensor self, int[4] padding) -> Tensor",
     "b_replication_pad"},
    {"aten::replication_pad2d_backward.grad_input(Tensor grad_output, Tensor self, int[4] padding, *, Tensor(a!) "
     "grad_input) -> Tensor(a!)",
     "b_replication_pad"},
    {"aten::replication_pad3d_backward(Tensor grad_output, Tensor self, int[6] padding) -> Tensor",
     "b_replication_pad"},
    {"aten::replication_pad3d_backward.grad_input(Tensor grad_output, Tensor self, int[6] padding, *, Tensor(a!) "
     "grad_input) -> Tensor(a!)",
     "b_replication_pad"},
    // ---- upsampling (the vector-Jacobian product of the forward, which is linear) ----
    {"aten::upsample_nearest1d_backward(Tensor grad_output, SymInt[1] output_size, SymInt[3] input_size, float? "
     "scales=None) -> Tensor",
     "b_upsample_nearest1d"},
    {"aten::upsample_nearest1d_backward.grad_input(Tensor grad_output, SymInt[1] output_size, SymInt[3] input_size, "
     "float? scales=None, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_upsample_nearest1d"},
    {"aten::upsample_nearest1d_backward.vec(Tensor grad_output, SymInt[]? output_size, SymInt[] input_size, float[]? "
     "scale_factors) -> Tensor",
     "b_upsample_nearest1d_vec"},
    {"aten::upsample_nearest1d_backward.vec_out(Tensor grad_output, SymInt[]? output_size, SymInt[] input_size, "
     "float[]? scale_factors, *, Tensor(a!) out) -> Tensor(a!)",
     "b_upsample_nearest1d_vec"},
    {"aten::upsample_nearest2d_backward(Tensor grad_output, SymInt[2] output_size, SymInt[4] input_size, float? "
     "scales_h=None, float? scales_w=None) -> Tensor",
     "b_upsample_nearest2d"},
    {"aten::upsample_nearest2d_backward.grad_input(Tensor grad_output, SymInt[2] output_size, SymInt[4] input_size, "
     "float? scales_h=None, float? scales_w=None, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_upsample_nearest2d"},
    {"aten::upsample_nearest2d_backward.vec(Tensor grad_output, SymInt[]? output_size, SymInt[] input_size, float[]? "
     "scale_factors) -> Tensor",
     "b_upsample_nearest2d_vec"},
    {"aten::upsample_nearest2d_backward.vec_out(Tensor grad_output, SymInt[]? output_size, SymInt[] input_size, "
     "float[]? scale_factors, *, Tensor(a!) out) -> Tensor(a!)",
     "b_upsample_nearest2d_vec"},
    {"aten::upsample_nearest3d_backward(Tensor grad_output, SymInt[3] output_size, SymInt[5] input_size, float? "
     "scales_d=None, float? scales_h=None, float? scales_w=None) -> Tensor",
     "b_upsample_nearest3d"},
    {"aten::upsample_nearest3d_backward.grad_input(Tensor grad_output, SymInt[3] output_size, SymInt[5] input_size, "
     "float? scales_d=None, float? scales_h=None, float? scales_w=None, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_upsample_nearest3d"},
    {"aten::upsample_nearest3d_backward.vec(Tensor grad_output, SymInt[]? output_size, SymInt[] input_size, float[]? "
     "scale_factors) -> Tensor",
     "b_upsample_nearest3d_vec"},
    {"aten::upsample_nearest3d_backward.vec_out(Tensor grad_output, SymInt[]? output_size, SymInt[] input_size, "
     "float[]? scale_factors, *, Tensor(a!) out) -> Tensor(a!)",
     "b_upsample_nearest3d_vec"},
    {"aten::_upsample_nearest_exact1d_backward(Tensor grad_output, SymInt[1] output_size, SymInt[3] input_size, float? "
     "scales=None) -> Tensor",
     "b_upsample_nearest_exact1d"},
    {"aten::_upsample_nearest_exact1d_backward.grad_input(Tensor grad_output, SymInt[1] output_size, SymInt[3] "
     "input_size, float? scales=None, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_upsample_nearest_exact1d"},
    {"aten::_upsample_nearest_exact1d_backward.vec(Tensor grad_output, SymInt[]? output_size, SymInt[] input_size, "
     "float[]? scale_factors) -> Tensor",
     "b_upsample_nearest_exact1d_vec"},
    {"aten::_upsample_nearest_exact1d_backward.vec_out(Tensor grad_output, SymInt[]? output_size, SymInt[] input_size, "
     "float[]? scale_factors, *, Tensor(a!) out) -> Tensor(a!)",
     "b_upsample_nearest_exact1d_vec"},
    {"aten::_upsample_nearest_exact2d_backward(Tensor grad_output, SymInt[2] output_size, SymInt[4] input_size, float? "
     "scales_h=None, float? scales_w=None) -> Tensor",
     "b_upsample_nearest_exact2d"},
    {"aten::_upsample_nearest_exact2d_backward.grad_input(Tensor grad_output, SymInt[2] output_size, SymInt[4] "
     "input_size, float? scales_h=None, float? scales_w=None, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_upsample_nearest_exact2d"},
    {"aten::_upsample_nearest_exact2d_backward.vec(Tensor grad_output, SymInt[]? output_size, SymInt[] input_size, "
     "float[]? scale_factors) -> Tensor",
     "b_upsample_nearest_exact2d_vec"},
    {"aten::_upsample_nearest_exact2d_backward.vec_out(Tensor grad_output, SymInt[]? output_size, SymInt[] input_size, "
     "float[]? scale_factors, *, Tensor(a!) out) -> Tensor(a!)",
     "b_upsample_nearest_exact2d_vec"},
    {"aten::_upsample_nearest_exact3d_backward(Tensor grad_output, SymInt[3] output_size, SymInt[5] input_size, float? "
     "scales_d=None, float? scales_h=None, float? scales_w=None) -> Tensor",
     "b_upsample_nearest_exact3d"},
    {"aten::_upsample_nearest_exact3d_backward.grad_input(Tensor grad_output, SymInt[3] output_size, SymInt[5] "
     "input_size, float? scales_d=None, float? scales_h=None, float? scales_w=None, *, Tensor(a!) grad_input) -> "
     "Tensor(a!)",
     "b_upsample_nearest_exact3d"},
    {"aten::_upsample_nearest_exact3d_backward.vec(Tensor grad_output, SymInt[]? output_size, SymInt[] input_size, "
     "float[]? scale_factors) -> Tensor",
     "b_upsample_nearest_exact3d_vec"},
    {"aten::_upsample_nearest_exact3d_backward.vec_out(Tensor grad_output, SymInt[]? output_size, SymInt[] input_size, "
     "float[]? scale_factors, *, Tensor(a!) out) -> Tensor(a!)",
     "b_upsample_nearest_exact3d_vec"},
    {"aten::upsample_linear1d_backward(Tensor grad_output, SymInt[1] output_size, SymInt[3] input_size, bool "
     "align_corners, float? scales=None) -> Tensor",
     "b_upsample_linear1d"},
    {"aten::upsample_linear1d_backward.grad_input(Tensor grad_output, SymInt[1] output_size, SymInt[3] input_size, "
     "bool align_corners, float? scales=None, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_upsample_linear1d"},
    {"aten::upsample_linear1d_backward.vec(Tensor grad_output, SymInt[]? output_size, SymInt[] input_size, bool "
     "align_corners, float[]? scale_factors) -> Tensor",
     "b_upsample_linear1d_vec"},
    {"aten::upsample_linear1d_backward.vec_out(Tensor grad_output, SymInt[]? output_size, SymInt[] input_size, bool "
     "align_corners, float[]? scale_factors, *, Tensor(a!) out) -> Tensor(a!)",
     "b_upsample_linear1d_vec"},
    {"aten::upsample_bilinear2d_backward(Tensor grad_output, SymInt[2] output_size, SymInt[4] input_size, bool "
     "align_corners, float? scales_h=None, float? scales_w=None) -> Tensor",
     "b_upsample_bilinear2d"},
    {"aten::upsample_bilinear2d_backward.grad_input(Tensor grad_output, SymInt[2] output_size, SymInt[4] input_size, "
     "bool align_corners, float? scales_h=None, float? scales_w=None, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_upsample_bilinear2d"},
    {"aten::upsample_bilinear2d_backward.vec(Tensor grad_output, SymInt[]? output_size, SymInt[] input_size, bool "
     "align_corners, float[]? scale_factors) -> Tensor",
     "b_upsample_bilinear2d_vec"},
    {"aten::upsample_bilinear2d_backward.vec_out(Tensor grad_output, SymInt[]? output_size, SymInt[] input_size, bool "
     "align_corners, float[]? scale_factors, *, Tensor(a!) out) -> Tensor(a!)",
     "b_upsample_bilinear2d_vec"},
    {"aten::upsample_bicubic2d_backward(Tensor grad_output, SymInt[2] output_size, SymInt[4] input_size, bool "
     "align_corners, float? scales_h=None, float? scales_w=None) -> Tensor",
     "b_upsample_bicubic2d"},
    {"aten::upsample_bicubic2d_backward.grad_input(Tensor grad_output, SymInt[2] output_size, SymInt[4] input_size, "
     "bool align_corners, float? scales_h=None, float? scales_w=None, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_upsample_bicubic2d"},
    {"aten::upsample_bicubic2d_backward.vec(Tensor grad_output, SymInt[]? output_size, SymInt[] input_size, bool "
     "align_corners, float[]? scale_factors) -> Tensor",
     "b_upsample_bicubic2d_vec"},
    {"aten::upsample_bicubic2d_backward.vec_out(Tensor grad_output, SymInt[]? output_size, SymInt[] input_size, bool "
     "align_corners, float[]? scale_factors, *, Tensor(a!) out) -> Tensor(a!)",
     "b_upsample_bicubic2d_vec"},
    {"aten::upsample_trilinear3d_backward(Tensor grad_output, SymInt[3] output_size, SymInt[5] input_size, bool "
     "align_corners, float? scales_d=None, float? scales_h=None, float? scales_w=None) -> Tensor",
     "b_upsample_trilinear3d"},
    {"aten::upsample_trilinear3d_backward.grad_input(Tensor grad_output, SymInt[3] output_size, SymInt[5] input_size, "
     "bool align_corners, float? scales_d=None, float? scales_h=None, float? scales_w=None, *, Tensor(a!) grad_input) "
     "-> Tensor(a!)",
     "b_upsample_trilinear3d"},
    {"aten::upsample_trilinear3d_backward.vec(Tensor grad_output, SymInt[]? output_size, SymInt[] input_size, bool "
     "align_corners, float[]? scale_factors) -> Tensor",
     "b_upsample_trilinear3d_vec"},
    {"aten::upsample_trilinear3d_backward.vec_out(Tensor grad_output, SymInt[]? output_size, SymInt[] input_size, bool "
     "align_corners, float[]? scale_factors, *, Tensor(a!) out) -> Tensor(a!)",
     "b_upsample_trilinear3d_vec"},
    // ---- losses ----
    {"aten::mse_loss_backward(Tensor grad_output, Tensor self, Tensor target, int reduction) -> Tensor", "b_mse_loss"},
    {"aten::mse_loss_backward.grad_input(Tensor grad_output, Tensor self, Tensor target, int reduction, *, Tensor(a!) "
     "grad_input) -> Tensor(a!)",
     "b_mse_loss"},
    {"aten::smooth_l1_loss_backward(Tensor grad_output, Tensor self, Tensor target, int reduction, float beta) -> "
     "Tensor",
     "b_smooth_l1_loss"},
    {"aten::smooth_l1_loss_backward.grad_input(Tensor grad_output, Tensor self, Tensor target, int reduction, float "
     "beta, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_smooth_l1_loss"},
    {"aten::huber_loss_backward(Tensor grad_output, Tensor self, Tensor target, int reduction, float delta) -> Tensor",
     "b_huber_loss"},
    {"aten::huber_loss_backward.out(Tensor grad_output, Tensor self, Tensor target, int reduction, float delta, *, "
     "Tensor(a!) grad_input) -> Tensor(a!)",
     "b_huber_loss"},
    {"aten::binary_cross_entropy_backward(Tensor grad_output, Tensor self, Tensor target, Tensor? weight=None, int "
     "reduction=1) -> Tensor",
     "b_binary_cross_entropy"},
    {"aten::binary_cross_entropy_backward.grad_input(Tensor grad_output, Tensor self, Tensor target, Tensor? "
     "weight=None, int reduction=1, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_binary_cross_entropy"},
    {"aten::soft_margin_loss_backward(Tensor grad_output, Tensor self, Tensor target, int reduction) -> Tensor",
     "b_soft_margin_loss"},
    {"aten::soft_margin_loss_backward.grad_input(Tensor grad_output, Tensor self, Tensor target, int reduction, *, "
     "Tensor(a!) grad_input) -> Tensor(a!)",
     "b_soft_margin_loss"},
    {"aten::nll_loss_backward(Tensor grad_output, Tensor self, Tensor target, Tensor? weight, int reduction, int "
     "ignore_index, Tensor total_weight) -> Tensor",
     "b_nll_loss"},
    {"aten::nll_loss_backward.grad_input(Tensor grad_output, Tensor self, Tensor target, Tensor? weight, int "
     "reduction, int ignore_index, Tensor total_weight, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_nll_loss"},
    {"aten::nll_loss2d_backward(Tensor grad_output, Tensor self, Tensor target, Tensor? weight, int reduction, int "
     "ignore_index, Tensor total_weight) -> Tensor",
     "b_nll_loss"},
    {"aten::nll_loss2d_backward.grad_input(Tensor grad_output, Tensor self, Tensor target, Tensor? weight, int "
     "reduction, int ignore_index, Tensor total_weight, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_nll_loss"},
    // ---- views and indexing ----
    {"aten::select_backward(Tensor grad_output, SymInt[] input_sizes, int dim, int index) -> Tensor", "b_select"},
    {"aten::select_backward.out(Tensor grad_output, SymInt[] input_sizes, int dim, int index, *, Tensor(a!) out) -> "
     "Tensor(a!)",
     "b_select"},
    {"aten::slice_backward(Tensor grad_output, SymInt[] input_sizes, int dim, SymInt start, SymInt end, SymInt step) "
     "-> Tensor",
     "b_slice"},
    {"aten::slice_backward.out(Tensor grad_output, SymInt[] input_sizes, int dim, SymInt start, SymInt end, SymInt "
     "step, *, Tensor(a!) out) -> Tensor(a!)",
     "b_slice"},
    {"aten::diagonal_backward(Tensor grad_output, SymInt[] input_sizes, int offset, int dim1, int dim2) -> Tensor",
     "b_diagonal"},
    {"aten::diagonal_backward.out(Tensor grad_output, SymInt[] input_sizes, int offset, int dim1, int dim2, *, "
     "Tensor(a!) out) -> Tensor(a!)",
     "b_diagonal"},
    {"aten::index_select_backward(Tensor grad, int[] self_sizes, int dim, Tensor index) -> Tensor", "b_index_select"},
    {"aten::unfold_backward(Tensor grad_in, int[] input_sizes, int dim, int size, int step) -> Tensor", "b_unfold"},
    {"aten::unfold_backward.out(Tensor grad_in, int[] input_sizes, int dim, int size, int step, *, Tensor(a!) out) -> "
     "Tensor(a!)",
     "b_unfold"},
    {"aten::trace_backward(Tensor grad, int[] sizes) -> Tensor", "b_trace"},
    {"aten::gather_backward(Tensor grad, Tensor self, int dim, Tensor index, bool sparse_grad) -> Tensor", "b_gather"},
    {"aten::value_selecting_reduction_backward(Tensor grad, int dim, Tensor indices, int[] sizes, bool keepdim) -> "
     "Tensor",
     "b_value_selecting_reduction"},
    {"aten::cummaxmin_backward(Tensor grad, Tensor input, Tensor indices, int dim) -> Tensor", "b_cummaxmin"},
    {"aten::cumprod_backward(Tensor grad, Tensor input, int dim, Tensor output) -> Tensor", "b_cumprod"},
    {"aten::diag_backward(Tensor grad, SymInt[] input_sizes, int diagonal) -> Tensor", "b_diag"},
    {"aten::masked_select_backward(Tensor grad, Tensor input, Tensor mask) -> Tensor", "b_masked_select"},
    {"aten::_cdist_backward(Tensor grad, Tensor x1, Tensor x2, float p, Tensor cdist) -> Tensor", "b_cdist"},
    {"aten::_cdist_backward.out(Tensor grad, Tensor x1, Tensor x2, float p, Tensor cdist, *, Tensor(a!) out) -> "
     "Tensor(a!)",
     "b_cdist"},
    {"aten::_pdist_backward(Tensor grad, Tensor self, float p, Tensor pdist) -> Tensor", "b_pdist"},
    {"aten::_pdist_backward.out(Tensor grad, Tensor self, float p, Tensor pdist, *, Tensor(a!) out) -> Tensor(a!)",
     "b_pdist"},
    {"aten::matrix_exp_backward(Tensor self, Tensor grad) -> Tensor", "b_matrix_exp"},
    {"aten::_pack_padded_sequence_backward(Tensor grad, int[] input_size, Tensor batch_sizes, bool batch_first) -> "
     "Tensor",
     "b_pack_padded_sequence"},
    {"aten::embedding_sparse_backward(Tensor grad, Tensor indices, int num_weights, int padding_idx, bool "
     "scale_grad_by_freq) -> Tensor",
     "b_embedding_sparse"},
    {"aten::_embedding_bag_backward(Tensor grad, Tensor indices, Tensor offsets, Tensor offset2bag, Tensor bag_size, "
     "Tensor maximum_indices, int num_weights, bool scale_grad_by_freq, int mode, bool sparse, Tensor? "
     "per_sample_weights, int padding_idx=-1) -> Tensor",
     "b_embedding_bag"},
    {"aten::_embedding_bag_dense_backward(Tensor grad, Tensor indices, Tensor offset2bag, Tensor bag_size, Tensor "
     "maximum_indices, int num_weights, bool scale_grad_by_freq, int mode, Tensor? per_sample_weights, int "
     "padding_idx=-1) -> Tensor",
     "b_embedding_bag_dense"},
    {"aten::_embedding_bag_dense_backward.out(Tensor grad, Tensor indices, Tensor offset2bag, Tensor bag_size, Tensor "
     "maximum_indices, int num_weights, bool scale_grad_by_freq, int mode, Tensor? per_sample_weights, int "
     "padding_idx=-1, *, Tensor(a!) out) -> Tensor(a!)",
     "b_embedding_bag_dense"},
    {"aten::_embedding_bag_per_sample_weights_backward(Tensor grad, Tensor weight, Tensor indices, Tensor offsets, "
     "Tensor offset2bag, int mode, int padding_idx=-1) -> Tensor",
     "b_embedding_bag_per_sample_weights"},
    {"aten::_embedding_bag_per_sample_weights_backward.out(Tensor grad, Tensor weight, Tensor indices, Tensor offsets, "
     "Tensor offset2bag, int mode, int padding_idx=-1, *, Tensor(a!) out) -> Tensor(a!)",
     "b_embedding_bag_per_sample_weights"},
    {"aten::_segment_reduce_backward(Tensor grad, Tensor output, Tensor data, str reduce, *, Tensor? lengths=None, "
     "Tensor? offsets=None, int axis=0, Scalar? initial=None) -> Tensor",
     "b_segment_reduce"},
    {"aten::_segment_reduce_backward.out(Tensor grad, Tensor output, Tensor data, str reduce, *, Tensor? lengths=None, "
     "Tensor? offsets=None, int axis=0, Scalar? initial=None, Tensor(a!) out) -> Tensor(a!)",
     "b_segment_reduce"},
    {"aten::_batch_norm_impl_index_backward(int impl_index, Tensor input, Tensor grad_output, Tensor? weight, Tensor? "
     "running_mean, Tensor? running_var, Tensor? save_mean, Tensor? save_var_transform, bool train, float eps, bool[3] "
     "output_mask, Tensor reservedSpace) -> (Tensor, Tensor, Tensor)",
     "b_batch_norm_impl_index"},
    {"aten::embedding_dense_backward(Tensor grad_output, Tensor indices, SymInt num_weights, int padding_idx, bool "
     "scale_grad_by_freq) -> Tensor",
     "b_embedding_dense"},
    {"aten::embedding_dense_backward.out(Tensor grad_output, Tensor indices, SymInt num_weights, int padding_idx, bool "
     "scale_grad_by_freq, *, Tensor(a!) out) -> Tensor(a!)",
     "b_embedding_dense"},
    {"aten::embedding_backward(Tensor grad, Tensor indices, SymInt num_weights, int padding_idx, bool "
     "scale_grad_by_freq, bool sparse) -> Tensor",
     "b_embedding"},
    // This round's new forwards (issue 15).
    {"aten::_upsample_bilinear2d_aa_backward(Tensor grad_output, SymInt[2] output_size, SymInt[4] input_size, bool align_corners, float? scales_h=None, float? scales_w=None) -> Tensor",
     "b_upsample_bilinear2d_aa"},
    {"aten::_upsample_bilinear2d_aa_backward.grad_input(Tensor grad_output, SymInt[2] output_size, SymInt[4] input_size, bool align_corners, float? scales_h=None, float? scales_w=None, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_upsample_bilinear2d_aa"},
    {"aten::_upsample_bilinear2d_aa_backward.vec(Tensor grad_output, SymInt[]? output_size, SymInt[] input_size, bool align_corners, float[]? scale_factors) -> Tensor",
     "b_upsample_bilinear2d_aa_vec"},
    {"aten::_upsample_bilinear2d_aa_backward.vec_out(Tensor grad_output, SymInt[]? output_size, SymInt[] input_size, bool align_corners, float[]? scale_factors, *, Tensor(a!) out) -> Tensor(a!)",
     "b_upsample_bilinear2d_aa_vec"},
    {"aten::_upsample_bicubic2d_aa_backward(Tensor grad_output, SymInt[2] output_size, SymInt[4] input_size, bool align_corners, float? scales_h=None, float? scales_w=None) -> Tensor",
     "b_upsample_bicubic2d_aa"},
    {"aten::_upsample_bicubic2d_aa_backward.grad_input(Tensor grad_output, SymInt[2] output_size, SymInt[4] input_size, bool align_corners, float? scales_h=None, float? scales_w=None, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_upsample_bicubic2d_aa"},
    {"aten::_upsample_bicubic2d_aa_backward.vec(Tensor grad_output, SymInt[]? output_size, SymInt[] input_size, bool align_corners, float[]? scale_factors) -> Tensor",
     "b_upsample_bicubic2d_aa_vec"},
    {"aten::_upsample_bicubic2d_aa_backward.vec_out(Tensor grad_output, SymInt[]? output_size, SymInt[] input_size, bool align_corners, float[]? scale_factors, *, Tensor(a!) out) -> Tensor(a!)",
     "b_upsample_bicubic2d_aa_vec"},
    {"aten::grid_sampler_2d_backward(Tensor grad_output, Tensor input, Tensor grid, int interpolation_mode, int padding_mode, bool align_corners, bool[2] output_mask) -> (Tensor, Tensor)",
     "b_grid_sampler_2d"},
    {"aten::grid_sampler_2d_backward.out(Tensor grad_output, Tensor input, Tensor grid, int interpolation_mode, int padding_mode, bool align_corners, bool[2] output_mask, *, Tensor(a!) out0, Tensor(b!) out1) -> (Tensor(a!), Tensor(b!))",
     "b_grid_sampler_2d"},
    {"aten::grid_sampler_3d_backward(Tensor grad_output, Tensor input, Tensor grid, int interpolation_mode, int padding_mode, bool align_corners, bool[2] output_mask) -> (Tensor, Tensor)",
     "b_grid_sampler_3d"},
    {"aten::grid_sampler_3d_backward.out(Tensor grad_output, Tensor input, Tensor grid, int interpolation_mode, int padding_mode, bool align_corners, bool[2] output_mask, *, Tensor(a!) out0, Tensor(b!) out1) -> (Tensor(a!), Tensor(b!))",
     "b_grid_sampler_3d"},
    {"aten::affine_grid_generator_backward(Tensor grad, int[] size, bool align_corners) -> Tensor",
     "b_affine_grid_generator"},
    {"aten::multi_margin_loss_backward(Tensor grad_output, Tensor self, Tensor target, Scalar p, Scalar margin, Tensor? weight=None, int reduction=1) -> Tensor",
     "b_multi_margin_loss"},
    {"aten::multi_margin_loss_backward.grad_input(Tensor grad_output, Tensor self, Tensor target, Scalar p, Scalar margin, Tensor? weight=None, int reduction=1, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_multi_margin_loss"},
    {"aten::multilabel_margin_loss_backward(Tensor grad_output, Tensor self, Tensor target, int reduction, Tensor is_target) -> Tensor",
     "b_multilabel_margin_loss"},
    {"aten::multilabel_margin_loss_backward.grad_input(Tensor grad_output, Tensor self, Tensor target, int reduction, Tensor is_target, *, Tensor(a!) grad_input) -> Tensor(a!)",
     "b_multilabel_margin_loss"},
    {"aten::_masked_softmax_backward(Tensor grad_output, Tensor output, Tensor mask, int? dim=None) -> Tensor",
     "b_masked_softmax"},
    {"aten::_masked_softmax_backward.out(Tensor grad_output, Tensor output, Tensor mask, int? dim=None, *, Tensor(a!) out) -> Tensor(a!)",
     "b_masked_softmax"},
    {"aten::_weight_norm_interface_backward(Tensor grad_w, Tensor saved_v, Tensor saved_g, Tensor saved_norms, int dim) -> (Tensor, Tensor)",
     "b_weight_norm_interface"},
    {"aten::_weight_norm_interface_backward.out(Tensor grad_w, Tensor saved_v, Tensor saved_g, Tensor saved_norms, int dim, *, Tensor(a!) out0, Tensor(b!) out1) -> (Tensor(a!), Tensor(b!))",
     "b_weight_norm_interface"},
    {"aten::conv_tbc_backward(Tensor self, Tensor input, Tensor weight, Tensor bias, int pad) -> (Tensor, Tensor, Tensor)",
     "b_conv_tbc"},
    {"aten::_ctc_loss_backward(Tensor grad, Tensor log_probs, Tensor targets, int[] input_lengths, int[] target_lengths, Tensor neg_log_likelihood, Tensor log_alpha, int blank, bool zero_infinity=False) -> Tensor",
     "b_ctc_loss"},
    {"aten::_ctc_loss_backward.Tensor(Tensor grad, Tensor log_probs, Tensor targets, Tensor input_lengths, Tensor target_lengths, Tensor neg_log_likelihood, Tensor log_alpha, int blank, bool zero_infinity=False) -> Tensor",
     "b_ctc_loss_tensor"},
    {"aten::_ctc_loss_backward.out(Tensor grad, Tensor log_probs, Tensor targets, int[] input_lengths, int[] target_lengths, Tensor neg_log_likelihood, Tensor log_alpha, int blank, bool zero_infinity=False, *, Tensor(a!) out) -> Tensor(a!)",
     "b_ctc_loss"},
};
constexpr size_t kCount = std::size(kBindings);

// What the wrapper needs to know of a binding's schema, filled when the operators register.
struct BindingShape {
  size_t nArgs = 0;              // all arguments on the stack, out tensors included
  size_t nOuts = 0;              // trailing out= tensors (the last nOuts arguments)
  size_t nReturns = 0;           // the schema's results (a formula def may give more: None for non-tensor inputs)
  int maskArg = -1;              // index of `bool[N] output_mask`, or -1
  std::vector<bool> scalarArgs;  // Scalar arguments, passed to the def as float
  bool floatOnly = true;         // integer tensors are an error, as in PyTorch's kernels
  std::string name;              // for messages
};
BindingShape gShapes[kCount];

// The defs, compiled on the first call of any of these operators, after the derivative
// formulas they call (one unit).
std::unordered_map<std::string, std::shared_ptr<Function>>& compiledDefs() {
  static std::unordered_map<std::string, std::shared_ptr<Function>> defs;
  static std::once_flag once;
  std::call_once(once, [] {
    const std::string source =
        std::string(autograd::kDerivativesSource) + autograd::kMiscFormulas.source + kBackwardOpsSource;
    for (std::shared_ptr<Function>& fn : autograd::compileAutogradSource(source.c_str())) defs.emplace(fn->name(), fn);
  });
  return defs;
}

// The def's results as a list of tensors (undefined for None).
std::vector<Tensor> resultTensors(IValue result) {
  std::vector<Tensor> out;
  auto add = [&out](const IValue& v) { out.push_back(v.isTensor() ? v.toTensor() : Tensor()); };
  if (result.isTuple()) {
    for (const IValue& v : result.toTupleRef().elements) add(v);
  } else {
    add(result);
  }
  return out;
}

// The defs whose PyTorch kernels take integer tensors too (the others raise "not implemented for
// 'Long'").
bool takesIntegers(std::string_view def) {
  static constexpr std::string_view kDefs[] = {"b_threshold",
                                               "b_native_dropout",
                                               "b_cachemask",
                                               "b_select",
                                               "b_slice",
                                               "b_diagonal",
                                               "b_index_select",
                                               "b_unfold",
                                               "b_trace",
                                               "b_gather",
                                               "b_value_selecting_reduction",
                                               "b_masked_select",
                                               "b_cummaxmin",
                                               "b_diag",
                                               "b_pack_padded_sequence"};
  for (std::string_view d : kDefs)
    if (d == def) return true;
  return false;
}

void checkFloating(const std::string& name, const IValue* a, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (!a[i].isTensor() || !a[i].unsafeToTensorImpl()) continue;
    const ScalarType t = a[i].toTensor().dtype();
    EMBER_CHECK(isFloatingType(t) || isComplexType(t), name, ": not implemented for '", scalarTypeName(t), "'");
    return;  // the first tensor (the incoming gradient, or the input) decides, as PyTorch's dispatch does
  }
}

// The defs that take the vector-Jacobian product of a forward on a detached copy of its input:
// their results carry no history, so a call of them with inputs that require grad is recorded
// (with no formula: its backward is an error) instead of being composite.
bool usesVjp(std::string_view def) {
  static constexpr std::string_view kDefs[] = {
      "b_avg_pool2d", "b_avg_pool3d", "b_adaptive_avg_pool3d", "b_reflection_pad", "b_replication_pad", "b_cumprod",
      "b_cdist",      "b_pdist",      "b_matrix_exp",          "b_segment_reduce"};
  if (def.substr(0, 10) == "b_upsample") return true;
  for (std::string_view d : kDefs)
    if (d == def) return true;
  return false;
}

// The def's arguments: the operator's, without the out tensors, Scalars as float.
Stack defArguments(const BindingShape& shape, IValue* a, size_t nIn) {
  Stack call;
  call.reserve(nIn);
  for (size_t i = 0; i < nIn; ++i) {
    IValue v = std::move(a[i]);
    if (shape.scalarArgs[i] && (v.isInt() || v.isBool())) v = IValue(v.toScalar().toDouble());
    call.push_back(std::move(v));
  }
  return call;
}

// Replaces the operator's arguments by its results: the def's, or the out tensors written with them.
void pushResults(Stack& s, const BindingShape& shape, std::vector<Tensor> results, std::vector<Tensor> outs) {
  dropArgs(s, shape.nArgs);
  if (shape.nOuts == 0) {
    for (Tensor& r : results) s.emplace_back(std::move(r));
    return;
  }
  EMBER_ASSERT(outs.size() == results.size(), shape.name, ": ", results.size(), " results for ", outs.size(),
               " out tensors");
  for (size_t i = 0; i < outs.size(); ++i) {
    if (results[i].defined()) writeOut(outs[i], results[i]);
    s.emplace_back(std::move(outs[i]));
  }
}

void runBinding(size_t index, Stack& s) {
  const Binding& b = kBindings[index];
  const BindingShape& shape = gShapes[index];
  IValue* a = args(s, shape.nArgs);
  const size_t nIn = shape.nArgs - shape.nOuts;
  if (shape.floatOnly) checkFloating(shape.name, a, nIn);
  std::vector<bool> mask;
  if (shape.maskArg >= 0 && !b.ignoresMask) {
    for (const IValue& v : a[shape.maskArg].toListRef().elements) mask.push_back(v.toBool());
  }
  Stack call = defArguments(shape, a, nIn);
  std::vector<Tensor> outs;
  for (size_t i = nIn; i < shape.nArgs; ++i) outs.push_back(tensorArg(a[i]));
  auto& defs = compiledDefs();
  auto it = defs.find(b.def);
  EMBER_ASSERT(it != defs.end(), "backward operator def ", b.def, " did not compile");
  it->second->run(call);
  EMBER_ASSERT(call.size() == 1, "backward operator def ", b.def, " left ", call.size(), " values");
  std::vector<Tensor> results = resultTensors(std::move(call.back()));
  EMBER_ASSERT(results.size() >= shape.nReturns, "backward operator def ", b.def, " gave too few results");
  results.resize(shape.nReturns);
  for (size_t i = 0; i < results.size() && i < mask.size(); ++i) {
    if (!mask[i]) results[i] = Tensor();
  }
  pushResults(s, shape, std::move(results), std::move(outs));
}

template <size_t I>
void bindingOp(Stack& s) {
  runBinding(I, s);
}

BindingShape shapeOf(const FunctionSchema& schema, const Binding& b) {
  BindingShape shape;
  shape.floatOnly = !takesIntegers(b.def);
  shape.name = schema.name();
  const auto& arguments = schema.arguments();
  shape.nArgs = arguments.size();
  shape.nReturns = schema.returns().size();
  for (size_t i = 0; i < arguments.size(); ++i) {
    const Argument& arg = arguments[i];
    if (arg.isOut()) ++shape.nOuts;
    if (arg.name() == "output_mask") shape.maskArg = static_cast<int>(i);
    shape.scalarArgs.push_back(arg.type()->kind() == TypeKind::NumberType);
  }
  return shape;
}

template <size_t... I>
std::vector<Operator> bindingOperators(std::index_sequence<I...>) {
  std::vector<Operator> ops;
  ops.reserve(sizeof...(I));
  constexpr Operation kOps[] = {&bindingOp<I>...};
  for (size_t i = 0; i < sizeof...(I); ++i) {
    FunctionSchema schema = parseSchema(kBindings[i].schema);
    gShapes[i] = shapeOf(schema, kBindings[i]);
    // The functional forms' inner calls are recorded (higher-order gradients); out= forms write
    // their out tensors from C++ and are recorded as calls.
    if (gShapes[i].nOuts == 0 && !usesVjp(kBindings[i].def))
      autograd::registerCompositeOperator(schema.operatorName().str());
    ops.emplace_back(std::move(schema), kOps[i]);
  }
  return ops;
}

RegisterOperators reg(bindingOperators(std::make_index_sequence<kCount>()));

}  // namespace
}  // namespace ember::jit::aten
