// Factory functions: tensors made from sizes, values, ranges and data, plus fill_/zero_.
// Semantics follow PyTorch 1.13 (dtype inference, error texts, range sizes and rounding).
#pragma once

#include <initializer_list>
#include <optional>
#include <type_traits>
#include <vector>

#include "ember/tensor/tensor.h"

namespace ember {

// torch.memory_format, with PyTorch's codes (they appear as IR constants).
enum class MemoryFormat : int8_t { Contiguous = 0, Preserve = 1, ChannelsLast = 2, ChannelsLast3d = 3 };

// Uninitialised contiguous tensor.
Tensor empty(IntArrayRef sizes, TensorOptions options = {});
Tensor empty_strided(IntArrayRef sizes, IntArrayRef strides, TensorOptions options = {});

// Writes `value` into every element (checked conversion: "value cannot be converted to type
// int8_t without overflow"). The tensor form takes a 0-dim tensor.
Tensor& fill_(Tensor& self, const Scalar& value);
Tensor& fill_(Tensor& self, const Tensor& value);
Tensor& zero_(Tensor& self);

Tensor zeros(IntArrayRef sizes, TensorOptions options = {});
Tensor ones(IntArrayRef sizes, TensorOptions options = {});
// Without a dtype in `options` the dtype follows the value: int -> int64, bool -> bool,
// float -> the default dtype (torch.full in 1.13).
Tensor full(IntArrayRef sizes, const Scalar& fill_value, TensorOptions options = {});
// 0-dim tensor; the dtype defaults to the default float dtype (not inferred).
Tensor scalar_tensor(const Scalar& value, TensorOptions options = {});

// *_like: sizes of `self`; dtype of `self` unless `options` gives one. The layout follows
// `self` for non-overlapping dense tensors (memory_format=preserve), else it is contiguous.
Tensor empty_like(const Tensor& self, TensorOptions options = {},
                  std::optional<MemoryFormat> memory_format = std::nullopt);
Tensor zeros_like(const Tensor& self, TensorOptions options = {},
                  std::optional<MemoryFormat> memory_format = std::nullopt);
Tensor ones_like(const Tensor& self, TensorOptions options = {},
                 std::optional<MemoryFormat> memory_format = std::nullopt);
Tensor full_like(const Tensor& self, const Scalar& fill_value, TensorOptions options = {},
                 std::optional<MemoryFormat> memory_format = std::nullopt);
// Strides a *_like result gets for `self` under `memory_format` (exposed for out= users).
DimVector likeStrides(const Tensor& self, MemoryFormat memory_format);

// torch.arange. Without a dtype: int64 when start, end and step are all integers (or bools),
// else the default dtype. Sizes and values are computed as PyTorch's CPU kernel does.
Tensor arange(const Scalar& end, TensorOptions options = {});
Tensor arange(const Scalar& start, const Scalar& end, TensorOptions options = {});
Tensor arange(const Scalar& start, const Scalar& end, const Scalar& step, TensorOptions options = {});
// Number of elements arange would produce for `dtype` (throws PyTorch's errors).
int64_t arangeLength(const Scalar& start, const Scalar& end, const Scalar& step, ScalarType dtype);
Tensor linspace(const Scalar& start, const Scalar& end, int64_t steps, TensorOptions options = {});
Tensor logspace(const Scalar& start, const Scalar& end, int64_t steps, double base = 10.0,
                TensorOptions options = {});
Tensor eye(int64_t n, TensorOptions options = {});
Tensor eye(int64_t n, int64_t m, TensorOptions options = {});

// ---- tensors from data (torch.tensor) ----
// `data` holds the elements in row-major order; its element count must match `sizes`.
// Without a dtype in `options` the dtype is inferred like torch.tensor: bool -> bool, any
// integer type -> int64, any floating type -> the default dtype.
Tensor tensorFromData(const void* data, int64_t count, ScalarType dataType, IntArrayRef sizes,
                      TensorOptions options = {});

namespace detail {
// Maps C++ number types (int, long long, unsigned, ...) to a storable element type.
template <typename T>
constexpr ScalarType dataTypeOf() {
  if constexpr (std::is_same_v<T, bool>) return ScalarType::Bool;
  else if constexpr (std::is_same_v<T, Half>) return ScalarType::Half;
  else if constexpr (std::is_same_v<T, BFloat16>) return ScalarType::BFloat16;
  else if constexpr (std::is_floating_point_v<T>) return sizeof(T) == 4 ? ScalarType::Float : ScalarType::Double;
  else if constexpr (std::is_integral_v<T> && std::is_unsigned_v<T> && sizeof(T) == 1) return ScalarType::Byte;
  else if constexpr (std::is_integral_v<T> && sizeof(T) == 1) return ScalarType::Char;
  else if constexpr (std::is_integral_v<T> && sizeof(T) == 2) return ScalarType::Short;
  else if constexpr (std::is_integral_v<T> && sizeof(T) == 4) return ScalarType::Int;
  else {
    static_assert(std::is_integral_v<T> && sizeof(T) == 8, "unsupported element type for ember::tensor");
    return ScalarType::Long;
  }
}
}  // namespace detail

template <typename T>
Tensor tensor(ArrayRef<T> data, IntArrayRef sizes, TensorOptions options = {}) {
  return tensorFromData(data.data(), static_cast<int64_t>(data.size()), detail::dataTypeOf<T>(), sizes, options);
}
// 1-D: ember::tensor({1.f, 2.f}); ember::tensor({1, 2}, kInt).
template <typename T>
Tensor tensor(std::initializer_list<T> data, TensorOptions options = {}) {
  int64_t n = static_cast<int64_t>(data.size());
  return tensorFromData(data.begin(), n, detail::dataTypeOf<T>(), IntArrayRef(&n, 1), options);
}
template <typename T>
Tensor tensor(const std::vector<T>& data, TensorOptions options = {}) {
  static_assert(!std::is_same_v<T, bool>, "std::vector<bool> has no contiguous data; use ArrayRef<bool>");
  int64_t n = static_cast<int64_t>(data.size());
  return tensorFromData(data.data(), n, detail::dataTypeOf<T>(), IntArrayRef(&n, 1), options);
}
// 2-D: ember::tensor({{1, 2}, {3, 4}}). Rows must have equal lengths.
template <typename T>
Tensor tensor(std::initializer_list<std::initializer_list<T>> rows, TensorOptions options = {}) {
  std::vector<T> flat;
  size_t cols = rows.size() ? rows.begin()->size() : 0;
  for (const auto& r : rows) {
    EMBER_CHECK_KIND(Value, r.size() == cols, "expected sequence of length ", cols, " at dim 1 (got ", r.size(), ")");
    flat.insert(flat.end(), r.begin(), r.end());
  }
  int64_t sizes[2] = {static_cast<int64_t>(rows.size()), static_cast<int64_t>(cols)};
  if constexpr (std::is_same_v<T, bool>) {
    std::vector<uint8_t> bytes(flat.begin(), flat.end());
    return tensorFromData(bytes.data(), sizes[0] * sizes[1], ScalarType::Bool, IntArrayRef(sizes, 2), options);
  } else {
    return tensorFromData(flat.data(), sizes[0] * sizes[1], detail::dataTypeOf<T>(), IntArrayRef(sizes, 2), options);
  }
}

}  // namespace ember
