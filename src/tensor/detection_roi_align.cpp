// torchvision::roi_align and ps_roi_align: each output bin averages a grid of bilinear samples
// of the feature map (a sample more than one pixel outside the map counts as 0, one inside the
// border margin is clamped to the edge), computed in the input's type as torchvision's CPU
// kernels do. ROIs run in parallel.
#include <cmath>
#include <vector>

#include "ember/tensor/ops/detection.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/parallel.h"
#include "tensor/detection_roi_geometry.h"
#include "tensor/detection_utils.h"

namespace ember {

using detection::BilinearTap;
using detection::RoiGrid;

Tensor roi_align(const Tensor& input, const Tensor& rois, double spatial_scale, int64_t pooled_height,
                 int64_t pooled_width, int64_t sampling_ratio, bool aligned) {
  detection::checkRoiArgs("roi_align_forward_kernel", input, rois, "rois must have shape as Tensor[K, 5]");
  const int64_t numRois = rois.size(0), channels = input.size(1), height = input.size(2), width = input.size(3);
  Tensor out = zeros({numRois, channels, pooled_height, pooled_width}, input.dtype());
  return detection::visitBoxDtype(input.dtype(), [&]<typename T>() {
    if (out.numel() == 0) return out;
    Tensor x = ember::contiguous(input), r = ember::contiguous(rois);
    const T* xp = x.data_ptr<T>();
    const T* rp = r.data_ptr<T>();
    T* op = out.data_ptr<T>();
    detection::checkRoiBatchIndices("roi_align", rp, numRois, input.size(0));
    const int64_t plane = height * width, bins = pooled_height * pooled_width;
    parallelFor(0, numRois, 1, [&](int64_t begin, int64_t end) {
      for (int64_t n = begin; n < end; ++n) {
        const T* roi = rp + n * 5;
        const RoiGrid<T> g(roi, static_cast<T>(spatial_scale), aligned ? T(0.5) : T(0), !aligned, pooled_height,
                           pooled_width, sampling_ratio);
        const T count = static_cast<T>(std::max<int64_t>(g.gridH * g.gridW, 1));
        const auto b = static_cast<int64_t>(roi[0]);
        // The samples' corners and weights, computed once for all channels (bin-major).
        std::vector<BilinearTap<T>> taps;
        taps.reserve(static_cast<size_t>(bins * g.gridH * g.gridW));
        for (int64_t ph = 0; ph < pooled_height; ++ph)
          for (int64_t pw = 0; pw < pooled_width; ++pw)
            g.forEachSample(ph, pw, [&](T y, T x) { taps.emplace_back(height, width, y, x); });
        const int64_t perBin = g.gridH * g.gridW;
        for (int64_t c = 0; c < channels; ++c) {
          const T* src = xp + (b * channels + c) * plane;
          T* dst = op + (n * channels + c) * bins;
          const BilinearTap<T>* tap = taps.data();
          for (int64_t bin = 0; bin < bins; ++bin) {
            T sum = 0;
            for (int64_t k = 0; k < perBin; ++k) sum += (tap++)->apply(src);
            dst[bin] = sum / count;
          }
        }
      }
    });
    return out;
  }, "roi_align_forward_kernel");
}

std::tuple<Tensor, Tensor> ps_roi_align(const Tensor& input, const Tensor& rois, double spatial_scale,
                                        int64_t pooled_height, int64_t pooled_width, int64_t sampling_ratio) {
  detection::checkRoiArgs("ps_roi_align_forward_kernel", input, rois, "Tensor rois should have shape as Tensor[K, 5]");
  const int64_t channelsOut = detection::psOutputChannels(input, pooled_height, pooled_width);
  const int64_t numRois = rois.size(0), channels = input.size(1), height = input.size(2), width = input.size(3);
  Tensor out = zeros({numRois, channelsOut, pooled_height, pooled_width}, input.dtype());
  Tensor mapping = zeros({numRois, channelsOut, pooled_height, pooled_width}, kInt);
  return detection::visitBoxDtype(input.dtype(), [&]<typename T>() {
    if (out.numel() == 0) return std::make_tuple(out, mapping);
    Tensor x = ember::contiguous(input), r = ember::contiguous(rois);
    const T* xp = x.data_ptr<T>();
    const T* rp = r.data_ptr<T>();
    T* op = out.data_ptr<T>();
    int32_t* mp = mapping.data_ptr<int32_t>();
    detection::checkRoiBatchIndices("ps_roi_align", rp, numRois, input.size(0));
    const int64_t plane = height * width;
    parallelFor(0, numRois, 1, [&](int64_t begin, int64_t end) {
      for (int64_t n = begin; n < end; ++n) {
        const T* roi = rp + n * 5;
        // No minimum ROI size here, unlike roi_align.
        const RoiGrid<T> g(roi, static_cast<T>(spatial_scale), T(0.5), false, pooled_height, pooled_width,
                           sampling_ratio);
        const T count = static_cast<T>(g.gridH * g.gridW);
        const auto b = static_cast<int64_t>(roi[0]);
        for (int64_t co = 0; co < channelsOut; ++co) {
          for (int64_t ph = 0; ph < pooled_height; ++ph) {
            for (int64_t pw = 0; pw < pooled_width; ++pw) {
              const int64_t ci = (co * pooled_height + ph) * pooled_width + pw;
              const int64_t index = ((n * channelsOut + co) * pooled_height + ph) * pooled_width + pw;
              const T* src = xp + (b * channels + ci) * plane;
              T sum = 0;
              g.forEachSample(ph, pw, [&](T y, T x) {
                const BilinearTap<T> tap(height, width, y, x);
                if (tap.inside) sum += tap.apply(src);  // torchvision's ps kernel adds 0 outside
              });
              op[index] = sum / count;
              mp[index] = static_cast<int32_t>(ci);
            }
          }
        }
      }
    });
    return std::make_tuple(out, mapping);
  }, "ps_roi_align_forward_kernel");
}

}  // namespace ember
