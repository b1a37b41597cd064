// torchvision::deform_conv2d: per image, every kernel tap of every output position samples the
// input bilinearly at its learned offset (zero outside the map), times its mask value when
// use_mask; the sampled columns [C_in * kh * kw, out_h * out_w] are multiplied by each group's
// weights (a GEMM, as torchvision's CPU kernel does), then the bias is added. The backward pass
// (_deform_conv2d_backward) follows torchvision's col2im, col2im_coord and GEMMs.
#include <cmath>
#include <cstring>

#include "ember/tensor/ops/detection.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/linalg.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/parallel.h"
#include "tensor/detection_utils.h"

namespace ember {

namespace {

struct DeformGeometry {
  int64_t batch, inChannels, height, width, outChannels, kh, kw, outH, outW;
  int64_t strideH, strideW, padH, padW, dilH, dilW, groups, offsetGroups;
  bool useMask;
};

// Bilinear sample of a [height, width] plane where corners outside the map count as zero.
template <typename T>
T sampleZeroPadded(const T* plane, int64_t height, int64_t width, T h, T w) {
  if (!(h > -1 && h < height && w > -1 && w < width)) return T(0);  // NaN offsets too
  const auto hLow = static_cast<int64_t>(std::floor(h)), wLow = static_cast<int64_t>(std::floor(w));
  const int64_t hHigh = hLow + 1, wHigh = wLow + 1;
  const T lh = h - static_cast<T>(hLow), lw = w - static_cast<T>(wLow);
  const T hh = T(1) - lh, hw = T(1) - lw;
  const T v1 = hLow >= 0 && wLow >= 0 ? plane[hLow * width + wLow] : T(0);
  const T v2 = hLow >= 0 && wHigh <= width - 1 ? plane[hLow * width + wHigh] : T(0);
  const T v3 = hHigh <= height - 1 && wLow >= 0 ? plane[hHigh * width + wLow] : T(0);
  const T v4 = hHigh <= height - 1 && wHigh <= width - 1 ? plane[hHigh * width + wHigh] : T(0);
  return hh * hw * v1 + hh * lw * v2 + lh * hw * v3 + lh * lw * v4;
}

// Columns of image b: row (c * kh + i) * kw + j, column y * outW + x.
template <typename T>
void deformColumns(const DeformGeometry& g, const T* input, const T* offset, const T* mask, int64_t b, T* cols) {
  const int64_t positions = g.outH * g.outW, taps = g.kh * g.kw;
  const int64_t channelsPerOffsetGroup = g.inChannels / g.offsetGroups;
  parallelFor(0, g.inChannels, 1, [&](int64_t begin, int64_t end) {
    for (int64_t c = begin; c < end; ++c) {
      const int64_t og = c / channelsPerOffsetGroup;
      const T* plane = input + (b * g.inChannels + c) * g.height * g.width;
      const T* off = offset + (b * g.offsetGroups + og) * 2 * taps * positions;
      const T* msk = g.useMask ? mask + (b * g.offsetGroups + og) * taps * positions : nullptr;
      for (int64_t i = 0; i < g.kh; ++i) {
        for (int64_t j = 0; j < g.kw; ++j) {
          const int64_t tap = i * g.kw + j;
          T* row = cols + (c * taps + tap) * positions;
          for (int64_t y = 0; y < g.outH; ++y) {
            for (int64_t x = 0; x < g.outW; ++x) {
              const int64_t p = y * g.outW + x;
              const T dy = off[2 * tap * positions + p], dx = off[(2 * tap + 1) * positions + p];
              const T h = static_cast<T>(y * g.strideH - g.padH + i * g.dilH) + dy;
              const T w = static_cast<T>(x * g.strideW - g.padW + j * g.dilW) + dx;
              const T v = sampleZeroPadded(plane, g.height, g.width, h, w);
              row[p] = msk ? msk[tap * positions + p] * v : v;
            }
          }
        }
      }
    }
  });
}

DeformGeometry checkDeformArgs(const Tensor& input, const Tensor& weight, const Tensor& offset, const Tensor& mask,
                               const Tensor& bias, int64_t stride_h, int64_t stride_w, int64_t pad_h, int64_t pad_w,
                               int64_t dilation_h, int64_t dilation_w, int64_t groups, int64_t offset_groups,
                               bool use_mask) {
  EMBER_CHECK(input.dim() == 4, "deform_conv2d(): input must be 4-d [N, C, H, W], got ", input.dim(), "-d");
  EMBER_CHECK(offset.dim() == 4, "deform_conv2d(): offset must be 4-d, got ", offset.dim(), "-d");
  EMBER_CHECK(!use_mask || mask.dim() == 4, "deform_conv2d(): mask must be 4-d, got ", mask.dim(), "-d");
  EMBER_CHECK(mask.dim() >= 1, "invalid batch size of mask");
  EMBER_CHECK(weight.dim() == 4, "deform_conv2d(): weight must be 4-d, got ", weight.dim(), "-d");
  for (const Tensor* t : {&weight, &offset, &mask, &bias})
    EMBER_CHECK(t->dtype() == input.dtype(), "expected scalar type ", input.dtype(), " but found ", t->dtype());
  DeformGeometry g{};
  g.batch = input.size(0), g.inChannels = input.size(1), g.height = input.size(2), g.width = input.size(3);
  g.outChannels = weight.size(0), g.kh = weight.size(2), g.kw = weight.size(3);
  g.strideH = stride_h, g.strideW = stride_w, g.padH = pad_h, g.padW = pad_w, g.dilH = dilation_h;
  g.dilW = dilation_w, g.groups = groups, g.offsetGroups = offset_groups, g.useMask = use_mask;
  EMBER_CHECK(g.kh > 0 && g.kw > 0, "weight_h: ", g.kh, " weight_w: ", g.kw);
  EMBER_CHECK(stride_h > 0 && stride_w > 0, "stride_h: ", stride_h, " stride_w: ", stride_w);
  EMBER_CHECK(pad_h >= 0 && pad_w >= 0, "pad_h: ", pad_h, " pad_w: ", pad_w);
  EMBER_CHECK(dilation_h > 0 && dilation_w > 0, "dilation_h: ", dilation_h, " dilation_w: ", dilation_w);
  EMBER_CHECK(groups > 0 && offset_groups > 0, "deform_conv2d(): groups and offset groups must be positive, got ",
              groups, " and ", offset_groups);
  EMBER_CHECK(weight.size(1) * groups == g.inChannels, "deform_conv2d(): weight.size(1) * groups (", weight.size(1),
              " * ", groups, ") must equal the input channels (", g.inChannels, ")");
  EMBER_CHECK(g.outChannels % groups == 0, "deform_conv2d(): output channels (", g.outChannels,
              ") must be divisible by groups (", groups, ")");
  const int64_t taps = g.kh * g.kw;
  EMBER_CHECK(offset.size(1) == offset_groups * 2 * taps, "offset.shape[1] is not valid: got: ", offset.size(1),
              " expected: ", offset_groups * 2 * taps);
  EMBER_CHECK(!use_mask || mask.size(1) == offset_groups * taps, "mask.shape[1] is not valid: got: ", mask.size(1),
              " expected: ", offset_groups * taps);
  EMBER_CHECK(g.inChannels % offset_groups == 0, "deform_conv2d(): input channels (", g.inChannels,
              ") must be divisible by offset groups (", offset_groups, ")");
  g.outH = (g.height + 2 * pad_h - (dilation_h * (g.kh - 1) + 1)) / stride_h + 1;
  g.outW = (g.width + 2 * pad_w - (dilation_w * (g.kw - 1) + 1)) / stride_w + 1;
  EMBER_CHECK(offset.size(0) == g.batch, "invalid batch size of offset");
  EMBER_CHECK(offset.size(2) == g.outH && offset.size(3) == g.outW, "offset output dims: (", offset.size(2), ", ",
              offset.size(3), ") - computed output dims: (", g.outH, ", ", g.outW, ")");
  EMBER_CHECK(mask.size(0) == g.batch, "invalid batch size of mask");
  EMBER_CHECK(!use_mask || (mask.size(2) == g.outH && mask.size(3) == g.outW), "mask output dims: (", mask.size(2),
              ", ", mask.size(3), ") - computed output dims: (", g.outH, ", ", g.outW, ")");
  EMBER_CHECK(g.outH > 0 && g.outW > 0, "Calculated output size too small - out_h: ", g.outH, " out_w: ", g.outW);
  EMBER_CHECK(bias.numel() == g.outChannels, "shape '[1, ", g.outChannels, ", 1, 1]' is invalid for input of size ",
              bias.numel());
  return g;
}

// d(sample)/dy (dir 0) or d(sample)/dx (dir 1) of the zero-padded bilinear sample at (y, x).
template <typename T>
T coordinateWeight(const T* plane, int64_t height, int64_t width, T y, T x, int dir) {
  if (!(std::abs(y) < 1e15 && std::abs(x) < 1e15)) return T(0);  // NaN, inf: nothing in reach
  const auto yl = static_cast<int64_t>(std::floor(y)), xl = static_cast<int64_t>(std::floor(x));
  const int64_t yh = yl + 1, xh = xl + 1;
  auto at = [&](int64_t r, int64_t c) { return r >= 0 && r < height && c >= 0 && c < width ? plane[r * width + c] : T(0); };
  const T vyx = at(yl, xl), vyX = at(yl, xh), vYx = at(yh, xl), vYX = at(yh, xh);
  if (dir == 0) {
    const T dx = x - static_cast<T>(xl);
    return dx * (vYX - vyX) + (T(1) - dx) * (vYx - vyx);
  }
  const T dy = y - static_cast<T>(yl);
  return dy * (vYX - vYx) + (T(1) - dy) * (vyX - vyx);
}

// The gradients of image b from its column gradients colGrad [C_in * taps, positions]: input
// (scattered to the pixels within one of each sample point), offset and mask.
template <typename T>
void deformColumnsBackward(const DeformGeometry& g, const T* input, const T* offset, const T* mask, int64_t b,
                           const T* colGrad, T* gradInput, T* gradOffset, T* gradMask) {
  const int64_t positions = g.outH * g.outW, taps = g.kh * g.kw;
  const int64_t perGroup = g.inChannels / g.offsetGroups;
  parallelFor(0, g.offsetGroups, 1, [&](int64_t begin, int64_t end) {
    for (int64_t og = begin; og < end; ++og) {
      const T* off = offset + (b * g.offsetGroups + og) * 2 * taps * positions;
      const T* msk = g.useMask ? mask + (b * g.offsetGroups + og) * taps * positions : nullptr;
      T* gOff = gradOffset + (b * g.offsetGroups + og) * 2 * taps * positions;
      T* gMask = g.useMask ? gradMask + (b * g.offsetGroups + og) * taps * positions : nullptr;
      for (int64_t c = og * perGroup; c < (og + 1) * perGroup; ++c) {
        const T* plane = input + (b * g.inChannels + c) * g.height * g.width;
        T* gPlane = gradInput + (b * g.inChannels + c) * g.height * g.width;
        for (int64_t i = 0; i < g.kh; ++i) {
          for (int64_t j = 0; j < g.kw; ++j) {
            const int64_t tap = i * g.kw + j;
            const T* col = colGrad + (c * taps + tap) * positions;
            for (int64_t y = 0; y < g.outH; ++y) {
              for (int64_t x = 0; x < g.outW; ++x) {
                const int64_t p = y * g.outW + x;
                const T m = msk ? msk[tap * positions + p] : T(1);
                const T h = static_cast<T>(y * g.strideH - g.padH + i * g.dilH) + off[2 * tap * positions + p];
                const T w = static_cast<T>(x * g.strideW - g.padW + j * g.dilW) + off[(2 * tap + 1) * positions + p];
                gOff[2 * tap * positions + p] += m * coordinateWeight(plane, g.height, g.width, h, w, 0) * col[p];
                gOff[(2 * tap + 1) * positions + p] += m * coordinateWeight(plane, g.height, g.width, h, w, 1) * col[p];
                if (gMask) gMask[tap * positions + p] += col[p] * sampleZeroPadded(plane, g.height, g.width, h, w);
                if (!(std::abs(h) < 1e15 && std::abs(w) < 1e15)) continue;
                for (int64_t dy = -1; dy <= 1; ++dy) {
                  for (int64_t dx = -1; dx <= 1; ++dx) {
                    const int64_t yp = static_cast<int64_t>(h) + dy, xp = static_cast<int64_t>(w) + dx;
                    if (yp < 0 || yp >= g.height || xp < 0 || xp >= g.width) continue;
                    const T ay = std::abs(h - static_cast<T>(yp)), ax = std::abs(w - static_cast<T>(xp));
                    if (ay < 1 && ax < 1) gPlane[yp * g.width + xp] += m * ((T(1) - ay) * (T(1) - ax)) * col[p];
                  }
                }
              }
            }
          }
        }
      }
    }
  });
}

}  // namespace

Tensor deform_conv2d(const Tensor& input, const Tensor& weight, const Tensor& offset, const Tensor& mask,
                     const Tensor& bias, int64_t stride_h, int64_t stride_w, int64_t pad_h, int64_t pad_w,
                     int64_t dilation_h, int64_t dilation_w, int64_t groups, int64_t offset_groups, bool use_mask) {
  const DeformGeometry g = checkDeformArgs(input, weight, offset, mask, bias, stride_h, stride_w, pad_h, pad_w,
                                           dilation_h, dilation_w, groups, offset_groups, use_mask);
  return detection::visitBoxDtype(input.dtype(), [&]<typename T>() {
    Tensor out = zeros({g.batch, g.outChannels, g.outH, g.outW}, input.dtype());
    if (g.batch == 0) return out;
    Tensor x = ember::contiguous(input), off = ember::contiguous(offset);
    Tensor msk = use_mask ? ember::contiguous(mask) : Tensor();
    const int64_t positions = g.outH * g.outW, taps = g.kh * g.kw;
    const int64_t inPerGroup = g.inChannels / g.groups, outPerGroup = g.outChannels / g.groups;
    Tensor w = reshape(ember::contiguous(weight), {g.groups, outPerGroup, inPerGroup * taps});
    Tensor cols = empty({g.groups, inPerGroup * taps, positions}, input.dtype());
    const T* biasData = nullptr;
    Tensor b = ember::contiguous(bias);
    biasData = b.data_ptr<T>();
    T* outData = out.data_ptr<T>();
    for (int64_t n = 0; n < g.batch; ++n) {
      deformColumns<T>(g, x.data_ptr<T>(), off.data_ptr<T>(), use_mask ? msk.data_ptr<T>() : nullptr, n,
                       cols.data_ptr<T>());
      Tensor y = ember::contiguous(bmm(w, cols));  // [groups, outPerGroup, positions]
      const T* yp = y.data_ptr<T>();
      T* dst = outData + n * g.outChannels * positions;
      for (int64_t oc = 0; oc < g.outChannels; ++oc)
        for (int64_t p = 0; p < positions; ++p) dst[oc * positions + p] = yp[oc * positions + p] + biasData[oc];
    }
    return out;
  }, "deformable_im2col");
}

std::tuple<Tensor, Tensor, Tensor, Tensor, Tensor> deform_conv2d_backward(
    const Tensor& grad, const Tensor& input, const Tensor& weight, const Tensor& offset, const Tensor& mask,
    const Tensor& bias, int64_t stride_h, int64_t stride_w, int64_t pad_h, int64_t pad_w, int64_t dilation_h,
    int64_t dilation_w, int64_t groups, int64_t offset_groups, bool use_mask) {
  const DeformGeometry g = checkDeformArgs(input, weight, offset, mask, bias, stride_h, stride_w, pad_h, pad_w,
                                           dilation_h, dilation_w, groups, offset_groups, use_mask);
  EMBER_CHECK(grad.dtype() == input.dtype(), "expected scalar type ", input.dtype(), " but found ", grad.dtype());
  EMBER_CHECK(grad.dim() == 4 && grad.size(0) == g.batch && grad.size(1) == g.outChannels && grad.size(2) == g.outH &&
                  grad.size(3) == g.outW,
              "deform_conv2d_backward(): grad must have the output's shape [", g.batch, ", ", g.outChannels, ", ",
              g.outH, ", ", g.outW, "]");
  return detection::visitBoxDtype(input.dtype(), [&]<typename T>() {
    Tensor gradInput = zeros(input.sizes(), input.dtype()), gradOffset = zeros(offset.sizes(), input.dtype());
    Tensor gradMask = zeros(mask.sizes(), input.dtype());
    Tensor gradWeight = zeros({g.groups, g.outChannels / g.groups, g.inChannels / g.groups * g.kh * g.kw}, input.dtype());
    Tensor gradBias = zeros({g.outChannels}, input.dtype());
    const int64_t positions = g.outH * g.outW, taps = g.kh * g.kw;
    const int64_t inPerGroup = g.inChannels / g.groups, outPerGroup = g.outChannels / g.groups;
    if (g.batch > 0) {
      Tensor x = ember::contiguous(input), off = ember::contiguous(offset), gr = ember::contiguous(grad);
      Tensor msk = use_mask ? ember::contiguous(mask) : Tensor();
      Tensor w = reshape(ember::contiguous(weight), {g.groups, outPerGroup, inPerGroup * taps});
      Tensor wT = ember::contiguous(transpose(w, 1, 2));
      Tensor cols = empty({g.groups, inPerGroup * taps, positions}, input.dtype());
      T* gb = gradBias.data_ptr<T>();
      for (int64_t n = 0; n < g.batch; ++n) {
        Tensor gOut = reshape(select(gr, 0, n), {g.groups, outPerGroup, positions});
        deformColumns<T>(g, x.data_ptr<T>(), off.data_ptr<T>(), use_mask ? msk.data_ptr<T>() : nullptr, n,
                         cols.data_ptr<T>());
        gradWeight = add(gradWeight, bmm(gOut, transpose(cols, 1, 2)));
        Tensor colGrad = ember::contiguous(bmm(wT, gOut));  // [groups, inPerGroup * taps, positions]
        deformColumnsBackward<T>(g, x.data_ptr<T>(), off.data_ptr<T>(), use_mask ? msk.data_ptr<T>() : nullptr, n,
                                 colGrad.data_ptr<T>(), gradInput.data_ptr<T>(), gradOffset.data_ptr<T>(),
                                 use_mask ? gradMask.data_ptr<T>() : nullptr);
        const T* gp = gr.data_ptr<T>() + n * g.outChannels * positions;
        for (int64_t oc = 0; oc < g.outChannels; ++oc)
          for (int64_t p = 0; p < positions; ++p) gb[oc] += gp[oc * positions + p];
      }
    }
    return std::make_tuple(gradInput, reshape(gradWeight, weight.sizes()), gradOffset, gradMask, gradBias);
  }, "deformable_col2im");
}

}  // namespace ember
