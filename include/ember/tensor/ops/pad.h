// Tensor ops of the padding family with PyTorch 1.13's semantics: constant padding of any dims
// (negative pads crop), reflection and replication padding of the last 1-3 dims, circular
// padding, and aten::pad, which picks one of them by mode ("constant", "reflect",
// "replicate", "circular"). `pad` lists (left, right) pairs starting from the last dim.
//
// Dtypes as PyTorch 1.13 on CPU: constant and circular padding every dtype; reflection and
// replication padding float32 and float64.
#pragma once

#include <optional>
#include <string_view>

#include "ember/tensor/tensor.h"

namespace ember {

Tensor constant_pad_nd(const Tensor& self, IntArrayRef pad, const Scalar& value = 0);
Tensor reflection_pad1d(const Tensor& self, IntArrayRef padding);
Tensor reflection_pad2d(const Tensor& self, IntArrayRef padding);
Tensor reflection_pad3d(const Tensor& self, IntArrayRef padding);
Tensor replication_pad1d(const Tensor& self, IntArrayRef padding);
Tensor replication_pad2d(const Tensor& self, IntArrayRef padding);
Tensor replication_pad3d(const Tensor& self, IntArrayRef padding);
// Pads dims 2.. (the input has batch and channel dims); each pad at most the dim's size.
Tensor _pad_circular(const Tensor& self, IntArrayRef pad);
Tensor pad(const Tensor& self, IntArrayRef pad, std::string_view mode = "constant",
           std::optional<double> value = std::nullopt);
// aten::_pad_enum: mode 0 reflect, 1 replicate, 2 circular, 3 constant (PyTorch's padding_mode).
Tensor _pad_enum(const Tensor& self, IntArrayRef pad, int64_t mode, std::optional<double> value = std::nullopt);

}  // namespace ember
