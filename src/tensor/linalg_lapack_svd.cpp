// Singular value decomposition through LAPACK's gesdd (PyTorch's CPU driver) and what is built
// on it: linalg.svd / svdvals / _linalg_svd, the legacy svd, linalg.pinv and linalg.matrix_rank
// (with PyTorch 1.13's atol/rtol rules).
#include <algorithm>
#include <vector>

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/linalg.h"
#include "ember/tensor/ops/linalg_decompositions.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/reduce.h"
#include "ember/tensor/ops/shape.h"
#include "tensor/linalg_lapack.h"
#include "tensor/linalg_lapack_complex.h"
#include "tensor/linalg_lapack_utils.h"

namespace ember {

using namespace lapack;

namespace {

// gesdd over the batch: a is a column-major copy (destroyed), S [.., k], U/Vh column-major.
void gesddBatch(const Tensor& a, const Tensor& S, const Tensor& U, const Tensor& Vh, char jobz, const char* api) {
  int64_t m = a.size(-2), n = a.size(-1), k = std::min(m, n), count = batchCount(a);
  Tensor infos = zeros(batchShape(a), kInt);
  bool uv = jobz != 'N';
  int64_t ucols = uv ? U.size(-1) : 0, vrows = uv ? Vh.size(-2) : 0;
  int ldu = toInt(std::max<int64_t>(1, m)), ldvt = toInt(std::max<int64_t>(1, vrows));
  dispatchFloatOrComplex(a.dtype(), [&](auto tag) {
    using T = decltype(tag);
    T* ap = elems<T>(a);
    RealOf<T>* sp = elems<RealOf<T>>(S);
    T* up = uv ? elems<T>(U) : nullptr;
    T* vp = uv ? elems<T>(Vh) : nullptr;
    T dummy = 0;
    int* info = infos.data_ptr<int>();
    std::vector<int> iwork(std::max<int64_t>(1, 8 * k));
    T query = 0;
    int qinfo = 0;
    gesdd(jobz, toInt(m), toInt(n), ap, toInt(m), sp, uv ? up : &dummy, ldu, uv ? vp : &dummy, ldvt, &query, -1,
          iwork.data(), &qinfo);
    std::vector<T> work(std::max<int64_t>(1, workSize(query)));
    for (int64_t b = 0; b < count; ++b)
      gesdd(jobz, toInt(m), toInt(n), ap + b * m * n, toInt(m), sp + b * k, uv ? up + b * m * ucols : &dummy, ldu,
            uv ? vp + b * vrows * n : &dummy, ldvt, work.data(), toInt(work.size()), iwork.data(), info + b);
  });
  checkInfos(infos, api, InfoKind::Svd);
}

// The default tolerances of pinv and matrix_rank: atol 0, rtol eps * max(m, n) unless atol > 0
// was given; both broadcast against the batch, then tol = max(atol, rtol * largest value).
Tensor tolerance(const Tensor& A, const Tensor& atol, const Tensor& rtol, const Tensor& smax) {
  ScalarType dt = realDtype(A.dtype());
  Tensor at = atol.defined() ? atol.to(dt) : zeros({}, TensorOptions(dt));
  Tensor rt;
  if (rtol.defined()) {
    rt = rtol.to(dt);
  } else {
    Tensor dflt = full({}, epsilonOf(dt) * static_cast<double>(std::max(A.size(-1), A.size(-2))), TensorOptions(dt));
    rt = atol.defined() ? where(at.gt(Scalar(0)), zeros({}, TensorOptions(dt)), dflt) : dflt;
  }
  return maximum(at.unsqueeze(-1), mul(rt.unsqueeze(-1), smax));
}

}  // namespace

std::tuple<Tensor, Tensor, Tensor> _linalg_svd(const Tensor& A, bool full_matrices, bool compute_uv,
                                               std::optional<std::string_view> driver, const char* api) {
  checkFloatingOrComplex(A, api);
  checkMatrix(A, api);
  EMBER_CHECK(!driver.has_value(),
              "torch.linalg.svd: keyword argument `driver=` is only supported on CUDA inputs with ",
              "cuSOLVER backend.");
  int64_t m = A.size(-2), n = A.size(-1), k = std::min(m, n);
  DimVector batch = batchShape(A);
  TensorOptions opts(A.dtype());
  Tensor S = empty(withTail(batch, {k}), TensorOptions(realDtype(A.dtype())));
  Tensor U = empty({0}, opts), Vh = empty({0}, opts);
  if (compute_uv) {
    U = emptyColumnMajor(withTail(batch, {m, full_matrices ? m : k}), A.dtype());
    Vh = emptyColumnMajor(withTail(batch, {full_matrices ? n : k, n}), A.dtype());
  }
  if (k == 0 || batchCount(A) == 0) {
    if (compute_uv) {
      // Nothing to decompose: the full bases are identities.
      U.zero_().diagonal(0, -2, -1).fill_(1);
      Vh.zero_().diagonal(0, -2, -1).fill_(1);
    }
    return {U, S, Vh};
  }
  Tensor a = columnMajorCopy(A);
  gesddBatch(a, S, U, Vh, compute_uv ? (full_matrices ? 'A' : 'S') : 'N', api);
  return {U, S, Vh};
}

Tensor linalg_svdvals(const Tensor& A, std::optional<std::string_view> driver) {
  return std::get<1>(_linalg_svd(A, false, false, driver, "linalg.svd"));
}

std::tuple<Tensor, Tensor, Tensor> svd(const Tensor& A, bool some, bool compute_uv) {
  checkFloatingOrComplex(A, "svd");
  checkMatrix(A, "svd");
  if (compute_uv) {
    auto [U, S, Vh] = _linalg_svd(A, !some, true, std::nullopt, "svd");
    return {U, S, conjTranspose(Vh)};
  }
  Tensor S = linalg_svdvals(A);
  DimVector batch = batchShape(A);
  TensorOptions opts(A.dtype());
  return {zeros(withTail(batch, {A.size(-2), A.size(-2)}), opts), S,
          zeros(withTail(batch, {A.size(-1), A.size(-1)}), opts)};
}

Tensor linalg_pinv(const Tensor& A, const Tensor& atol, const Tensor& rtol, bool hermitian) {
  checkFloatingOrComplex(A, "linalg.pinv");
  checkMatrix(A, "linalg.pinv");
  int64_t m = A.size(-2), n = A.size(-1);
  if (A.numel() == 0) return zeros(withTail(batchShape(A), {n, m}), TensorOptions(A.dtype()));
  if (hermitian) {
    auto [w, V] = linalg_eigh(A, "L");
    Tensor wabs = w.abs();
    Tensor tol = tolerance(A, atol, rtol, wabs.amax({-1}, true));
    Tensor winv = where(wabs.gt(tol), w.reciprocal(), zeros({}, TensorOptions(w.dtype())));
    return matmul(mul(V, winv.unsqueeze(-2).to(A.dtype())), conjTranspose(V));
  }
  auto [U, S, Vh] = _linalg_svd(A, false, true, std::nullopt, "linalg.pinv");
  Tensor tol = tolerance(A, atol, rtol, S.narrow(-1, 0, 1));
  Tensor sinv = where(S.gt(tol), S.reciprocal(), zeros({}, TensorOptions(S.dtype())));
  return matmul(mul(conjTranspose(Vh), sinv.unsqueeze(-2).to(A.dtype())), conjTranspose(U));
}

Tensor linalg_matrix_rank(const Tensor& A, const Tensor& atol, const Tensor& rtol, bool hermitian) {
  checkFloatingOrComplex(A, "linalg.matrix_rank");
  checkMatrix(A, "linalg.matrix_rank");
  if (A.numel() == 0) return zeros(batchShape(A), TensorOptions(kLong));
  Tensor S = hermitian ? linalg_eigvalsh(A, "L").abs() : linalg_svdvals(A);
  Tensor tol = tolerance(A, atol, rtol, S.amax({-1}, true));
  return S.gt(tol).sum({-1}, false, kLong);
}

}  // namespace ember
