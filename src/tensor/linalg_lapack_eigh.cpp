// Symmetric eigendecomposition through LAPACK's syevd (divide and conquer, PyTorch's choice):
// linalg.eigh, linalg.eigvalsh, _linalg_eigh and the legacy symeig.
#include <algorithm>
#include <vector>

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/linalg_decompositions.h"
#include "tensor/linalg_lapack.h"
#include "tensor/linalg_lapack_complex.h"
#include "tensor/linalg_lapack_utils.h"

namespace ember {

using namespace lapack;

namespace {

// (eigenvalues ascending, eigenvectors as columns or an empty tensor).
std::tuple<Tensor, Tensor> eighImpl(const Tensor& A, char uplo, bool computeV, const char* api) {
  checkFloatingOrComplex(A, api);
  checkSquare(A, api);
  int64_t n = A.size(-1), count = batchCount(A);
  Tensor V = columnMajorCopy(A);
  Tensor w = empty(withTail(batchShape(A), {n}), TensorOptions(realDtype(A.dtype())));
  Tensor infos = zeros(batchShape(A), kInt);
  if (n > 0 && count > 0) {
    dispatchFloatOrComplex(A.dtype(), [&](auto tag) {
      using T = decltype(tag);
      T* a = elems<T>(V);
      RealOf<T>* wp = elems<RealOf<T>>(w);
      int* info = infos.data_ptr<int>();
      char jobz = computeV ? 'V' : 'N';
      T lworkQuery = 0;
      int liworkQuery = 0, qinfo = 0;
      syevd(jobz, uplo, toInt(n), a, toInt(n), wp, &lworkQuery, -1, &liworkQuery, -1, &qinfo);
      std::vector<T> work(std::max<int64_t>(1, workSize(lworkQuery)));
      std::vector<int> iwork(std::max(1, liworkQuery));
      for (int64_t b = 0; b < count; ++b)
        syevd(jobz, uplo, toInt(n), a + b * n * n, toInt(n), wp + b * n, work.data(), toInt(work.size()), iwork.data(),
              toInt(iwork.size()), info + b);
    });
  }
  checkInfos(infos, api, InfoKind::Eigh);
  if (!computeV) return {w, empty({0}, TensorOptions(A.dtype()))};
  return {w, V};
}

char uploArg(std::string_view UPLO) {
  EMBER_CHECK(UPLO == "L" || UPLO == "U" || UPLO == "l" || UPLO == "u",
              "Expected UPLO argument to be 'L' or 'U', but got ", UPLO);
  return UPLO == "U" || UPLO == "u" ? 'U' : 'L';
}

}  // namespace

std::tuple<Tensor, Tensor> linalg_eigh(const Tensor& A, std::string_view UPLO) {
  return eighImpl(A, uploArg(UPLO), true, "linalg.eigh");
}

Tensor linalg_eigvalsh(const Tensor& A, std::string_view UPLO) {
  return std::get<0>(eighImpl(A, uploArg(UPLO), false, "linalg.eigvalsh"));
}

std::tuple<Tensor, Tensor> symeig(const Tensor& A, bool eigenvectors, bool upper) {
  return eighImpl(A, upper ? 'U' : 'L', eigenvectors, "symeig");
}

}  // namespace ember
