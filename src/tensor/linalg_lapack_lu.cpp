// LU family through LAPACK's getrf/getrs: lu_factor(_ex), lu, lu_unpack, lu_solve, determinants,
// inverse and solve. PyTorch 1.13 builds all of these on the same LU factorization, and so does
// ember, so results match PyTorch's to rounding.
#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/linalg_decompositions.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/ops/unary.h"
#include "tensor/linalg_lapack.h"
#include "tensor/linalg_lapack_complex.h"
#include "tensor/linalg_lapack_utils.h"

namespace ember {

using namespace lapack;

namespace {

// (LU, pivots, infos) of a column-major copy of A.
std::tuple<Tensor, Tensor, Tensor> luFactor(const Tensor& A) {
  int64_t m = A.size(-2), n = A.size(-1), k = std::min(m, n);
  DimVector batch = batchShape(A);
  Tensor LU = columnMajorCopy(A);
  Tensor pivots = empty(withTail(batch, {k}), kInt);
  Tensor infos = zeros(batch, kInt);
  if (k == 0) return {LU, pivots, infos};
  int64_t count = batchCount(A);
  dispatchFloatOrComplex(A.dtype(), [&](auto tag) {
    using T = decltype(tag);
    T* a = elems<T>(LU);
    int* p = pivots.data_ptr<int>();
    int* info = infos.data_ptr<int>();
    for (int64_t b = 0; b < count; ++b)
      getrf(toInt(m), toInt(n), a + b * m * n, toInt(std::max<int64_t>(m, 1)), p + b * k, info + b);
  });
  return {LU, pivots, infos};
}

// Solves op(A) X = B in place for every matrix of the batch, with LU/pivots of A (same batch as
// B, LU column-major, pivots contiguous) and B a column-major copy.
void luSolveInPlace(const Tensor& LU, const Tensor& pivots, const Tensor& B, char trans) {
  int64_t n = LU.size(-1), nrhs = B.size(-1), count = batchCount(B);
  if (n == 0 || nrhs == 0 || count == 0) return;
  dispatchFloatOrComplex(B.dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* a = elems<T>(LU);
    const int* p = pivots.data_ptr<int>();
    T* x = elems<T>(B);
    int info = 0;
    for (int64_t b = 0; b < count; ++b)
      getrs(trans, toInt(n), toInt(nrhs), a + b * n * n, toInt(n), p + b * n, x + b * n * nrhs, toInt(n), &info);
  });
}

// A's LU and pivots laid out for luSolveInPlace over `batch`.
// Pivots from the user index rows of LU: out-of-range ones would make getrs read out of bounds.
std::pair<Tensor, Tensor> luForBatch(const Tensor& LU, const Tensor& pivots, IntArrayRef batch) {
  int64_t n = LU.size(-1);
  Tensor piv = pivots.expand(withTail(batch, {n})).contiguous();
  const int* p = piv.numel() ? piv.data_ptr<int>() : nullptr;
  for (int64_t i = 0; i < piv.numel(); ++i) {
    EMBER_CHECK(p[i] >= 1, "Pivots given to lu_solve must all be greater or equal to 1. Did you properly pass the ",
                "result of lu_factor?");
    EMBER_CHECK(p[i] <= n, "Pivots given to lu_solve must all be smaller or equal to LU.size(-2). Did you properly ",
                "pass the result of lu_factor?");
  }
  return {columnMajorCopy(LU.expand(withTail(batch, {n, n}))), piv};
}

void checkPivots(const Tensor& LU, const Tensor& pivots, const char* api) {
  EMBER_CHECK(pivots.dtype() == kInt, api, ": pivots should be a Tensor of scalar type Int");
  EMBER_CHECK(pivots.dim() == LU.dim() - 1 && pivots.size(-1) == std::min(LU.size(-2), LU.size(-1)), api,
              ": Expected LU and pivots to have compatible shapes");
  for (int64_t d = 0; d + 2 < LU.dim(); ++d)
    EMBER_CHECK(pivots.size(d) == LU.size(d), api, ": Expected LU and pivots to have the same batch dimensions");
}

// The matrix PyTorch factors for det, slogdet and solve: A^T when A is contiguous (row-major A is
// column-major A^T, so LAPACK reads it without a copy). Returning the same LU keeps ember's LU
// outputs equal to PyTorch's; det(A^T) = det(A) and solves switch to the transposed system.
Tensor factorOperand(const Tensor& A) { return A.is_contiguous() ? A.mT() : A; }

// Sign of the permutation that pivots encode (+1 or -1).
template <typename T>
T pivotSign(const int* p, int64_t k) {
  T s = 1;
  for (int64_t i = 0; i < k; ++i)
    if (p[i] != i + 1) s = -s;
  return s;
}

}  // namespace

// ---- factorization ----

std::tuple<Tensor, Tensor, Tensor> linalg_lu_factor_ex(const Tensor& A, bool pivot, bool check_errors) {
  checkFloatingOrComplex(A, "torch.linalg.lu_factor_ex");
  checkMatrix(A, "torch.linalg.lu_factor_ex");
  EMBER_CHECK(pivot, "linalg.lu_factor: LU without pivoting is not implemented on the CPU");
  auto r = luFactor(A);
  if (check_errors) checkInfos(std::get<2>(r), "torch.linalg.lu_factor_ex", InfoKind::LuFactor);
  return r;
}

std::tuple<Tensor, Tensor> linalg_lu_factor(const Tensor& A, bool pivot) {
  checkFloatingOrComplex(A, "torch.linalg.lu_factor");
  checkMatrix(A, "torch.linalg.lu_factor");
  EMBER_CHECK(pivot, "linalg.lu_factor: LU without pivoting is not implemented on the CPU");
  auto [LU, pivots, infos] = luFactor(A);
  checkInfos(infos, "torch.linalg.lu_factor", InfoKind::LuFactor);
  return {LU, pivots};
}

std::tuple<Tensor, Tensor, Tensor> _lu_with_info(const Tensor& A, bool pivot, bool check_errors) {
  return linalg_lu_factor_ex(A, pivot, check_errors);
}

std::tuple<Tensor, Tensor, Tensor> lu_unpack(const Tensor& LU, const Tensor& pivots, bool unpack_data,
                                             bool unpack_pivots) {
  checkFloatingOrComplex(LU, "torch.lu_unpack");
  checkMatrix(LU, "torch.lu_unpack");
  int64_t m = LU.size(-2), n = LU.size(-1), k = std::min(m, n);
  Tensor L = empty({0}, TensorOptions(LU.dtype())), U = empty({0}, TensorOptions(LU.dtype()));
  Tensor P = empty({0}, TensorOptions(LU.dtype()));
  if (unpack_data) {
    L = LU.narrow(-1, 0, k).tril(-1);
    L.diagonal(0, -2, -1).fill_(1);
    U = LU.narrow(-2, 0, k).triu();
  }
  if (!unpack_pivots) return {P, L, U};
  checkPivots(LU, pivots, "lu_unpack");
  DimVector batch = batchShape(LU);
  P = zeros(withTail(batch, {m, m}), TensorOptions(LU.dtype()));
  Tensor piv = pivots.contiguous();
  const int* p = piv.data_ptr<int>();
  int64_t count = batchCount(LU);
  std::vector<int64_t> perm(m);
  dispatchFloatOrComplex(LU.dtype(), [&](auto tag) {
    using T = decltype(tag);
    T* out = elems<T>(P);
    for (int64_t b = 0; b < count; ++b) {
      for (int64_t i = 0; i < m; ++i) perm[i] = i;
      for (int64_t i = 0; i < k; ++i) {
        int64_t j = p[b * k + i] - 1;
        EMBER_CHECK(j >= 0 && j < m, "pivots passed to lu_unpack must be between 1 and LU.size(-2) inclusive.",
                    "Did you properly pass the result of lu_factor?");
        std::swap(perm[i], perm[j]);
      }
      // A = P L U: row perm[j] of A is row j of L U.
      for (int64_t j = 0; j < m; ++j) out[b * m * m + perm[j] * m + j] = 1;
    }
  });
  return {P, L, U};
}

std::tuple<Tensor, Tensor, Tensor> linalg_lu(const Tensor& A, bool pivot) {
  checkFloatingOrComplex(A, "linalg.lu");
  checkMatrix(A, "linalg.lu");
  EMBER_CHECK(pivot, "linalg.lu: LU without pivoting is not implemented on the CPU");
  auto [LU, pivots, infos] = luFactor(A);
  return lu_unpack(LU, pivots, true, true);
}

// ---- solves with a factorization ----

Tensor linalg_lu_solve(const Tensor& LU, const Tensor& pivots, const Tensor& B, bool left, bool adjoint) {
  checkFloatingOrComplex(LU, "linalg.lu_solve");
  checkSquare(LU, "linalg.lu_solve");
  checkMatrix(B, "linalg.lu_solve");
  checkSameDtype(LU, B, "linalg.lu_solve");
  checkPivots(LU, pivots, "linalg.lu_solve");
  int64_t n = LU.size(-1);
  // X A = B is A^H X^H = B^H (A^T X^T = B^T for real dtypes).
  Tensor rhs = left ? B : conjTranspose(B);
  EMBER_CHECK(rhs.size(-2) == n, "linalg.lu_solve: Incompatible shapes of A and B for the equation ",
              left ? "AX = B" : "XA = B", " (", n, "x", n, " and ", B.size(-2), "x", B.size(-1), ")");
  // A^H is what op(A) applies in the adjoint problem, so the flag flips with left ('C' is 'T' for
  // real dtypes).
  char trans = (adjoint != !left) ? 'C' : 'N';
  Tensor X = broadcastBatch(LU, rhs).second;
  auto [luPacked, piv] = luForBatch(LU, pivots, batchShape(X));
  Tensor result = columnMajorCopy(X);
  luSolveInPlace(luPacked, piv, result, trans);
  return left ? result : conjTranspose(result);
}

Tensor lu_solve(const Tensor& B, const Tensor& LU, const Tensor& pivots) { return linalg_lu_solve(LU, pivots, B); }

// ---- determinants ----

std::tuple<Tensor, Tensor, Tensor> _linalg_det(const Tensor& A) {
  checkFloatingOrComplex(A, "linalg.det");
  checkSquare(A, "linalg.det");
  auto [LU, pivots, infos] = luFactor(factorOperand(A));
  int64_t n = A.size(-1), count = batchCount(A);
  Tensor det = empty(batchShape(A), TensorOptions(A.dtype()));
  dispatchFloatOrComplex(A.dtype(), [&](auto tag) {
    using T = decltype(tag);
    T* out = elems<T>(det);
    for (int64_t b = 0; b < count; ++b) {
      const T* a = n ? elems<T>(LU) + b * n * n : nullptr;
      T d = n ? pivotSign<T>(pivots.data_ptr<int>() + b * n, n) : T(1);
      for (int64_t i = 0; i < n; ++i) d *= a[i * n + i];
      out[b] = d;
    }
  });
  return {det, LU, pivots};
}

Tensor linalg_det(const Tensor& A) { return std::get<0>(_linalg_det(A)); }

std::tuple<Tensor, Tensor, Tensor, Tensor> _linalg_slogdet(const Tensor& A) {
  checkFloatingOrComplex(A, "linalg.slogdet");
  checkSquare(A, "linalg.slogdet");
  auto [LU, pivots, infos] = luFactor(factorOperand(A));
  int64_t n = A.size(-1), count = batchCount(A);
  Tensor sign = empty(batchShape(A), TensorOptions(A.dtype()));
  Tensor logabs = empty(batchShape(A), TensorOptions(realDtype(A.dtype())));
  dispatchFloatOrComplex(A.dtype(), [&](auto tag) {
    using T = decltype(tag);
    using R = RealOf<T>;
    T* s = elems<T>(sign);
    R* l = elems<R>(logabs);
    for (int64_t b = 0; b < count; ++b) {
      const T* a = n ? elems<T>(LU) + b * n * n : nullptr;
      T sg = n ? pivotSign<T>(pivots.data_ptr<int>() + b * n, n) : T(1);
      R sum = 0;
      for (int64_t i = 0; i < n; ++i) {
        T d = a[i * n + i];
        const R ad = std::abs(d);
        // The sign of a complex number is its phase d / |d|.
        if constexpr (std::is_same_v<T, R>) sg *= d > 0 ? T(1) : (d < 0 ? T(-1) : T(0));
        else sg *= ad == R(0) ? T(0) : d / ad;
        sum += std::log(ad);
      }
      s[b] = sg;
      l[b] = sum;
    }
  });
  return {sign, logabs, LU, pivots};
}

std::tuple<Tensor, Tensor> linalg_slogdet(const Tensor& A) {
  auto r = _linalg_slogdet(A);
  return {std::get<0>(r), std::get<1>(r)};
}

Tensor logdet(const Tensor& A) {
  auto [sign, logabs, LU, pivots] = _linalg_slogdet(A);
  if (A.is_complex()) return add(ember::log(sign), logabs);
  return where(sign.lt(Scalar(0)), Scalar(std::numeric_limits<double>::quiet_NaN()), logabs);
}

// ---- inverse and solve ----

std::tuple<Tensor, Tensor> linalg_inv_ex(const Tensor& A, bool check_errors) {
  checkFloatingOrComplex(A, "linalg.inv");
  checkSquare(A, "linalg.inv");
  // PyTorch solves A X = I, and so does ember, to round the same way.
  int64_t n = A.size(-1);
  Tensor eye = zeros({n, n}, TensorOptions(A.dtype()));
  eye.diagonal().fill_(1);
  // Expanded to A's shape so that an [n, n] identity is never read as a batch of vectors.
  auto [result, LU, pivots, infos] = _linalg_solve_ex(A, eye.expand(A.sizes()), true, false);
  if (check_errors) checkInfos(infos, "linalg.inv_ex", InfoKind::Inverse);
  return {result, infos};
}

Tensor linalg_inv(const Tensor& A) {
  auto [result, infos] = linalg_inv_ex(A);
  checkInfos(infos, "linalg.inv", InfoKind::Inverse);
  return result;
}

std::tuple<Tensor, Tensor, Tensor, Tensor> _linalg_solve_ex(const Tensor& A, const Tensor& B, bool left,
                                                            bool check_errors) {
  checkFloatingOrComplex(A, "linalg.solve");
  checkSquare(A, "linalg.solve");
  checkSameDtype(A, B, "linalg.solve");
  IntArrayRef as = A.sizes();
  bool vectorCase = B.dim() == 1 || (B.dim() == A.dim() - 1 && B.sizes() == IntArrayRef(as.begin(), as.size() - 1));
  Tensor B2 = vectorCase ? (left ? B.unsqueeze(-1) : B.unsqueeze(-2)) : B;
  int64_t n = A.size(-1);
  Tensor rhs = left ? B2 : B2.mT();
  EMBER_CHECK(rhs.size(-2) == n, "linalg.solve: Incompatible shapes of A and B for the equation ",
              left ? "AX = B" : "XA = B", " (", n, "x", n, " and ", B2.size(-2), "x", B2.size(-1), ")");
  // LU, pivots and infos keep A's own batch; the solve runs over the broadcast one. With the
  // factors of A^T, A X = B is solved as (A^T)^T X = B.
  Tensor X = broadcastBatch(A, rhs).second;
  bool transposed = A.is_contiguous();
  auto [LU, pivots, infos] = luFactor(factorOperand(A));
  auto [luPacked, piv] = luForBatch(LU, pivots, batchShape(X));
  Tensor result = columnMajorCopy(X);
  luSolveInPlace(luPacked, piv, result, left == transposed ? 'T' : 'N');
  if (check_errors) checkInfos(infos, "torch.linalg.solve_ex", InfoKind::Solve);
  if (!left) result = result.mT();
  if (vectorCase) result = result.squeeze(left ? -1 : -2);
  return {result, LU, pivots, infos};
}

Tensor linalg_solve(const Tensor& A, const Tensor& B, bool left) {
  auto r = _linalg_solve_ex(A, B, left, false);
  checkInfos(std::get<3>(r), "torch.linalg.solve", InfoKind::Solve);
  return std::get<0>(r);
}

}  // namespace ember
