// torchvision::nms: greedy non-maximum suppression over boxes visited in descending score order
// (a stable sort, so equal scores keep index order), the IoU computed in the boxes' own type as
// torchvision's CPU kernel does (areas from the box corners, overlap clamped at zero).
#include <vector>

#include "ember/tensor/ops/detection.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/reduce.h"
#include "ember/tensor/ops/shape.h"
#include "tensor/detection_utils.h"

namespace ember {

namespace {

template <typename T>
int64_t suppress(const T* box, const int64_t* order, int64_t n, double iouThreshold, int64_t* keep) {
  std::vector<T> area(n);
  for (int64_t i = 0; i < n; ++i) area[i] = (box[i * 4 + 2] - box[i * 4]) * (box[i * 4 + 3] - box[i * 4 + 1]);
  std::vector<char> suppressed(n, 0);
  int64_t kept = 0;
  for (int64_t oi = 0; oi < n; ++oi) {
    const int64_t i = order[oi];
    if (suppressed[i]) continue;
    keep[kept++] = i;
    const T* bi = box + i * 4;
    for (int64_t oj = oi + 1; oj < n; ++oj) {
      const int64_t j = order[oj];
      if (suppressed[j]) continue;
      const T* bj = box + j * 4;
      const T w = std::max(T(0), std::min(bi[2], bj[2]) - std::max(bi[0], bj[0]));
      const T h = std::max(T(0), std::min(bi[3], bj[3]) - std::max(bi[1], bj[1]));
      const T inter = w * h;
      const T iou = inter / (area[i] + area[j] - inter);
      if (iou > iouThreshold) suppressed[j] = 1;
    }
  }
  return kept;
}

}  // namespace

Tensor nms(const Tensor& dets, const Tensor& scores, double iou_threshold) {
  EMBER_CHECK(dets.dim() == 2, "boxes should be a 2d tensor, got ", dets.dim(), "D");
  EMBER_CHECK(dets.size(1) == 4, "boxes should have 4 elements in dimension 1, got ", dets.size(1));
  EMBER_CHECK(scores.dim() == 1, "scores should be a 1d tensor, got ", scores.dim(), "D");
  EMBER_CHECK(dets.size(0) == scores.size(0), "boxes and scores should have same number of elements in dimension 0, "
              "got ", dets.size(0), " and ", scores.size(0));
  return detection::visitBoxDtype(dets.dtype(), [&]<typename T>() {
    EMBER_CHECK(dets.dtype() == scores.dtype(), "dets should have the same type as scores");
    const int64_t n = dets.size(0);
    if (n == 0) return empty({0}, kLong);
    Tensor order = std::get<1>(sort(scores, /*stable=*/true, /*dim=*/0, /*descending=*/true));
    order = ember::contiguous(order);
    Tensor box = ember::contiguous(dets);
    Tensor keep = empty({n}, kLong);
    const int64_t kept = suppress<T>(box.data_ptr<T>(), order.data_ptr<int64_t>(), n, iou_threshold,
                                     keep.data_ptr<int64_t>());
    return narrow(keep, 0, 0, kept);
  }, "nms_kernel");
}

}  // namespace ember
