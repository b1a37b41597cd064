// aten:: bindings of ember/tensor/ops/products.h and shape_extra.h: kron, tensordot, inner,
// addr, cross / linalg_cross, block_diag, cartesian_prod, combinations, cdist, cov, corrcoef,
// diag_embed, diagflat, tril/triu_indices, sum_to_size, narrow_copy, vander, renorm, diff, trapezoid,
// trapz and cumulative_trapezoid, with PyTorch 1.13's schemas and out= forms.
//
// Each op is one function template over kOut: the functional form computes, the out= form
// (one more argument, last) writes the result into out.
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/products.h"
#include "ember/tensor/ops/shape_extra.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

// Replaces the n arguments by r (written into the out= argument, the last, when kOut; ops whose
// out= must have the result's dtype exactly, as in PyTorch, are listed in exactOut).
template <bool kOut>
void finish(Stack& s, size_t n, Tensor r, bool exactOut = false) {
  if constexpr (kOut) {
    Tensor out = tensorArg(args(s, n)[n - 1]);
    writeOut(out, r, exactOut);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}

#define EMBER_OP_EXACT(name, nargs, exact, expr)  \
  template <bool kOut>                            \
  void name(Stack& s) {                           \
    constexpr size_t n = (nargs) + (kOut ? 1 : 0); \
    IValue* a = args(s, n);                       \
    finish<kOut>(s, n, (expr), exact);            \
  }
#define EMBER_OP(name, nargs, expr) EMBER_OP_EXACT(name, nargs, false, expr)

EMBER_OP(kronOp, 2, kron(tensorArg(a[0]), tensorArg(a[1])))
EMBER_OP(tensordotOp, 4, tensordot(tensorArg(a[0]), tensorArg(a[1]), intListArg(a[2]), intListArg(a[3])))
EMBER_OP(innerOp, 2, inner(tensorArg(a[0]), tensorArg(a[1])))
EMBER_OP(addrOp, 5, addr(tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]), scalarArg(a[3]), scalarArg(a[4])))
EMBER_OP_EXACT(crossOp, 3, true, cross(tensorArg(a[0]), tensorArg(a[1]), optIntArg(a[2])))
EMBER_OP_EXACT(linalgCrossOp, 3, true, linalg_cross(tensorArg(a[0]), tensorArg(a[1]), intArg(a[2])))
EMBER_OP(blockDiagOp, 1, block_diag(tensorListArg(a[0])))
EMBER_OP(cartesianProdOp, 1, cartesian_prod(tensorListArg(a[0])))
EMBER_OP(combinationsOp, 3, combinations(tensorArg(a[0]), intArg(a[1]), boolArg(a[2])))
EMBER_OP(cdistOp, 4, cdist(tensorArg(a[0]), tensorArg(a[1]), doubleArg(a[2]), optIntArg(a[3])))
EMBER_OP(euclideanDistOp, 2, _euclidean_dist(tensorArg(a[0]), tensorArg(a[1])))
EMBER_OP(covOp, 4, cov(tensorArg(a[0]), intArg(a[1]), optTensorArg(a[2]), optTensorArg(a[3])))
EMBER_OP(corrcoefOp, 1, corrcoef(tensorArg(a[0])))
EMBER_OP(diagEmbedOp, 4, diag_embed(tensorArg(a[0]), intArg(a[1]), intArg(a[2]), intArg(a[3])))
EMBER_OP(diagflatOp, 2, diagflat(tensorArg(a[0]), intArg(a[1])))
EMBER_OP_EXACT(narrowCopyOp, 4, true, narrow_copy(tensorArg(a[0]), intArg(a[1]), intArg(a[2]), intArg(a[3])))
EMBER_OP(sumToSizeOp, 2, sum_to_size(tensorArg(a[0]), intListArg(a[1])))
EMBER_OP(vanderOp, 3, vander(tensorArg(a[0]), optIntArg(a[1]), boolArg(a[2])))
EMBER_OP_EXACT(renormOp, 4, true, renorm(tensorArg(a[0]), scalarArg(a[1]), intArg(a[2]), scalarArg(a[3])))
EMBER_OP(diffOp, 5, diff(tensorArg(a[0]), intArg(a[1]), intArg(a[2]), optTensorArg(a[3]), optTensorArg(a[4])))
EMBER_OP(trapezoidXOp, 3, trapezoid(tensorArg(a[0]), tensorArg(a[1]), intArg(a[2])))
EMBER_OP(trapezoidDxOp, 3, trapezoid(tensorArg(a[0]), scalarArg(a[1]), intArg(a[2])))
EMBER_OP(cumTrapezoidXOp, 3, cumulative_trapezoid(tensorArg(a[0]), tensorArg(a[1]), intArg(a[2])))
EMBER_OP(cumTrapezoidDxOp, 3, cumulative_trapezoid(tensorArg(a[0]), scalarArg(a[1]), intArg(a[2])))

#undef EMBER_OP
#undef EMBER_OP_EXACT

void addrInplace(Stack& s) {
  IValue* a = args(s, 5);
  Tensor self = tensorArg(a[0]);
  addr_(self, tensorArg(a[1]), tensorArg(a[2]), scalarArg(a[3]), scalarArg(a[4]));
  ret(s, 5, std::move(self));
}
void renormInplace(Stack& s) {
  IValue* a = args(s, 4);
  Tensor self = tensorArg(a[0]);
  renorm_(self, scalarArg(a[1]), intArg(a[2]), scalarArg(a[3]));
  ret(s, 4, std::move(self));
}
// tril_indices / triu_indices(int row, int col, int offset, *, dtype, layout, device, pin_memory)
template <bool kUpper, bool kOut>
void triangleIndicesOp(Stack& s) {
  constexpr size_t n = kOut ? 4 : 7;
  IValue* a = args(s, n);
  TensorOptions options = kLong;
  if constexpr (!kOut) {
    options = factoryOptions(a + 3);
    if (!options.dtype_) options = options.dtype(kLong);
  } else {
    // The out= form computes in the out tensor's dtype, which PyTorch has kernels for only in
    // int32 and int64.
    // Read in place: tensorArg (which reports a non-tensor) would take it off the stack.
    const bool usable = a[3].isTensor() && a[3].toTensor().defined();
    ScalarType outType = usable ? a[3].toTensor().scalar_type() : tensorArg(a[3]).scalar_type();
    EMBER_CHECK(outType == kInt || outType == kLong, "\"", kUpper ? "triu_indices" : "tril_indices",
                "\" not implemented for '", outType, "'");
    options = outType;
  }
  const int64_t row = intArg(a[0]), col = intArg(a[1]), offset = intArg(a[2]);
  finish<kOut>(s, n, kUpper ? triu_indices(row, col, offset, options) : tril_indices(row, col, offset, options));
}

#define EMBER_OUT ", *, Tensor(a!) out) -> Tensor(a!)"

RegisterOperators reg({
    {"aten::kron(Tensor self, Tensor other) -> Tensor", kronOp<false>},
    {"aten::kron.out(Tensor self, Tensor other" EMBER_OUT, kronOp<true>},
    {"aten::tensordot(Tensor self, Tensor other, int[] dims_self, int[] dims_other) -> Tensor", tensordotOp<false>},
    {"aten::tensordot.out(Tensor self, Tensor other, int[] dims_self, int[] dims_other" EMBER_OUT, tensordotOp<true>},
    {"aten::inner(Tensor self, Tensor other) -> Tensor", innerOp<false>},
    {"aten::inner.out(Tensor self, Tensor other" EMBER_OUT, innerOp<true>},
    {"aten::addr(Tensor self, Tensor vec1, Tensor vec2, *, Scalar beta=1, Scalar alpha=1) -> Tensor", addrOp<false>},
    {"aten::addr_(Tensor(a!) self, Tensor vec1, Tensor vec2, *, Scalar beta=1, Scalar alpha=1) -> Tensor(a!)",
     addrInplace},
    {"aten::addr.out(Tensor self, Tensor vec1, Tensor vec2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> "
     "Tensor(a!)",
     addrOp<true>},
    {"aten::cross(Tensor self, Tensor other, int? dim=None) -> Tensor", crossOp<false>},
    {"aten::cross.out(Tensor self, Tensor other, int? dim=None" EMBER_OUT, crossOp<true>},
    {"aten::linalg_cross(Tensor self, Tensor other, *, int dim=-1) -> Tensor", linalgCrossOp<false>},
    {"aten::linalg_cross.out(Tensor self, Tensor other, *, int dim=-1, Tensor(a!) out) -> Tensor(a!)",
     linalgCrossOp<true>},
    {"aten::block_diag(Tensor[] tensors) -> Tensor", blockDiagOp<false>},
    {"aten::block_diag.out(Tensor[] tensors" EMBER_OUT, blockDiagOp<true>},
    {"aten::cartesian_prod(Tensor[] tensors) -> Tensor", cartesianProdOp<false>},
    {"aten::combinations(Tensor self, int r=2, bool with_replacement=False) -> Tensor", combinationsOp<false>},
    {"aten::cdist(Tensor x1, Tensor x2, float p=2., int? compute_mode=None) -> Tensor", cdistOp<false>},
    {"aten::_cdist_forward(Tensor x1, Tensor x2, float p, int? compute_mode) -> Tensor", cdistOp<false>},
    {"aten::_cdist_forward.out(Tensor x1, Tensor x2, float p, int? compute_mode" EMBER_OUT, cdistOp<true>},
    {"aten::_euclidean_dist(Tensor x1, Tensor x2) -> Tensor", euclideanDistOp<false>},
    {"aten::_euclidean_dist.out(Tensor x1, Tensor x2" EMBER_OUT, euclideanDistOp<true>},
    {"aten::cov(Tensor self, *, int correction=1, Tensor? fweights=None, Tensor? aweights=None) -> Tensor",
     covOp<false>},
    {"aten::corrcoef(Tensor self) -> Tensor", corrcoefOp<false>},
    {"aten::diag_embed(Tensor self, int offset=0, int dim1=-2, int dim2=-1) -> Tensor", diagEmbedOp<false>},
    {"aten::diag_embed.out(Tensor self, int offset=0, int dim1=-2, int dim2=-1" EMBER_OUT, diagEmbedOp<true>},
    {"aten::diagflat(Tensor self, int offset=0) -> Tensor", diagflatOp<false>},
    {"aten::tril_indices(int row, int col, int offset=0, *, ScalarType? dtype=4, Layout? layout=None, Device? "
     "device=None, bool? pin_memory=None) -> Tensor",
     triangleIndicesOp<false, false>},
    {"aten::tril_indices.out(int row, int col, int offset=0" EMBER_OUT, triangleIndicesOp<false, true>},
    {"aten::triu_indices(int row, int col, int offset=0, *, ScalarType? dtype=4, Layout? layout=None, Device? "
     "device=None, bool? pin_memory=None) -> Tensor",
     triangleIndicesOp<true, false>},
    {"aten::triu_indices.out(int row, int col, int offset=0" EMBER_OUT, triangleIndicesOp<true, true>},
    {"aten::narrow_copy(Tensor self, int dim, SymInt start, SymInt length) -> Tensor", narrowCopyOp<false>},
    {"aten::narrow_copy.out(Tensor self, int dim, SymInt start, SymInt length" EMBER_OUT, narrowCopyOp<true>},
    {"aten::sum_to_size(Tensor self, int[] size) -> Tensor", sumToSizeOp<false>},
    {"aten::vander(Tensor x, int? N=None, bool increasing=False) -> Tensor", vanderOp<false>},
    {"aten::renorm(Tensor self, Scalar p, int dim, Scalar maxnorm) -> Tensor", renormOp<false>},
    {"aten::renorm_(Tensor(a!) self, Scalar p, int dim, Scalar maxnorm) -> Tensor(a!)", renormInplace},
    {"aten::renorm.out(Tensor self, Scalar p, int dim, Scalar maxnorm" EMBER_OUT, renormOp<true>},
    {"aten::diff(Tensor self, int n=1, int dim=-1, Tensor? prepend=None, Tensor? append=None) -> Tensor",
     diffOp<false>},
    {"aten::diff.out(Tensor self, int n=1, int dim=-1, Tensor? prepend=None, Tensor? append=None" EMBER_OUT,
     diffOp<true>},
    {"aten::trapezoid.x(Tensor y, Tensor x, *, int dim=-1) -> Tensor", trapezoidXOp<false>},
    {"aten::trapezoid.dx(Tensor y, *, Scalar dx=1, int dim=-1) -> Tensor", trapezoidDxOp<false>},
    {"aten::trapz.x(Tensor y, Tensor x, *, int dim=-1) -> Tensor", trapezoidXOp<false>},
    {"aten::trapz.dx(Tensor y, *, float dx=1., int dim=-1) -> Tensor", trapezoidDxOp<false>},
    {"aten::cumulative_trapezoid.x(Tensor y, Tensor x, *, int dim=-1) -> Tensor", cumTrapezoidXOp<false>},
    {"aten::cumulative_trapezoid.dx(Tensor y, *, Scalar dx=1, int dim=-1) -> Tensor", cumTrapezoidDxOp<false>},
});

#undef EMBER_OUT

}  // namespace
}  // namespace ember::jit::aten
