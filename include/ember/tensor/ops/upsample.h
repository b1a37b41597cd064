// Tensor ops of the upsampling family with PyTorch 1.13's semantics: nearest (PyTorch's legacy
// floor(i * scale) rule), nearest-exact (floor((i + 0.5) * scale)), linear, bilinear, bicubic
// (A = -0.75, border-clamped taps) and trilinear interpolation, align_corners both ways, and
// explicit scales (which then define the source positions, as in PyTorch). Inputs are
// [N, C, *spatial]; channels-last inputs give channels-last results.
//
// The explicit forms take the output size and optional per-dim scales; the *_vec forms
// (aten's `.vec` overloads, which scripted F.interpolate calls) take exactly one of an output
// size or scale factors. Dtypes as PyTorch 1.13 on CPU: nearest uint8, bfloat16, float32,
// float64; nearest-exact uint8, float32, float64; the others bfloat16, float32, float64.
#pragma once

#include <optional>

#include "ember/tensor/tensor.h"

namespace ember {

using OptionalIntArrayRef = std::optional<IntArrayRef>;
using OptionalDoubleArrayRef = std::optional<ArrayRef<double>>;

Tensor upsample_nearest1d(const Tensor& self, IntArrayRef output_size, std::optional<double> scales = std::nullopt);
Tensor upsample_nearest2d(const Tensor& self, IntArrayRef output_size, std::optional<double> scales_h = std::nullopt,
                          std::optional<double> scales_w = std::nullopt);
Tensor upsample_nearest3d(const Tensor& self, IntArrayRef output_size, std::optional<double> scales_d = std::nullopt,
                          std::optional<double> scales_h = std::nullopt, std::optional<double> scales_w = std::nullopt);
Tensor _upsample_nearest_exact1d(const Tensor& self, IntArrayRef output_size,
                                 std::optional<double> scales = std::nullopt);
Tensor _upsample_nearest_exact2d(const Tensor& self, IntArrayRef output_size,
                                 std::optional<double> scales_h = std::nullopt,
                                 std::optional<double> scales_w = std::nullopt);
Tensor _upsample_nearest_exact3d(const Tensor& self, IntArrayRef output_size,
                                 std::optional<double> scales_d = std::nullopt,
                                 std::optional<double> scales_h = std::nullopt,
                                 std::optional<double> scales_w = std::nullopt);
Tensor upsample_linear1d(const Tensor& self, IntArrayRef output_size, bool align_corners,
                         std::optional<double> scales = std::nullopt);
Tensor upsample_bilinear2d(const Tensor& self, IntArrayRef output_size, bool align_corners,
                           std::optional<double> scales_h = std::nullopt, std::optional<double> scales_w = std::nullopt);
Tensor upsample_bicubic2d(const Tensor& self, IntArrayRef output_size, bool align_corners,
                          std::optional<double> scales_h = std::nullopt, std::optional<double> scales_w = std::nullopt);
Tensor upsample_trilinear3d(const Tensor& self, IntArrayRef output_size, bool align_corners,
                            std::optional<double> scales_d = std::nullopt,
                            std::optional<double> scales_h = std::nullopt,
                            std::optional<double> scales_w = std::nullopt);

Tensor upsample_nearest1d_vec(const Tensor& input, OptionalIntArrayRef output_size,
                              OptionalDoubleArrayRef scale_factors);
Tensor upsample_nearest2d_vec(const Tensor& input, OptionalIntArrayRef output_size,
                              OptionalDoubleArrayRef scale_factors);
Tensor upsample_nearest3d_vec(const Tensor& input, OptionalIntArrayRef output_size,
                              OptionalDoubleArrayRef scale_factors);
Tensor _upsample_nearest_exact1d_vec(const Tensor& input, OptionalIntArrayRef output_size,
                                     OptionalDoubleArrayRef scale_factors);
Tensor _upsample_nearest_exact2d_vec(const Tensor& input, OptionalIntArrayRef output_size,
                                     OptionalDoubleArrayRef scale_factors);
Tensor _upsample_nearest_exact3d_vec(const Tensor& input, OptionalIntArrayRef output_size,
                                     OptionalDoubleArrayRef scale_factors);
Tensor upsample_linear1d_vec(const Tensor& input, OptionalIntArrayRef output_size, bool align_corners,
                             OptionalDoubleArrayRef scale_factors);
Tensor upsample_bilinear2d_vec(const Tensor& input, OptionalIntArrayRef output_size, bool align_corners,
                               OptionalDoubleArrayRef scale_factors);
Tensor upsample_bicubic2d_vec(const Tensor& input, OptionalIntArrayRef output_size, bool align_corners,
                              OptionalDoubleArrayRef scale_factors);
Tensor upsample_trilinear3d_vec(const Tensor& input, OptionalIntArrayRef output_size, bool align_corners,
                                OptionalDoubleArrayRef scale_factors);

}  // namespace ember
