// aten:: operators of the LAPACK-backed linear algebra (LU, Cholesky, triangular solves, QR,
// eigh, SVD, inverse/det/solve) with PyTorch 1.13's schemas, overload names and out= forms,
// bound to ember/tensor/ops/linalg_decompositions.h. Norms, pinv, rank and matrix functions are
// in aten_linalg_lapack_derived_ops.cpp.
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/linalg_decompositions.h"
#include "runtime/ops/aten_arg_utils.h"
#include "runtime/ops/aten_linalg_lapack_results.h"

namespace ember::jit::aten {
namespace {

// ---- LU family ----
template <bool kOut>
void luFactorOp(Stack& s) {
  constexpr size_t n = kOut ? 4 : 2;
  IValue* a = args(s, n);
  finish<kOut>(s, n, linalg_lu_factor(tensorArg(a[0]), boolArg(a[1])));
}
template <bool kOut>
void luFactorExOp(Stack& s) {
  constexpr size_t n = kOut ? 6 : 3;
  IValue* a = args(s, n);
  finish<kOut>(s, n, linalg_lu_factor_ex(tensorArg(a[0]), boolArg(a[1]), boolArg(a[2])));
}
template <bool kOut>
void luOp(Stack& s) {
  constexpr size_t n = kOut ? 5 : 2;
  IValue* a = args(s, n);
  finish<kOut>(s, n, linalg_lu(tensorArg(a[0]), boolArg(a[1])));
}
template <bool kOut>
void luUnpackOp(Stack& s) {
  constexpr size_t n = kOut ? 7 : 4;
  IValue* a = args(s, n);
  finish<kOut>(s, n, lu_unpack(tensorArg(a[0]), tensorArg(a[1]), boolArg(a[2]), boolArg(a[3])));
}
void luWithInfoOp(Stack& s) {
  IValue* a = args(s, 3);
  finish<false>(s, 3, _lu_with_info(tensorArg(a[0]), boolArg(a[1]), boolArg(a[2])));
}
template <bool kOut>
void linalgLuSolveOp(Stack& s) {
  constexpr size_t n = kOut ? 6 : 5;
  IValue* a = args(s, n);
  finish<kOut>(s, n, linalg_lu_solve(tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]), boolArg(a[3]), boolArg(a[4])));
}
template <bool kOut>
void luSolveOp(Stack& s) {
  constexpr size_t n = kOut ? 4 : 3;
  IValue* a = args(s, n);
  finish<kOut>(s, n, lu_solve(tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2])));
}

// ---- determinants, inverse, solve ----
using UnaryFn = Tensor (*)(const Tensor&);
template <UnaryFn F, bool kOut>
void unaryLinalg(Stack& s) {
  constexpr size_t n = kOut ? 2 : 1;
  IValue* a = args(s, n);
  finish<kOut>(s, n, F(tensorArg(a[0])));
}
template <bool kOut>
void linalgDetImplOp(Stack& s) {
  constexpr size_t n = kOut ? 4 : 1;
  finish<kOut>(s, n, _linalg_det(tensorArg(*args(s, n))));
}
template <bool kOut>
void slogdetOp(Stack& s) {
  constexpr size_t n = kOut ? 3 : 1;
  finish<kOut>(s, n, linalg_slogdet(tensorArg(*args(s, n))));
}
template <bool kOut>
void slogdetImplOp(Stack& s) {
  constexpr size_t n = kOut ? 5 : 1;
  finish<kOut>(s, n, _linalg_slogdet(tensorArg(*args(s, n))));
}
template <bool kOut>
void invExOp(Stack& s) {
  constexpr size_t n = kOut ? 4 : 2;
  IValue* a = args(s, n);
  finish<kOut>(s, n, linalg_inv_ex(tensorArg(a[0]), boolArg(a[1])));
}
template <bool kOut>
void solveOp(Stack& s) {
  constexpr size_t n = kOut ? 4 : 3;
  IValue* a = args(s, n);
  finish<kOut>(s, n, linalg_solve(tensorArg(a[0]), tensorArg(a[1]), boolArg(a[2])));
}
template <bool kOut>
void solveExOp(Stack& s) {
  constexpr size_t n = kOut ? 6 : 4;
  IValue* a = args(s, n);
  auto [result, LU, pivots, info] = _linalg_solve_ex(tensorArg(a[0]), tensorArg(a[1]), boolArg(a[2]), boolArg(a[3]));
  finish<kOut>(s, n, std::make_tuple(result, info));
}
template <bool kOut>
void solveExImplOp(Stack& s) {
  constexpr size_t n = kOut ? 8 : 4;
  IValue* a = args(s, n);
  finish<kOut>(s, n, _linalg_solve_ex(tensorArg(a[0]), tensorArg(a[1]), boolArg(a[2]), boolArg(a[3])));
}

// ---- Cholesky and triangular ----
template <bool kOut>
void choleskyExOp(Stack& s) {
  constexpr size_t n = kOut ? 5 : 3;
  IValue* a = args(s, n);
  finish<kOut>(s, n, linalg_cholesky_ex(tensorArg(a[0]), boolArg(a[1]), boolArg(a[2])));
}
using UpperFn = Tensor (*)(const Tensor&, bool);
template <UpperFn F, bool kOut>
void upperOp(Stack& s) {
  constexpr size_t n = kOut ? 3 : 2;
  IValue* a = args(s, n);
  finish<kOut>(s, n, F(tensorArg(a[0]), boolArg(a[1])));
}
template <bool kOut>
void choleskySolveOp(Stack& s) {
  constexpr size_t n = kOut ? 4 : 3;
  IValue* a = args(s, n);
  finish<kOut>(s, n, cholesky_solve(tensorArg(a[0]), tensorArg(a[1]), boolArg(a[2])));
}
template <bool kOut>
void triangularSolveOp(Stack& s) {
  constexpr size_t n = kOut ? 7 : 5;
  IValue* a = args(s, n);
  finish<kOut>(s, n, triangular_solve(tensorArg(a[0]), tensorArg(a[1]), boolArg(a[2]), boolArg(a[3]), boolArg(a[4])));
}
template <bool kOut>
void solveTriangularOp(Stack& s) {
  constexpr size_t n = kOut ? 6 : 5;
  IValue* a = args(s, n);
  finish<kOut>(s, n,
               linalg_solve_triangular(tensorArg(a[0]), tensorArg(a[1]), boolArg(a[2]), boolArg(a[3]), boolArg(a[4])));
}

// ---- LDL ----
template <bool kOut>
void ldlFactorOp(Stack& s) {
  constexpr size_t n = kOut ? 4 : 2;
  IValue* a = args(s, n);
  finish<kOut>(s, n, linalg_ldl_factor(tensorArg(a[0]), boolArg(a[1])));
}
template <bool kOut>
void ldlFactorExOp(Stack& s) {
  constexpr size_t n = kOut ? 6 : 3;
  IValue* a = args(s, n);
  finish<kOut>(s, n, linalg_ldl_factor_ex(tensorArg(a[0]), boolArg(a[1]), boolArg(a[2])));
}
template <bool kOut>
void ldlSolveOp(Stack& s) {
  constexpr size_t n = kOut ? 5 : 4;
  IValue* a = args(s, n);
  finish<kOut>(s, n, linalg_ldl_solve(tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]), boolArg(a[3])));
}

// ---- QR ----
template <bool kOut>
void geqrfOp(Stack& s) {
  constexpr size_t n = kOut ? 3 : 1;
  finish<kOut>(s, n, geqrf(tensorArg(*args(s, n))));
}
template <bool kOut>
void householderOp(Stack& s) {
  constexpr size_t n = kOut ? 3 : 2;
  IValue* a = args(s, n);
  finish<kOut>(s, n, linalg_householder_product(tensorArg(a[0]), tensorArg(a[1])));
}
template <bool kOut>
void ormqrOp(Stack& s) {
  constexpr size_t n = kOut ? 6 : 5;
  IValue* a = args(s, n);
  finish<kOut>(s, n, ormqr(tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]), boolArg(a[3]), boolArg(a[4])));
}
template <bool kOut>
void linalgQrOp(Stack& s) {
  constexpr size_t n = kOut ? 4 : 2;
  IValue* a = args(s, n);
  finish<kOut>(s, n, linalg_qr(tensorArg(a[0]), stringArg(a[1])));
}
template <bool kOut>
void qrOp(Stack& s) {
  constexpr size_t n = kOut ? 4 : 2;
  IValue* a = args(s, n);
  finish<kOut>(s, n, linalg_qr(tensorArg(a[0]), boolArg(a[1]) ? "reduced" : "complete"));
}

// ---- eigh ----
template <bool kOut>
void eighOp(Stack& s) {
  constexpr size_t n = kOut ? 4 : 2;
  IValue* a = args(s, n);
  finish<kOut>(s, n, linalg_eigh(tensorArg(a[0]), stringArg(a[1])));
}
template <bool kOut>
void eigvalshOp(Stack& s) {
  constexpr size_t n = kOut ? 3 : 2;
  IValue* a = args(s, n);
  finish<kOut>(s, n, linalg_eigvalsh(tensorArg(a[0]), stringArg(a[1])));
}
template <bool kOut>
void eighImplOp(Stack& s) {
  constexpr size_t n = kOut ? 5 : 3;
  IValue* a = args(s, n);
  Tensor A = tensorArg(a[0]);
  std::string_view uplo = stringArg(a[1]);
  if (boolArg(a[2])) {
    finish<kOut>(s, n, linalg_eigh(A, uplo));
  } else {
    finish<kOut>(s, n, std::make_tuple(linalg_eigvalsh(A, uplo), empty({0}, TensorOptions(A.dtype()))));
  }
}
template <bool kOut>
void symeigOp(Stack& s) {
  constexpr size_t n = kOut ? 5 : 3;
  IValue* a = args(s, n);
  finish<kOut>(s, n, symeig(tensorArg(a[0]), boolArg(a[1]), boolArg(a[2])));
}

// ---- eig (complex results; no out= forms: ember cannot create the complex out tensors) ----
void eigOp(Stack& s) { finish<false>(s, 1, linalg_eig(tensorArg(*args(s, 1)))); }
template <bool kOut>
void eigvalsOp(Stack& s) {
  constexpr size_t n = kOut ? 2 : 1;
  finish<kOut>(s, n, linalg_eigvals(tensorArg(*args(s, n))));
}

// ---- SVD ----
template <bool kOut>
void linalgSvdOp(Stack& s) {
  constexpr size_t n = kOut ? 6 : 3;
  IValue* a = args(s, n);
  finish<kOut>(s, n, _linalg_svd(tensorArg(a[0]), boolArg(a[1]), true, optStringArg(a[2])));
}
template <bool kOut>
void svdImplOp(Stack& s) {
  constexpr size_t n = kOut ? 7 : 4;
  IValue* a = args(s, n);
  finish<kOut>(s, n, _linalg_svd(tensorArg(a[0]), boolArg(a[1]), boolArg(a[2]), optStringArg(a[3])));
}
template <bool kOut>
void svdvalsOp(Stack& s) {
  constexpr size_t n = kOut ? 3 : 2;
  IValue* a = args(s, n);
  finish<kOut>(s, n, linalg_svdvals(tensorArg(a[0]), optStringArg(a[1])));
}
template <bool kOut>
void svdOp(Stack& s) {
  constexpr size_t n = kOut ? 6 : 3;
  IValue* a = args(s, n);
  finish<kOut>(s, n, svd(tensorArg(a[0]), boolArg(a[1]), boolArg(a[2])));
}

void checkErrorsOp(Stack& s) {
  IValue* a = args(s, 3);
  _linalg_check_errors(tensorArg(a[0]), stringArg(a[1]), boolArg(a[2]));
  dropArgs(s, 3);
}

#define EMBER_OUT1 ", *, Tensor(a!) out) -> Tensor(a!)"
// After keyword-only arguments the `*` is already there.
#define EMBER_KWOUT1 ", Tensor(a!) out) -> Tensor(a!)"

RegisterOperators reg({
    {"aten::_linalg_check_errors(Tensor info, str api_name, *, bool is_matrix) -> ()", checkErrorsOp},
    {"aten::linalg_lu_factor(Tensor A, *, bool pivot=True) -> (Tensor LU, Tensor pivots)", luFactorOp<false>},
    {"aten::linalg_lu_factor.out(Tensor A, *, bool pivot=True, Tensor(a!) LU, Tensor(b!) pivots) -> (Tensor(a!) LU, "
     "Tensor(b!) pivots)",
     luFactorOp<true>},
    {"aten::linalg_lu_factor_ex(Tensor A, *, bool pivot=True, bool check_errors=False) -> (Tensor LU, Tensor pivots, "
     "Tensor info)",
     luFactorExOp<false>},
    {"aten::linalg_lu_factor_ex.out(Tensor A, *, bool pivot=True, bool check_errors=False, Tensor(a!) LU, Tensor(b!) "
     "pivots, Tensor(c!) info) -> (Tensor(a!) LU, Tensor(b!) pivots, Tensor(c!) info)",
     luFactorExOp<true>},
    {"aten::linalg_lu(Tensor A, *, bool pivot=True) -> (Tensor P, Tensor L, Tensor U)", luOp<false>},
    {"aten::linalg_lu.out(Tensor A, *, bool pivot=True, Tensor(a!) P, Tensor(b!) L, Tensor(c!) U) -> (Tensor(a!) P, "
     "Tensor(b!) L, Tensor(c!) U)",
     luOp<true>},
    {"aten::lu_unpack(Tensor LU_data, Tensor LU_pivots, bool unpack_data=True, bool unpack_pivots=True) -> (Tensor P, "
     "Tensor L, Tensor U)",
     luUnpackOp<false>},
    {"aten::lu_unpack.out(Tensor LU_data, Tensor LU_pivots, bool unpack_data=True, bool unpack_pivots=True, *, "
     "Tensor(a!) P, Tensor(b!) L, Tensor(c!) U) -> (Tensor(a!) P, Tensor(b!) L, Tensor(c!) U)",
     luUnpackOp<true>},
    {"aten::_lu_with_info(Tensor self, bool pivot=True, bool check_errors=True) -> (Tensor LU, Tensor pivots, Tensor "
     "info)",
     luWithInfoOp},
    {"aten::linalg_lu_solve(Tensor LU, Tensor pivots, Tensor B, *, bool left=True, bool adjoint=False) -> Tensor",
     linalgLuSolveOp<false>},
    {"aten::linalg_lu_solve.out(Tensor LU, Tensor pivots, Tensor B, *, bool left=True, bool adjoint=False" EMBER_KWOUT1,
     linalgLuSolveOp<true>},
    {"aten::lu_solve(Tensor self, Tensor LU_data, Tensor LU_pivots) -> Tensor", luSolveOp<false>},
    {"aten::lu_solve.out(Tensor self, Tensor LU_data, Tensor LU_pivots" EMBER_OUT1, luSolveOp<true>},

    {"aten::linalg_det(Tensor A) -> Tensor", unaryLinalg<linalg_det, false>},
    {"aten::linalg_det.out(Tensor A" EMBER_OUT1, unaryLinalg<linalg_det, true>},
    {"aten::det(Tensor self) -> Tensor", unaryLinalg<linalg_det, false>},
    {"aten::_linalg_det(Tensor A) -> (Tensor result, Tensor LU, Tensor pivots)", linalgDetImplOp<false>},
    {"aten::_linalg_det.result(Tensor A, *, Tensor(a!) result, Tensor(b!) LU, Tensor(c!) pivots) -> (Tensor(a!) "
     "result, Tensor(b!) LU, Tensor(c!) pivots)",
     linalgDetImplOp<true>},
    {"aten::linalg_slogdet(Tensor A) -> (Tensor sign, Tensor logabsdet)", slogdetOp<false>},
    {"aten::linalg_slogdet.out(Tensor A, *, Tensor(a!) sign, Tensor(b!) logabsdet) -> (Tensor(a!) sign, Tensor(b!) "
     "logabsdet)",
     slogdetOp<true>},
    {"aten::slogdet(Tensor self) -> (Tensor sign, Tensor logabsdet)", slogdetOp<false>},
    {"aten::slogdet.out(Tensor self, *, Tensor(a!) sign, Tensor(b!) logabsdet) -> (Tensor(a!) sign, Tensor(b!) "
     "logabsdet)",
     slogdetOp<true>},
    {"aten::_linalg_slogdet(Tensor A) -> (Tensor sign, Tensor logabsdet, Tensor LU, Tensor pivots)",
     slogdetImplOp<false>},
    {"aten::_linalg_slogdet.sign(Tensor A, *, Tensor(a!) sign, Tensor(b!) logabsdet, Tensor(c!) LU, Tensor(d!) "
     "pivots) -> (Tensor(a!) sign, Tensor(b!) logabsdet, Tensor(c!) LU, Tensor(d!) pivots)",
     slogdetImplOp<true>},
    {"aten::logdet(Tensor self) -> Tensor", unaryLinalg<logdet, false>},
    {"aten::linalg_inv_ex(Tensor A, *, bool check_errors=False) -> (Tensor inverse, Tensor info)", invExOp<false>},
    {"aten::linalg_inv_ex.inverse(Tensor A, *, bool check_errors=False, Tensor(a!) inverse, Tensor(b!) info) -> "
     "(Tensor(a!) inverse, Tensor(b!) info)",
     invExOp<true>},
    {"aten::linalg_inv(Tensor A) -> Tensor", unaryLinalg<linalg_inv, false>},
    {"aten::linalg_inv.out(Tensor A" EMBER_OUT1, unaryLinalg<linalg_inv, true>},
    {"aten::inverse(Tensor self) -> Tensor", unaryLinalg<linalg_inv, false>},
    {"aten::inverse.out(Tensor self" EMBER_OUT1, unaryLinalg<linalg_inv, true>},
    {"aten::linalg_solve(Tensor A, Tensor B, *, bool left=True) -> Tensor", solveOp<false>},
    {"aten::linalg_solve.out(Tensor A, Tensor B, *, bool left=True" EMBER_KWOUT1, solveOp<true>},
    {"aten::linalg_solve_ex(Tensor A, Tensor B, *, bool left=True, bool check_errors=False) -> (Tensor result, "
     "Tensor info)",
     solveExOp<false>},
    {"aten::linalg_solve_ex.out(Tensor A, Tensor B, *, bool left=True, bool check_errors=False, Tensor(a!) result, "
     "Tensor(b!) info) -> (Tensor(a!) result, Tensor(b!) info)",
     solveExOp<true>},
    {"aten::_linalg_solve_ex(Tensor A, Tensor B, *, bool left=True, bool check_errors=False) -> (Tensor result, "
     "Tensor LU, Tensor pivots, Tensor info)",
     solveExImplOp<false>},
    {"aten::_linalg_solve_ex.result(Tensor A, Tensor B, *, bool left=True, bool check_errors=False, Tensor(a!) "
     "result, Tensor(b!) LU, Tensor(c!) pivots, Tensor(d!) info) -> (Tensor(a!) result, Tensor(b!) LU, Tensor(c!) "
     "pivots, Tensor(d!) info)",
     solveExImplOp<true>},

    {"aten::linalg_cholesky_ex(Tensor self, *, bool upper=False, bool check_errors=False) -> (Tensor L, Tensor info)",
     choleskyExOp<false>},
    {"aten::linalg_cholesky_ex.L(Tensor self, *, bool upper=False, bool check_errors=False, Tensor(a!) L, Tensor(b!) "
     "info) -> (Tensor(a!) L, Tensor(b!) info)",
     choleskyExOp<true>},
    {"aten::linalg_cholesky(Tensor self, *, bool upper=False) -> Tensor", upperOp<linalg_cholesky, false>},
    {"aten::linalg_cholesky.out(Tensor self, *, bool upper=False" EMBER_KWOUT1, upperOp<linalg_cholesky, true>},
    {"aten::cholesky(Tensor self, bool upper=False) -> Tensor", upperOp<cholesky, false>},
    {"aten::cholesky.out(Tensor self, bool upper=False" EMBER_OUT1, upperOp<cholesky, true>},
    {"aten::cholesky_inverse(Tensor self, bool upper=False) -> Tensor", upperOp<cholesky_inverse, false>},
    {"aten::cholesky_inverse.out(Tensor self, bool upper=False" EMBER_OUT1, upperOp<cholesky_inverse, true>},
    {"aten::cholesky_solve(Tensor self, Tensor input2, bool upper=False) -> Tensor", choleskySolveOp<false>},
    {"aten::cholesky_solve.out(Tensor self, Tensor input2, bool upper=False" EMBER_OUT1, choleskySolveOp<true>},
    {"aten::triangular_solve(Tensor self, Tensor A, bool upper=True, bool transpose=False, bool unitriangular=False) "
     "-> (Tensor solution, Tensor cloned_coefficient)",
     triangularSolveOp<false>},
    {"aten::triangular_solve.X(Tensor self, Tensor A, bool upper=True, bool transpose=False, bool "
     "unitriangular=False, *, Tensor(a!) X, Tensor(b!) M) -> (Tensor(a!) solution, Tensor(b!) cloned_coefficient)",
     triangularSolveOp<true>},
    {"aten::linalg_solve_triangular(Tensor self, Tensor B, *, bool upper, bool left=True, bool unitriangular=False) "
     "-> Tensor",
     solveTriangularOp<false>},
    {"aten::linalg_solve_triangular.out(Tensor self, Tensor B, *, bool upper, bool left=True, bool "
     "unitriangular=False" EMBER_KWOUT1,
     solveTriangularOp<true>},

    {"aten::linalg_ldl_factor(Tensor self, *, bool hermitian=False) -> (Tensor LD, Tensor pivots)", ldlFactorOp<false>},
    {"aten::linalg_ldl_factor.out(Tensor self, *, bool hermitian=False, Tensor(a!) LD, Tensor(b!) pivots) -> "
     "(Tensor(a!) LD, Tensor(b!) pivots)",
     ldlFactorOp<true>},
    {"aten::linalg_ldl_factor_ex(Tensor self, *, bool hermitian=False, bool check_errors=False) -> (Tensor LD, "
     "Tensor pivots, Tensor info)",
     ldlFactorExOp<false>},
    {"aten::linalg_ldl_factor_ex.out(Tensor self, *, bool hermitian=False, bool check_errors=False, Tensor(a!) LD, "
     "Tensor(b!) pivots, Tensor(c!) info) -> (Tensor(a!) LD, Tensor(b!) pivots, Tensor(c!) info)",
     ldlFactorExOp<true>},
    {"aten::linalg_ldl_solve(Tensor LD, Tensor pivots, Tensor B, *, bool hermitian=False) -> Tensor",
     ldlSolveOp<false>},
    {"aten::linalg_ldl_solve.out(Tensor LD, Tensor pivots, Tensor B, *, bool hermitian=False" EMBER_KWOUT1,
     ldlSolveOp<true>},

    {"aten::geqrf(Tensor self) -> (Tensor a, Tensor tau)", geqrfOp<false>},
    {"aten::geqrf.a(Tensor self, *, Tensor(a!) a, Tensor(b!) tau) -> (Tensor(a!) a, Tensor(b!) tau)", geqrfOp<true>},
    {"aten::linalg_householder_product(Tensor input, Tensor tau) -> Tensor", householderOp<false>},
    {"aten::linalg_householder_product.out(Tensor input, Tensor tau" EMBER_OUT1, householderOp<true>},
    {"aten::orgqr(Tensor self, Tensor input2) -> Tensor", householderOp<false>},
    {"aten::orgqr.out(Tensor self, Tensor input2" EMBER_OUT1, householderOp<true>},
    {"aten::ormqr(Tensor self, Tensor input2, Tensor input3, bool left=True, bool transpose=False) -> Tensor",
     ormqrOp<false>},
    {"aten::ormqr.out(Tensor self, Tensor input2, Tensor input3, bool left=True, bool transpose=False" EMBER_OUT1,
     ormqrOp<true>},
    {"aten::linalg_qr(Tensor A, str mode=\"reduced\") -> (Tensor Q, Tensor R)", linalgQrOp<false>},
    {"aten::linalg_qr.out(Tensor A, str mode=\"reduced\", *, Tensor(a!) Q, Tensor(b!) R) -> (Tensor(a!) Q, "
     "Tensor(b!) R)",
     linalgQrOp<true>},
    {"aten::qr(Tensor self, bool some=True) -> (Tensor Q, Tensor R)", qrOp<false>},
    {"aten::qr.Q(Tensor self, bool some=True, *, Tensor(a!) Q, Tensor(b!) R) -> (Tensor(a!) Q, Tensor(b!) R)",
     qrOp<true>},

    {"aten::linalg_eigh(Tensor self, str UPLO=\"L\") -> (Tensor eigenvalues, Tensor eigenvectors)", eighOp<false>},
    {"aten::linalg_eigh.eigvals(Tensor self, str UPLO=\"L\", *, Tensor(a!) eigvals, Tensor(b!) eigvecs) -> "
     "(Tensor(a!) eigenvalues, Tensor(b!) eigenvectors)",
     eighOp<true>},
    {"aten::linalg_eigvalsh(Tensor self, str UPLO=\"L\") -> Tensor", eigvalshOp<false>},
    {"aten::linalg_eigvalsh.out(Tensor self, str UPLO=\"L\"" EMBER_OUT1, eigvalshOp<true>},
    {"aten::_linalg_eigh(Tensor A, str UPLO=\"L\", bool compute_v=True) -> (Tensor eigenvalues, Tensor eigenvectors)",
     eighImplOp<false>},
    {"aten::_linalg_eigh.eigenvalues(Tensor A, str UPLO=\"L\", bool compute_v=True, *, Tensor(a!) eigenvalues, "
     "Tensor(b!) eigenvectors) -> (Tensor(a!) eigenvalues, Tensor(b!) eigenvectors)",
     eighImplOp<true>},
    {"aten::symeig(Tensor self, bool eigenvectors=False, bool upper=True) -> (Tensor eigenvalues, Tensor "
     "eigenvectors)",
     symeigOp<false>},
    {"aten::symeig.e(Tensor self, bool eigenvectors=False, bool upper=True, *, Tensor(a!) e, Tensor(b!) V) -> "
     "(Tensor(a!) eigenvalues, Tensor(b!) eigenvectors)",
     symeigOp<true>},

    {"aten::linalg_eig(Tensor self) -> (Tensor eigenvalues, Tensor eigenvectors)", eigOp},
    {"aten::linalg_eigvals(Tensor self) -> Tensor", eigvalsOp<false>},
    {"aten::linalg_eigvals.out(Tensor self" EMBER_OUT1, eigvalsOp<true>},

    {"aten::linalg_svd(Tensor A, bool full_matrices=True, *, str? driver=None) -> (Tensor U, Tensor S, Tensor Vh)",
     linalgSvdOp<false>},
    {"aten::linalg_svd.U(Tensor A, bool full_matrices=True, *, str? driver=None, Tensor(a!) U, Tensor(b!) S, "
     "Tensor(c!) Vh) -> (Tensor(a!) U, Tensor(b!) S, Tensor(c!) Vh)",
     linalgSvdOp<true>},
    {"aten::_linalg_svd(Tensor A, bool full_matrices=False, bool compute_uv=True, *, str? driver=None) -> (Tensor U, "
     "Tensor S, Tensor Vh)",
     svdImplOp<false>},
    {"aten::_linalg_svd.U(Tensor A, bool full_matrices=False, bool compute_uv=True, *, str? driver=None, Tensor(a!) "
     "U, Tensor(b!) S, Tensor(c!) Vh) -> (Tensor(a!) U, Tensor(b!) S, Tensor(c!) Vh)",
     svdImplOp<true>},
    {"aten::linalg_svdvals(Tensor A, *, str? driver=None) -> Tensor", svdvalsOp<false>},
    {"aten::linalg_svdvals.out(Tensor A, *, str? driver=None" EMBER_KWOUT1, svdvalsOp<true>},
    {"aten::svd(Tensor self, bool some=True, bool compute_uv=True) -> (Tensor U, Tensor S, Tensor V)", svdOp<false>},
    {"aten::svd.U(Tensor self, bool some=True, bool compute_uv=True, *, Tensor(a!) U, Tensor(b!) S, Tensor(c!) V) -> "
     "(Tensor(a!) U, Tensor(b!) S, Tensor(c!) V)",
     svdOp<true>},
});

}  // namespace
}  // namespace ember::jit::aten
