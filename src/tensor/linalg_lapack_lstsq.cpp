// linalg.lstsq through LAPACK's least-squares drivers gels (QR, full rank), gelsy (complete
// orthogonal factorization, PyTorch's CPU default), gelsd and gelss (SVD), with PyTorch 1.13's
// outputs: rank for all but gels, singular values for gelsd/gelss, and squared residuals when
// m > n for all but gelsy (gelsd/gelss only when every matrix has full rank).
#include <algorithm>
#include <vector>

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/linalg_decompositions.h"
#include "ember/tensor/ops/reduce.h"
#include "ember/tensor/ops/shape.h"
#include "tensor/linalg_lapack.h"
#include "tensor/linalg_lapack_complex.h"
#include "tensor/linalg_lapack_utils.h"

namespace ember {

using namespace lapack;

namespace {

enum class Driver { Gels, Gelsy, Gelsd, Gelss };

Driver driverArg(std::optional<std::string_view> driver) {
  std::string_view d = driver.value_or("gelsy");
  if (d == "gels") return Driver::Gels;
  if (d == "gelsy") return Driver::Gelsy;
  if (d == "gelsd") return Driver::Gelsd;
  EMBER_CHECK(d == "gelss", "torch.linalg.lstsq: parameter `driver` should be one of (gels, gelsy, gelsd, gelss)");
  return Driver::Gelss;
}

// One driver call per matrix; a [.., m, n] and b [.., rows, nrhs] column-major (rows = max(m, n)).
template <typename T>
void solveBatch(Driver driver, const Tensor& a, const Tensor& b, const Tensor& rank, const Tensor& sv, double rcond) {
  using R = RealOf<T>;
  int64_t m = a.size(-2), n = a.size(-1), rows = b.size(-2), nrhs = b.size(-1), k = std::min(m, n);
  int64_t count = batchCount(a);
  T* ap = elems<T>(a);
  T* bp = elems<T>(b);
  int64_t* rp = rank.numel() ? rank.data_ptr<int64_t>() : nullptr;
  R* sp = sv.numel() ? elems<R>(sv) : nullptr;
  int im = toInt(m), in = toInt(n), inr = toInt(nrhs), lda = toInt(std::max<int64_t>(1, m));
  int ldb = toInt(std::max<int64_t>(1, rows));
  R rc = static_cast<R>(rcond);
  std::vector<int> jpvt(std::max<int64_t>(1, n));
  std::vector<R> s(std::max<int64_t>(1, k));
  int info = 0, r = 0;
  // Workspace queries (lwork = -1) on the first matrix; gelsd also reports its integer workspace.
  T query = 0;
  int iquery = 0;
  switch (driver) {
    case Driver::Gels:
      gels('N', im, in, inr, ap, lda, bp, ldb, &query, -1, &info);
      break;
    case Driver::Gelsy:
      gelsy(im, in, inr, ap, lda, bp, ldb, jpvt.data(), rc, &r, &query, -1, &info);
      break;
    case Driver::Gelsd:
      gelsd(im, in, inr, ap, lda, bp, ldb, s.data(), rc, &r, &query, -1, &iquery, &info);
      break;
    case Driver::Gelss:
      gelss(im, in, inr, ap, lda, bp, ldb, s.data(), rc, &r, &query, -1, &info);
      break;
  }
  std::vector<T> work(std::max<int64_t>(1, workSize(query)));
  std::vector<int> iwork(std::max(1, iquery));
  int lwork = toInt(work.size());
  for (int64_t i = 0; i < count; ++i) {
    T* ai = ap + i * m * n;
    T* bi = bp + i * rows * nrhs;
    switch (driver) {
      case Driver::Gels:
        gels('N', im, in, inr, ai, lda, bi, ldb, work.data(), lwork, &info);
        break;
      case Driver::Gelsy:
        std::fill(jpvt.begin(), jpvt.end(), 0);
        gelsy(im, in, inr, ai, lda, bi, ldb, jpvt.data(), rc, &r, work.data(), lwork, &info);
        break;
      case Driver::Gelsd:
        gelsd(im, in, inr, ai, lda, bi, ldb, s.data(), rc, &r, work.data(), lwork, iwork.data(), &info);
        break;
      case Driver::Gelss:
        gelss(im, in, inr, ai, lda, bi, ldb, s.data(), rc, &r, work.data(), lwork, &info);
        break;
    }
    if (rp) rp[i] = r;
    if (sp) std::copy(s.begin(), s.begin() + k, sp + i * k);
  }
}

}  // namespace

std::tuple<Tensor, Tensor, Tensor, Tensor> linalg_lstsq(const Tensor& A, const Tensor& B, std::optional<double> rcond,
                                                        std::optional<std::string_view> driver) {
  const char* api = "torch.linalg.lstsq";
  checkFloatingOrComplex(A, api);
  EMBER_CHECK(A.dim() >= 2, api, ": input must have at least 2 dimensions.");
  EMBER_CHECK(B.dim() >= 1, api, ": other must have at least 1 dimension.");
  EMBER_CHECK(A.dtype() == B.dtype(), api, ": Expected input and other to have the same dtype, but got input's dtype ",
              A.dtype(), " and other's dtype ", B.dtype());
  bool vectorCase = B.dim() == 1 || B.dim() == A.dim() - 1;
  Tensor b2 = vectorCase ? B.unsqueeze(-1) : B;
  EMBER_CHECK(A.size(-2) == b2.size(-2), api, ": input.size(-2) should match other.size(", vectorCase ? -1 : -2, ")");
  Driver drv = driverArg(driver);
  int64_t m = A.size(-2), n = A.size(-1), nrhs = b2.size(-1), rows = std::max(m, n);
  auto [Ab, Bb] = broadcastBatch(A, b2);
  DimVector batch = batchShape(Ab);
  Tensor a = columnMajorCopy(Ab);
  // LAPACK writes the n-row solution over a max(m, n)-row right-hand side.
  Tensor b = emptyColumnMajor(withTail(batch, {rows, nrhs}), A.dtype());
  b.zero_();
  b.narrow(-2, 0, m).copy_(Bb);
  bool hasRank = drv != Driver::Gels, hasSv = drv == Driver::Gelsd || drv == Driver::Gelss;
  Tensor rank = hasRank ? empty(batch, TensorOptions(kLong)) : empty({0}, TensorOptions(kLong));
  TensorOptions realOpts(realDtype(A.dtype()));
  Tensor sv = hasSv ? empty(withTail(batch, {std::min(m, n)}), realOpts) : empty({0}, realOpts);
  double rc = rcond.value_or(epsilonOf(A.dtype()) * static_cast<double>(rows));
  if (m > 0 && n > 0 && nrhs > 0 && batchCount(a) > 0) {
    dispatchFloatOrComplex(A.dtype(), [&](auto tag) { solveBatch<decltype(tag)>(drv, a, b, rank, sv, rc); });
  } else if (hasRank) {
    rank.zero_();
  }
  Tensor residuals = empty({0}, realOpts);
  if (m > n && drv != Driver::Gelsy) {
    bool fullRank = !hasSv || rank.eq(Scalar(n)).all().item().toBool();
    Tensor tail = b.narrow(-2, n, m - n);
    if (fullRank) residuals = (tail.is_complex() ? tail.abs() : tail).pow(Scalar(2)).sum({-2});
  }
  Tensor solution = b.narrow(-2, 0, n);
  if (vectorCase) solution = solution.squeeze(-1);
  return {solution, residuals, rank, sv};
}

}  // namespace ember
