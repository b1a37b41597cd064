// The small-tensor fast path of add, sub and mul: two contiguous tensors of one dtype and one
// shape, small enough for one thread. Type promotion, broadcasting and layout propagation are
// all trivial then (the result has the inputs' dtype, shape and contiguous strides), so the
// general elementwise front-end is skipped. This is what keeps a 1-element op cheap.
#pragma once

#include "ember/tensor/tensor.h"

namespace ember::detail {

enum class FastArith { Add, Sub, Mul };

// Returns an undefined tensor when the fast path does not apply. Shapes may differ by leading 1s
// ([1, n] + [n]), which broadcasting resolves element for element.
Tensor trySmallSameTypeArith(const Tensor& a, const Tensor& b, const Scalar& alpha, FastArith op);
// A contiguous float32/float64 tensor with a real Python number (alpha 1): the result keeps the
// tensor's dtype and shape, the number is converted to that dtype first.
Tensor trySmallFloatScalarArith(const Tensor& a, const Scalar& b, const Scalar& alpha, FastArith op);

}  // namespace ember::detail
