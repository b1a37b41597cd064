// Addressing shared by the pooling kernels. Inputs are made dense first, contiguous (N, C, *S)
// or channels-last (N, *S, C); a "plane" is one (n, c) pair and its spatial positions are
// `spatialStride` elements apart.
#pragma once

#include <algorithm>
#include <limits>

#include "ember/tensor/parallel.h"
#include "tensor/nn_rows.h"
#include "tensor/pool_utils.h"

namespace ember::pool {

inline int64_t planeOffset(const Geom& g, int64_t p, int64_t planeSize) {
  return g.channelsLast ? (p / g.channels) * planeSize * g.channels + p % g.channels : p * planeSize;
}
inline int64_t spatialStride(const Geom& g) { return g.channelsLast ? g.channels : 1; }

// Planes per parallel chunk so that a chunk holds about kGrainSize element reads.
inline int64_t planeGrain(int64_t workPerPlane) { return std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, workPerPlane)); }

// The valid taps of one window along one dim: first input index, one past the last, step.
struct Span {
  int64_t begin, end, step;
};
// Window of output o for a kernel with stride/pad/dilation, clipped to [0, size) as PyTorch
// does (the start moves forward in dilation steps).
inline Span window(int64_t o, int64_t size, int64_t kernel, int64_t stride, int64_t pad, int64_t dilation) {
  int64_t b = o * stride - pad;
  const int64_t e = std::min(b + (kernel - 1) * dilation + 1, size);
  while (b < 0) b += dilation;
  return {b, e, dilation};
}

template <typename T>
constexpr T lowest() {
  if constexpr (std::is_integral_v<T>) return std::numeric_limits<T>::lowest();
  else return static_cast<T>(-std::numeric_limits<float>::infinity());
}

}  // namespace ember::pool
