// Shared argument checks and dtype dispatch of torchvision's detection operators
// (ember/tensor/ops/detection.h), with torchvision's messages where it checks, and checks of its
// own where torchvision's CPU kernels would read out of bounds (rois rows, batch indices).
#pragma once

#include <string>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/tensor.h"

namespace ember::detection {

// float and double only, as the kernels are written for (torchvision also takes Half there).
template <typename Fn>
decltype(auto) visitBoxDtype(ScalarType t, Fn&& fn, const char* what) {
  switch (t) {
    case ScalarType::Float: return fn.template operator()<float>();
    case ScalarType::Double: return fn.template operator()<double>();
    default: throwUnsupportedDtype(what, t);
  }
}

// input [N, C, H, W] and rois [K, 5] of input's dtype; the ops read rois[k, 0] as a batch index.
void checkRoiArgs(const char* op, const Tensor& input, const Tensor& rois, const char* roisShapeMessage);

// Every rois[k, 0] (a contiguous [K, 5] tensor of T) names an image of the batch.
template <typename T>
void checkRoiBatchIndices(const char* op, const T* rois, int64_t numRois, int64_t batch) {
  for (int64_t k = 0; k < numRois; ++k) {
    const T b = rois[k * 5];  // compared before the cast, so NaN and huge values are caught
    EMBER_CHECK(b > -1 && b < static_cast<T>(batch), op, "(): rois[", k, ", 0] = ", b,
                " is not a batch index of an input of ", batch, " images");
  }
}

// Position-sensitive ops: channels split into pooled_height * pooled_width groups.
int64_t psOutputChannels(const Tensor& input, int64_t pooledHeight, int64_t pooledWidth);

}  // namespace ember::detection
