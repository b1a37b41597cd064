// Shared pieces of the pooling family: checked, normalised geometry. Spatial dims are
// normalised to three (D, H, W): 1-D and 2-D pooling are 3-D pooling with leading size-1 dims,
// kernel 1, stride 1, no padding. An unbatched input is a batch of one.
#pragma once

#include <array>
#include <optional>

#include "ember/tensor/tensor.h"

namespace ember::pool {

using Dims3 = std::array<int64_t, 3>;

struct Geom {
  int64_t spatial = 2;
  bool batched = true;
  int64_t batch = 1, channels = 1;
  Dims3 in{1, 1, 1}, out{1, 1, 1}, kernel{1, 1, 1}, stride{1, 1, 1}, pad{0, 0, 0}, dilation{1, 1, 1};
  bool ceilMode = false;
  bool channelsLast = false;  // the input suggests channels-last: so is the result

  int64_t planes() const { return batch * channels; }
  int64_t inPlane() const { return in[0] * in[1] * in[2]; }
  int64_t outPlane() const { return out[0] * out[1] * out[2]; }
  // Result sizes: [N,] C, *out (spatial dims only).
  DimVector outSizes() const;
};

// PyTorch's pooling_output_shape (checks stride, pad >= 0 and pad <= kernel / 2).
int64_t outputSize(int64_t in, int64_t kernel, int64_t pad, int64_t stride, int64_t dilation, bool ceilMode);

// Geometry of max_pool{2,3}d / avg_pool{2,3}d after PyTorch's checks (max: dilation given;
// avg: dilation 1). `op` names the op in messages ("max_pool2d").
Geom maxPoolGeom(const Tensor& self, int64_t spatial, IntArrayRef kernel, IntArrayRef stride, IntArrayRef padding,
                 IntArrayRef dilation, bool ceilMode);
Geom avgPoolGeom(const Tensor& self, int64_t spatial, IntArrayRef kernel, IntArrayRef stride, IntArrayRef padding,
                 bool ceilMode, std::optional<int64_t> divisorOverride);
// Adaptive pooling: kernels and strides are per output cell (see adaptiveStart/End).
Geom adaptiveGeom(const Tensor& self, int64_t spatial, IntArrayRef outputSize, const char* op);

inline int64_t adaptiveStart(int64_t o, int64_t in, int64_t out) { return (o * in) / out; }
inline int64_t adaptiveEnd(int64_t o, int64_t in, int64_t out) { return ((o + 1) * in + out - 1) / out; }

// The 1-D checks PyTorch runs before lifting a 1-D op to 2-D: 2 or 3 dims, and a list of one
// int per argument.
void checkDimRange(const Tensor& self, const char* op);
void check1d(const char* op, const char* arg, IntArrayRef v);

}  // namespace ember::pool
