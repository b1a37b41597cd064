// Spatial sampling ops of the NN family with PyTorch 1.13's semantics, the aten operators under
// F.grid_sample, F.affine_grid, F.unfold and F.fold.
//
// grid_sampler: input (N, C, H, W) or (N, C, D, H, W), grid (N, Ho, Wo, 2) or (N, Do, Ho, Wo, 3)
// of (x, y[, z]) in [-1, 1]. interpolation_mode 0 bilinear, 1 nearest, 2 bicubic (4-D only);
// padding_mode 0 zeros, 1 border, 2 reflection. float32 / float64, as PyTorch's CPU kernels.
#pragma once

#include "ember/tensor/tensor.h"

namespace ember {

// Bilinear sampling with zeros padding gives NaN where a grid coordinate is not finite, as
// PyTorch's vectorised CPU kernel does; its scalar `_grid_sampler_2d_cpu_fallback` and the 3-D
// sampler give 0 there.
Tensor grid_sampler_2d(const Tensor& input, const Tensor& grid, int64_t interpolation_mode, int64_t padding_mode,
                       bool align_corners);
Tensor grid_sampler_2d_cpu_fallback(const Tensor& input, const Tensor& grid, int64_t interpolation_mode,
                                    int64_t padding_mode, bool align_corners);
Tensor grid_sampler_3d(const Tensor& input, const Tensor& grid, int64_t interpolation_mode, int64_t padding_mode,
                       bool align_corners);
// 4-D input to grid_sampler_2d, 5-D to grid_sampler_3d.
Tensor grid_sampler(const Tensor& input, const Tensor& grid, int64_t interpolation_mode, int64_t padding_mode,
                    bool align_corners);
// theta (N, 2, 3) with size [N, C, H, W], or (N, 3, 4) with [N, C, D, H, W]: the sampling grid.
Tensor affine_grid_generator(const Tensor& theta, IntArrayRef size, bool align_corners);

// (C, H, W) or (N, C, H, W) -> (N, C * kh * kw, L): every sliding block as a column.
Tensor im2col(const Tensor& self, IntArrayRef kernel_size, IntArrayRef dilation, IntArrayRef padding,
              IntArrayRef stride);
// The inverse placement, overlapping entries summed: (N, C * kh * kw, L) -> (N, C, H, W).
Tensor col2im(const Tensor& self, IntArrayRef output_size, IntArrayRef kernel_size, IntArrayRef dilation,
              IntArrayRef padding, IntArrayRef stride);

}  // namespace ember
