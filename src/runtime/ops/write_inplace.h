// writeInplace: the last step of an in-place operator composed from functional ones (`hypot_`,
// `sinc_`, `logit_`, ...), which computes the result into a fresh tensor and then writes it into
// self. PyTorch's in-place ops write the result type into self's dtype and shape only where that
// loses nothing a cast cannot: an int tensor cannot take a float result ("result type Float
// can't be cast to the desired output type Long"), and self cannot grow by broadcasting.
#pragma once

#include "ember/tensor.h"
#include "ember/tensor/scalar_type.h"

namespace ember::jit::aten {

inline Tensor& writeInplace(Tensor& self, const Tensor& result) {
  EMBER_CHECK(canCast(result.dtype(), self.dtype()), "result type ", scalarTypeName(result.dtype()),
              " can't be cast to the desired output type ", scalarTypeName(self.dtype()));
  EMBER_CHECK(result.sizes() == self.sizes(), "output with shape ", self.sizes(),
              " doesn't match the broadcast shape ", result.sizes());
  copy_(self, result);
  return self;
}

}  // namespace ember::jit::aten
