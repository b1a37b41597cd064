// Tensor ops of the conv family: 1-3-D convolutions and transposed convolutions with PyTorch
// 1.13's semantics (parameter expansion, checks and messages, unbatched inputs, padding
// 'same'/'valid', groups, dilation, channels-last results for 2-D convolutions).
//
// 1x1 convolutions (float32/float64) run as GEMMs on the tensors' own layouts, float32 depthwise
// ones on a vectorised stencil, the other float32 ones on oneDNN (primitives cached by shape);
// depthwise convolutions of other dtypes run as a direct stencil, everything else (and shapes
// oneDNN does not take) as im2col + GEMM. Dtypes as PyTorch 1.13 on CPU: convolutions take the
// integral dtypes, bfloat16, float32 and float64; transposed convolutions bfloat16, float32,
// float64 and int64; bool and float16 are rejected.
#pragma once

#include <string_view>

#include "ember/tensor/tensor.h"

namespace ember {

// The general form (aten::convolution): input [N, C, *spatial], weight [O, C/groups, *kernel]
// (transposed: [C, O/groups, *kernel]); stride/padding/dilation/output_padding have one value
// per spatial dim or a single value for all.
Tensor convolution(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
                   IntArrayRef padding, IntArrayRef dilation, bool transposed, IntArrayRef output_padding,
                   int64_t groups);
// aten::_convolution as traced archives call it; the backend flags are accepted and ignored.
Tensor _convolution(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
                    IntArrayRef padding, IntArrayRef dilation, bool transposed, IntArrayRef output_padding,
                    int64_t groups, bool benchmark, bool deterministic, bool cudnn_enabled, bool allow_tf32 = true);
// padding "same" (stride 1 only; asymmetric when the kernel's extent is odd) or "valid".
Tensor _convolution_mode(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
                         std::string_view padding, IntArrayRef dilation, int64_t groups);

// The functional forms: the input may be unbatched (one dim less), then so is the result.
Tensor conv1d(const Tensor& input, const Tensor& weight, const Tensor& bias = {}, IntArrayRef stride = {1},
              IntArrayRef padding = {0}, IntArrayRef dilation = {1}, int64_t groups = 1);
Tensor conv2d(const Tensor& input, const Tensor& weight, const Tensor& bias = {}, IntArrayRef stride = {1},
              IntArrayRef padding = {0}, IntArrayRef dilation = {1}, int64_t groups = 1);
Tensor conv3d(const Tensor& input, const Tensor& weight, const Tensor& bias = {}, IntArrayRef stride = {1},
              IntArrayRef padding = {0}, IntArrayRef dilation = {1}, int64_t groups = 1);
Tensor conv1d(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
              std::string_view padding, IntArrayRef dilation = {1}, int64_t groups = 1);
Tensor conv2d(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
              std::string_view padding, IntArrayRef dilation = {1}, int64_t groups = 1);
Tensor conv3d(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
              std::string_view padding, IntArrayRef dilation = {1}, int64_t groups = 1);
// Note PyTorch's argument order: groups before dilation.
Tensor conv_transpose1d(const Tensor& input, const Tensor& weight, const Tensor& bias = {}, IntArrayRef stride = {1},
                        IntArrayRef padding = {0}, IntArrayRef output_padding = {0}, int64_t groups = 1,
                        IntArrayRef dilation = {1});
Tensor conv_transpose2d(const Tensor& input, const Tensor& weight, const Tensor& bias = {}, IntArrayRef stride = {1},
                        IntArrayRef padding = {0}, IntArrayRef output_padding = {0}, int64_t groups = 1,
                        IntArrayRef dilation = {1});
Tensor conv_transpose3d(const Tensor& input, const Tensor& weight, const Tensor& bias = {}, IntArrayRef stride = {1},
                        IntArrayRef padding = {0}, IntArrayRef output_padding = {0}, int64_t groups = 1,
                        IntArrayRef dilation = {1});

// Which implementation the last convolution on this thread used: "pointwise", "depthwise_vec",
// "onednn", "onednn_winograd", "depthwise" or "im2col" (for tests and benchmarks).
const char* lastConvolutionBackend();

}  // namespace ember
