// Cholesky family (potrf/potrs/potri) and triangular solves (BLAS trsm): linalg.cholesky(_ex),
// cholesky, cholesky_solve, cholesky_inverse, triangular_solve, linalg.solve_triangular.
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/linalg_decompositions.h"
#include "ember/tensor/ops/shape.h"
#include "tensor/linalg_lapack.h"
#include "tensor/linalg_lapack_complex.h"
#include "tensor/linalg_lapack_utils.h"

namespace ember {

using namespace lapack;

namespace {

// Factors a column-major copy of A; the other triangle is zeroed as PyTorch returns it.
std::tuple<Tensor, Tensor> choleskyFactor(const Tensor& A, bool upper) {
  int64_t n = A.size(-1), count = batchCount(A);
  Tensor L = columnMajorCopy(A);
  Tensor infos = zeros(batchShape(A), kInt);
  if (n > 0) {
    dispatchFloatOrComplex(A.dtype(), [&](auto tag) {
      using T = decltype(tag);
      T* a = elems<T>(L);
      int* info = infos.data_ptr<int>();
      for (int64_t b = 0; b < count; ++b) potrf(upper ? 'U' : 'L', toInt(n), a + b * n * n, toInt(n), info + b);
    });
  }
  if (upper) {
    L.triu_();
  } else {
    L.tril_();
  }
  return {L, infos};
}

// Solves op(A) X = B (left) or X op(A) = B (right) for triangular A, batch dims broadcast.
Tensor triangularSolve(const Tensor& A, const Tensor& B, bool upper, bool left, bool transpose, bool unitriangular) {
  auto [Ab, Bb] = broadcastBatch(A, B);
  Tensor a = columnMajorCopy(Ab);
  Tensor x = columnMajorCopy(Bb);
  int64_t m = x.size(-2), n = x.size(-1), k = a.size(-1), count = batchCount(x);
  if (m == 0 || n == 0 || count == 0) return x;
  dispatchFloatOrComplex(x.dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* ap = elems<T>(a);
    T* xp = elems<T>(x);
    for (int64_t b = 0; b < count; ++b)
      trsm(left ? 'L' : 'R', upper ? 'U' : 'L', transpose ? 'T' : 'N', unitriangular ? 'U' : 'N', toInt(m), toInt(n),
           ap + b * k * k, toInt(k), xp + b * m * n, toInt(m));
  });
  return x;
}

}  // namespace

std::tuple<Tensor, Tensor> linalg_cholesky_ex(const Tensor& A, bool upper, bool check_errors) {
  checkFloatingOrComplex(A, "linalg.cholesky");
  checkSquare(A, "linalg.cholesky");
  auto r = choleskyFactor(A, upper);
  if (check_errors) checkInfos(std::get<1>(r), "linalg.cholesky_ex", InfoKind::Cholesky);
  return r;
}

Tensor linalg_cholesky(const Tensor& A, bool upper) {
  checkFloatingOrComplex(A, "linalg.cholesky");
  checkSquare(A, "linalg.cholesky");
  auto [L, infos] = choleskyFactor(A, upper);
  checkInfos(infos, "linalg.cholesky", InfoKind::Cholesky);
  return L;
}

Tensor cholesky(const Tensor& A, bool upper) {
  checkFloatingOrComplex(A, "cholesky");
  checkSquare(A, "cholesky");
  auto [L, infos] = choleskyFactor(A, upper);
  checkInfos(infos, "cholesky", InfoKind::Cholesky);
  return L;
}

Tensor cholesky_solve(const Tensor& B, const Tensor& L, bool upper) {
  EMBER_CHECK(B.dim() >= 2, "b should have at least 2 dimensions, but has ", B.dim(), " dimensions instead");
  EMBER_CHECK(L.dim() >= 2, "u should have at least 2 dimensions, but has ", L.dim(), " dimensions instead");
  checkFloatingOrComplex(L, "cholesky_solve");
  checkSquare(L, "cholesky_solve");
  EMBER_CHECK(B.dtype() == L.dtype(), "Expected b and A to have the same dtype, but found b of type ", B.dtype(),
              " and A of type ", L.dtype(), " instead.");
  EMBER_CHECK(B.size(-2) == L.size(-1), "Incompatible matrix sizes for cholesky_solve: each A matrix is ", L.size(-1),
              " by ", L.size(-1), " but each b matrix is ", B.size(-2), " by ", B.size(-1));
  auto [Lb, Bb] = broadcastBatch(L, B);
  Tensor l = columnMajorCopy(Lb);
  Tensor x = columnMajorCopy(Bb);
  int64_t n = l.size(-1), nrhs = x.size(-1), count = batchCount(x);
  if (n == 0 || nrhs == 0 || count == 0) return x;
  dispatchFloatOrComplex(x.dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* lp = elems<T>(l);
    T* xp = elems<T>(x);
    int info = 0;
    for (int64_t b = 0; b < count; ++b)
      potrs(upper ? 'U' : 'L', toInt(n), toInt(nrhs), lp + b * n * n, toInt(n), xp + b * n * nrhs, toInt(n), &info);
  });
  return x;
}

Tensor cholesky_inverse(const Tensor& L, bool upper) {
  checkFloatingOrComplex(L, "cholesky_inverse");
  checkSquare(L, "cholesky_inverse");
  Tensor r = columnMajorCopy(L);
  int64_t n = r.size(-1), count = batchCount(r);
  if (n > 0) {
    dispatchFloatOrComplex(r.dtype(), [&](auto tag) {
      using T = decltype(tag);
      T* a = elems<T>(r);
      for (int64_t b = 0; b < count; ++b) {
        T* m = a + b * n * n;
        int info = 0;
        potri(upper ? 'U' : 'L', toInt(n), m, toInt(n), &info);
        // potri fills one triangle of the Hermitian inverse; mirror it conjugated (column-major:
        // m[i + j*n]).
        for (int64_t j = 0; j < n; ++j)
          for (int64_t i = j + 1; i < n; ++i) {
            if (upper) {
              m[i + j * n] = conjIfComplex(m[j + i * n]);
            } else {
              m[j + i * n] = conjIfComplex(m[i + j * n]);
            }
          }
      }
    });
  }
  return r;
}

std::tuple<Tensor, Tensor> triangular_solve(const Tensor& B, const Tensor& A, bool upper, bool transpose,
                                            bool unitriangular) {
  EMBER_CHECK(B.dim() >= 2, "torch.triangular_solve: Expected b to have at least 2 dimensions, but it has ", B.dim(),
              " dimensions instead");
  EMBER_CHECK(A.dim() >= 2, "torch.triangular_solve: Expected A to have at least 2 dimensions, but it has ", A.dim(),
              " dimensions instead");
  checkFloatingOrComplex(A, "torch.triangular_solve");
  checkSquare(A, "torch.triangular_solve");
  EMBER_CHECK(A.dtype() == B.dtype(),
              "torch.triangular_solve: Expected b and A to have the same dtype, but found b of type ", B.dtype(),
              " and A of type ", A.dtype(), " instead.");
  EMBER_CHECK(B.size(-2) == A.size(-1), "torch.triangular_solve: Incompatible matrix sizes for ",
              "triangular_solve: each A matrix is ", A.size(-1), " by ", A.size(-1), " but each b matrix is ",
              B.size(-2), " by ", B.size(-1));
  auto [Ab, Bb] = broadcastBatch(A, B);
  Tensor x = triangularSolve(Ab, Bb, upper, true, transpose, unitriangular);
  return {x, columnMajorCopy(Ab)};
}

Tensor linalg_solve_triangular(const Tensor& A, const Tensor& B, bool upper, bool left, bool unitriangular) {
  checkFloatingOrComplex(A, "linalg.solve_triangular");
  checkSquare(A, "linalg.solve_triangular");
  EMBER_CHECK(B.dim() >= 2, "linalg.solve_triangular: The input tensor B must have at least 2 dimensions.");
  checkSameDtype(A, B, "linalg.solve_triangular");
  int64_t n = A.size(-1);
  EMBER_CHECK(left ? B.size(-2) == n : B.size(-1) == n,
              "linalg.solve_triangular: Incompatible shapes of A and B for the equation ", left ? "AX = B" : "XA = B",
              " (", n, "x", n, " and ", B.size(-2), "x", B.size(-1), ")");
  return triangularSolve(A, B, upper, left, false, unitriangular);
}

}  // namespace ember
