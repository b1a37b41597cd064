// kron, tensordot, inner, addr, cross / linalg_cross, block_diag, cartesian_prod, combinations.
//
// Compositions of existing kernels: broadcasting multiplies (vectorised, parallel) for kron,
// addr and cross, one GEMM for tensordot / inner.
#include <algorithm>
#include <limits>
#include <vector>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/indexing.h"
#include "ember/tensor/ops/linalg.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/products.h"
#include "ember/tensor/ops/shape.h"
#include "tensor/storage_watch.h"

namespace ember {

namespace {

Tensor longIndex(const std::vector<int64_t>& v) {
  Tensor t = empty({static_cast<int64_t>(v.size())}, kLong);
  std::copy(v.begin(), v.end(), t.data_ptr<int64_t>());
  return t;
}

void checkCoefficient(ScalarType dtype, const Scalar& value, const char* name) {
  EMBER_CHECK(isComplexType(dtype) || !value.isComplex(), "For non-complex input tensors, argument ", name,
              " must not be a complex number.");
  EMBER_CHECK(isFloatingType(dtype) || isComplexType(dtype) || !value.isFloatingPoint(), "For integral input tensors, argument ", name,
              " must not be a floating point number.");
}

}  // namespace

Tensor kron(const Tensor& self, const Tensor& other) {
  const int64_t nd = std::max(self.dim(), other.dim());
  DimVector a(static_cast<size_t>(2 * nd), 1), b(static_cast<size_t>(2 * nd), 1), res(static_cast<size_t>(nd), 1);
  for (int64_t d = 0; d < nd; ++d) {
    const int64_t da = d - (nd - self.dim()), db = d - (nd - other.dim());
    const int64_t sa = da >= 0 ? self.sizes()[da] : 1, sb = db >= 0 ? other.sizes()[db] : 1;
    a[2 * d] = sa;
    b[2 * d + 1] = sb;
    res[d] = sa * sb;
  }
  return reshape(mul(reshape(self, a), reshape(other, b)), res);
}

Tensor tensordot(const Tensor& self, const Tensor& other, IntArrayRef dims_self, IntArrayRef dims_other) {
  EMBER_CHECK(dims_self.size() == dims_other.size(), "both dimension lists should have same length");
  std::vector<bool> contractA(static_cast<size_t>(self.dim()), false), contractB(static_cast<size_t>(other.dim()), false);
  DimVector permA, permB, outShape;
  int64_t k = 1;
  for (size_t i = 0; i < dims_self.size(); ++i) {
    const int64_t da = wrapDim(dims_self[i], self.dim()), db = wrapDim(dims_other[i], other.dim());
    EMBER_CHECK(self.sizes()[da] == other.sizes()[db], "contracted dimensions need to match, but first has size ",
                self.sizes()[da], " in dim ", da, " and second has size ", other.sizes()[db], " in dim ", db);
    EMBER_CHECK(!contractA[da] && !contractB[db], "dim ", da, " appears multiple times in the list of dims");
    contractA[da] = contractB[db] = true;
    k *= self.sizes()[da];
  }
  int64_t m = 1, n = 1;
  for (int64_t d = 0; d < self.dim(); ++d)
    if (!contractA[d]) {
      permA.push_back(d);
      outShape.push_back(self.sizes()[d]);
      m *= self.sizes()[d];
    }
  for (size_t i = 0; i < dims_self.size(); ++i) permA.push_back(wrapDim(dims_self[i], self.dim()));
  for (size_t i = 0; i < dims_other.size(); ++i) permB.push_back(wrapDim(dims_other[i], other.dim()));
  for (int64_t d = 0; d < other.dim(); ++d)
    if (!contractB[d]) {
      permB.push_back(d);
      outShape.push_back(other.sizes()[d]);
      n *= other.sizes()[d];
    }
  Tensor a = reshape(permute(self, permA), {m, k});
  Tensor b = reshape(permute(other, permB), {k, n});
  return reshape(mm(a, b), outShape);
}

Tensor inner(const Tensor& self, const Tensor& other) {
  if (self.dim() == 0 || other.dim() == 0) return mul(self, other);
  EMBER_CHECK(self.sizes()[self.dim() - 1] == other.sizes()[other.dim() - 1],
              "inner() the last dimension must match on both input tensors but got shapes ", self.sizes(), " and ",
              other.sizes());
  return tensordot(self, other, {-1}, {-1});
}

Tensor addr(const Tensor& self, const Tensor& vec1, const Tensor& vec2, const Scalar& beta, const Scalar& alpha) {
  EMBER_CHECK(vec1.dim() == 1, "addr: Expected 1-D argument vec1, but got ", vec1.dim(), "-D");
  EMBER_CHECK(vec2.dim() == 1, "addr: Expected 1-D argument vec2, but got ", vec2.dim(), "-D");
  const ScalarType dt = promote_types(promote_types(self.dtype(), vec1.dtype()), vec2.dtype());
  if (dt == kBool) {
    Tensor prod = logical_and(unsqueeze(vec1, 1), unsqueeze(vec2, 0));
    if (!alpha.toBool()) prod = zeros_like(prod);
    Tensor base = expand(self, prod.sizes());
    return beta.toBool() ? logical_or(base, prod) : ember::clone(prod);
  }
  checkCoefficient(dt, beta, "beta");
  checkCoefficient(dt, alpha, "alpha");
  Tensor prod = mul(unsqueeze(vec1, 1), unsqueeze(vec2, 0));
  if (!(alpha.isIntegral(true) && alpha.toLong() == 1)) prod = mul(prod, alpha);
  Tensor base = expand(self, prod.sizes());
  // beta == 0 ignores self entirely (its NaNs too).
  if (beta.toComplexDouble() == 0.0) return ember::to(prod, promote_types(dt, prod.dtype()), false, true);
  if (beta.isIntegral(true) && beta.toLong() == 1) return add(base, prod);
  return add(mul(base, beta), prod);
}

Tensor& addr_(Tensor& self, const Tensor& vec1, const Tensor& vec2, const Scalar& beta, const Scalar& alpha) {
  detail::noteWrite(self);
  Tensor r = addr(self, vec1, vec2, beta, alpha);
  EMBER_CHECK(r.sizes() == self.sizes(), "output with shape ", self.sizes(), " doesn't match the broadcast shape ",
              r.sizes());
  return copy_(self, r);
}

Tensor linalg_cross(const Tensor& self, const Tensor& other, int64_t dim) {
  EMBER_CHECK(self.dim() == other.dim(), "linalg.cross: inputs must have the same number of dimensions.");
  if (promote_types(self.dtype(), other.dtype()) == ScalarType::Half) throwUnsupportedDtype("cross", ScalarType::Half);
  const DimVector shape = broadcast_shapes(self.sizes(), other.sizes());
  const int64_t d = wrapDim(dim, static_cast<int64_t>(shape.size()));
  EMBER_CHECK(self.sizes()[d] == 3 && other.sizes()[d] == 3, "linalg.cross: inputs dimension ", dim,
              " must have length 3. Got ", self.sizes()[d], " and ", other.sizes()[d]);
  Tensor a = expand(self, shape), b = expand(other, shape);
  Tensor i1 = longIndex({1, 2, 0}), i2 = longIndex({2, 0, 1});
  return sub(mul(index_select(a, d, i1), index_select(b, d, i2)), mul(index_select(a, d, i2), index_select(b, d, i1)));
}

Tensor cross(const Tensor& self, const Tensor& other, std::optional<int64_t> dim) {
  if (dim) return linalg_cross(self, other, *dim);
  EMBER_CHECK(self.dim() == other.dim(), "linalg.cross: inputs must have the same number of dimensions.");
  const DimVector shape = broadcast_shapes(self.sizes(), other.sizes());
  for (int64_t d = 0; d < self.dim(); ++d)
    if (self.sizes()[d] == 3) return linalg_cross(self, other, d);
  EMBER_ERROR("no dimension of size 3 in input");
}

Tensor block_diag(ArrayRef<Tensor> tensors) {
  if (tensors.empty()) return empty({1, 0}, kFloat);
  ScalarType dt = tensors[0].dtype();
  int64_t rows = 0, cols = 0;
  std::vector<Tensor> blocks;
  for (size_t i = 0; i < tensors.size(); ++i) {
    const Tensor& t = tensors[i];
    EMBER_CHECK(t.dim() <= 2, "torch.block_diag: Input tensors must have 2 or fewer dimensions. Input ", i, " has ",
                t.dim(), " dimensions");
    dt = promote_types(dt, t.dtype());
    Tensor b = t.dim() == 2 ? t : reshape(t, {1, t.numel()});
    rows += b.sizes()[0];
    cols += b.sizes()[1];
    blocks.push_back(b);
  }
  Tensor out = zeros({rows, cols}, dt);
  int64_t r = 0, c = 0;
  for (const Tensor& b : blocks) {
    Tensor dst = narrow(narrow(out, 0, r, b.sizes()[0]), 1, c, b.sizes()[1]);
    copy_(dst, b);
    r += b.sizes()[0];
    c += b.sizes()[1];
  }
  return out;
}

Tensor cartesian_prod(ArrayRef<Tensor> tensors) {
  EMBER_CHECK(!tensors.empty(), "cartesian_prod expects at least one tensor");
  for (const Tensor& t : tensors) EMBER_CHECK(t.dim() == 1, "Expect a 1D vector, but got shape ", t.sizes());
  if (tensors.size() == 1) return tensors[0];
  const int64_t k = static_cast<int64_t>(tensors.size());
  DimVector grid;
  for (const Tensor& t : tensors) grid.push_back(t.numel());
  std::vector<Tensor> columns;
  for (int64_t i = 0; i < k; ++i) {
    DimVector shape(static_cast<size_t>(k), 1);
    shape[i] = tensors[i].numel();
    columns.push_back(reshape(expand(reshape(tensors[i], shape), grid), {-1}));
  }
  return stack(columns, 1);
}

Tensor combinations(const Tensor& self, int64_t r, bool with_replacement) {
  EMBER_CHECK(self.dim() == 1, "Expect a 1D vector, but got shape ", self.sizes());
  EMBER_CHECK(r >= 0, "Expect a non-negative number, but got ", r);
  if (r == 0) return empty({0}, self.dtype());
  const int64_t n = self.numel();
  // C(n, r) or, with replacement, C(n + r - 1, r); the result is allocated once, so an impossible
  // size is an allocation error rather than a slow death.
  const int64_t top = with_replacement ? n + r - 1 : n;
  int64_t count = (n == 0 || top < r) ? 0 : 1;
  for (int64_t k = 1; count > 0 && k <= r; ++k) {
    EMBER_CHECK(count <= std::numeric_limits<int64_t>::max() / (top - r + k), "combinations: result too large");
    count = count * (top - r + k) / k;  // exact: a product of k consecutive integers over k!
  }
  if (count == 0) return empty({0, r}, self.dtype());
  Tensor idx = empty({count, r}, kLong);
  int64_t* out = idx.data_ptr<int64_t>();
  std::vector<int64_t> pick(static_cast<size_t>(r), 0);
  if (!with_replacement)
    for (int64_t i = 0; i < r; ++i) pick[i] = i;
  // Odometer over non-decreasing (with replacement) or increasing index tuples, in order.
  for (int64_t row = 0; row < count; ++row) {
    std::copy(pick.begin(), pick.end(), out + row * r);
    int64_t i = r - 1;
    while (i >= 0 && pick[i] == (with_replacement ? n - 1 : n - r + i)) --i;
    if (i < 0) break;
    ++pick[i];
    for (int64_t j = i + 1; j < r; ++j) pick[j] = with_replacement ? pick[i] : pick[j - 1] + 1;
  }
  return reshape(index_select(self, 0, reshape(idx, {-1})), {count, r});
}

}  // namespace ember
