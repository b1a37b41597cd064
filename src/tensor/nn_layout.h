// Memory-format helpers of the NN families: which layout an input suggests (PyTorch's
// suggest_memory_format for 4-D and 5-D tensors), dense copies and allocations in a layout, and
// the dtype checks with PyTorch's wording.
#pragma once

#include <initializer_list>

#include "ember/tensor/tensor.h"

namespace ember::nn {

// PyTorch's is_channels_last_strides_2d / _3d on a non-contiguous 4-D / 5-D tensor: channels
// innermost, then the spatial dims from last to first, then the batch.
bool isChannelsLast(const Tensor& t);

DimVector channelsLastStrides(IntArrayRef sizes);
// An uninitialised tensor, channels-last (4-D/5-D) or contiguous.
Tensor emptyIn(IntArrayRef sizes, ScalarType dtype, bool channelsLast);
// t itself when already dense in that layout, otherwise a copy in it.
Tensor denseIn(const Tensor& t, bool channelsLast);

// Throws `"name" not implemented for 'Long'` unless t is one of `ok`.
void checkDtypeIn(ScalarType t, std::initializer_list<ScalarType> ok, const char* name);

}  // namespace ember::nn
