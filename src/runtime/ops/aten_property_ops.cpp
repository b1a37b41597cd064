// aten:: operators behind Tensor properties TorchScript reaches as `x.H` and `x.imag` (the other
// properties' operators live with their op families): matrix_H, the conjugate transpose of a
// matrix, imag, the imaginary part of a complex tensor as a real view, isreal, and the complex
// tensor constructors complex and polar.
#include "ember/runtime/register_operators.h"
#include "ember/tensor.h"
#include "ember/tensor/ops/spectral.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

// x.H: only for matrices (and 0-d tensors, returned as they are), as in PyTorch. A complex
// matrix is conjugated in fresh memory (ember has no lazy conjugate bit).
Tensor matrixH(const Tensor& self) {
  int64_t nd = self.dim();
  EMBER_CHECK(nd == 2 || nd == 0, "tensor.H is only supported on matrices (2-D tensors). Got ", nd, "-D tensor.",
              nd > 2 ? " For batches of matrices, consider using tensor.mH" : "");
  if (nd == 0) return alias(self);
  return adjoint(self);
}

Tensor imagPart(const Tensor& self) {
  EMBER_CHECK(isComplexType(self.scalar_type()), "imag is not implemented for tensors with non-complex dtypes.");
  return select(view_as_real(self), -1, 1);
}

// torch.isreal: true where the imaginary part is zero, so everywhere for a real tensor.
Tensor isReal(const Tensor& self) {
  if (isComplexType(self.scalar_type())) return eq(imagPart(self), 0);
  return ones_like(self, kBool);
}

// torch.complex(real, imag) and torch.polar(abs, angle): a complex tensor of two broadcast real
// ones of the same floating dtype, built as the complex view of their stack.
void checkComplexParts(const Tensor& real, const Tensor& imag) {
  EMBER_CHECK(isFloatingType(real.scalar_type()) && isFloatingType(imag.scalar_type()),
              "Expected both inputs to be Half, Float or Double tensors but got ", scalarTypeName(real.scalar_type()),
              " and ", scalarTypeName(imag.scalar_type()));
  EMBER_CHECK(real.scalar_type() == imag.scalar_type(), "Expected object of scalar type ",
              scalarTypeName(real.scalar_type()), " but got scalar type ", scalarTypeName(imag.scalar_type()),
              " for second argument");
}
Tensor complexOf(const Tensor& real, const Tensor& imag) {
  checkComplexParts(real, imag);
  DimVector shape = broadcast_shapes(real.sizes(), imag.sizes());
  return view_as_complex(stack({real.expand(shape), imag.expand(shape)}, -1));
}
Tensor polarOf(const Tensor& abs, const Tensor& angle) {
  checkComplexParts(abs, angle);
  return complexOf(mul(abs, cos(angle)), mul(abs, sin(angle)));
}
Tensor& complexOut(Tensor& out, const Tensor& real, const Tensor& imag) { return writeOut(out, complexOf(real, imag)); }
Tensor& polarOut(Tensor& out, const Tensor& abs, const Tensor& angle) { return writeOut(out, polarOf(abs, angle)); }

RegisterOperators reg({
    {"aten::matrix_H(Tensor(a) self) -> Tensor(a)", unaryOp<matrixH>},
    {"aten::matrix_H.a(Tensor(a) self) -> Tensor(a)", unaryOp<matrixH>},
    {"aten::imag(Tensor(a) self) -> Tensor(a)", unaryOp<imagPart>},
    {"aten::isreal(Tensor self) -> Tensor", unaryOp<isReal>},
    {"aten::complex(Tensor real, Tensor imag) -> Tensor", binaryOp<complexOf>},
    {"aten::polar(Tensor abs, Tensor angle) -> Tensor", binaryOp<polarOf>},
    {"aten::complex.out(Tensor real, Tensor imag, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<complexOut>},
    {"aten::polar.out(Tensor abs, Tensor angle, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<polarOut>},
});

}  // namespace
}  // namespace ember::jit::aten
