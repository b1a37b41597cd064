// TensorOptions: dtype, device and requires_grad for factory functions. Converts implicitly
// from a ScalarType so that `ember::zeros({2, 3}, kLong)` reads naturally.
#pragma once

#include <optional>

#include "ember/tensor/device.h"
#include "ember/tensor/scalar_type.h"

namespace ember {

constexpr ScalarType kBool = ScalarType::Bool;
constexpr ScalarType kByte = ScalarType::Byte;
constexpr ScalarType kChar = ScalarType::Char;
constexpr ScalarType kShort = ScalarType::Short;
constexpr ScalarType kInt = ScalarType::Int;
constexpr ScalarType kLong = ScalarType::Long;
constexpr ScalarType kHalf = ScalarType::Half;
constexpr ScalarType kBFloat16 = ScalarType::BFloat16;
constexpr ScalarType kFloat = ScalarType::Float;
constexpr ScalarType kDouble = ScalarType::Double;

// torch.get_default_dtype(): Float unless changed.
ScalarType defaultDtype();
void setDefaultDtype(ScalarType t);

struct TensorOptions {
  std::optional<ScalarType> dtype_;
  Device device_;
  bool requires_grad_ = false;

  TensorOptions() = default;
  TensorOptions(ScalarType t) : dtype_(t) {}  // NOLINT: implicit by design
  TensorOptions(Device d) : device_(d) {}     // NOLINT

  TensorOptions dtype(ScalarType t) const { auto o = *this; o.dtype_ = t; return o; }
  TensorOptions dtype(std::optional<ScalarType> t) const { auto o = *this; o.dtype_ = t; return o; }
  TensorOptions device(Device d) const { auto o = *this; o.device_ = d; return o; }
  TensorOptions requires_grad(bool r) const { auto o = *this; o.requires_grad_ = r; return o; }
  ScalarType dtypeOrDefault() const { return dtype_ ? *dtype_ : defaultDtype(); }
};

}  // namespace ember
