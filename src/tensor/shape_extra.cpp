// diag_embed, diagflat, tril_indices / triu_indices, narrow_copy, vander, renorm, diff,
// trapezoid and cumulative_trapezoid: compositions of views, copies and the vectorised
// pointwise / reduction ops.
#include <algorithm>
#include <utility>
#include <vector>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/reduce.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/ops/shape_extra.h"
#include "tensor/storage_watch.h"

namespace ember {

namespace {

// The [2, N] coordinates of a triangle: lower keeps c - r <= offset, upper c - r >= offset.
// Rows hold a contiguous run of columns each, so the count is known before anything is filled.
Tensor triangleIndices(int64_t row, int64_t col, int64_t offset, TensorOptions options, bool lower) {
  EMBER_CHECK(row >= 0, "row must be non-negative, got", row);
  EMBER_CHECK(col >= 0, "col must be non-negative, got", col);
  const ScalarType dt = options.dtype_.value_or(kLong);
  if (dt != kLong && dt != kInt) throwUnsupportedDtype(lower ? "tril_indices" : "triu_indices", dt);
  auto columns = [&](int64_t r) -> std::pair<int64_t, int64_t> {  // [first, end) of row r
    const int64_t edge = std::clamp<int64_t>(r + offset, -1, col);  // c == r + offset is on the edge
    return lower ? std::make_pair(int64_t{0}, std::min(col, edge + 1)) : std::make_pair(std::max<int64_t>(edge, 0), col);
  };
  int64_t n = 0;
  for (int64_t r = 0; r < row; ++r) {
    const auto [first, end] = columns(r);
    n += std::max<int64_t>(end - first, 0);
  }
  Tensor out = empty({2, n}, kLong);
  int64_t* rs = out.data_ptr<int64_t>();
  int64_t* cs = rs + n;
  for (int64_t r = 0, k = 0; r < row; ++r) {
    const auto [first, end] = columns(r);
    for (int64_t c = first; c < end; ++c, ++k) {
      rs[k] = r;
      cs[k] = c;
    }
  }
  return dt == kLong ? out : ember::to(out, dt);
}

// y's neighbouring-sample sums along dim: y[1:] + y[:-1].
Tensor pairSums(const Tensor& y, int64_t dim) {
  const int64_t n = y.sizes()[dim];
  return add(narrow(y, dim, 1, n - 1), narrow(y, dim, 0, n - 1));
}

// x's spacings along y's dim: a 1-D x is laid along dim, a lower-rank x is right-aligned.
Tensor spacings(const Tensor& y, const Tensor& x, int64_t dim) {
  Tensor xv = x;
  if (x.dim() == 1) {
    EMBER_CHECK(x.sizes()[0] == y.sizes()[dim], "trapezoid: There must be one `x` value for each sample point");
    DimVector shape(static_cast<size_t>(y.dim()), 1);
    shape[dim] = x.sizes()[0];
    xv = reshape(x, shape);
  } else if (x.dim() < y.dim()) {
    DimVector shape(static_cast<size_t>(y.dim() - x.dim()), 1);
    for (int64_t s : x.sizes()) shape.push_back(s);
    xv = reshape(x, shape);
  }
  const int64_t n = xv.sizes()[dim];
  return sub(narrow(xv, dim, 1, n - 1), narrow(xv, dim, 0, n - 1));
}

DimVector withoutDim(IntArrayRef sizes, int64_t dim) {
  DimVector s;
  for (int64_t d = 0; d < static_cast<int64_t>(sizes.size()); ++d)
    if (d != dim) s.push_back(sizes[d]);
  return s;
}

// Sums in the float dtype trapezoid results have (integers give the default float dtype).
ScalarType floatResult(const Tensor& t) { return isFloatingType(t.dtype()) ? t.dtype() : kFloat; }

void rejectBoolY(const Tensor& y, const char* op) {
  EMBER_CHECK(y.dtype() != kBool, op, ": received a bool input for `y`, but bool is not supported");
}

}  // namespace

Tensor diag_embed(const Tensor& self, int64_t offset, int64_t dim1, int64_t dim2) {
  const int64_t nd = self.dim() + 1;
  const int64_t d1 = wrapDim(dim1, nd), d2 = wrapDim(dim2, nd);
  EMBER_CHECK(d1 != d2, "diagonal dimensions cannot be identical ", dim1, ", ", dim2);
  const int64_t n = (self.dim() == 0 ? 1 : self.sizes()[self.dim() - 1]) + std::abs(offset);
  DimVector shape;
  int64_t k = 0;
  for (int64_t d = 0; d < nd; ++d) {
    if (d == d1 || d == d2) shape.push_back(n);
    else shape.push_back(self.sizes()[k++]);
  }
  Tensor out = zeros(shape, self.dtype());
  Tensor diag = diagonal(out, offset, d1, d2);
  copy_(diag, self);
  return out;
}

Tensor diagflat(const Tensor& self, int64_t offset) {
  if (self.dtype() == ScalarType::Half) throwUnsupportedDtype("diag", self.dtype());
  Tensor flat = reshape(self, {-1});
  const int64_t n = flat.numel() + std::abs(offset);
  Tensor out = zeros({n, n}, self.dtype());
  Tensor diag = diagonal(out, offset, 0, 1);
  copy_(diag, flat);
  return out;
}

Tensor tril_indices(int64_t row, int64_t col, int64_t offset, TensorOptions options) {
  return triangleIndices(row, col, offset, options, true);
}
Tensor triu_indices(int64_t row, int64_t col, int64_t offset, TensorOptions options) {
  return triangleIndices(row, col, offset, options, false);
}

Tensor sum_to_size(const Tensor& self, IntArrayRef size) {
  const int64_t lead = self.dim() - static_cast<int64_t>(size.size());
  bool expandable = lead >= 0;
  for (int64_t i = 0; expandable && i < static_cast<int64_t>(size.size()); ++i)
    expandable = size[i] == 1 || size[i] == self.sizes()[lead + i];
  EMBER_CHECK(expandable, "size {", size, "} is not expandable to size {", self.sizes(), "}.");
  DimVector reduce;
  for (int64_t d = 0; d < lead; ++d) reduce.push_back(d);
  for (int64_t i = 0; i < static_cast<int64_t>(size.size()); ++i)
    if (size[i] == 1 && self.sizes()[lead + i] != 1) reduce.push_back(lead + i);
  if (size.empty()) return sum(self);  // PyTorch's sum_to: an empty size is a full sum (int -> int64)
  if (reduce.empty()) return self;
  Tensor r = sum(self, reduce, true);
  return lead > 0 ? reshape(r, size) : r;
}

Tensor narrow_copy(const Tensor& self, int64_t dim, int64_t start, int64_t length) {
  return ember::clone(narrow(self, dim, start, length), MemoryFormat::Contiguous);
}

Tensor vander(const Tensor& x, std::optional<int64_t> N, bool increasing) {
  EMBER_CHECK(x.dim() == 1, "x must be a one-dimensional tensor.");
  const int64_t n = N.value_or(x.numel());
  EMBER_CHECK(n >= 0, "N must be non-negative.");
  const ScalarType dt = promote_types(x.dtype(), kLong);
  Tensor out = ones({x.numel(), n}, dt);
  if (n > 1 && x.numel() > 0) {
    Tensor rest = narrow(out, 1, 1, n - 1);
    copy_(rest, expand(unsqueeze(x, 1), {x.numel(), n - 1}));
    copy_(rest, cumprod(rest, 1));
  }
  if (increasing) return out;
  return flip(out, {1});
}

Tensor renorm(const Tensor& self, const Scalar& p, int64_t dim, const Scalar& maxnorm) {
  EMBER_CHECK(!p.isBoolean() && p.toDouble() > 0, "renorm: non-positive-norm not supported");
  EMBER_CHECK(maxnorm.toDouble() >= 0, "renorm: expected maxnorm to be >= 0 but got ", maxnorm.toDouble());
  EMBER_CHECK(self.dim() > 1, "renorm: input needs at least 2 dimensions, got ", self.dim(), " dimensions");
  dim = wrapDim(dim, self.dim());
  DimVector reduce;
  for (int64_t d = 0; d < self.dim(); ++d)
    if (d != dim) reduce.push_back(d);
  Tensor norms = norm(self, p, reduce, true);
  const double mx = maxnorm.toDouble();
  Tensor factor = where(gt(norms, maxnorm), div(scalar_tensor(mx, norms.dtype()), add(norms, Scalar(1e-7))),
                        Scalar(1.0));
  return mul(self, factor);
}

Tensor& renorm_(Tensor& self, const Scalar& p, int64_t dim, const Scalar& maxnorm) {
  detail::noteWrite(self);
  return copy_(self, renorm(self, p, dim, maxnorm));
}

Tensor diff(const Tensor& self, int64_t n, int64_t dim, const std::optional<Tensor>& prepend,
            const std::optional<Tensor>& append) {
  EMBER_CHECK(self.dim() >= 1, "diff expects input to be at least one-dimensional");
  dim = wrapDim(dim, self.dim());
  auto checkExtra = [&](const Tensor& t, const char* what) {
    EMBER_CHECK(t.dim() == self.dim(), "diff expects prepend or append to be the same dimension as input");
    for (int64_t d = 0; d < self.dim(); ++d)
      EMBER_CHECK(d == dim || t.sizes()[d] == self.sizes()[d], "diff expects the shape of tensor to prepend or "
                  "append to match that of input except along the differencing dimension; input.size(", d,
                  ") = ", self.sizes()[d], ", but got tensor.size(", d, ") = ", t.sizes()[d], " (", what, ")");
  };
  if (prepend) checkExtra(*prepend, "prepend");
  if (append) checkExtra(*append, "append");
  Tensor x = self;
  // n == 0 gives the input as it is: prepend and append are checked but not added (PyTorch).
  if (n > 0 && (prepend || append)) {
    std::vector<Tensor> parts;
    if (prepend) parts.push_back(*prepend);
    parts.push_back(self);
    if (append) parts.push_back(*append);
    x = cat(parts, dim);
  }
  for (int64_t i = 0; i < n && x.sizes()[dim] > 0; ++i) {
    const int64_t len = x.sizes()[dim];
    Tensor hi = narrow(x, dim, 1, len - 1), lo = narrow(x, dim, 0, len - 1);
    x = x.dtype() == kBool ? logical_xor(hi, lo) : sub(hi, lo);
  }
  return n <= 0 ? ember::clone(x) : x;  // aten::diff returns the input for n <= 0
}

Tensor trapezoid(const Tensor& y, const Tensor& x, int64_t dim) {
  rejectBoolY(y, "trapezoid");
  dim = wrapDim(dim, y.dim());
  if (y.sizes()[dim] == 0) return zeros(withoutDim(y.sizes(), dim), promote_types(floatResult(y), x.dtype()));
  return div(sum(mul(spacings(y, x, dim), pairSums(y, dim)), dim), Scalar(2.0));
}
Tensor trapezoid(const Tensor& y, const Scalar& dx, int64_t dim) {
  rejectBoolY(y, "trapezoid");
  dim = wrapDim(dim, y.dim());
  if (y.sizes()[dim] == 0) return zeros(withoutDim(y.sizes(), dim), floatResult(y));
  const int64_t n = y.sizes()[dim];
  Tensor ends = add(select(y, dim, 0), select(y, dim, n - 1));
  return mul(sub(sum(y, dim), mul(ends, Scalar(0.5))), dx);
}
Tensor cumulative_trapezoid(const Tensor& y, const Tensor& x, int64_t dim) {
  rejectBoolY(y, "cumulative_trapezoid");
  dim = wrapDim(dim, y.dim());
  if (y.sizes()[dim] == 0) return zeros(y.sizes(), promote_types(floatResult(y), x.dtype()));
  return div(cumsum(mul(spacings(y, x, dim), pairSums(y, dim)), dim), Scalar(2.0));
}
Tensor cumulative_trapezoid(const Tensor& y, const Scalar& dx, int64_t dim) {
  rejectBoolY(y, "cumulative_trapezoid");
  dim = wrapDim(dim, y.dim());
  if (y.sizes()[dim] == 0) return zeros(y.sizes(), floatResult(y));
  return cumsum(mul(pairSums(y, dim), Scalar(dx.toDouble() / 2.0)), dim);
}

}  // namespace ember
