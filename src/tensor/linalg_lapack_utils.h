// Shared pieces of the LAPACK-backed linear algebra: input checks with PyTorch's texts, batches of
// column-major matrices (what LAPACK reads and overwrites), dtype dispatch, and the reports of
// failed factorizations ("info" codes) as PyTorch words them.
#pragma once

#include <complex>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/tensor.h"

namespace ember::lapack {

// Real floating inputs only: "<api>: Expected a floating point or complex tensor as input. Got Long".
// Complex inputs are rejected too (for the routines not yet written for complex).
void checkFloating(const Tensor& a, const char* api);
// float32, float64, complex64 and complex128 (the routines of linalg_lapack_complex.h).
void checkFloatingOrComplex(const Tensor& a, const char* api);
// The real dtype of a complex one (complex64 -> float32); a real dtype is itself.
ScalarType realDtype(ScalarType t);
// At least 2 dims ("<api>: The input tensor A must have at least 2 dimensions.").
void checkMatrix(const Tensor& a, const char* api);
// checkMatrix plus square ("<api>: A must be batches of square matrices, but they are m by n matrices").
void checkSquare(const Tensor& a, const char* api);
void checkSameDtype(const Tensor& a, const Tensor& b, const char* api);

// The conjugate transpose of the last two dims (a transpose for real dtypes; a copy for complex).
Tensor conjTranspose(const Tensor& a);

// Number of matrices in a [..., m, n] batch.
int64_t batchCount(const Tensor& a);
// The batch dims of a [..., m, n] tensor.
DimVector batchShape(const Tensor& a);
// batch + {rows, cols} (or batch + {len}) as one shape.
DimVector withTail(IntArrayRef batch, std::initializer_list<int64_t> tail);

// A fresh [..., m, n] tensor whose matrices are column-major and stored one after another
// (strides [..., 1, m], PyTorch's layout for LAPACK results), uninitialised.
Tensor emptyColumnMajor(IntArrayRef sizes, ScalarType dtype);
// A column-major copy of a (converted to dtype), safe to overwrite.
Tensor columnMajorCopy(const Tensor& a, ScalarType dtype);
inline Tensor columnMajorCopy(const Tensor& a) { return columnMajorCopy(a, a.dtype()); }

// Calls f(T{}) with T = float or double after a's dtype (checked by checkFloating before).
template <typename F>
decltype(auto) dispatchReal(ScalarType dtype, F&& f) {
  if (dtype == ScalarType::Double) return f(double{});
  return f(float{});
}

// Calls f(T{}) with T = float, double, std::complex<float> or std::complex<double> after a's
// dtype (checked by checkFloatingOrComplex before).
template <typename F>
decltype(auto) dispatchFloatOrComplex(ScalarType dtype, F&& f) {
  if (dtype == ScalarType::ComplexFloat) return f(std::complex<float>{});
  if (dtype == ScalarType::ComplexDouble) return f(std::complex<double>{});
  if (dtype == ScalarType::Double) return f(double{});
  return f(float{});
}

// The real type of an element type (float for std::complex<float>).
template <typename T>
struct RealOfT {
  using type = T;
};
template <typename T>
struct RealOfT<std::complex<T>> {
  using type = T;
};
template <typename T>
using RealOf = typename RealOfT<T>::type;

// std::conj for complex elements, the value itself for real ones.
template <typename T>
T conjIfComplex(T v) {
  if constexpr (std::is_same_v<T, RealOf<T>>) return v;
  else return std::conj(v);
}

// The elements of t as T*, complex types included (Tensor::data_ptr<T> maps the real types only);
// the caller dispatched on t's dtype.
template <typename T>
T* elems(const Tensor& t) {
  return static_cast<T*>(t.data_ptr());
}

// A workspace size LAPACK returned from a query (in the real part for complex routines).
template <typename T>
int64_t workSize(T query) {
  return static_cast<int64_t>(std::real(query));
}

// The epsilon of a real dtype.
double epsilonOf(ScalarType dtype);

// Broadcasts the batch dims of a and b ([..., r, c] each) against each other; returns the two
// tensors expanded to the common batch (matrix dims unchanged).
std::pair<Tensor, Tensor> broadcastBatch(const Tensor& a, const Tensor& b);

// Throws PyTorch's message for the first failed matrix of an int32 info tensor (batch shape),
// e.g. "linalg.inv: (Batch element 2): The diagonal element 1 is zero, ...". `kind` selects the
// routine's wording.
enum class InfoKind { Inverse, Cholesky, LuFactor, Solve, Eigh, Eig, Svd, Lstsq, Ldl };
void checkInfos(const Tensor& infos, const char* api, InfoKind kind);

}  // namespace ember::lapack
