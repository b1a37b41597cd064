// Parts of complex tensors (see ember/tensor/ops/complex.h), through their real view
// (view_as_real: the last dim holds (re, im)).
#include "ember/tensor/ops/complex.h"

#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/reduce.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/ops/spectral.h"
#include "ember/tensor/ops/unary.h"

namespace ember {

Tensor complexReal(const Tensor& self) {
  if (!self.is_complex()) return self;
  return select(view_as_real(self), -1, 0);
}

Tensor complexConj(const Tensor& self) {
  if (!self.is_complex()) return self;
  Tensor out = clone(self);
  complexConjInplace(out);
  return out;
}

const Tensor& complexConjInplace(const Tensor& self) {
  if (!self.is_complex()) return self;
  Tensor im = select(view_as_real(self), -1, 1);
  im.neg_();
  return self;
}

Tensor complexIsnan(const Tensor& self) { return any(isnan(view_as_real(self)), -1); }
Tensor complexIsinf(const Tensor& self) { return any(isinf(view_as_real(self)), -1); }
Tensor complexIsfinite(const Tensor& self) { return all(isfinite(view_as_real(self)), -1); }

Tensor complexAngle(const Tensor& self) {
  Tensor pairs = view_as_real(self);
  return atan2(select(pairs, -1, 1), select(pairs, -1, 0));
}

}  // namespace ember
