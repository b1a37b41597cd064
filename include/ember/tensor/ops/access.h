// Element access beyond Tensor::item(): nested values for tolist().
#pragma once

#include <variant>
#include <vector>

#include "ember/tensor/tensor.h"

namespace ember {

// A tensor's values nested like Python's tensor.tolist(): a 0-dim tensor gives one Scalar,
// an n-dim tensor a list of (n-1)-dim entries.
struct NestedScalars {
  std::variant<Scalar, std::vector<NestedScalars>> value;

  bool isScalar() const { return std::holds_alternative<Scalar>(value); }
  const Scalar& scalar() const { return std::get<Scalar>(value); }
  const std::vector<NestedScalars>& list() const { return std::get<std::vector<NestedScalars>>(value); }
};

NestedScalars tolist(const Tensor& self);

}  // namespace ember
