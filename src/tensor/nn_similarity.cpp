// cosine_similarity, pairwise_distance and frobenius_norm, composed as PyTorch 1.13 composes
// them (each vector is divided by its clamped norm before the dot product, which keeps the
// result in [-1, 1]), and aten's _softmax / _log_softmax entry points.
#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/nn_misc.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/reduce.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/ops/spectral.h"
#include "ember/tensor/ops/unary.h"

namespace ember {

Tensor cosine_similarity(const Tensor& x1, const Tensor& x2, int64_t dim, double eps) {
  const ScalarType common = result_type(x1, x2);
  EMBER_CHECK(isFloatingType(common), "expected common dtype to be floating point, yet common dtype is ",
              scalarTypeName(common));
  const Tensor a = isFloatingType(x1.dtype()) ? x1 : x1.to(common);
  const Tensor b = isFloatingType(x2.dtype()) ? x2 : x2.to(common);
  const DimVector shape = broadcast_shapes(a.sizes(), b.sizes());
  const Tensor ea = a.expand(shape), eb = b.expand(shape);
  Tensor n1 = norm(ea, Scalar(2.0), {dim}, true), n2 = norm(eb, Scalar(2.0), {dim}, true);
  n1.clamp_min_(eps);
  n2.clamp_min_(eps);
  return sum((ea / n1) * (eb / n2), {dim});
}

Tensor pairwise_distance(const Tensor& x1, const Tensor& x2, double p, double eps, bool keepdim) {
  const int64_t outDim = std::max(x1.dim(), x2.dim());
  const int64_t inner = outDim - 1;
  Tensor diff = x1 - x2 + eps;
  if (outDim == 0) return norm(diff, Scalar(p));
  return norm(diff, Scalar(p), {inner}, keepdim);
}

Tensor frobenius_norm(const Tensor& self) { return norm(self); }

Tensor frobenius_norm(const Tensor& self, IntArrayRef dim, bool keepdim) {
  EMBER_CHECK(dim.size() <= 2, "Expected at most 2 dimensions, but got ", dim.size(), " dimensions instead.");
  if (dim.size() <= 1) return norm(self, Scalar(2.0), dim, keepdim);
  DimVector dims{wrapDim(dim[0], self.dim()), wrapDim(dim[1], self.dim())};
  EMBER_CHECK(dims[0] != dims[1], "Expected dims to be different, got ", dim, " instead");
  if (self.is_complex()) {
    // sqrt(sum(re^2 + im^2)), a real result, as PyTorch's real(conj(x) * x).
    Tensor parts = view_as_real(self);
    return sqrt(sum(sum(mul(parts, parts), {-1}), dims, keepdim));
  }
  EMBER_CHECK(isFloatingType(self.dtype()), "norm(): input dtype should be either floating point or complex. Got ",
              scalarTypeName(self.dtype()), " instead.");
  // PyTorch 1.13 has no Half sqrt on CPU, so this form rejects Half (ember's sqrt would take it).
  if (self.dtype() == kHalf) throwUnsupportedDtype("sqrt_vml_cpu", kHalf);
  return sqrt(sum(self * self, dims, keepdim));
}

Tensor _softmax(const Tensor& self, int64_t dim, bool half_to_float) {
  EMBER_CHECK(!half_to_float, "softmax with half to float conversion is not supported on CPU");
  return softmax(self, dim);
}

Tensor _log_softmax(const Tensor& self, int64_t dim, bool half_to_float) {
  EMBER_CHECK(!half_to_float, "softmax with half to float conversion is not supported on CPU");
  return log_softmax(self, dim);
}

}  // namespace ember
