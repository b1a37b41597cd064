// Complex tensors' parts (src/tensor/complex_parts.cpp). ember has no lazy conjugate bit:
// conj materialises (as conj_physical) and is_conj() is always false, which is what PyTorch
// users observe after resolve_conj(); real and imag are views into the complex storage.
#pragma once

#include "ember/tensor/tensor.h"

namespace ember {

// The real part as a real view of a complex tensor; a real tensor is its own real part.
Tensor complexReal(const Tensor& self);
// The conjugate, in fresh memory for complex tensors; a real tensor is its own conjugate.
Tensor complexConj(const Tensor& self);
// Conjugates a complex tensor in place (negates the imaginary parts); real tensors are unchanged.
const Tensor& complexConjInplace(const Tensor& self);
// Elementwise predicates of complex tensors: nan/inf if either part is, finite if both are.
Tensor complexIsnan(const Tensor& self);
Tensor complexIsinf(const Tensor& self);
Tensor complexIsfinite(const Tensor& self);
// The argument (phase) of each element, in the real dtype.
Tensor complexAngle(const Tensor& self);

}  // namespace ember
