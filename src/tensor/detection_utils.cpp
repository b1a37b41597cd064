// Argument checks shared by roi_align, roi_pool and their position-sensitive forms.
#include "tensor/detection_utils.h"

namespace ember::detection {

void checkRoiArgs(const char* op, const Tensor& input, const Tensor& rois, const char* roisShapeMessage) {
  EMBER_CHECK(input.dim() == 4, op, "(): input must be a 4-d tensor [N, C, H, W], got ", input.dim(), "-d");
  EMBER_CHECK(rois.dim() == 2, op, "(): rois must be a 2-d tensor [K, 5], got ", rois.dim(), "-d");
  EMBER_CHECK(rois.size(1) == 5, roisShapeMessage);
  EMBER_CHECK(input.dtype() == rois.dtype(), "Expected tensor for argument #1 'input' to have the same type as tensor "
              "for argument #2 'rois'; but type ", input.dtype(), " does not equal ", rois.dtype(),
              " (while checking arguments for ", op, ")");
}

int64_t psOutputChannels(const Tensor& input, int64_t pooledHeight, int64_t pooledWidth) {
  EMBER_CHECK(pooledHeight > 0 && pooledWidth > 0, "pooled_height and pooled_width must be positive, got ",
              pooledHeight, " and ", pooledWidth);
  EMBER_CHECK(input.size(1) % (pooledHeight * pooledWidth) == 0,
              "input channels must be a multiple of pooling height * pooling width");
  return input.size(1) / (pooledHeight * pooledWidth);
}

}  // namespace ember::detection
