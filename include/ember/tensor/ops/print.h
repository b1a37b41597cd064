// Printing tensors exactly as PyTorch 1.13's repr(tensor) does (torch/_tensor_str.py):
// "tensor([[1., 2.],\n        [3., 4.]])", with its fixed / integer / scientific modes,
// summarisation beyond `threshold` elements, line wrapping and dtype/size/requires_grad suffixes.
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "ember/tensor/tensor.h"

namespace ember {

// torch.set_printoptions.
struct PrintOptions {
  int precision = 4;
  int64_t threshold = 1000;
  int64_t edgeitems = 3;
  int64_t linewidth = 80;
  std::optional<bool> sciMode;  // nullopt: chosen from the values
};
const PrintOptions& printOptions();
void setPrintOptions(const PrintOptions& options);

// repr(t) in Python.
std::string repr(const Tensor& t);
std::ostream& operator<<(std::ostream& os, const Tensor& t);

}  // namespace ember
