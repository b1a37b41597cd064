// Window functions for spectral analysis (torch.hann_window, hamming_window, blackman_window,
// bartlett_window, kaiser_window), as PyTorch 1.13 computes them: a symmetric window of length
// L (periodic: of length L + 1 with the last sample dropped), in the requested floating dtype.
// Length 0 gives an empty tensor, length 1 a single 1; negative lengths and non-floating dtypes
// are errors with PyTorch's messages.
#pragma once

#include <cstdint>

#include "ember/tensor/tensor.h"
#include "ember/tensor/tensor_options.h"

namespace ember {

Tensor hann_window(int64_t window_length, bool periodic = true, TensorOptions options = {});
Tensor hamming_window(int64_t window_length, bool periodic = true, double alpha = 0.54, double beta = 0.46,
                      TensorOptions options = {});
Tensor blackman_window(int64_t window_length, bool periodic = true, TensorOptions options = {});
Tensor bartlett_window(int64_t window_length, bool periodic = true, TensorOptions options = {});
Tensor kaiser_window(int64_t window_length, bool periodic = true, double beta = 12.0, TensorOptions options = {});

}  // namespace ember
