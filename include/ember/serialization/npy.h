// NumPy's .npy format (versions 1.0-3.0): one array per file, a small Python-dict header
// ({'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }) followed by the raw elements.
// `ember run --inputs x.npy` passes such a file as one tensor argument.
#pragma once

#include <string>
#include <string_view>

#include "ember/tensor/tensor.h"

namespace ember::jit {

// Parses a whole .npy file held in memory. Little- and big-endian data, C and Fortran order;
// dtypes bool, uint8, int8, int16, int32, int64, float16, float32, float64. Throws ember::Error
// on anything malformed or unsupported (object arrays, structured dtypes, truncated data).
Tensor parseNpy(std::string_view bytes);
Tensor loadNpy(const std::string& path);
// Writes a tensor (any layout; the data is written contiguous, little-endian, C order).
std::string serializeNpy(const Tensor& tensor);
void saveNpy(const Tensor& tensor, const std::string& path);

}  // namespace ember::jit
