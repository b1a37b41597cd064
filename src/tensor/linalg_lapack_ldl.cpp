// LDLᵀ factorization of symmetric matrices through LAPACK's sytrf/sytrs (Bunch-Kaufman
// pivoting, lower triangle, as PyTorch 1.13 calls them): linalg.ldl_factor(_ex), linalg.ldl_solve.
// LD holds L (unit diagonal implied) and the 1x1/2x2 blocks of D, its upper triangle zeroed;
// pivots are LAPACK's (negative entries mark 2x2 blocks). For real inputs `hermitian` changes nothing;
// complex ones use hetrf/hetrs when it is set, the complex symmetric sytrf/sytrs otherwise.
#include <algorithm>
#include <cstdlib>
#include <type_traits>
#include <vector>

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/linalg_decompositions.h"
#include "ember/tensor/ops/shape.h"
#include "tensor/linalg_lapack.h"
#include "tensor/linalg_lapack_complex.h"
#include "tensor/linalg_lapack_utils.h"

namespace ember {

using namespace lapack;

namespace {

template <typename T>
void ldlFactor(bool hermitian, int n, T* a, int* p, T* work, int lwork, int* info) {
  if constexpr (std::is_same_v<T, RealOf<T>>) sytrf('L', n, a, n, p, work, lwork, info);
  else sytrf(hermitian, 'L', n, a, n, p, work, lwork, info);
}

template <typename T>
void ldlSolve(bool hermitian, int n, int nrhs, const T* a, const int* p, T* x, int* info) {
  if constexpr (std::is_same_v<T, RealOf<T>>) sytrs('L', n, nrhs, a, n, p, x, n, info);
  else sytrs(hermitian, 'L', n, nrhs, a, n, p, x, n, info);
}

}  // namespace

std::tuple<Tensor, Tensor, Tensor> linalg_ldl_factor_ex(const Tensor& A, bool hermitian, bool check_errors) {
  const char* api = "torch.linalg.ldl_factor_ex";
  checkFloatingOrComplex(A, api);
  checkSquare(A, api);
  int64_t n = A.size(-1), count = batchCount(A);
  DimVector batch = batchShape(A);
  Tensor LD = columnMajorCopy(A);
  Tensor pivots = empty(withTail(batch, {n}), kInt);
  Tensor infos = zeros(batch, kInt);
  if (n > 0 && count > 0) {
    dispatchFloatOrComplex(A.dtype(), [&](auto tag) {
      using T = decltype(tag);
      T* a = elems<T>(LD);
      int* p = pivots.data_ptr<int>();
      int* info = infos.data_ptr<int>();
      T query = 0;
      int qinfo = 0;
      ldlFactor(hermitian, toInt(n), a, p, &query, -1, &qinfo);
      std::vector<T> work(std::max<int64_t>(1, workSize(query)));
      for (int64_t b = 0; b < count; ++b)
        ldlFactor(hermitian, toInt(n), a + b * n * n, p + b * n, work.data(), toInt(work.size()), info + b);
    });
  }
  LD.tril_();
  if (check_errors) checkInfos(infos, api, InfoKind::Ldl);
  return {LD, pivots, infos};
}

std::tuple<Tensor, Tensor> linalg_ldl_factor(const Tensor& A, bool hermitian) {
  auto [LD, pivots, infos] = linalg_ldl_factor_ex(A, hermitian, false);
  checkInfos(infos, "torch.linalg.ldl_factor", InfoKind::Ldl);
  return {LD, pivots};
}

Tensor linalg_ldl_solve(const Tensor& LD, const Tensor& pivots, const Tensor& B, bool hermitian) {
  const char* api = "torch.linalg.ldl_solve";
  checkFloatingOrComplex(LD, api);
  checkSquare(LD, api);
  EMBER_CHECK(B.dim() >= 2, api, ": Expected B to have at least 2 dimensions, but it has ", B.dim(),
              " dimensions instead");
  checkSameDtype(LD, B, api);
  int64_t n = LD.size(-1);
  EMBER_CHECK(pivots.dtype() == kInt, api, ": Expected pivots to be integers. Got ", pivots.dtype());
  EMBER_CHECK(pivots.dim() == LD.dim() - 1 && pivots.size(-1) == n, api,
              ": Expected LD.shape[:-1] and pivots.shape to be the same");
  EMBER_CHECK(B.size(-2) == n, api, ": Incompatible shapes of A and B for the equation AX = B (", n, "x", n, " and ",
              B.size(-2), "x", B.size(-1), ")");
  auto [LDb, X] = broadcastBatch(LD, B);
  DimVector batch = batchShape(X);
  Tensor piv = pivots.expand(withTail(batch, {n})).contiguous();
  const int* pp = piv.numel() ? piv.data_ptr<int>() : nullptr;
  for (int64_t i = 0; i < piv.numel(); ++i)
    EMBER_CHECK(pp[i] != 0 && std::abs(pp[i]) <= n, api, ": pivot ", pp[i], " is out of range for ", n, "x", n,
                " matrices. Did you properly pass the result of ldl_factor?");
  Tensor ld = columnMajorCopy(LDb);
  Tensor x = columnMajorCopy(X);
  int64_t nrhs = x.size(-1), count = batchCount(x);
  if (n == 0 || nrhs == 0 || count == 0) return x;
  dispatchFloatOrComplex(x.dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* a = elems<T>(ld);
    T* xp = elems<T>(x);
    int info = 0;
    for (int64_t b = 0; b < count; ++b)
      ldlSolve(hermitian, toInt(n), toInt(nrhs), a + b * n * n, pp + b * n, xp + b * n * nrhs, &info);
  });
  return x;
}

}  // namespace ember
