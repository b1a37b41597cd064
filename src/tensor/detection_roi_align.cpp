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
#include "tensor/detection_utils.h"

namespace ember {

namespace {

// The four corners and weights of a bilinear sample at (y, x) of a [height, width] plane. A point
// more than one pixel outside the map (or NaN: torchvision's test lets those through) is not
// inside and has zero weights on position 0, as torchvision's roi_align precomputes it.
template <typename T>
struct BilinearTap {
  int64_t pos[4] = {0, 0, 0, 0};
  T w[4] = {T(0), T(0), T(0), T(0)};
  bool inside = false;

  BilinearTap() = default;
  BilinearTap(int64_t height, int64_t width, T y, T x) {
    if (!(y >= -1.0 && y <= height && x >= -1.0 && x <= width)) return;
    inside = true;
    if (y <= 0) y = 0;
    if (x <= 0) x = 0;
    auto yLow = static_cast<int64_t>(y), xLow = static_cast<int64_t>(x);
    int64_t yHigh = yLow + 1, xHigh = xLow + 1;
    if (yLow >= height - 1) {
      yHigh = yLow = height - 1;
      y = static_cast<T>(yLow);
    }
    if (xLow >= width - 1) {
      xHigh = xLow = width - 1;
      x = static_cast<T>(xLow);
    }
    const T ly = y - static_cast<T>(yLow), lx = x - static_cast<T>(xLow);
    const T hy = T(1) - ly, hx = T(1) - lx;
    pos[0] = yLow * width + xLow, pos[1] = yLow * width + xHigh;
    pos[2] = yHigh * width + xLow, pos[3] = yHigh * width + xHigh;
    w[0] = hy * hx, w[1] = hy * lx, w[2] = ly * hx, w[3] = ly * lx;
  }

  T apply(const T* plane) const {
    return w[0] * plane[pos[0]] + w[1] * plane[pos[1]] + w[2] * plane[pos[2]] + w[3] * plane[pos[3]];
  }
};

// The geometry of one ROI: start corner and bin size on the feature map, samples per bin.
template <typename T>
struct RoiGrid {
  T startH, startW, binH, binW;
  int64_t gridH, gridW;

  RoiGrid(const T* roi, T scale, T offset, bool clampSize, int64_t pooledH, int64_t pooledW, int64_t samplingRatio) {
    startW = roi[1] * scale - offset;
    startH = roi[2] * scale - offset;
    T width = roi[3] * scale - offset - startW;
    T height = roi[4] * scale - offset - startH;
    if (clampSize) {
      width = std::max(width, T(1));
      height = std::max(height, T(1));
    }
    binH = height / static_cast<T>(pooledH);
    binW = width / static_cast<T>(pooledW);
    gridH = samplingRatio > 0 ? samplingRatio : samplesPerBin(height, pooledH);
    gridW = samplingRatio > 0 ? samplingRatio : samplesPerBin(width, pooledW);
  }

  // ceil(roi size / pooled size); none for NaN or negative sizes (where torchvision's int cast
  // is undefined behaviour).
  static int64_t samplesPerBin(T size, int64_t pooled) {
    const double n = std::ceil(static_cast<double>(size / static_cast<T>(pooled)));
    if (!(n > 0)) return 0;
    EMBER_CHECK(n < 1e9, "roi_align(): a region of size ", size, " would take ", n, " samples per bin");
    return static_cast<int64_t>(n);
  }

  // Calls fn(y, x) for the sample points of bin (ph, pw), row by row.
  template <typename Fn>
  void forEachSample(int64_t ph, int64_t pw, Fn&& fn) const {
    const T y0 = startH + static_cast<T>(ph) * binH, x0 = startW + static_cast<T>(pw) * binW;
    for (int64_t iy = 0; iy < gridH; ++iy) {
      const T y = y0 + static_cast<T>(static_cast<float>(iy) + .5f) * binH / static_cast<T>(gridH);
      for (int64_t ix = 0; ix < gridW; ++ix)
        fn(y, x0 + static_cast<T>(static_cast<float>(ix) + .5f) * binW / static_cast<T>(gridW));
    }
  }
};

}  // namespace

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
