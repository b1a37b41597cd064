// torchvision's operators (torchvision::nms, roi_align, roi_pool, ps_roi_align, ps_roi_pool,
// deform_conv2d, _cuda_version, and their backward kernels) with
// torchvision 0.14's schemas, so detection models that PyTorch scripted and saved, and TorchScript
// calling torch.ops.torchvision.*, run. Kernels in ember/tensor/ops/detection.h.
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/detection.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

void nmsOp(Stack& s) {
  IValue* a = args(s, 3);
  ret(s, 3, nms(tensorArg(a[0]), tensorArg(a[1]), doubleArg(a[2])));
}

// (input, rois, spatial_scale, pooled_height, pooled_width, sampling_ratio, aligned)
void roiAlignOp(Stack& s) {
  IValue* a = args(s, 7);
  ret(s, 7, roi_align(tensorArg(a[0]), tensorArg(a[1]), doubleArg(a[2]), intArg(a[3]), intArg(a[4]), intArg(a[5]),
                      boolArg(a[6])));
}

void roiPoolOp(Stack& s) {
  IValue* a = args(s, 5);
  ret2(s, 5, roi_pool(tensorArg(a[0]), tensorArg(a[1]), doubleArg(a[2]), intArg(a[3]), intArg(a[4])));
}

void psRoiAlignOp(Stack& s) {
  IValue* a = args(s, 6);
  ret2(s, 6, ps_roi_align(tensorArg(a[0]), tensorArg(a[1]), doubleArg(a[2]), intArg(a[3]), intArg(a[4]),
                          intArg(a[5])));
}

void psRoiPoolOp(Stack& s) {
  IValue* a = args(s, 5);
  ret2(s, 5, ps_roi_pool(tensorArg(a[0]), tensorArg(a[1]), doubleArg(a[2]), intArg(a[3]), intArg(a[4])));
}

// (input, weight, offset, mask, bias, stride_h, stride_w, pad_h, pad_w, dilation_h, dilation_w,
//  groups, offset_groups, use_mask)
void deformConv2dOp(Stack& s) {
  IValue* a = args(s, 14);
  ret(s, 14, deform_conv2d(tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]), tensorArg(a[3]), tensorArg(a[4]),
                           intArg(a[5]), intArg(a[6]), intArg(a[7]), intArg(a[8]), intArg(a[9]), intArg(a[10]),
                           intArg(a[11]), intArg(a[12]), boolArg(a[13])));
}

// (grad, rois, spatial_scale, pooled_height, pooled_width, batch_size, channels, height, width,
//  sampling_ratio, aligned)
void roiAlignBackwardOp(Stack& s) {
  IValue* a = args(s, 11);
  ret(s, 11, roi_align_backward(tensorArg(a[0]), tensorArg(a[1]), doubleArg(a[2]), intArg(a[3]), intArg(a[4]),
                                intArg(a[5]), intArg(a[6]), intArg(a[7]), intArg(a[8]), intArg(a[9]), boolArg(a[10])));
}

// (grad, rois, argmax, spatial_scale, pooled_height, pooled_width, batch_size, channels, height, width)
void roiPoolBackwardOp(Stack& s) {
  IValue* a = args(s, 10);
  ret(s, 10, roi_pool_backward(tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]), doubleArg(a[3]), intArg(a[4]),
                               intArg(a[5]), intArg(a[6]), intArg(a[7]), intArg(a[8]), intArg(a[9])));
}

// (grad, rois, channel_mapping, spatial_scale, pooled_height, pooled_width, sampling_ratio,
//  batch_size, channels, height, width)
void psRoiAlignBackwardOp(Stack& s) {
  IValue* a = args(s, 11);
  ret(s, 11, ps_roi_align_backward(tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]), doubleArg(a[3]), intArg(a[4]),
                                   intArg(a[5]), intArg(a[6]), intArg(a[7]), intArg(a[8]), intArg(a[9]),
                                   intArg(a[10])));
}

// (grad, rois, channel_mapping, spatial_scale, pooled_height, pooled_width, batch_size, channels,
//  height, width)
void psRoiPoolBackwardOp(Stack& s) {
  IValue* a = args(s, 10);
  ret(s, 10, ps_roi_pool_backward(tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]), doubleArg(a[3]), intArg(a[4]),
                                  intArg(a[5]), intArg(a[6]), intArg(a[7]), intArg(a[8]), intArg(a[9])));
}

// (grad, input, weight, offset, mask, bias, stride_h, stride_w, pad_h, pad_w, dilation_h,
//  dilation_w, groups, offset_groups, use_mask) -> (grad_input, grad_weight, grad_offset, grad_mask, grad_bias)
void deformConv2dBackwardOp(Stack& s) {
  IValue* a = args(s, 15);
  auto [gi, gw, go, gm, gb] =
      deform_conv2d_backward(tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]), tensorArg(a[3]), tensorArg(a[4]),
                             tensorArg(a[5]), intArg(a[6]), intArg(a[7]), intArg(a[8]), intArg(a[9]), intArg(a[10]),
                             intArg(a[11]), intArg(a[12]), intArg(a[13]), boolArg(a[14]));
  dropArgs(s, 15);
  for (Tensor* t : {&gi, &gw, &go, &gm, &gb}) s.emplace_back(std::move(*t));
}

// torchvision built without CUDA answers -1 (ember runs on CPU).
void cudaVersionOp(Stack& s) { s.emplace_back(int64_t(-1)); }

RegisterOperators reg({
    {"torchvision::nms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor", nmsOp},
    {"torchvision::roi_align(Tensor input, Tensor rois, float spatial_scale, int pooled_height, int pooled_width, "
     "int sampling_ratio, bool aligned) -> Tensor",
     roiAlignOp},
    {"torchvision::roi_pool(Tensor input, Tensor rois, float spatial_scale, int pooled_height, int pooled_width) -> "
     "(Tensor, Tensor)",
     roiPoolOp},
    {"torchvision::ps_roi_align(Tensor input, Tensor rois, float spatial_scale, int pooled_height, int pooled_width, "
     "int sampling_ratio) -> (Tensor, Tensor)",
     psRoiAlignOp},
    {"torchvision::ps_roi_pool(Tensor input, Tensor rois, float spatial_scale, int pooled_height, int pooled_width) "
     "-> (Tensor, Tensor)",
     psRoiPoolOp},
    {"torchvision::deform_conv2d(Tensor input, Tensor weight, Tensor offset, Tensor mask, Tensor bias, int stride_h, "
     "int stride_w, int pad_h, int pad_w, int dilation_h, int dilation_w, int groups, int offset_groups, "
     "bool use_mask) -> Tensor",
     deformConv2dOp},
    {"torchvision::_roi_align_backward(Tensor grad, Tensor rois, float spatial_scale, int pooled_height, "
     "int pooled_width, int batch_size, int channels, int height, int width, int sampling_ratio, bool aligned) "
     "-> Tensor",
     roiAlignBackwardOp},
    {"torchvision::_roi_pool_backward(Tensor grad, Tensor rois, Tensor argmax, float spatial_scale, "
     "int pooled_height, int pooled_width, int batch_size, int channels, int height, int width) -> Tensor",
     roiPoolBackwardOp},
    {"torchvision::_ps_roi_align_backward(Tensor grad, Tensor rois, Tensor channel_mapping, float spatial_scale, "
     "int pooled_height, int pooled_width, int sampling_ratio, int batch_size, int channels, int height, int width) "
     "-> Tensor",
     psRoiAlignBackwardOp},
    {"torchvision::_ps_roi_pool_backward(Tensor grad, Tensor rois, Tensor channel_mapping, float spatial_scale, "
     "int pooled_height, int pooled_width, int batch_size, int channels, int height, int width) -> Tensor",
     psRoiPoolBackwardOp},
    {"torchvision::_deform_conv2d_backward(Tensor grad, Tensor input, Tensor weight, Tensor offset, Tensor mask, "
     "Tensor bias, int stride_h, int stride_w, int pad_h, int pad_w, int dilation_h, int dilation_w, int groups, "
     "int offset_groups, bool use_mask) -> (Tensor, Tensor, Tensor, Tensor, Tensor)",
     deformConv2dBackwardOp},
    {"torchvision::_cuda_version() -> int _0", cudaVersionOp},
});

}  // namespace
}  // namespace ember::jit::aten
