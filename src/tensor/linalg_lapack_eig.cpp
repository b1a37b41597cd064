// General (non-symmetric) eigendecomposition through LAPACK's geev: linalg.eig and
// linalg.eigvals. Real inputs only; the results are complex tensors (complex64 for float32,
// complex128 for float64) holding interleaved (re, im) pairs, the layout ember's complex views
// read. geev returns a complex-conjugate pair (wr ± i wi) as two real columns (v_re, v_im);
// these become the columns v_re + i v_im and v_re - i v_im, as PyTorch returns them.
#include <algorithm>
#include <type_traits>
#include <vector>

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/linalg_decompositions.h"
#include "ember/tensor/ops/spectral.h"
#include "tensor/linalg_lapack.h"
#include "tensor/linalg_lapack_complex.h"
#include "tensor/linalg_lapack_utils.h"

namespace ember {

using namespace lapack;

namespace {

// Writes matrix b's eigenvalues (w: n pairs) and eigenvectors (v: n x n row-major pairs).
template <typename T>
void unpackOne(int64_t n, const T* wr, const T* wi, const T* vr, T* w, T* v) {
  for (int64_t j = 0; j < n; ++j) {
    w[2 * j] = wr[j];
    w[2 * j + 1] = wi[j];
  }
  if (!v) return;
  for (int64_t j = 0; j < n; ++j) {
    bool pairStart = wi[j] != 0 && j + 1 < n && wi[j] > 0;
    for (int64_t i = 0; i < n; ++i) {
      T* z = v + 2 * (i * n + j);
      if (pairStart) {
        T re = vr[i + j * n], im = vr[i + (j + 1) * n];
        z[0] = re;
        z[1] = im;
        z[2] = re;  // column j + 1: the conjugate
        z[3] = -im;
      } else {
        z[0] = vr[i + j * n];
        z[1] = 0;
      }
    }
    if (pairStart) ++j;
  }
}

// Complex input: the complex geev returns eigenvalues and column-major eigenvectors directly.
std::tuple<Tensor, Tensor> complexEig(const Tensor& A, bool computeV, const char* api) {
  int64_t n = A.size(-1), count = batchCount(A);
  DimVector batch = batchShape(A);
  Tensor w = empty(withTail(batch, {n}), TensorOptions(A.dtype()));
  Tensor V = computeV ? emptyColumnMajor(withTail(batch, {n, n}), A.dtype()) : Tensor();
  Tensor infos = zeros(batch, kInt);
  if (n > 0 && count > 0) {
    Tensor a = columnMajorCopy(A);
    dispatchFloatOrComplex(A.dtype(), [&](auto tag) {
      using C = decltype(tag);
      if constexpr (!std::is_same_v<C, RealOf<C>>) {
        C* ap = elems<C>(a);
        C* wp = elems<C>(w);
        C* vp = computeV ? elems<C>(V) : nullptr;
        C dummy = 0, query = 0;
        char jobvr = computeV ? 'V' : 'N';
        int ldvr = computeV ? toInt(n) : 1, qinfo = 0;
        geev(jobvr, toInt(n), ap, toInt(n), wp, vp ? vp : &dummy, ldvr, &query, -1, &qinfo);
        std::vector<C> work(std::max<int64_t>(1, workSize(query)));
        int* info = infos.data_ptr<int>();
        for (int64_t b = 0; b < count; ++b)
          geev(jobvr, toInt(n), ap + b * n * n, toInt(n), wp + b * n, vp ? vp + b * n * n : &dummy, ldvr, work.data(),
               toInt(work.size()), info + b);
      }
    });
  }
  checkInfos(infos, api, InfoKind::Eig);
  return {w, V};
}

std::tuple<Tensor, Tensor> eigImpl(const Tensor& A, bool computeV, const char* api) {
  if (A.is_complex()) {
    checkFloatingOrComplex(A, api);
    checkSquare(A, api);
    return complexEig(A, computeV, api);
  }
  checkFloating(A, api);
  checkSquare(A, api);
  int64_t n = A.size(-1), count = batchCount(A);
  DimVector batch = batchShape(A);
  // ember's factories make no complex tensors: allocate the (re, im) pairs and view them as complex.
  TensorOptions opts(A.dtype());
  Tensor wReal = empty(withTail(batch, {n, 2}), opts);
  Tensor vReal = computeV ? empty(withTail(batch, {n, n, 2}), opts) : Tensor();
  Tensor infos = zeros(batch, kInt);
  if (n > 0 && count > 0) {
    Tensor a = columnMajorCopy(A);
    dispatchReal(A.dtype(), [&](auto tag) {
      using T = decltype(tag);
      std::vector<T> wr(n), wi(n), vr(computeV ? n * n : 1);
      char jobvr = computeV ? 'V' : 'N';
      int ldvr = computeV ? toInt(n) : 1;
      T query = 0;
      int qinfo = 0;
      T* ap = a.data_ptr<T>();
      geev(jobvr, toInt(n), ap, toInt(n), wr.data(), wi.data(), vr.data(), ldvr, &query, -1, &qinfo);
      std::vector<T> work(std::max<int64_t>(1, static_cast<int64_t>(query)));
      int* info = infos.data_ptr<int>();
      T* wp = wReal.data_ptr<T>();
      T* vp = computeV ? vReal.data_ptr<T>() : nullptr;
      for (int64_t b = 0; b < count; ++b) {
        geev(jobvr, toInt(n), ap + b * n * n, toInt(n), wr.data(), wi.data(), vr.data(), ldvr, work.data(),
             toInt(work.size()), info + b);
        unpackOne<T>(n, wr.data(), wi.data(), vr.data(), wp + b * 2 * n, vp ? vp + b * 2 * n * n : nullptr);
      }
    });
  }
  checkInfos(infos, api, InfoKind::Eig);
  return {view_as_complex(wReal), computeV ? view_as_complex(vReal) : Tensor()};
}

}  // namespace

std::tuple<Tensor, Tensor> linalg_eig(const Tensor& A) { return eigImpl(A, true, "linalg.eig"); }

Tensor linalg_eigvals(const Tensor& A) { return std::get<0>(eigImpl(A, false, "linalg.eigvals")); }

}  // namespace ember
