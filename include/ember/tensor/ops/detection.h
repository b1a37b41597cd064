// torchvision's detection operators (torchvision::nms, roi_align, roi_pool, ps_roi_align,
// ps_roi_pool, deform_conv2d, and their backward kernels), with the semantics of torchvision
// 0.14's CPU kernels: detection models scripted by PyTorch call them through
// torch.ops.torchvision. float32 and float64.
//
// Boxes are (x1, y1, x2, y2); regions of interest `rois` are [K, 5] rows (batch index, x1, y1, x2,
// y2) in input coordinates, scaled by spatial_scale onto the feature map.
#pragma once

#include <tuple>

#include "ember/tensor/tensor.h"

namespace ember {

// Indices (int64) of the boxes kept by greedy non-maximum suppression, highest score first (ties
// in index order): a box is dropped when its IoU with a kept box exceeds iou_threshold.
Tensor nms(const Tensor& dets, const Tensor& scores, double iou_threshold);

// Bilinearly sampled average over each bin: [K, C, pooled_height, pooled_width]. sampling_ratio
// <= 0 takes ceil(roi size / pooled size) samples per bin; aligned shifts boxes by half a pixel.
Tensor roi_align(const Tensor& input, const Tensor& rois, double spatial_scale, int64_t pooled_height,
                 int64_t pooled_width, int64_t sampling_ratio, bool aligned);

// Gradient of roi_align for the input [batch_size, channels, height, width]: each output's
// gradient spread over its samples' corners with the bilinear weights / sample count.
Tensor roi_align_backward(const Tensor& grad, const Tensor& rois, double spatial_scale, int64_t pooled_height,
                          int64_t pooled_width, int64_t batch_size, int64_t channels, int64_t height, int64_t width,
                          int64_t sampling_ratio, bool aligned);

// Max over each (integer) bin: (values, argmax as int32 flat index into the feature map, -1 when empty).
std::tuple<Tensor, Tensor> roi_pool(const Tensor& input, const Tensor& rois, double spatial_scale,
                                    int64_t pooled_height, int64_t pooled_width);

// Gradient of roi_pool: each output's gradient added at its argmax (none where it is -1).
Tensor roi_pool_backward(const Tensor& grad, const Tensor& rois, const Tensor& argmax, double spatial_scale,
                         int64_t pooled_height, int64_t pooled_width, int64_t batch_size, int64_t channels,
                         int64_t height, int64_t width);

// Position-sensitive forms: bin (ph, pw) of output channel c reads input channel
// (c * pooled_height + ph) * pooled_width + pw; returns (values, that channel mapping as int32).
std::tuple<Tensor, Tensor> ps_roi_align(const Tensor& input, const Tensor& rois, double spatial_scale,
                                        int64_t pooled_height, int64_t pooled_width, int64_t sampling_ratio);
std::tuple<Tensor, Tensor> ps_roi_pool(const Tensor& input, const Tensor& rois, double spatial_scale,
                                       int64_t pooled_height, int64_t pooled_width);

// Their gradients for the input [batch_size, channels, height, width], the bins' gradients going
// to the channels channel_mapping names.
Tensor ps_roi_align_backward(const Tensor& grad, const Tensor& rois, const Tensor& channel_mapping,
                             double spatial_scale, int64_t pooled_height, int64_t pooled_width, int64_t sampling_ratio,
                             int64_t batch_size, int64_t channels, int64_t height, int64_t width);
Tensor ps_roi_pool_backward(const Tensor& grad, const Tensor& rois, const Tensor& channel_mapping,
                            double spatial_scale, int64_t pooled_height, int64_t pooled_width, int64_t batch_size,
                            int64_t channels, int64_t height, int64_t width);

// Deformable convolution v1/v2: each kernel tap samples the input bilinearly at its offset
// (offset [N, 2 * offset_groups * kh * kw, out_h, out_w], (dy, dx) pairs), scaled by mask when use_mask.
Tensor deform_conv2d(const Tensor& input, const Tensor& weight, const Tensor& offset, const Tensor& mask,
                     const Tensor& bias, int64_t stride_h, int64_t stride_w, int64_t pad_h, int64_t pad_w,
                     int64_t dilation_h, int64_t dilation_w, int64_t groups, int64_t offset_groups, bool use_mask);

// Its gradients (input, weight, offset, mask, bias) for the output gradient grad; the mask
// gradient is zeros of mask's shape when !use_mask.
std::tuple<Tensor, Tensor, Tensor, Tensor, Tensor> deform_conv2d_backward(
    const Tensor& grad, const Tensor& input, const Tensor& weight, const Tensor& offset, const Tensor& mask,
    const Tensor& bias, int64_t stride_h, int64_t stride_w, int64_t pad_h, int64_t pad_w, int64_t dilation_h,
    int64_t dilation_w, int64_t groups, int64_t offset_groups, bool use_mask);

}  // namespace ember
