#include "tensor/nn_layout.h"

#include <algorithm>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/shape.h"

namespace ember::nn {

bool isChannelsLast(const Tensor& t) {
  const int64_t nd = t.dim();
  if ((nd != 4 && nd != 5) || t.is_contiguous()) return false;
  IntArrayRef sizes = t.sizes(), strides = t.strides();
  if (strides[1] == 0) return false;
  // C, then the spatial dims innermost first, then N.
  int64_t order[5] = {1, 0, 0, 0, 0};
  for (int64_t i = 1; i < nd - 1; ++i) order[i] = nd - i;
  order[nd - 1] = 0;
  int64_t min = 0;
  for (int64_t i = 0; i < nd; ++i) {
    const int64_t d = order[i];
    if (sizes[d] == 0 || strides[d] < min) return false;
    // N1..1 tensors and slices of them stay contiguous: PyTorch's fallback for ambiguous strides.
    if (d == 0 && min == strides[1]) return false;
    min = strides[d];
    if (sizes[d] > 1) min *= sizes[d];
  }
  return true;
}

DimVector channelsLastStrides(IntArrayRef sizes) {
  const int64_t nd = static_cast<int64_t>(sizes.size());
  DimVector strides(sizes.size());
  // PyTorch's get_channels_last_strides_*d: plain products, so a zero-size dim zeroes the
  // strides outside it.
  int64_t s = 1;
  strides[1] = s;
  s *= sizes[1];
  for (int64_t d = nd - 1; d >= 2; --d) {
    strides[d] = s;
    s *= sizes[d];
  }
  strides[0] = s;
  return strides;
}

Tensor emptyIn(IntArrayRef sizes, ScalarType dtype, bool channelsLast) {
  if (!channelsLast) return empty(sizes, dtype);
  return empty_strided(sizes, channelsLastStrides(sizes), dtype);
}

Tensor denseIn(const Tensor& t, bool channelsLast) {
  if (!channelsLast) return t.is_contiguous() ? t : t.contiguous();
  if (t.strides() == IntArrayRef(channelsLastStrides(t.sizes()))) return t;
  return contiguous(t, t.dim() == 5 ? MemoryFormat::ChannelsLast3d : MemoryFormat::ChannelsLast);
}

void checkDtypeIn(ScalarType t, std::initializer_list<ScalarType> ok, const char* name) {
  if (std::find(ok.begin(), ok.end(), t) == ok.end()) throwUnsupportedDtype(name, t);
}

}  // namespace ember::nn
