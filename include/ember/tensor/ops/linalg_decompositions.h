// Tensor ops of the LAPACK-backed linear algebra (torch.linalg and the legacy names): LU, Cholesky,
// triangular solves, QR and Householder products, symmetric eigendecomposition, SVD and what is
// built on them (inverse, determinants, solve, pinv, rank, norms, condition numbers, lstsq), plus
// matrix_power, matrix_exp, multi_dot, vecdot, tensorinv and tensorsolve.
//
// Semantics, shapes and error texts follow PyTorch 1.13 (torch.linalg docs). Inputs are batches
// [..., m, n] of any strides; float32 and float64 only (integer inputs are rejected as in PyTorch;
// complex inputs are not supported by ember). Factorizations are computed by OpenBLAS's LAPACK,
// the library PyTorch itself calls on Debian, so sign conventions of Q, U, V and eigenvectors are
// LAPACK's. Results holding matrices are column-major per matrix (strides [..., 1, m]), as
// PyTorch's. Pivots and infos are int32. `_ex` forms return LAPACK's info per matrix and raise
// only when check_errors is true; the other forms raise PyTorch's message on a failed matrix.
#pragma once

#include <optional>
#include <string_view>
#include <tuple>
#include <vector>

#include "ember/tensor/tensor.h"

namespace ember {

// Raises PyTorch's message for the first nonzero LAPACK info (int32; 0-dim when is_matrix), worded
// after the routine api_name names ("linalg.inv", "linalg.cholesky", ...).
void _linalg_check_errors(const Tensor& info, std::string_view api_name, bool is_matrix);

// ---- LU family ----
std::tuple<Tensor, Tensor, Tensor> linalg_lu_factor_ex(const Tensor& A, bool pivot = true, bool check_errors = false);
std::tuple<Tensor, Tensor> linalg_lu_factor(const Tensor& A, bool pivot = true);
std::tuple<Tensor, Tensor, Tensor> linalg_lu(const Tensor& A, bool pivot = true);
std::tuple<Tensor, Tensor, Tensor> lu_unpack(const Tensor& LU, const Tensor& pivots, bool unpack_data = true,
                                             bool unpack_pivots = true);
std::tuple<Tensor, Tensor, Tensor> _lu_with_info(const Tensor& A, bool pivot = true, bool check_errors = true);
Tensor linalg_lu_solve(const Tensor& LU, const Tensor& pivots, const Tensor& B, bool left = true, bool adjoint = false);
Tensor lu_solve(const Tensor& B, const Tensor& LU, const Tensor& pivots);
// (det, LU, pivots) and (sign, logabsdet, LU, pivots).
std::tuple<Tensor, Tensor, Tensor> _linalg_det(const Tensor& A);
std::tuple<Tensor, Tensor, Tensor, Tensor> _linalg_slogdet(const Tensor& A);
Tensor linalg_det(const Tensor& A);
std::tuple<Tensor, Tensor> linalg_slogdet(const Tensor& A);
// log(det): NaN for a negative determinant, -inf for a singular matrix.
Tensor logdet(const Tensor& A);
std::tuple<Tensor, Tensor> linalg_inv_ex(const Tensor& A, bool check_errors = false);
Tensor linalg_inv(const Tensor& A);
// (result, LU, pivots, info); B is a vector batch when B.dim() == 1 or B's shape is A's minus the
// last dim. left=false solves X A = B.
std::tuple<Tensor, Tensor, Tensor, Tensor> _linalg_solve_ex(const Tensor& A, const Tensor& B, bool left = true,
                                                            bool check_errors = false);
Tensor linalg_solve(const Tensor& A, const Tensor& B, bool left = true);

// ---- Cholesky and triangular ----
std::tuple<Tensor, Tensor> linalg_cholesky_ex(const Tensor& A, bool upper = false, bool check_errors = false);
Tensor linalg_cholesky(const Tensor& A, bool upper = false);
Tensor cholesky(const Tensor& A, bool upper = false);  // legacy name: "cholesky: ..." errors
Tensor cholesky_solve(const Tensor& B, const Tensor& L, bool upper = false);
Tensor cholesky_inverse(const Tensor& L, bool upper = false);
// (solution, cloned_coefficient) of A X = B with A triangular (batch dims broadcast).
std::tuple<Tensor, Tensor> triangular_solve(const Tensor& B, const Tensor& A, bool upper = true, bool transpose = false,
                                            bool unitriangular = false);
Tensor linalg_solve_triangular(const Tensor& A, const Tensor& B, bool upper, bool left = true,
                               bool unitriangular = false);

// ---- LDLᵀ of symmetric matrices (lower triangle; pivots as LAPACK's sytrf gives them) ----
std::tuple<Tensor, Tensor, Tensor> linalg_ldl_factor_ex(const Tensor& A, bool hermitian = false,
                                                        bool check_errors = false);
std::tuple<Tensor, Tensor> linalg_ldl_factor(const Tensor& A, bool hermitian = false);
Tensor linalg_ldl_solve(const Tensor& LD, const Tensor& pivots, const Tensor& B, bool hermitian = false);

// ---- QR ----
std::tuple<Tensor, Tensor> geqrf(const Tensor& A);
Tensor linalg_householder_product(const Tensor& A, const Tensor& tau);  // also orgqr
Tensor ormqr(const Tensor& A, const Tensor& tau, const Tensor& C, bool left = true, bool transpose = false);
// mode "reduced", "complete" or "r" (Q is an empty tensor then).
std::tuple<Tensor, Tensor> linalg_qr(const Tensor& A, std::string_view mode = "reduced");

// ---- symmetric eigendecomposition ----
// Eigenvalues ascending; eigenvectors are columns. UPLO "L" or "U" picks the triangle read.
std::tuple<Tensor, Tensor> linalg_eigh(const Tensor& A, std::string_view UPLO = "L");
Tensor linalg_eigvalsh(const Tensor& A, std::string_view UPLO = "L");
// symeig: eigenvectors is an empty tensor when not asked for.
std::tuple<Tensor, Tensor> symeig(const Tensor& A, bool eigenvectors = false, bool upper = true);

// ---- general eigendecomposition ----
// Real input; complex results (complex64 / complex128): eigenvalues [.., n] and eigenvectors as
// columns [.., n, n], each of unit norm, in geev's order.
std::tuple<Tensor, Tensor> linalg_eig(const Tensor& A);
Tensor linalg_eigvals(const Tensor& A);

// ---- SVD and what is built on it ----
// (U, S, Vh); driver must be None on CPU (PyTorch's rule). compute_uv=false gives empty U and Vh.
std::tuple<Tensor, Tensor, Tensor> _linalg_svd(const Tensor& A, bool full_matrices = false, bool compute_uv = true,
                                               std::optional<std::string_view> driver = std::nullopt,
                                               const char* api = "linalg.svd");
Tensor linalg_svdvals(const Tensor& A, std::optional<std::string_view> driver = std::nullopt);
// Legacy torch.svd: (U, S, V) with V = Vh^T; compute_uv=false gives zero-filled U and V.
std::tuple<Tensor, Tensor, Tensor> svd(const Tensor& A, bool some = true, bool compute_uv = true);
// Tolerances: undefined tensors stand for None; atol/rtol broadcast against the batch dims.
Tensor linalg_pinv(const Tensor& A, const Tensor& atol, const Tensor& rtol, bool hermitian = false);
Tensor linalg_matrix_rank(const Tensor& A, const Tensor& atol, const Tensor& rtol, bool hermitian = false);
// (solution, residuals, rank, singular_values); driver gels, gelsy (default), gelsd or gelss.
std::tuple<Tensor, Tensor, Tensor, Tensor> linalg_lstsq(const Tensor& A, const Tensor& B,
                                                        std::optional<double> rcond = std::nullopt,
                                                        std::optional<std::string_view> driver = std::nullopt);

// ---- norms and condition numbers ----
// An `ord` is a number (inf, -inf allowed) or, for matrices, "fro" / "nuc".
Tensor linalg_vector_norm(const Tensor& x, const Scalar& ord = 2, IntArrayRef dim = {}, bool keepdim = false,
                          std::optional<ScalarType> dtype = std::nullopt);
Tensor linalg_matrix_norm(const Tensor& A, const Scalar& ord, IntArrayRef dim, bool keepdim = false,
                          std::optional<ScalarType> dtype = std::nullopt);
Tensor linalg_matrix_norm(const Tensor& A, std::string_view ord, IntArrayRef dim, bool keepdim = false,
                          std::optional<ScalarType> dtype = std::nullopt);
// linalg.norm: dim/ord decide between a vector and a matrix norm. dim empty = None.
Tensor linalg_norm(const Tensor& A, const std::optional<Scalar>& ord, IntArrayRef dim, bool keepdim = false,
                   std::optional<ScalarType> dtype = std::nullopt);
Tensor linalg_norm(const Tensor& A, std::string_view ord, IntArrayRef dim, bool keepdim = false,
                   std::optional<ScalarType> dtype = std::nullopt);
Tensor linalg_cond(const Tensor& A, const std::optional<Scalar>& p = std::nullopt);
Tensor linalg_cond(const Tensor& A, std::string_view p);

// ---- products and functions of matrices ----
Tensor linalg_matrix_power(const Tensor& A, int64_t n);
Tensor linalg_matrix_exp(const Tensor& A);
Tensor linalg_multi_dot(const std::vector<Tensor>& tensors);
// Columns x^0, x^1, ..., x^(N-1) (N defaults to x.size(-1)); integer inputs give int64.
Tensor linalg_vander(const Tensor& x, std::optional<int64_t> N = std::nullopt);
Tensor linalg_vecdot(const Tensor& x, const Tensor& y, int64_t dim = -1);
Tensor linalg_tensorinv(const Tensor& A, int64_t ind = 2);
Tensor linalg_tensorsolve(const Tensor& A, const Tensor& B, std::optional<DimVector> dims = std::nullopt);

}  // namespace ember
