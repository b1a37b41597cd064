// The raw element copy under copy_, for shape ops that need geometries copy_ does not accept
// (negative strides for flip). Private to src/tensor.
#pragma once

#include "ember/tensor/tensor.h"

namespace ember::detail {

// Copies into every element of dst the element of the source at srcData + sum(i_d * srcStrides[d])
// (element strides of srcDtype, one per dim of dst; any sign, 0 to broadcast), converting dtype.
// No shape or overlap checks: the caller guarantees the source memory is valid and disjoint.
void copyStridedUnchecked(const Tensor& dst, const void* srcData, ScalarType srcDtype, IntArrayRef srcStrides);

}  // namespace ember::detail
