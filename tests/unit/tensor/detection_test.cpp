// torchvision's detection kernels (ember/tensor/ops/detection.h) on inputs where torchvision's own
// CPU kernels read out of bounds or cast NaN to int (so there is no PyTorch answer to compare
// with): ember must raise an Error or give the documented value, never crash. Ordinary inputs are
// compared with torchvision in tests/compat/ops/cases_torchvision.py.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "ember/tensor.h"
#include "ember/tensor/ops/detection.h"
#include "test_tensors.h"

namespace ember {
namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

using testing::make;
using testing::values;

Tensor rois(std::vector<double> v) {
  const auto k = static_cast<int64_t>(v.size() / 5);
  return make(std::move(v), {k, 5});
}

// Every value of t is one of `allowed`.
bool allIn(const Tensor& t, std::vector<double> allowed) {
  for (double v : values(t))
    if (std::find(allowed.begin(), allowed.end(), v) == allowed.end()) return false;
  return true;
}

TEST(DetectionTest, BatchIndexOutsideTheInputIsAnError) {
  Tensor x = ones({2, 3, 8, 8});
  for (double b : {2.0, -1.0, kNaN, kInf}) {
    Tensor r = rois({b, 0, 0, 4, 4});
    EXPECT_THROW(roi_align(x, r, 1.0, 2, 2, -1, false), Error) << b;
    EXPECT_THROW(roi_pool(x, r, 1.0, 2, 2), Error) << b;
    EXPECT_THROW(ps_roi_pool(ones({2, 4, 8, 8}), r, 1.0, 2, 2), Error) << b;
    EXPECT_THROW(ps_roi_align(ones({2, 4, 8, 8}), r, 1.0, 2, 2, 2), Error) << b;
  }
}

TEST(DetectionTest, RoisMustBeKBy5) {
  Tensor x = ones({1, 4, 8, 8});
  EXPECT_THROW(roi_pool(x, zeros({3, 4}), 1.0, 2, 2), Error);  // torchvision reads past the rows
  EXPECT_THROW(roi_pool(x, zeros({5}), 1.0, 2, 2), Error);
  EXPECT_THROW(ps_roi_pool(x, zeros({1, 5}), 1.0, 0, 2), Error);  // pooled size 0: no channel groups
}

TEST(DetectionTest, NaNCoordinatesSampleNothing) {
  // A NaN corner: every sample point is NaN, which counts as outside the map (value 0), and the
  // number of samples per bin (ceil of a NaN size) is 0, so the mean is 0 / max(0, 1) = 0.
  Tensor x = ones({1, 2, 8, 8});
  Tensor out = roi_align(x, rois({0, kNaN, 1, 5, 5}), 1.0, 2, 2, -1, true);
  EXPECT_EQ(out.sizes(), IntArrayRef({1, 2, 2, 2}));
  EXPECT_TRUE(allIn(out, {0.0}));
  // With a fixed sampling ratio the NaN samples still read nothing: 0 everywhere.
  EXPECT_TRUE(allIn(roi_align(x, rois({0, 1, kNaN, 5, 5}), 1.0, 2, 2, 2, false), {0.0}));
  // roi_pool: NaN and infinite corners are pinned, bins clipped to the map; values are maxima of
  // ones (or 0 for an empty bin), never reads outside it.
  std::tuple<Tensor, Tensor> pooled = roi_pool(x, rois({0, kNaN, -kInf, kInf, 5}), 1.0, 2, 2);
  Tensor v = std::get<0>(pooled);
  EXPECT_TRUE(allIn(v, {0.0, 1.0}));
  Tensor idx = std::get<1>(pooled);
  for (double i : values(idx)) EXPECT_TRUE(i >= -1 && i < 64) << i;
}

TEST(DetectionTest, NaNOffsetsInDeformConvSampleZero) {
  // A 1x1 kernel with weight 1 and bias 0 copies the sampled input: NaN offsets sample 0.
  Tensor x = ones({1, 1, 3, 3});
  Tensor w = ones({1, 1, 1, 1});
  Tensor offset = full({1, 2, 3, 3}, kNaN);
  Tensor out = deform_conv2d(x, w, offset, zeros({1, 0}), zeros({1}), 1, 1, 0, 0, 1, 1, 1, 1, false);
  EXPECT_TRUE(allIn(out, {0.0}));
  // Zero offsets: the input itself.
  out = deform_conv2d(x, w, zeros({1, 2, 3, 3}), zeros({1, 0}), zeros({1}), 1, 1, 0, 0, 1, 1, 1, 1, false);
  EXPECT_TRUE(allIn(out, {1.0}));
}

TEST(DetectionTest, NmsKeepsHighestScoreFirst) {
  // Two overlapping boxes (IoU 81/119 > 0.5) and a distant one; equal scores keep index order.
  Tensor boxes = make({0, 0, 10, 10, 1, 1, 10, 10, 20, 20, 30, 30}, {3, 4});
  Tensor keep = nms(boxes, make({0.5, 0.9, 0.5}, {3}), 0.5);
  EXPECT_EQ(values(keep), std::vector<double>({1, 2}));
}

}  // namespace
}  // namespace ember
