// cdist, _euclidean_dist, cov and corrcoef.
//
// cdist broadcasts x1 [.., P, 1, M] against x2 [.., 1, R, M] and reduces the last dim with the
// vectorised p-norm; cov is one GEMM of the centred observations, as numpy defines it.
#include <algorithm>
#include <cmath>
#include <vector>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/complex.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/linalg.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/products.h"
#include "ember/tensor/ops/reduce.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/ops/spectral.h"
#include "ember/tensor/ops/unary.h"

namespace ember {

namespace {

// PyTorch's matrix-product form of Euclidean distances: [-2 x1, |x1|^2, 1] @ [x2, 1, |x2|^2]^T,
// clamped at 1e-30 before the square root. One GEMM, no [P, R, M] temporary.
Tensor euclideanByProduct(const Tensor& x1, const Tensor& x2) {
  Tensor n1 = sum(mul(x1, x1), {-1}, true), n2 = sum(mul(x2, x2), {-1}, true);
  Tensor a = cat({mul(x1, Scalar(-2)), n1, ones_like(n1)}, -1);
  Tensor b = cat({x2, ones_like(n2), n2}, -1);
  return sqrt(clamp_min(matmul(a, mT(b)), Scalar(1e-30)));
}

// Direct p-norm distances, in blocks of x1's rows so that the broadcast difference stays small.
Tensor directDistances(const Tensor& x1, const Tensor& x2, double p) {
  const int64_t rows = x1.sizes()[x1.dim() - 2], m = x1.sizes()[x1.dim() - 1];
  const int64_t perRow = std::max<int64_t>(1, x2.sizes()[x2.dim() - 2] * std::max<int64_t>(m, 1));
  const int64_t block = std::max<int64_t>(1, (int64_t{1} << 22) / perRow);
  auto part = [&](const Tensor& a) {
    Tensor d = sub(unsqueeze(a, -2), unsqueeze(x2, -3));
    if (m == 0) return sum(abs(d), {-1});  // zero distances of the broadcast shape
    return norm(d, Scalar(p), {-1});
  };
  if (rows <= block) return part(x1);
  std::vector<Tensor> parts;
  for (int64_t r = 0; r < rows; r += block) parts.push_back(part(narrow(x1, -2, r, std::min(block, rows - r))));
  return cat(parts, -2);
}

}  // namespace

Tensor cdist(const Tensor& x1, const Tensor& x2, double p, std::optional<int64_t> compute_mode) {
  EMBER_CHECK(x1.dim() >= 2, "cdist only supports at least 2D tensors, X1 got: ", x1.dim(), "D");
  EMBER_CHECK(x2.dim() >= 2, "cdist only supports at least 2D tensors, X2 got: ", x2.dim(), "D");
  EMBER_CHECK(isFloatingType(x1.dtype()), "cdist only supports floating-point dtypes, X1 got: ", x1.dtype());
  EMBER_CHECK(isFloatingType(x2.dtype()), "cdist only supports floating-point dtypes, X2 got: ", x2.dtype());
  const int64_t m1 = x1.sizes()[x1.dim() - 1], m2 = x2.sizes()[x2.dim() - 1];
  EMBER_CHECK(m1 == m2, "X1 and X2 must have the same number of columns. X1: ", m1, " X2: ", m2);
  EMBER_CHECK(p >= 0, "cdist only supports non-negative p values");
  for (ScalarType t : {x1.dtype(), x2.dtype()})
    if (t == ScalarType::Half || t == ScalarType::BFloat16) throwUnsupportedDtype("cdist", t);
  const int64_t mode = compute_mode.value_or(0);
  EMBER_CHECK(mode >= 0 && mode <= 2, "possible modes: 0, 1, 2, but was: ", mode);
  const int64_t r1 = x1.sizes()[x1.dim() - 2], r2 = x2.sizes()[x2.dim() - 2];
  // compute_mode 0 uses the product form when either side has more than 25 rows, 1 always, 2 never.
  const bool byProduct = p == 2 && m1 > 0 && (mode == 1 || (mode == 0 && (r1 > 25 || r2 > 25)));
  return byProduct ? euclideanByProduct(x1, x2) : directDistances(x1, x2, p);
}

Tensor _euclidean_dist(const Tensor& x1, const Tensor& x2) { return euclideanByProduct(x1, x2); }

Tensor cov(const Tensor& self, int64_t correction, const std::optional<Tensor>& fweights,
           const std::optional<Tensor>& aweights) {
  EMBER_CHECK(self.dim() <= 2, "cov(): expected input to have two or fewer dimensions but got an input with ",
              self.dim(), " dimensions");
  EMBER_CHECK(self.dtype() != kBool, "cov(): bool dtype is not supported for input");
  Tensor x = self.dim() < 2 ? reshape(self, {1, -1}) : self;
  if (!isFloatingType(x.dtype()) && !isComplexType(x.dtype())) x = ember::to(x, kFloat);
  const int64_t nObs = x.sizes()[1];
  Tensor w;
  if (fweights) {
    EMBER_CHECK(fweights->dim() <= 1, "cov(): expected fweights to have one or fewer dimensions but got fweights "
                "with ", fweights->dim(), " dimensions");
    EMBER_CHECK(!isFloatingType(fweights->dtype()), "cov(): expected fweights to have integral dtype but got "
                "fweights with ", fweights->dtype(), " dtype");
    EMBER_CHECK(fweights->numel() == nObs, "cov(): expected fweights to have the same numel as there are "
                "observations in the input but got ", fweights->numel(), " != ", nObs);
    EMBER_CHECK(min(*fweights).item<int64_t>() >= 0 || nObs == 0, "cov(): fweights cannot be negative");
    w = *fweights;
  }
  if (aweights) {
    EMBER_CHECK(aweights->dim() <= 1, "cov(): expected aweights to have one or fewer dimensions but got aweights "
                "with ", aweights->dim(), " dimensions");
    EMBER_CHECK(isFloatingType(aweights->dtype()), "cov(): expected aweights to have floating point dtype but got "
                "aweights with ", aweights->dtype(), " dtype");
    EMBER_CHECK(aweights->numel() == nObs, "cov(): expected aweights to have the same numel as there are "
                "observations in the input but got ", aweights->numel(), " != ", nObs);
    EMBER_CHECK(nObs == 0 || min(*aweights).item<double>() >= 0, "cov(): aweights cannot be negative");
    w = w.defined() ? mul(w, *aweights) : *aweights;
  }
  Tensor wSum = w.defined() ? sum(w) : scalar_tensor(nObs, kLong);
  Tensor avg = w.defined() ? div(sum(mul(x, w), {1}), wSum) : mean(x, {1});
  Tensor normFactor;
  if (w.defined() && correction != 0) {
    normFactor = aweights ? sub(wSum, div(mul(sum(mul(w, *aweights)), Scalar(correction)), wSum))
                          : sub(wSum, Scalar(correction));
  } else {
    normFactor = sub(wSum, Scalar(correction));
  }
  normFactor = clamp_min(normFactor, Scalar(int64_t{0}));
  Tensor xm = sub(x, unsqueeze(avg, 1));
  Tensor xw = w.defined() ? mul(xm, w) : xm;
  // Complex observations pair with their conjugates: X X^H.
  return squeeze(true_divide(mm(xw, x.is_complex() ? complexConj(t(xm)) : t(xm)), normFactor));
}

Tensor corrcoef(const Tensor& self) {
  EMBER_CHECK(self.dim() <= 2, "corrcoef(): expected input to have two or fewer dimensions but got an input with ",
              self.dim(), " dimensions");
  Tensor c = cov(self);
  if (c.dim() == 0) return div(c, c);
  Tensor d = diagonal(c);
  // A complex covariance has a real diagonal; each part of the result is clipped to [-1, 1].
  Tensor stddev = sqrt(c.is_complex() ? complexReal(d) : d);
  c = div(div(c, unsqueeze(stddev, 1)), unsqueeze(stddev, 0));
  auto clip = [](const Tensor& v) { return clamp(v, std::optional<Scalar>(Scalar(-1)), std::optional<Scalar>(Scalar(1))); };
  if (!c.is_complex()) return clip(c);
  Tensor parts = view_as_real(c.contiguous());
  return view_as_complex(clip(parts).contiguous());
}

}  // namespace ember
