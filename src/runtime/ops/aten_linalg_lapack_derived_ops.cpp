// aten:: operators built on the decompositions (pinv, pinverse, matrix_rank, vector/matrix norms,
// linalg.norm, cond, matrix_power, matrix_exp, multi_dot, vecdot, diagonal, matmul, tensorinv,
// tensorsolve) with PyTorch 1.13's schemas, overload names and out= forms.
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/linalg.h"
#include "ember/tensor/ops/linalg_decompositions.h"
#include "runtime/ops/aten_arg_utils.h"
#include "runtime/ops/aten_linalg_lapack_results.h"

namespace ember::jit::aten {
namespace {

// A `float?` tolerance as a 0-dim double tensor (undefined for None).
Tensor tolTensor(std::optional<double> v) { return v ? full({}, *v, TensorOptions(kDouble)) : Tensor(); }
Tensor zeroTol() { return zeros({}, TensorOptions(kDouble)); }

using TolFn = Tensor (*)(const Tensor&, const Tensor&, const Tensor&, bool);

// (self, float rcond/tol, bool hermitian): atol 0, rtol rcond for pinv; atol tol, rtol 0 for rank.
template <TolFn F, bool kRelative, bool kOut>
void tolFloatOp(Stack& s) {
  constexpr size_t n = kOut ? 4 : 3;
  IValue* a = args(s, n);
  Tensor A = tensorArg(a[0]), t = tolTensor(doubleArg(a[1]));
  finish<kOut>(s, n, kRelative ? F(A, zeroTol(), t, boolArg(a[2])) : F(A, t, zeroTol(), boolArg(a[2])));
}
template <TolFn F, bool kRelative, bool kOut>
void tolTensorOp(Stack& s) {
  constexpr size_t n = kOut ? 4 : 3;
  IValue* a = args(s, n);
  Tensor A = tensorArg(a[0]), t = tensorArg(a[1]);
  Tensor z = zeros({}, TensorOptions(t.dtype()));
  finish<kOut>(s, n, kRelative ? F(A, z, t, boolArg(a[2])) : F(A, t, z, boolArg(a[2])));
}
// (self, *, float? atol, float? rtol, bool hermitian)
template <TolFn F, bool kOut>
void atolRtolFloatOp(Stack& s) {
  constexpr size_t n = kOut ? 5 : 4;
  IValue* a = args(s, n);
  finish<kOut>(s, n, F(tensorArg(a[0]), tolTensor(optDoubleArg(a[1])), tolTensor(optDoubleArg(a[2])), boolArg(a[3])));
}
// (self, *, Tensor? atol, Tensor? rtol, bool hermitian)
template <TolFn F, bool kOut>
void atolRtolTensorOp(Stack& s) {
  constexpr size_t n = kOut ? 5 : 4;
  IValue* a = args(s, n);
  finish<kOut>(s, n, F(tensorArg(a[0]), optTensorUndefArg(a[1]), optTensorUndefArg(a[2]), boolArg(a[3])));
}
void pinverseOp(Stack& s) {
  IValue* a = args(s, 2);
  Tensor A = tensorArg(a[0]);
  finish<false>(s, 2, linalg_pinv(A, zeroTol(), tolTensor(doubleArg(a[1])), false));
}

// ---- norms ----
template <bool kOut>
void vectorNormOp(Stack& s) {
  constexpr size_t n = kOut ? 6 : 5;
  IValue* a = args(s, n);
  finish<kOut>(
      s, n,
      linalg_vector_norm(tensorArg(a[0]), scalarArg(a[1]), dimListArg(a[2]), boolArg(a[3]), optScalarTypeArg(a[4])));
}
template <bool kOut>
void matrixNormOp(Stack& s) {
  constexpr size_t n = kOut ? 6 : 5;
  IValue* a = args(s, n);
  finish<kOut>(
      s, n,
      linalg_matrix_norm(tensorArg(a[0]), scalarArg(a[1]), intListArg(a[2]), boolArg(a[3]), optScalarTypeArg(a[4])));
}
template <bool kOut>
void matrixNormStrOp(Stack& s) {
  constexpr size_t n = kOut ? 6 : 5;
  IValue* a = args(s, n);
  finish<kOut>(
      s, n,
      linalg_matrix_norm(tensorArg(a[0]), stringArg(a[1]), intListArg(a[2]), boolArg(a[3]), optScalarTypeArg(a[4])));
}
template <bool kOut>
void normOp(Stack& s) {
  constexpr size_t n = kOut ? 6 : 5;
  IValue* a = args(s, n);
  finish<kOut>(
      s, n, linalg_norm(tensorArg(a[0]), optScalarArg(a[1]), dimListArg(a[2]), boolArg(a[3]), optScalarTypeArg(a[4])));
}
template <bool kOut>
void normStrOp(Stack& s) {
  constexpr size_t n = kOut ? 6 : 5;
  IValue* a = args(s, n);
  finish<kOut>(s, n,
               linalg_norm(tensorArg(a[0]), stringArg(a[1]), dimListArg(a[2]), boolArg(a[3]), optScalarTypeArg(a[4])));
}
template <bool kOut>
void condOp(Stack& s) {
  constexpr size_t n = kOut ? 3 : 2;
  IValue* a = args(s, n);
  finish<kOut>(s, n, linalg_cond(tensorArg(a[0]), optScalarArg(a[1])));
}
template <bool kOut>
void condStrOp(Stack& s) {
  constexpr size_t n = kOut ? 3 : 2;
  IValue* a = args(s, n);
  finish<kOut>(s, n, linalg_cond(tensorArg(a[0]), stringArg(a[1])));
}

// nuclear_norm(self, bool keepdim) needs a matrix; nuclear_norm.dim(self, int[2] dim, bool keepdim).
Tensor nuclearNorm(const Tensor& self, bool keepdim) {
  EMBER_CHECK(self.dim() == 2, "Expected a tensor with 2 dimensions, but got a tensor with ", self.dim(),
              " dimensions instead.");
  return linalg_matrix_norm(self, std::string_view("nuc"), IntArrayRef{0, 1}, keepdim);
}
template <bool kOut>
void nuclearNormOp(Stack& s) {
  constexpr size_t n = kOut ? 3 : 2;
  IValue* a = args(s, n);
  finish<kOut>(s, n, nuclearNorm(tensorArg(a[0]), boolArg(a[1])));
}
template <bool kOut>
void nuclearNormDimOp(Stack& s) {
  constexpr size_t n = kOut ? 4 : 3;
  IValue* a = args(s, n);
  finish<kOut>(s, n, linalg_matrix_norm(tensorArg(a[0]), std::string_view("nuc"), intListArg(a[1]), boolArg(a[2])));
}

// ---- products and functions of matrices ----
// chain_matmul (deprecated for multi_dot): matrices only; one matrix gives a copy.
Tensor chainMatmul(const std::vector<Tensor>& matrices) {
  EMBER_CHECK(!matrices.empty(), "chain_matmul(): Expected one or more matrices");
  for (const Tensor& m : matrices) EMBER_CHECK(m.dim() == 2, "Tensor dimension is ", m.dim(), ", expected 2 instead.");
  return matrices.size() == 1 ? matrices[0].clone() : linalg_multi_dot(matrices);
}
template <bool kOut>
void chainMatmulOp(Stack& s) {
  constexpr size_t n = kOut ? 2 : 1;
  finish<kOut>(s, n, chainMatmul(tensorListArg(*args(s, n))));
}
template <bool kOut>
void matrixPowerOp(Stack& s) {
  constexpr size_t n = kOut ? 3 : 2;
  IValue* a = args(s, n);
  finish<kOut>(s, n, linalg_matrix_power(tensorArg(a[0]), intArg(a[1])));
}
template <bool kOut>
void matrixExpOp(Stack& s) {
  constexpr size_t n = kOut ? 2 : 1;
  finish<kOut>(s, n, linalg_matrix_exp(tensorArg(*args(s, n))));
}
template <bool kOut>
void multiDotOp(Stack& s) {
  constexpr size_t n = kOut ? 2 : 1;
  finish<kOut>(s, n, linalg_multi_dot(tensorListArg(*args(s, n))));
}
void vanderOp(Stack& s) {
  IValue* a = args(s, 2);
  finish<false>(s, 2, linalg_vander(tensorArg(a[0]), optIntArg(a[1])));
}
template <bool kOut>
void vecdotOp(Stack& s) {
  constexpr size_t n = kOut ? 4 : 3;
  IValue* a = args(s, n);
  finish<kOut>(s, n, linalg_vecdot(tensorArg(a[0]), tensorArg(a[1]), intArg(a[2])));
}
void diagonalOp(Stack& s) {
  IValue* a = args(s, 4);
  Tensor A = tensorArg(a[0]);
  finish<false>(s, 4, A.diagonal(intArg(a[1]), intArg(a[2]), intArg(a[3])));
}
template <bool kOut>
void matmulOp(Stack& s) {
  constexpr size_t n = kOut ? 3 : 2;
  IValue* a = args(s, n);
  finish<kOut>(s, n, matmul(tensorArg(a[0]), tensorArg(a[1])));
}
template <bool kOut>
void tensorinvOp(Stack& s) {
  constexpr size_t n = kOut ? 3 : 2;
  IValue* a = args(s, n);
  finish<kOut>(s, n, linalg_tensorinv(tensorArg(a[0]), intArg(a[1])));
}
template <bool kOut>
void tensorsolveOp(Stack& s) {
  constexpr size_t n = kOut ? 4 : 3;
  IValue* a = args(s, n);
  finish<kOut>(s, n, linalg_tensorsolve(tensorArg(a[0]), tensorArg(a[1]), optIntListArg(a[2])));
}

// linalg_lstsq(self, b, float? rcond, *, str? driver) [out: solution, residuals, rank, singular_values]
template <bool kOut>
void lstsqOp(Stack& s) {
  constexpr size_t n = kOut ? 8 : 4;
  IValue* a = args(s, n);
  finish<kOut>(s, n, linalg_lstsq(tensorArg(a[0]), tensorArg(a[1]), optDoubleArg(a[2]), optStringArg(a[3])));
}

#define EMBER_OUT1 ", *, Tensor(a!) out) -> Tensor(a!)"
#define EMBER_NORM_TAIL "int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None"
#define EMBER_MNORM_TAIL "int[] dim=[-2, -1], bool keepdim=False, *, ScalarType? dtype=None"

RegisterOperators reg({
    {"aten::linalg_pinv(Tensor self, float rcond, bool hermitian=False) -> Tensor",
     tolFloatOp<linalg_pinv, true, false>},
    {"aten::linalg_pinv.out(Tensor self, float rcond, bool hermitian=False" EMBER_OUT1,
     tolFloatOp<linalg_pinv, true, true>},
    {"aten::linalg_pinv.rcond_tensor(Tensor self, Tensor rcond, bool hermitian=False) -> Tensor",
     tolTensorOp<linalg_pinv, true, false>},
    {"aten::linalg_pinv.out_rcond_tensor(Tensor self, Tensor rcond, bool hermitian=False" EMBER_OUT1,
     tolTensorOp<linalg_pinv, true, true>},
    {"aten::linalg_pinv.atol_rtol_float(Tensor self, *, float? atol=None, float? rtol=None, bool hermitian=False) -> "
     "Tensor",
     atolRtolFloatOp<linalg_pinv, false>},
    {"aten::linalg_pinv.atol_rtol_float_out(Tensor self, *, float? atol=None, float? rtol=None, bool "
     "hermitian=False, Tensor(a!) out) -> Tensor(a!)",
     atolRtolFloatOp<linalg_pinv, true>},
    {"aten::linalg_pinv.atol_rtol_tensor(Tensor self, *, Tensor? atol=None, Tensor? rtol=None, bool hermitian=False) "
     "-> Tensor",
     atolRtolTensorOp<linalg_pinv, false>},
    {"aten::linalg_pinv.atol_rtol_tensor_out(Tensor self, *, Tensor? atol=None, Tensor? rtol=None, bool "
     "hermitian=False, Tensor(a!) out) -> Tensor(a!)",
     atolRtolTensorOp<linalg_pinv, true>},
    {"aten::pinverse(Tensor self, float rcond=1.0000000000000001e-15) -> Tensor", pinverseOp},
    {"aten::linalg_matrix_rank(Tensor self, float tol, bool hermitian=False) -> Tensor",
     tolFloatOp<linalg_matrix_rank, false, false>},
    {"aten::linalg_matrix_rank.out(Tensor self, float tol, bool hermitian=False" EMBER_OUT1,
     tolFloatOp<linalg_matrix_rank, false, true>},
    {"aten::linalg_matrix_rank.tol_tensor(Tensor input, Tensor tol, bool hermitian=False) -> Tensor",
     tolTensorOp<linalg_matrix_rank, false, false>},
    {"aten::linalg_matrix_rank.out_tol_tensor(Tensor input, Tensor tol, bool hermitian=False" EMBER_OUT1,
     tolTensorOp<linalg_matrix_rank, false, true>},
    {"aten::linalg_matrix_rank.atol_rtol_float(Tensor self, *, float? atol=None, float? rtol=None, bool "
     "hermitian=False) -> Tensor",
     atolRtolFloatOp<linalg_matrix_rank, false>},
    {"aten::linalg_matrix_rank.atol_rtol_float_out(Tensor self, *, float? atol=None, float? rtol=None, bool "
     "hermitian=False, Tensor(a!) out) -> Tensor(a!)",
     atolRtolFloatOp<linalg_matrix_rank, true>},
    {"aten::linalg_matrix_rank.atol_rtol_tensor(Tensor input, *, Tensor? atol=None, Tensor? rtol=None, bool "
     "hermitian=False) -> Tensor",
     atolRtolTensorOp<linalg_matrix_rank, false>},
    {"aten::linalg_matrix_rank.atol_rtol_tensor_out(Tensor input, *, Tensor? atol=None, Tensor? rtol=None, bool "
     "hermitian=False, Tensor(a!) out) -> Tensor(a!)",
     atolRtolTensorOp<linalg_matrix_rank, true>},

    {"aten::linalg_lstsq(Tensor self, Tensor b, float? rcond=None, *, str? driver=None) -> (Tensor solution, Tensor "
     "residuals, Tensor rank, Tensor singular_values)",
     lstsqOp<false>},
    {"aten::linalg_lstsq.out(Tensor self, Tensor b, float? rcond=None, *, str? driver=None, Tensor(a!) solution, "
     "Tensor(b!) residuals, Tensor(c!) rank, Tensor(d!) singular_values) -> (Tensor(a!) solution, Tensor(b!) "
     "residuals, Tensor(c!) rank, Tensor(d!) singular_values)",
     lstsqOp<true>},

    {"aten::linalg_vector_norm(Tensor self, Scalar ord=2, " EMBER_NORM_TAIL ") -> Tensor", vectorNormOp<false>},
    {"aten::linalg_vector_norm.out(Tensor self, Scalar ord=2, " EMBER_NORM_TAIL ", Tensor(a!) out) -> Tensor(a!)",
     vectorNormOp<true>},
    {"aten::linalg_matrix_norm(Tensor self, Scalar ord, " EMBER_MNORM_TAIL ") -> Tensor", matrixNormOp<false>},
    {"aten::linalg_matrix_norm.out(Tensor self, Scalar ord, " EMBER_MNORM_TAIL ", Tensor(a!) out) -> Tensor(a!)",
     matrixNormOp<true>},
    {"aten::linalg_matrix_norm.str_ord(Tensor self, str ord=\"fro\", " EMBER_MNORM_TAIL ") -> Tensor",
     matrixNormStrOp<false>},
    {"aten::linalg_matrix_norm.str_ord_out(Tensor self, str ord=\"fro\", " EMBER_MNORM_TAIL
     ", Tensor(a!) out) -> Tensor(a!)",
     matrixNormStrOp<true>},
    {"aten::linalg_norm(Tensor self, Scalar? ord=None, " EMBER_NORM_TAIL ") -> Tensor", normOp<false>},
    {"aten::linalg_norm.out(Tensor self, Scalar? ord=None, " EMBER_NORM_TAIL ", Tensor(a!) out) -> Tensor(a!)",
     normOp<true>},
    {"aten::linalg_norm.ord_str(Tensor self, str ord, " EMBER_NORM_TAIL ") -> Tensor", normStrOp<false>},
    {"aten::linalg_norm.ord_str_out(Tensor self, str ord, " EMBER_NORM_TAIL ", Tensor(a!) out) -> Tensor(a!)",
     normStrOp<true>},
    {"aten::linalg_cond(Tensor self, Scalar? p=None) -> Tensor", condOp<false>},
    {"aten::linalg_cond.out(Tensor self, Scalar? p=None" EMBER_OUT1, condOp<true>},
    {"aten::linalg_cond.p_str(Tensor self, str p) -> Tensor", condStrOp<false>},
    {"aten::linalg_cond.p_str_out(Tensor self, str p" EMBER_OUT1, condStrOp<true>},

    {"aten::nuclear_norm(Tensor self, bool keepdim=False) -> Tensor", nuclearNormOp<false>},
    {"aten::nuclear_norm.out(Tensor self, bool keepdim=False" EMBER_OUT1, nuclearNormOp<true>},
    {"aten::nuclear_norm.dim(Tensor self, int[2] dim, bool keepdim=False) -> Tensor", nuclearNormDimOp<false>},
    {"aten::nuclear_norm.dim_out(Tensor self, int[2] dim, bool keepdim=False" EMBER_OUT1, nuclearNormDimOp<true>},
    {"aten::chain_matmul(Tensor[] matrices) -> Tensor", chainMatmulOp<false>},
    {"aten::chain_matmul.out(Tensor[] matrices" EMBER_OUT1, chainMatmulOp<true>},

    {"aten::linalg_matrix_power(Tensor self, int n) -> Tensor", matrixPowerOp<false>},
    {"aten::linalg_matrix_power.out(Tensor self, int n" EMBER_OUT1, matrixPowerOp<true>},
    {"aten::matrix_power(Tensor self, int n) -> Tensor", matrixPowerOp<false>},
    {"aten::matrix_power.out(Tensor self, int n" EMBER_OUT1, matrixPowerOp<true>},
    {"aten::linalg_matrix_exp(Tensor self) -> Tensor", matrixExpOp<false>},
    {"aten::linalg_matrix_exp.out(Tensor self" EMBER_OUT1, matrixExpOp<true>},
    {"aten::matrix_exp(Tensor self) -> Tensor", matrixExpOp<false>},
    {"aten::linalg_multi_dot(Tensor[] tensors) -> Tensor", multiDotOp<false>},
    {"aten::linalg_multi_dot.out(Tensor[] tensors" EMBER_OUT1, multiDotOp<true>},
    {"aten::linalg_vander(Tensor x, *, int? N=None) -> Tensor", vanderOp},
    {"aten::linalg_vecdot(Tensor x, Tensor y, *, int dim=-1) -> Tensor", vecdotOp<false>},
    {"aten::linalg_vecdot.out(Tensor x, Tensor y, *, int dim=-1, Tensor(a!) out) -> Tensor(a!)", vecdotOp<true>},
    {"aten::linalg_diagonal(Tensor(a) A, *, int offset=0, int dim1=-2, int dim2=-1) -> Tensor(a)", diagonalOp},
    {"aten::linalg_matmul(Tensor self, Tensor other) -> Tensor", matmulOp<false>},
    {"aten::linalg_matmul.out(Tensor self, Tensor other" EMBER_OUT1, matmulOp<true>},
    {"aten::linalg_tensorinv(Tensor self, int ind=2) -> Tensor", tensorinvOp<false>},
    {"aten::linalg_tensorinv.out(Tensor self, int ind=2" EMBER_OUT1, tensorinvOp<true>},
    {"aten::linalg_tensorsolve(Tensor self, Tensor other, int[]? dims=None) -> Tensor", tensorsolveOp<false>},
    {"aten::linalg_tensorsolve.out(Tensor self, Tensor other, int[]? dims=None" EMBER_OUT1, tensorsolveOp<true>},
});

}  // namespace
}  // namespace ember::jit::aten
