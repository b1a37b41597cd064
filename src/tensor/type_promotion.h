// Type promotion as torch.result_type computes it. Operands fall into three priority classes:
// tensors with dims, 0-dim tensors, and wrapped numbers (Python scalars). A lower class only
// changes the result when it belongs to a higher category (bool < integral < floating):
// `int8_tensor + 1000` stays int8, `int_tensor + 2.5` becomes the default float dtype,
// `float16_tensor + float64_0dim` stays float16.
#pragma once

#include "ember/tensor/tensor.h"

namespace ember {

struct ResultTypeState {
  ScalarType dimResult = ScalarType::Undefined;
  ScalarType zeroDimResult = ScalarType::Undefined;
  ScalarType wrappedResult = ScalarType::Undefined;

  void update(const Tensor& t);
  void update(const Scalar& s);
  ScalarType finish() const;
};

// The dtype a wrapped number takes part in promotion with: Long, the default dtype, or Bool.
ScalarType wrappedScalarType(const Scalar& s);

ScalarType resultType(const Tensor& a, const Tensor& b);
ScalarType resultType(const Tensor& a, const Scalar& b);
ScalarType resultType(const Scalar& a, const Tensor& b);
ScalarType resultType(const Scalar& a, const Scalar& b);

// A 0-dim tensor holding `s` (Long, Double or Bool) flagged as a wrapped number.
Tensor scalarToTensor(const Scalar& s);

// The broadcast of two shapes, with PyTorch's error text on mismatch.
DimVector inferBroadcastShape(IntArrayRef a, IntArrayRef b);

}  // namespace ember
