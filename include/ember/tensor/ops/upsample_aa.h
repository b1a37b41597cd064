// Antialiased resampling (F.interpolate(..., antialias=True)) with PyTorch 1.13's semantics:
// separable bilinear (triangle filter) or bicubic (Keys' cubic, a = -0.5) filtering whose
// support widens by the downscale factor, as in PIL's resize. Inputs (N, C, H, W), float32 /
// float64 as PyTorch's CPU kernels.
#pragma once

#include <optional>

#include "ember/tensor/ops/upsample.h"

namespace ember {

Tensor _upsample_bilinear2d_aa(const Tensor& self, IntArrayRef output_size, bool align_corners,
                               std::optional<double> scales_h = std::nullopt,
                               std::optional<double> scales_w = std::nullopt);
Tensor _upsample_bicubic2d_aa(const Tensor& self, IntArrayRef output_size, bool align_corners,
                              std::optional<double> scales_h = std::nullopt,
                              std::optional<double> scales_w = std::nullopt);
// Exactly one of an output size or per-dim scale factors.
Tensor _upsample_bilinear2d_aa_vec(const Tensor& input, OptionalIntArrayRef output_size, bool align_corners,
                                   OptionalDoubleArrayRef scale_factors);
Tensor _upsample_bicubic2d_aa_vec(const Tensor& input, OptionalIntArrayRef output_size, bool align_corners,
                                  OptionalDoubleArrayRef scale_factors);

}  // namespace ember
