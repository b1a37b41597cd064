// The complex64/complex128 kernels of the pointwise families (complex_arith.cpp,
// complex_unary.cpp). Each family's entry point hands a built Elementwise (or its input) over
// when the compute dtype is complex; the formulas follow PyTorch 1.13's CPU results (textbook
// multiplication and division, std:: functions for the transcendental ones). Private to
// src/tensor.
#pragma once

#include "elementwise.h"
#include "kernels/unary_kernels.h"

namespace ember::complex_detail {

// a + alpha * b (a - alpha * b with negate); alpha may be any Python number.
void add(Elementwise& it, const Scalar& alpha, bool negate);
void mul(Elementwise& it);
void div(Elementwise& it);
// eq / ne into a bool result.
void equal(Elementwise& it, bool negate);

// The math function `op` of a built Elementwise with a complex compute dtype; false when the
// op has no complex form (the caller raises PyTorch's "not implemented" error).
bool unaryMath(Elementwise& it, UnaryOp op);

}  // namespace ember::complex_detail
