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
#include "tensor/detection_roi_geometry.h"
#include "tensor/detection_utils.h"

namespace ember {

using detection::BilinearTap;
using detection::PixelRoi;
using detection::RoiGrid;

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

// channel_mapping: int32 of grad's shape, naming channels of the input.
void checkChannelMapping(const char* op, const Tensor& mapping, const Tensor& grad, int64_t channels) {
  EMBER_CHECK(mapping.dtype() == kInt, "expected scalar type Int but found ", mapping.dtype());
  EMBER_CHECK(mapping.sizes() == grad.sizes(), op, "(): channel_mapping must have grad's shape");
  Tensor m = ember::contiguous(mapping);
  const int32_t* mp = m.data_ptr<int32_t>();
  for (int64_t i = 0; i < m.numel(); ++i)
    EMBER_CHECK(mp[i] >= 0 && mp[i] < channels, op, "(): channel_mapping ", mp[i], " is not a channel of ", channels);
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
        const RoiGrid<T> grid(roi, scale, offset, !aligned, pooled_height, pooled_width, sampling_ratio);
        const T count = static_cast<T>(std::max<int64_t>(grid.gridH * grid.gridW, 1));
        const auto b = static_cast<int64_t>(roi[0]);
        for (int64_t c = begin; c < end; ++c) {
          T* dst = out + (b * channels + c) * plane;
          for (int64_t ph = 0; ph < pooled_height; ++ph) {
            for (int64_t pw = 0; pw < pooled_width; ++pw) {
              const T gradBin = gp[(n * channels + c) * bins + ph * pooled_width + pw];
              grid.forEachSample(ph, pw, [&](T y, T x) {
                const BilinearTap<T> tap(height, width, y, x);
                if (!tap.inside) return;
                for (int k = 0; k < 4; ++k) dst[tap.pos[k]] += gradBin * tap.w[k] / count;
              });
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
      // No minimum ROI size, as in ps_roi_align's forward.
      const RoiGrid<T> grid(roi, scale, T(0.5), false, pooled_height, pooled_width, sampling_ratio);
      const T count = static_cast<T>(grid.gridH * grid.gridW);
      const auto b = static_cast<int64_t>(roi[0]);
      for (int64_t co = 0; co < channelsOut; ++co) {
        for (int64_t ph = 0; ph < pooled_height; ++ph) {
          for (int64_t pw = 0; pw < pooled_width; ++pw) {
            const int64_t index = ((n * channelsOut + co) * pooled_height + ph) * pooled_width + pw;
            T* dst = out + (b * channels + mp[index]) * plane;
            grid.forEachSample(ph, pw, [&](T y, T x) {
              const BilinearTap<T> tap(height, width, y, x);
              if (!tap.inside) return;
              for (int k = 0; k < 4; ++k) dst[tap.pos[k]] += gp[index] * tap.w[k] / count;
            });
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
    for (int64_t n = 0; n < numRois; ++n) {
      const T* roi = rp + n * 5;
      const PixelRoi<T> pr(roi, scale, 0, pooled_height, pooled_width);
      const auto b = static_cast<int64_t>(roi[0]);
      for (int64_t co = 0; co < channelsOut; ++co) {
        for (int64_t ph = 0; ph < pooled_height; ++ph) {
          for (int64_t pw = 0; pw < pooled_width; ++pw) {
            const int64_t index = ((n * channelsOut + co) * pooled_height + ph) * pooled_width + pw;
            int64_t h0, h1, w0, w1;
            pr.bin(ph, pw, height, width, h0, h1, w0, w1);  // to [0, height] x [0, width]: the forward stops at height - 1
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
