// QR family: geqrf, linalg.householder_product (orgqr), ormqr and linalg.qr / qr, through
// LAPACK's geqrf/orgqr/ormqr (workspace sizes from LAPACK's own query).
#include <algorithm>
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

// Overwrites the column-major batch `a` [.., m, n] with its Householder form; returns tau.
Tensor geqrfInPlace(const Tensor& a) {
  int64_t m = a.size(-2), n = a.size(-1), k = std::min(m, n), count = batchCount(a);
  Tensor tau = empty(withTail(batchShape(a), {k}), TensorOptions(a.dtype()));
  if (k == 0 || count == 0) return tau;
  dispatchFloatOrComplex(a.dtype(), [&](auto tag) {
    using T = decltype(tag);
    T* ap = elems<T>(a);
    T* tp = elems<T>(tau);
    int info = 0;
    T query = 0;
    geqrf(toInt(m), toInt(n), ap, toInt(m), tp, &query, -1, &info);
    std::vector<T> work(std::max<int64_t>(1, workSize(query)));
    for (int64_t b = 0; b < count; ++b)
      geqrf(toInt(m), toInt(n), ap + b * m * n, toInt(m), tp + b * k, work.data(), toInt(work.size()), &info);
  });
  return tau;
}

// Overwrites the column-major batch `q` [.., m, n] (reflectors in its first k columns) with the
// first n columns of the product of the k reflectors tau describes (tau contiguous [.., k]).
void orgqrInPlace(const Tensor& q, const Tensor& tau, int64_t k) {
  int64_t m = q.size(-2), n = q.size(-1), count = batchCount(q);
  if (n == 0 || m == 0 || count == 0) return;
  dispatchFloatOrComplex(q.dtype(), [&](auto tag) {
    using T = decltype(tag);
    T* qp = elems<T>(q);
    const T* tp = k ? elems<T>(tau) : nullptr;
    int info = 0;
    T query = 0;
    orgqr(toInt(m), toInt(n), toInt(k), qp, toInt(m), tp, &query, -1, &info);
    std::vector<T> work(std::max<int64_t>(1, workSize(query)));
    for (int64_t b = 0; b < count; ++b)
      orgqr(toInt(m), toInt(n), toInt(k), qp + b * m * n, toInt(m), tp ? tp + b * k : nullptr, work.data(),
            toInt(work.size()), &info);
  });
}

void checkTau(const Tensor& A, const Tensor& tau, const char* api) {
  EMBER_CHECK(tau.dim() == A.dim() - 1, api, ": input.dim() must be greater than or equal to 2 and tau.dim() must ",
              "be input.dim() - 1");
  for (int64_t d = 0; d + 2 < A.dim(); ++d)
    EMBER_CHECK(tau.size(d) == A.size(d), api, ": Expected batch dimensions of tau to be equal to input.shape[:-2]");
  EMBER_CHECK(tau.dtype() == A.dtype(), api, ": tau dtype ", tau.dtype(), " does not match input dtype ", A.dtype());
}

}  // namespace

std::tuple<Tensor, Tensor> geqrf(const Tensor& A) {
  checkFloatingOrComplex(A, "geqrf");
  checkMatrix(A, "geqrf");
  Tensor a = columnMajorCopy(A);
  Tensor tau = geqrfInPlace(a);
  return {a, tau};
}

Tensor linalg_householder_product(const Tensor& A, const Tensor& tau) {
  const char* api = "torch.linalg.householder_product";
  checkFloatingOrComplex(A, api);
  EMBER_CHECK(A.dim() >= 2, api, ": input must have at least 2 dimensions.");
  EMBER_CHECK(A.size(-2) >= A.size(-1), api, ": input.shape[-2] must be greater than or equal to input.shape[-1]");
  EMBER_CHECK(tau.dim() >= 1 && A.size(-1) >= tau.size(-1), api,
              ": input.shape[-1] must be greater than or equal to tau.shape[-1]");
  checkTau(A, tau, api);
  Tensor q = columnMajorCopy(A);
  orgqrInPlace(q, tau.contiguous(), tau.size(-1));
  return q;
}

Tensor ormqr(const Tensor& A, const Tensor& tau, const Tensor& C, bool left, bool transpose) {
  const char* api = "torch.ormqr";
  checkFloatingOrComplex(A, api);
  EMBER_CHECK(A.dim() >= 2, api, ": input must have at least 2 dimensions.");
  EMBER_CHECK(C.dim() >= 2, api, ": other must have at least 2 dimensions.");
  checkTau(A, tau, api);
  EMBER_CHECK(C.dtype() == A.dtype(), api, ": other dtype ", C.dtype(), " does not match input dtype ", A.dtype());
  EMBER_CHECK(C.dim() == A.dim(), api, ": input.dim() must be equal to other.dim()");
  int64_t m = C.size(-2), n = C.size(-1), k = tau.size(-1), rows = A.size(-2);
  int64_t side = left ? m : n;
  EMBER_CHECK(rows == side, api, ": input.shape[-2] must be equal to other.shape[", left ? -2 : -1, "]");
  EMBER_CHECK(k <= side, api, ": tau.shape[-1] must be less than or equal to other.shape[", left ? -2 : -1, "]");
  EMBER_CHECK(k <= A.size(-1), api, ": tau.shape[-1] must be less than or equal to input.shape[-1]");
  for (int64_t d = 0; d + 2 < A.dim(); ++d)
    EMBER_CHECK(C.size(d) == A.size(d), api, ": Expected batch dimensions of other to be equal to input.shape[:-2]");
  Tensor a = columnMajorCopy(A);
  Tensor t = tau.contiguous();
  Tensor c = columnMajorCopy(C);
  int64_t count = batchCount(c), acols = A.size(-1);
  if (m == 0 || n == 0 || k == 0 || count == 0) return c;
  dispatchFloatOrComplex(c.dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* ap = elems<T>(a);
    const T* tp = elems<T>(t);
    T* cp = elems<T>(c);
    char s = left ? 'L' : 'R', tr = transpose ? 'T' : 'N';
    int info = 0;
    T query = 0;
    lapack::ormqr(s, tr, toInt(m), toInt(n), toInt(k), ap, toInt(rows), tp, cp, toInt(m), &query, -1, &info);
    std::vector<T> work(std::max<int64_t>(1, workSize(query)));
    for (int64_t b = 0; b < count; ++b)
      lapack::ormqr(s, tr, toInt(m), toInt(n), toInt(k), ap + b * rows * acols, toInt(rows), tp + b * k, cp + b * m * n,
                    toInt(m), work.data(), toInt(work.size()), &info);
  });
  return c;
}

std::tuple<Tensor, Tensor> linalg_qr(const Tensor& A, std::string_view mode) {
  checkFloatingOrComplex(A, "linalg.qr");
  checkMatrix(A, "linalg.qr");
  EMBER_CHECK(mode == "reduced" || mode == "complete" || mode == "r", "qr received unrecognized mode '", mode,
              "' but expected one of 'reduced' (default), 'r', or 'complete'");
  int64_t m = A.size(-2), n = A.size(-1), k = std::min(m, n);
  Tensor a = columnMajorCopy(A);
  Tensor tau = geqrfInPlace(a);
  bool complete = mode == "complete";
  Tensor R = columnMajorCopy(a.narrow(-2, 0, complete ? m : k).triu());
  if (mode == "r") return {empty({0}, TensorOptions(A.dtype())), R};
  int64_t qcols = complete ? m : k;
  Tensor Q = emptyColumnMajor(withTail(batchShape(A), {m, qcols}), A.dtype());
  Q.zero_();
  int64_t copied = std::min(n, qcols);
  Q.narrow(-1, 0, copied).copy_(a.narrow(-1, 0, copied));
  orgqrInPlace(Q, tau, k);
  return {Q, R};
}

}  // namespace ember
