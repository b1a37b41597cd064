// torchvision::roi_pool and ps_roi_pool: ROIs rounded to whole pixels and split into integer
// bins; roi_pool takes each bin's maximum (and where it was), ps_roi_pool the mean of the bin on
// its own input channel. Bin bounds as torchvision's CPU kernels compute them (ps_roi_pool clips
// to height - 1 and width - 1, so the last row and column are never read).
#include <algorithm>
#include <cfloat>
#include <cmath>

#include "ember/tensor/ops/detection.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/parallel.h"
#include "tensor/detection_roi_geometry.h"
#include "tensor/detection_utils.h"

namespace ember {

using detection::PixelRoi;

std::tuple<Tensor, Tensor> roi_pool(const Tensor& input, const Tensor& rois, double spatial_scale,
                                    int64_t pooled_height, int64_t pooled_width) {
  detection::checkRoiArgs("roi_pool_forward_kernel", input, rois, "rois must have shape as Tensor[K, 5]");
  const int64_t numRois = rois.size(0), channels = input.size(1), height = input.size(2), width = input.size(3);
  Tensor out = zeros({numRois, channels, pooled_height, pooled_width}, input.dtype());
  Tensor argmax = zeros({numRois, channels, pooled_height, pooled_width}, kInt);
  return detection::visitBoxDtype(input.dtype(), [&]<typename T>() {
    if (out.numel() == 0) return std::make_tuple(out, argmax);
    Tensor x = ember::contiguous(input), r = ember::contiguous(rois);
    const T* xp = x.data_ptr<T>();
    const T* rp = r.data_ptr<T>();
    T* op = out.data_ptr<T>();
    int32_t* ap = argmax.data_ptr<int32_t>();
    detection::checkRoiBatchIndices("roi_pool", rp, numRois, input.size(0));
    const int64_t plane = height * width;
    parallelFor(0, numRois, 1, [&](int64_t begin, int64_t end) {
      for (int64_t n = begin; n < end; ++n) {
        const T* roi = rp + n * 5;
        const PixelRoi<T> pr(roi, static_cast<T>(spatial_scale), 1, pooled_height, pooled_width);
        const auto b = static_cast<int64_t>(roi[0]);
        for (int64_t ph = 0; ph < pooled_height; ++ph) {
          for (int64_t pw = 0; pw < pooled_width; ++pw) {
            int64_t h0, h1, w0, w1;
            pr.bin(ph, pw, height, width, h0, h1, w0, w1);
            const bool isEmpty = h1 <= h0 || w1 <= w0;
            for (int64_t c = 0; c < channels; ++c) {
              const T* src = xp + (b * channels + c) * plane;
              T best = isEmpty ? T(0) : static_cast<T>(-FLT_MAX);
              int64_t where = -1;
              for (int64_t h = h0; h < h1; ++h) {
                for (int64_t w = w0; w < w1; ++w) {
                  if (src[h * width + w] > best) {
                    best = src[h * width + w];
                    where = h * width + w;
                  }
                }
              }
              const int64_t index = ((n * channels + c) * pooled_height + ph) * pooled_width + pw;
              op[index] = best;
              ap[index] = static_cast<int32_t>(where);
            }
          }
        }
      }
    });
    return std::make_tuple(out, argmax);
  }, "roi_pool_forward_kernel");
}

std::tuple<Tensor, Tensor> ps_roi_pool(const Tensor& input, const Tensor& rois, double spatial_scale,
                                       int64_t pooled_height, int64_t pooled_width) {
  detection::checkRoiArgs("ps_roi_pool_forward_kernel", input, rois, "Tensor rois should have shape as Tensor[K, 5]");
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
    detection::checkRoiBatchIndices("ps_roi_pool", rp, numRois, input.size(0));
    const int64_t plane = height * width;
    parallelFor(0, numRois, 1, [&](int64_t begin, int64_t end) {
      for (int64_t n = begin; n < end; ++n) {
        const T* roi = rp + n * 5;
        const PixelRoi<T> pr(roi, static_cast<T>(spatial_scale), 0, pooled_height, pooled_width);
        const auto b = static_cast<int64_t>(roi[0]);
        for (int64_t co = 0; co < channelsOut; ++co) {
          for (int64_t ph = 0; ph < pooled_height; ++ph) {
            for (int64_t pw = 0; pw < pooled_width; ++pw) {
              int64_t h0, h1, w0, w1;
              pr.bin(ph, pw, height - 1, width - 1, h0, h1, w0, w1);
              const int64_t ci = (co * pooled_height + ph) * pooled_width + pw;
              const T* src = xp + (b * channels + ci) * plane;
              T sum = 0;
              for (int64_t h = h0; h < h1; ++h)
                for (int64_t w = w0; w < w1; ++w) sum += src[h * width + w];
              const int64_t index = ((n * channelsOut + co) * pooled_height + ph) * pooled_width + pw;
              const bool isEmpty = h1 <= h0 || w1 <= w0;
              op[index] = isEmpty ? T(0) : sum / static_cast<T>((h1 - h0) * (w1 - w0));
              mp[index] = static_cast<int32_t>(ci);
            }
          }
        }
      }
    });
    return std::make_tuple(out, mapping);
  }, "ps_roi_pool_forward_kernel");
}

}  // namespace ember
