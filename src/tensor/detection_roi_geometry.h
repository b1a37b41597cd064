// The geometry of torchvision's ROI operators, shared by their forward kernels
// (detection_roi_align.cpp, detection_roi_pool.cpp) and their gradients
// (detection_roi_backward.cpp), so that a gradient samples exactly where its forward did:
// bilinear taps and sampling grids of roi_align / ps_roi_align, whole-pixel bins of roi_pool /
// ps_roi_pool.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "ember/error.h"

namespace ember::detection {

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
    inside = yLow >= 0 && xLow >= 0;  // an empty map has no corner to read
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

// A ROI in whole pixels: start corner and bin size. sizeExtra: roi_pool counts both end pixels.
template <typename T>
struct PixelRoi {
  int64_t startH, startW;
  T binH, binW;

  // A coordinate rounded to a pixel, NaN and out-of-range values pinned (torchvision's int cast
  // of them is undefined behaviour; bins are clipped to the map afterwards).
  static int64_t pixel(T v) {
    const double r = std::round(static_cast<double>(v));
    if (r != r) return 0;
    return static_cast<int64_t>(std::clamp(r, -2147483648.0, 2147483647.0));
  }

  PixelRoi(const T* roi, T scale, int64_t sizeExtra, int64_t pooledH, int64_t pooledW) {
    startW = pixel(roi[1] * scale);
    startH = pixel(roi[2] * scale);
    const int64_t endW = pixel(roi[3] * scale);
    const int64_t endH = pixel(roi[4] * scale);
    const int64_t width = std::max<int64_t>(endW - startW + sizeExtra, 1);
    const int64_t height = std::max<int64_t>(endH - startH + sizeExtra, 1);
    binH = static_cast<T>(height) / static_cast<T>(pooledH);
    binW = static_cast<T>(width) / static_cast<T>(pooledW);
  }

  // Bin (ph, pw) as [h0, h1) x [w0, w1), clipped to [0, limitH] x [0, limitW].
  void bin(int64_t ph, int64_t pw, int64_t limitH, int64_t limitW, int64_t& h0, int64_t& h1, int64_t& w0,
           int64_t& w1) const {
    auto clip = [](int64_t v, int64_t hi) { return std::min(std::max<int64_t>(v, 0), hi); };
    h0 = clip(static_cast<int64_t>(std::floor(static_cast<T>(ph) * binH)) + startH, limitH);
    w0 = clip(static_cast<int64_t>(std::floor(static_cast<T>(pw) * binW)) + startW, limitW);
    h1 = clip(static_cast<int64_t>(std::ceil(static_cast<T>(ph + 1) * binH)) + startH, limitH);
    w1 = clip(static_cast<int64_t>(std::ceil(static_cast<T>(pw + 1) * binW)) + startW, limitW);
  }
};

}  // namespace ember::detection
