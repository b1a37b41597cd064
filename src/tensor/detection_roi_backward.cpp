// torchvision::_roi_align_backward, _roi_pool_backward and the position-sensitive
// _ps_roi_align_backward / _ps_roi_pool_backward: the input gradients of roi_align (each bin's
// gradient / sample count, spread over every sample's four corners with its bilinear weights;
// samples outside the map drop theirs), roi_pool (each bin's gradient added at its argmax) and
// ps_roi_pool (spread evenly over the bin), as torchvision's CPU kernels compute them. roi_align's
// and roi_pool's channels run in parallel (each writes only its own planes); the ps forms run in
// order, since channel_mapping may send several bins to one plane.
#include <algorithm>
#include <cmath>

#include "ember/tensor/ops/detection.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/parallel.h"
#include "tensor/detection_utils.h"

namespace ember {

namespace {

// The gradient arguments' common checks: grad [K, C, pooled_h, pooled_w] of rois' dtype, rois [K, 5].
void checkRoiBackwardArgs(const char* op, const Tensor& grad, const Tensor& rois, int64_t pooledHeight,
                          int64_t pooledWidth, int64_t channels, int64_t height, int64_t width) {
  EMBER_CHECK(rois.dim() == 2 && rois.size(1) == 5, op, "(): rois must have shape [K, 5]");
  EMBER_CHECK(grad.dtype() == rois.dtype(), "Expected tensor for argument #1 'grad' to have the same type as tensor "
              "for argument #2 'rois'; but type ", grad.dtype(), " does not equal ", rois.dtype(),
              " (while checking arguments for ", op, ")");
  EMBER_CHECK(grad.dim() == 4 && grad.size(0) == rois.size(0) && grad.size(1) == channels &&
                  grad.size(2) == pooledHeight && grad.size(3) == pooledWidth,
              op, "(): grad must have shape [", rois.size(0), ", ", channels, ", ", pooledHeight, ", ", pooledWidth,
              "]");
  EMBER_CHECK(height >= 0 && width >= 0, op, "(): negative input size");
}

// The corners and weights of a bilinear sample, torchvision's bilinear_interpolate_gradient;
// false (nothing to add) outside the map, NaN included.
template <typename T>
bool sampleCorners(int64_t height, int64_t width, T y, T x, int64_t (&pos)[4], T (&w)[4]) {
  if (!(y >= -1.0 && y <= height && x >= -1.0 && x <= width)) return false;
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
  pos[0] = yLow * width + xLow, pos[1] = yLow * width + xHigh, pos[2] = yHigh * width + xLow;
  pos[3] = yHigh * width + xHigh;
  w[0] = hy * hx, w[1] = hy * lx, w[2] = ly * hx, w[3] = ly * lx;
  return yLow >= 0 && xLow >= 0;
}

// channel_mapping: int32 of grad's shape, naming channels of the input.
void checkChannelMapping(const char* op, const Tensor& mapping, const Tensor& grad, int64_t channels) {
  EMBER_CHECK(mapping.dtype() == kInt, "expected scalar type Int but found ", mapping.dtype());
  EMBER_CHECK(mapping.sizes() == grad.sizes(), op, "(): channel_mapping must have grad's shape");
  Tensor m = ember::contiguous(mapping);
  const int32_t* mp = m.data_ptr<int32_t>();
  for (int64_t i = 0; i < m.numel(); ++i)
    EMBER_CHECK(mp[i] >= 0 && mp[i] < channels, op, "(): channel_mapping ", mp[i], " is not a channel of ", channels);
}

template <typename T>
int64_t samplesPerBin(T size, int64_t pooled) {
  const double n = std::ceil(static_cast<double>(size / static_cast<T>(pooled)));
  if (!(n > 0)) return 0;
  EMBER_CHECK(n < 1e9, "roi_align(): a region of size ", size, " would take ", n, " samples per bin");
  return static_cast<int64_t>(n);
}

}  // namespace

Tensor roi_align_backward(const Tensor& grad, const Tensor& rois, double spatial_scale, int64_t pooled_height,
                          int64_t pooled_width, int64_t batch_size, int64_t channels, int64_t height, int64_t width,
                          int64_t sampling_ratio, bool aligned) {
  const char* op = "roi_align_backward_kernel";
  checkRoiBackwardArgs(op, grad, rois, pooled_height, pooled_width, channels, height, width);
  Tensor gradInput = zeros({batch_size, channels, height, width}, grad.dtype());
  return detection::visitBoxDtype(grad.dtype(), [&]<typename T>() {
    if (grad.numel() == 0) return gradInput;
    Tensor g = ember::contiguous(grad), r = ember::contiguous(rois);
    const T* gp = g.data_ptr<T>();
    const T* rp = r.data_ptr<T>();
    T* out = gradInput.data_ptr<T>();
    const int64_t numRois = rois.size(0), plane = height * width, bins = pooled_height * pooled_width;
    detection::checkRoiBatchIndices("roi_align_backward", rp, numRois, batch_size);
    const T scale = static_cast<T>(spatial_scale), offset = aligned ? T(0.5) : T(0);
    parallelFor(0, channels, 1, [&](int64_t begin, int64_t end) {
      for (int64_t n = 0; n < numRois; ++n) {
        const T* roi = rp + n * 5;
        const T startW = roi[1] * scale - offset, startH = roi[2] * scale - offset;
        T roiW = roi[3] * scale - offset - startW, roiH = roi[4] * scale - offset - startH;
        if (!aligned) {
          roiW = std::max(roiW, T(1));
          roiH = std::max(roiH, T(1));
        }
        const T binH = roiH / static_cast<T>(pooled_height), binW = roiW / static_cast<T>(pooled_width);
        const int64_t gridH = sampling_ratio > 0 ? sampling_ratio : samplesPerBin(roiH, pooled_height);
        const int64_t gridW = sampling_ratio > 0 ? sampling_ratio : samplesPerBin(roiW, pooled_width);
        const T count = static_cast<T>(std::max<int64_t>(gridH * gridW, 1));
        const auto b = static_cast<int64_t>(roi[0]);
        for (int64_t c = begin; c < end; ++c) {
          T* dst = out + (b * channels + c) * plane;
          for (int64_t ph = 0; ph < pooled_height; ++ph) {
            for (int64_t pw = 0; pw < pooled_width; ++pw) {
              const T gradBin = gp[(n * channels + c) * bins + ph * pooled_width + pw];
              for (int64_t iy = 0; iy < gridH; ++iy) {
                const T y = startH + static_cast<T>(ph) * binH +
                            static_cast<T>(static_cast<float>(iy) + .5f) * binH / static_cast<T>(gridH);
                for (int64_t ix = 0; ix < gridW; ++ix) {
                  const T x = startW + static_cast<T>(pw) * binW +
                              static_cast<T>(static_cast<float>(ix) + .5f) * binW / static_cast<T>(gridW);
                  int64_t pos[4];
                  T w[4];
                  if (!sampleCorners(height, width, y, x, pos, w)) continue;
                  for (int k = 0; k < 4; ++k) dst[pos[k]] += gradBin * w[k] / count;
                }
              }
            }
          }
        }
      }
    });
    return gradInput;
  }, op);
}

Tensor roi_pool_backward(const Tensor& grad, const Tensor& rois, const Tensor& argmax, double spatial_scale,
                         int64_t pooled_height, int64_t pooled_width, int64_t batch_size, int64_t channels,
                         int64_t height, int64_t width) {
  (void)spatial_scale;  // the argmax already says where each bin's maximum was
  const char* op = "roi_pool_backward_kernel";
  checkRoiBackwardArgs(op, grad, rois, pooled_height, pooled_width, channels, height, width);
  EMBER_CHECK(argmax.dtype() == kInt, "expected scalar type Int but found ", argmax.dtype());
  EMBER_CHECK(argmax.sizes() == grad.sizes(), op, "(): argmax must have grad's shape");
  Tensor gradInput = zeros({batch_size, channels, height, width}, grad.dtype());
  return detection::visitBoxDtype(grad.dtype(), [&]<typename T>() {
    if (grad.numel() == 0) return gradInput;
    Tensor g = ember::contiguous(grad), r = ember::contiguous(rois), a = ember::contiguous(argmax);
    const T* gp = g.data_ptr<T>();
    const T* rp = r.data_ptr<T>();
    const int32_t* ap = a.data_ptr<int32_t>();
    T* out = gradInput.data_ptr<T>();
    const int64_t numRois = rois.size(0), plane = height * width, bins = pooled_height * pooled_width;
    detection::checkRoiBatchIndices("roi_pool_backward", rp, numRois, batch_size);
    for (int64_t i = 0; i < a.numel(); ++i)
      EMBER_CHECK(ap[i] >= -1 && ap[i] < plane, op, "(): argmax ", ap[i], " is outside a ", height, "x", width,
                  " plane");
    parallelFor(0, channels, 1, [&](int64_t begin, int64_t end) {
      for (int64_t n = 0; n < numRois; ++n) {
        const auto b = static_cast<int64_t>(rp[n * 5]);
        for (int64_t c = begin; c < end; ++c) {
          T* dst = out + (b * channels + c) * plane;
          const int64_t base = (n * channels + c) * bins;
          for (int64_t k = 0; k < bins; ++k)
            if (ap[base + k] != -1) dst[ap[base + k]] += gp[base + k];
        }
      }
    });
    return gradInput;
  }, op);
}

Tensor ps_roi_align_backward(const Tensor& grad, const Tensor& rois, const Tensor& channel_mapping,
                             double spatial_scale, int64_t pooled_height, int64_t pooled_width, int64_t sampling_ratio,
                             int64_t batch_size, int64_t channels, int64_t height, int64_t width) {
  const char* op = "ps_roi_align_backward_kernel";
  EMBER_CHECK(grad.dim() == 4, op, "(): grad must be 4-d");
  checkRoiBackwardArgs(op, grad, rois, pooled_height, pooled_width, grad.size(1), height, width);
  checkChannelMapping(op, channel_mapping, grad, channels);
  Tensor gradInput = zeros({batch_size, channels, height, width}, grad.dtype());
  return detection::visitBoxDtype(grad.dtype(), [&]<typename T>() {
    if (grad.numel() == 0) return gradInput;
    Tensor g = ember::contiguous(grad), r = ember::contiguous(rois), m = ember::contiguous(channel_mapping);
    const T* gp = g.data_ptr<T>();
    const T* rp = r.data_ptr<T>();
    const int32_t* mp = m.data_ptr<int32_t>();
    T* out = gradInput.data_ptr<T>();
    const int64_t numRois = rois.size(0), channelsOut = grad.size(1), plane = height * width;
    detection::checkRoiBatchIndices("ps_roi_align_backward", rp, numRois, batch_size);
    const T scale = static_cast<T>(spatial_scale);
    for (int64_t n = 0; n < numRois; ++n) {
      const T* roi = rp + n * 5;
      const T startW = roi[1] * scale - T(0.5), startH = roi[2] * scale - T(0.5);
      const T roiW = roi[3] * scale - T(0.5) - startW, roiH = roi[4] * scale - T(0.5) - startH;
      const T binH = roiH / static_cast<T>(pooled_height), binW = roiW / static_cast<T>(pooled_width);
      const int64_t gridH = sampling_ratio > 0 ? sampling_ratio : samplesPerBin(roiH, pooled_height);
      const int64_t gridW = sampling_ratio > 0 ? sampling_ratio : samplesPerBin(roiW, pooled_width);
      const T count = static_cast<T>(gridH * gridW);
      const auto b = static_cast<int64_t>(roi[0]);
      for (int64_t co = 0; co < channelsOut; ++co) {
        for (int64_t ph = 0; ph < pooled_height; ++ph) {
          for (int64_t pw = 0; pw < pooled_width; ++pw) {
            const int64_t index = ((n * channelsOut + co) * pooled_height + ph) * pooled_width + pw;
            T* dst = out + (b * channels + mp[index]) * plane;
            const T hstart = static_cast<T>(ph) * binH + startH, wstart = static_cast<T>(pw) * binW + startW;
            for (int64_t iy = 0; iy < gridH; ++iy) {
              const T y = hstart + static_cast<T>(static_cast<float>(iy) + .5f) * binH / static_cast<T>(gridH);
              for (int64_t ix = 0; ix < gridW; ++ix) {
                const T x = wstart + static_cast<T>(static_cast<float>(ix) + .5f) * binW / static_cast<T>(gridW);
                int64_t pos[4];
                T w[4];
                if (!sampleCorners(height, width, y, x, pos, w)) continue;
                for (int k = 0; k < 4; ++k) dst[pos[k]] += gp[index] * w[k] / count;
              }
            }
          }
        }
      }
    }
    return gradInput;
  }, op);
}

Tensor ps_roi_pool_backward(const Tensor& grad, const Tensor& rois, const Tensor& channel_mapping,
                            double spatial_scale, int64_t pooled_height, int64_t pooled_width, int64_t batch_size,
                            int64_t channels, int64_t height, int64_t width) {
  const char* op = "ps_roi_pool_backward_kernel";
  EMBER_CHECK(grad.dim() == 4, op, "(): grad must be 4-d");
  checkRoiBackwardArgs(op, grad, rois, pooled_height, pooled_width, grad.size(1), height, width);
  checkChannelMapping(op, channel_mapping, grad, channels);
  Tensor gradInput = zeros({batch_size, channels, height, width}, grad.dtype());
  return detection::visitBoxDtype(grad.dtype(), [&]<typename T>() {
    if (grad.numel() == 0) return gradInput;
    Tensor g = ember::contiguous(grad), r = ember::contiguous(rois), m = ember::contiguous(channel_mapping);
    const T* gp = g.data_ptr<T>();
    const T* rp = r.data_ptr<T>();
    const int32_t* mp = m.data_ptr<int32_t>();
    T* out = gradInput.data_ptr<T>();
    const int64_t numRois = rois.size(0), channelsOut = grad.size(1), plane = height * width;
    detection::checkRoiBatchIndices("ps_roi_pool_backward", rp, numRois, batch_size);
    const T scale = static_cast<T>(spatial_scale);
    auto pixel = [](T v) {
      const double rv = std::round(static_cast<double>(v));
      return rv != rv ? int64_t(0) : static_cast<int64_t>(std::clamp(rv, -2147483648.0, 2147483647.0));
    };
    auto clip = [](int64_t v, int64_t hi) { return std::min(std::max<int64_t>(v, 0), hi); };
    for (int64_t n = 0; n < numRois; ++n) {
      const T* roi = rp + n * 5;
      const int64_t startW = pixel(roi[1] * scale), startH = pixel(roi[2] * scale);
      const int64_t roiW = std::max<int64_t>(pixel(roi[3] * scale) - startW, 1);
      const int64_t roiH = std::max<int64_t>(pixel(roi[4] * scale) - startH, 1);
      const T binH = static_cast<T>(roiH) / static_cast<T>(pooled_height);
      const T binW = static_cast<T>(roiW) / static_cast<T>(pooled_width);
      const auto b = static_cast<int64_t>(roi[0]);
      for (int64_t co = 0; co < channelsOut; ++co) {
        for (int64_t ph = 0; ph < pooled_height; ++ph) {
          for (int64_t pw = 0; pw < pooled_width; ++pw) {
            const int64_t index = ((n * channelsOut + co) * pooled_height + ph) * pooled_width + pw;
            const int64_t h0 = clip(static_cast<int64_t>(std::floor(static_cast<T>(ph) * binH)) + startH, height);
            const int64_t w0 = clip(static_cast<int64_t>(std::floor(static_cast<T>(pw) * binW)) + startW, width);
            const int64_t h1 = clip(static_cast<int64_t>(std::ceil(static_cast<T>(ph + 1) * binH)) + startH, height);
            const int64_t w1 = clip(static_cast<int64_t>(std::ceil(static_cast<T>(pw + 1) * binW)) + startW, width);
            if (h1 <= h0 || w1 <= w0) continue;
            const T diff = gp[index] / static_cast<T>((h1 - h0) * (w1 - w0));
            T* dst = out + (b * channels + mp[index]) * plane;
            for (int64_t h = h0; h < h1; ++h)
              for (int64_t w = w0; w < w1; ++w) dst[h * width + w] += diff;
          }
        }
      }
    }
    return gradInput;
  }, op);
}

}  // namespace ember
