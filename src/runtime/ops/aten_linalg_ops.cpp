// aten:: matrix-product operators (mm, bmm, matmul, addmm, addmv, addbmm, baddbmm, mv, dot,
// vdot, outer, ger, linear, einsum) with PyTorch 1.13's schemas, bound to the linalg family.
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/complex.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

using Binary = Tensor (*)(const Tensor&, const Tensor&);
using BinaryOut = Tensor& (*)(Tensor&, const Tensor&, const Tensor&);
using AddLike = Tensor (*)(const Tensor&, const Tensor&, const Tensor&, const Scalar&, const Scalar&);
using AddLikeOut = Tensor& (*)(Tensor&, const Tensor&, const Tensor&, const Tensor&, const Scalar&, const Scalar&);
using AddLikeInplace = Tensor& (*)(Tensor&, const Tensor&, const Tensor&, const Scalar&, const Scalar&);

// (Tensor self, Tensor other) -> Tensor
template <Binary F>
void binary(Stack& s) {
  IValue* a = args(s, 2);
  Tensor r = F(tensorArg(a[0]), tensorArg(a[1]));
  ret(s, 2, std::move(r));
}
// (Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)
template <BinaryOut F>
void binaryOut(Stack& s) {
  IValue* a = args(s, 3);
  Tensor out = tensorArg(a[2]);
  F(out, tensorArg(a[0]), tensorArg(a[1]));
  ret(s, 3, std::move(out));
}
// (Tensor self, Tensor m1, Tensor m2, *, Scalar beta=1, Scalar alpha=1) -> Tensor
template <AddLike F>
void addLike(Stack& s) {
  IValue* a = args(s, 5);
  Tensor r = F(tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]), scalarArg(a[3]), scalarArg(a[4]));
  ret(s, 5, std::move(r));
}
template <AddLikeOut F>
void addLikeOut(Stack& s) {
  IValue* a = args(s, 6);
  Tensor out = tensorArg(a[5]);
  F(out, tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]), scalarArg(a[3]), scalarArg(a[4]));
  ret(s, 6, std::move(out));
}
template <AddLikeInplace F>
void addLikeInplace(Stack& s) {
  IValue* a = args(s, 5);
  Tensor self = tensorArg(a[0]);
  F(self, tensorArg(a[1]), tensorArg(a[2]), scalarArg(a[3]), scalarArg(a[4]));
  ret(s, 5, std::move(self));
}

Tensor& vdotOut(Tensor& out, const Tensor& a, const Tensor& b) { return dot_out(out, complexConj(a), b); }
Tensor& gerOut(Tensor& out, const Tensor& a, const Tensor& b) { return outer_out(out, a, b); }

void linearOp(Stack& s) {
  IValue* a = args(s, 3);
  Tensor r = linear(tensorArg(a[0]), tensorArg(a[1]), optTensorUndefArg(a[2]));
  ret(s, 3, std::move(r));
}
void linearOut(Stack& s) {
  IValue* a = args(s, 4);
  Tensor out = tensorArg(a[3]);
  linear_out(out, tensorArg(a[0]), tensorArg(a[1]), optTensorUndefArg(a[2]));
  ret(s, 4, std::move(out));
}
// einsum(str equation, Tensor[] tensors, *, int[]? path=None): the contraction order is always
// left to right, so `path` (an optimisation hint) is accepted and not used.
void einsumOp(Stack& s) {
  IValue* a = args(s, 3);
  std::vector<Tensor> ops = tensorListArg(a[1]);
  if (!a[2].isNone()) intListArg(a[2]);
  Tensor r = einsum(stringArg(a[0]), ops);
  ret(s, 3, std::move(r));
}

RegisterOperators reg({
    {"aten::mm(Tensor self, Tensor mat2) -> Tensor", binary<mm>},
    {"aten::mm.out(Tensor self, Tensor mat2, *, Tensor(a!) out) -> Tensor(a!)", binaryOut<mm_out>},
    {"aten::bmm(Tensor self, Tensor mat2) -> Tensor", binary<bmm>},
    {"aten::bmm.out(Tensor self, Tensor mat2, *, Tensor(a!) out) -> Tensor(a!)", binaryOut<bmm_out>},
    {"aten::matmul(Tensor self, Tensor other) -> Tensor", binary<matmul>},
    {"aten::matmul.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", binaryOut<matmul_out>},
    {"aten::mv(Tensor self, Tensor vec) -> Tensor", binary<mv>},
    {"aten::mv.out(Tensor self, Tensor vec, *, Tensor(a!) out) -> Tensor(a!)", binaryOut<mv_out>},
    {"aten::dot(Tensor self, Tensor tensor) -> Tensor", binary<dot>},
    {"aten::dot.out(Tensor self, Tensor tensor, *, Tensor(a!) out) -> Tensor(a!)", binaryOut<dot_out>},
    {"aten::vdot(Tensor self, Tensor other) -> Tensor", binary<vdot>},
    {"aten::vdot.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", binaryOut<vdotOut>},
    {"aten::outer(Tensor self, Tensor vec2) -> Tensor", binary<outer>},
    {"aten::outer.out(Tensor self, Tensor vec2, *, Tensor(a!) out) -> Tensor(a!)", binaryOut<outer_out>},
    {"aten::ger(Tensor self, Tensor vec2) -> Tensor", binary<ger>},
    {"aten::ger.out(Tensor self, Tensor vec2, *, Tensor(a!) out) -> Tensor(a!)", binaryOut<gerOut>},
    {"aten::addmm(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1) -> Tensor", addLike<addmm>},
    {"aten::addmm.out(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> "
     "Tensor(a!)",
     addLikeOut<addmm_out>},
    {"aten::addmm_(Tensor(a!) self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1) -> Tensor(a!)",
     addLikeInplace<addmm_>},
    {"aten::addmv(Tensor self, Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1) -> Tensor", addLike<addmv>},
    {"aten::addmv.out(Tensor self, Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> "
     "Tensor(a!)",
     addLikeOut<addmv_out>},
    {"aten::addmv_(Tensor(a!) self, Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1) -> Tensor(a!)",
     addLikeInplace<addmv_>},
    {"aten::addbmm(Tensor self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1) -> Tensor",
     addLike<addbmm>},
    {"aten::addbmm.out(Tensor self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) "
     "-> Tensor(a!)",
     addLikeOut<addbmm_out>},
    {"aten::addbmm_(Tensor(a!) self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1) -> Tensor(a!)",
     addLikeInplace<addbmm_>},
    {"aten::baddbmm(Tensor self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1) -> Tensor",
     addLike<baddbmm>},
    {"aten::baddbmm.out(Tensor self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) "
     "out) -> Tensor(a!)",
     addLikeOut<baddbmm_out>},
    {"aten::baddbmm_(Tensor(a!) self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1) -> Tensor(a!)",
     addLikeInplace<baddbmm_>},
    {"aten::linear(Tensor input, Tensor weight, Tensor? bias=None) -> Tensor", linearOp},
    {"aten::linear.out(Tensor input, Tensor weight, Tensor? bias=None, *, Tensor(a!) out) -> Tensor(a!)", linearOut},
    {"aten::einsum(str equation, Tensor[] tensors, *, int[]? path=None) -> Tensor", einsumOp},
});

}  // namespace
}  // namespace ember::jit::aten
