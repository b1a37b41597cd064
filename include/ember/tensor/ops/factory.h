// Factory functions: tensors made from sizes, values, ranges and random streams.
#pragma once

#include "ember/tensor/tensor.h"

namespace ember {

// Uninitialised contiguous tensor.
Tensor empty(IntArrayRef sizes, TensorOptions options = {});
Tensor empty_strided(IntArrayRef sizes, IntArrayRef strides, TensorOptions options = {});

}  // namespace ember
