// linalg.vector_norm, linalg.matrix_norm (fro, nuc, ±1, ±2, ±inf), linalg.norm and linalg.cond,
// composed from reductions and the SVD / inverse, with PyTorch 1.13's rules and messages.
#include <cmath>
#include <limits>
#include <sstream>

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/linalg_decompositions.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/reduce.h"
#include "ember/tensor/ops/shape.h"
#include "tensor/linalg_lapack_utils.h"

namespace ember {

using namespace lapack;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Norms compose reductions, which take every floating and complex dtype (the SVD-based orders
// check their own dtypes).
Tensor castFor(const Tensor& A, std::optional<ScalarType> dtype, const char* api) {
  EMBER_CHECK(A.is_floating_point() || A.is_complex(), api,
              ": Expected a floating point or complex tensor as input. Got ", A.dtype());
  if (!dtype) return A;
  EMBER_CHECK(isFloatingType(*dtype) || isComplexType(*dtype), api,
              ": dtype should be floating point or complex, but got ", *dtype);
  return A.to(*dtype);
}

// The two wrapped, distinct dims of a matrix norm.
std::pair<int64_t, int64_t> matrixDims(const Tensor& A, IntArrayRef dim) {
  checkMatrix(A, "linalg.matrix_norm");
  EMBER_CHECK(dim.size() == 2, "linalg.matrix_norm: dim must be a 2-tuple. Got ",
              dim.size() == 1 ? std::to_string(dim[0]) : "");
  int64_t d0 = wrapDim(dim[0], A.dim()), d1 = wrapDim(dim[1], A.dim());
  EMBER_CHECK(d0 != d1, "linalg.matrix_norm: dims must be different. Got (", dim[0], ", ", dim[1], ")");
  return {d0, d1};
}

// Singular values of the matrices spanned by dims (d0, d1), reduced by `reduce` over them.
template <typename Reduce>
Tensor svdReduce(const Tensor& x, int64_t d0, int64_t d1, bool keepdim, Reduce reduce) {
  Tensor moved = x.movedim(IntArrayRef{d0, d1}, IntArrayRef{-2, -1});
  Tensor r = reduce(linalg_svdvals(moved));
  if (keepdim) {
    r = r.unsqueeze(std::min(d0, d1)).unsqueeze(std::max(d0, d1));
  }
  return r;
}

}  // namespace

Tensor linalg_vector_norm(const Tensor& x, const Scalar& ord, IntArrayRef dim, bool keepdim,
                          std::optional<ScalarType> dtype) {
  if (x.is_complex() || (dtype && isComplexType(*dtype))) {
    // The norm of the magnitudes, in the real dtype.
    Tensor in = dtype ? x.to(*dtype) : x;
    EMBER_CHECK(in.is_complex(), "linalg.vector_norm: dtype should be complex for a complex input, got ", *dtype);
    return in.norm(ord, dim, keepdim);
  }
  Tensor in = castFor(x, dtype, "linalg.vector_norm");
  return in.norm(ord, dim, keepdim);
}

Tensor linalg_matrix_norm(const Tensor& A, const Scalar& ord, IntArrayRef dim, bool keepdim,
                          std::optional<ScalarType> dtype) {
  Tensor x = castFor(A, dtype, "linalg.matrix_norm");
  auto [d0, d1] = matrixDims(x, dim);
  double o = ord.toDouble();
  double a = std::abs(o);
  EMBER_CHECK(a == 2 || a == 1 || a == kInf, "linalg.matrix_norm: Order ", ord, " not supported.");
  if (a == 2) {
    return svdReduce(x, d0, d1, keepdim, [&](const Tensor& s) { return o > 0 ? s.amax({-1}) : s.amin({-1}); });
  }
  // ord ±1: extreme column sum (sum over rows d0); ord ±inf: extreme row sum (sum over d1).
  int64_t sumDim = a == 1 ? d0 : d1, extremeDim = a == 1 ? d1 : d0;
  Tensor sums = x.abs().sum({sumDim}, true);
  Tensor r = o > 0 ? sums.amax({extremeDim}, true) : sums.amin({extremeDim}, true);
  if (!keepdim) r = r.squeeze(std::max(d0, d1)).squeeze(std::min(d0, d1));
  return r;
}

Tensor linalg_matrix_norm(const Tensor& A, std::string_view ord, IntArrayRef dim, bool keepdim,
                          std::optional<ScalarType> dtype) {
  Tensor x = castFor(A, dtype, "linalg.matrix_norm");
  auto [d0, d1] = matrixDims(x, dim);
  EMBER_CHECK(ord == "fro" || ord == "nuc", "linalg.matrix_norm: Order ", ord, " not supported.");
  if (ord == "fro") return x.norm(Scalar(2.0), IntArrayRef{d0, d1}, keepdim);
  return svdReduce(x, d0, d1, keepdim, [](const Tensor& s) { return s.sum({-1}); });
}

Tensor linalg_norm(const Tensor& A, const std::optional<Scalar>& ord, IntArrayRef dim, bool keepdim,
                   std::optional<ScalarType> dtype) {
  if (!dim.empty()) {
    EMBER_CHECK(dim.size() == 1 || dim.size() == 2,
                "linalg.norm: If dim is specified, it must be of length 1 or 2. Got ", dim);
    if (dim.size() == 1 || !ord) return linalg_vector_norm(A, ord ? *ord : Scalar(2.0), dim, keepdim, dtype);
    return linalg_matrix_norm(A, *ord, dim, keepdim, dtype);
  }
  if (!ord) return linalg_vector_norm(A, Scalar(2.0), {}, keepdim, dtype);
  EMBER_CHECK(A.dim() == 1 || A.dim() == 2, "linalg.norm: If dim is not specified but ord is, the input must be 1D or ",
              "2D. Got ", A.dim(), "D.");
  if (A.dim() == 1) return linalg_vector_norm(A, *ord, {}, keepdim, dtype);
  return linalg_matrix_norm(A, *ord, IntArrayRef{-2, -1}, keepdim, dtype);
}

Tensor linalg_norm(const Tensor& A, std::string_view ord, IntArrayRef dim, bool keepdim,
                   std::optional<ScalarType> dtype) {
  if (!dim.empty()) {
    EMBER_CHECK(dim.size() == 1 || dim.size() == 2,
                "linalg.norm: If dim is specified, it must be of length 1 or 2. Got ", dim);
    return linalg_matrix_norm(A, ord, dim, keepdim, dtype);
  }
  EMBER_CHECK(A.dim() == 1 || A.dim() == 2, "linalg.norm: If dim is not specified but ord is, the input must be 1D or ",
              "2D. Got ", A.dim(), "D.");
  return linalg_matrix_norm(A, ord, IntArrayRef{-2, -1}, keepdim, dtype);
}

namespace {

// norm(A) * norm(A^-1), infinite for singular matrices.
template <typename Ord>
Tensor condByInverse(const Tensor& A, const Ord& p, const std::string& label) {
  checkFloatingOrComplex(A, "linalg.cond");
  checkSquare(A, label.c_str());
  auto [inv, infos] = linalg_inv_ex(A);
  Tensor r = mul(linalg_matrix_norm(A, p, IntArrayRef{-2, -1}), linalg_matrix_norm(inv, p, IntArrayRef{-2, -1}));
  return where(infos.gt(Scalar(0)), Scalar(kInf), r);
}

}  // namespace

Tensor linalg_cond(const Tensor& A, const std::optional<Scalar>& p) {
  checkFloatingOrComplex(A, "linalg.cond");
  checkMatrix(A, "linalg.cond");
  double o = p ? p->toDouble() : 2.0;
  double a = std::abs(o);
  EMBER_CHECK(a == 2 || a == 1 || a == kInf, "linalg.cond got an invalid norm type: ", *p);
  if (a == 2) {
    Tensor s = linalg_svdvals(A);
    if (A.numel() == 0) return zeros(batchShape(A), TensorOptions(realDtype(A.dtype())));
    Tensor big = s.amax({-1}), small = s.amin({-1});
    return o > 0 ? div(big, small) : div(small, big);
  }
  std::ostringstream label;
  label << "linalg.cond(ord=" << *p << ")";
  return condByInverse(A, *p, label.str());
}

Tensor linalg_cond(const Tensor& A, std::string_view p) {
  checkFloatingOrComplex(A, "linalg.cond");
  checkMatrix(A, "linalg.cond");
  EMBER_CHECK(p == "fro" || p == "nuc", "linalg.cond got an invalid norm type: ", p);
  return condByInverse(A, p, "linalg.cond(ord=" + std::string(p) + ")");
}

}  // namespace ember
