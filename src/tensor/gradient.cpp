// torch.gradient along one or several dims, with uniform steps or sample coordinates.
//
// Interior points use central differences (for coordinates, the second-order formula for
// unevenly spaced samples); the two ends use one-sided differences of order edge_order. The
// formulas are PyTorch's, written over slices with the vectorised pointwise ops.
#include <vector>

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/ops/shape_extra.h"
#include "ember/tensor/ops/unary.h"

namespace ember {

namespace {

// self[start:end] along dim, with Python's negative bounds.
Tensor sl(const Tensor& t, int64_t dim, int64_t start, std::optional<int64_t> end = std::nullopt) {
  return slice(t, dim, start, end, 1);
}

DimVector resolveDims(const Tensor& self, const std::optional<DimVector>& dims) {
  DimVector out;
  if (!dims) {
    for (int64_t d = 0; d < self.dim(); ++d) out.push_back(d);
    return out;
  }
  std::vector<bool> seen(static_cast<size_t>(self.dim()), false);
  for (int64_t d : *dims) {
    const int64_t w = wrapDim(d, self.dim());
    EMBER_CHECK(!seen[w], "dim ", w, " appears multiple times in the list of dims");
    seen[w] = true;
    out.push_back(w);
  }
  return out;
}

void checkGradient(const Tensor& self, size_t spacingSize, bool spacingGiven, const std::optional<DimVector>& dims,
                   const DimVector& resolved, int64_t edgeOrder) {
  EMBER_CHECK(self.dtype() != ScalarType::Byte, "torch.gradient does not support uint8 input.");
  if (spacingGiven && !dims)
    EMBER_CHECK(spacingSize == 1 || static_cast<int64_t>(spacingSize) == self.dim(),
                "torch.gradient expected spacing to be unspecified, a scalar or a list of length equal to "
                "'self.dim() = ", self.dim(), "', since dim argument was not given, but got a list of length ",
                spacingSize);
  if (spacingGiven && dims)
    EMBER_CHECK(spacingSize == dims->size(), "torch.gradient expected spacing to be unspecified, a scalar or it's "
                "spacing and dim arguments to have the same length, but got a spacing argument of length ",
                spacingSize, " and a dim argument of length ", dims->size(), ".");
  EMBER_CHECK(edgeOrder == 1 || edgeOrder == 2, "torch.gradient only supports edge_order=1 and edge_order=2.");
  for (int64_t d : resolved)
    EMBER_CHECK(self.sizes()[d] >= edgeOrder + 1,
                "torch.gradient expected each dimension size to be at least edge_order+1");
}

Tensor uniformGradient(const Tensor& self, int64_t d, const Scalar& h, int64_t edgeOrder) {
  Tensor center = div(div(sub(sl(self, d, 2), sl(self, d, 0, -2)), h), Scalar(2));
  Tensor first, last;
  if (edgeOrder == 1) {
    first = div(sub(sl(self, d, 1, 2), sl(self, d, 0, 1)), h);
    last = div(sub(sl(self, d, -1), sl(self, d, -2, -1)), h);
  } else {
    first = div(sub(add(mul(sl(self, d, 0, 1), Scalar(-1.5)), mul(sl(self, d, 1, 2), Scalar(2))),
                    mul(sl(self, d, 2, 3), Scalar(0.5))),
                h);
    last = div(add(add(mul(sl(self, d, -3, -2), Scalar(0.5)), mul(sl(self, d, -2, -1), Scalar(-2))),
                   mul(sl(self, d, -1), Scalar(1.5))),
               h);
  }
  return cat({first, center, last}, d);
}

Tensor coordinateGradient(const Tensor& self, int64_t d, const Tensor& x, int64_t edgeOrder) {
  EMBER_CHECK(x.dim() == 1, "torch.gradient expected each element of spacing to have one dimension, but got an "
              "element with ", x.dim(), " dimensions!");
  DimVector shape(static_cast<size_t>(self.dim()), 1);
  shape[d] = -1;
  const int64_t n = x.sizes()[0];
  Tensor dx = sub(sl(x, 0, 1), sl(x, 0, 0, n - 1));
  Tensor dx1 = sl(dx, 0, 0, -1), dx2 = sl(dx, 0, 1);
  Tensor a = reshape(div(neg(dx2), mul(dx1, add(dx1, dx2))), shape);
  Tensor b = reshape(div(sub(dx2, dx1), mul(dx1, dx2)), shape);
  Tensor c = reshape(div(dx1, mul(dx2, add(dx1, dx2))), shape);
  Tensor center = add(add(mul(a, sl(self, d, 0, -2)), mul(b, sl(self, d, 1, -1))), mul(c, sl(self, d, 2)));
  Tensor h0 = select(dx, 0, 0), h1 = select(dx, 0, 1 < dx.numel() ? 1 : 0);
  Tensor hl = select(dx, 0, -1), hl2 = select(dx, 0, dx.numel() > 1 ? -2 : -1);
  Tensor first, last;
  if (edgeOrder == 1) {
    first = div(sub(sl(self, d, 1, 2), sl(self, d, 0, 1)), h0);
    last = div(sub(sl(self, d, -1), sl(self, d, -2, -1)), hl);
  } else {
    Tensor fa = div(neg(add(mul(h0, Scalar(2.0)), h1)), mul(h0, add(h0, h1)));
    Tensor fb = div(add(h0, h1), mul(h0, h1));
    Tensor fc = div(neg(h0), mul(h1, add(h0, h1)));
    first = add(add(mul(fa, sl(self, d, 0, 1)), mul(fb, sl(self, d, 1, 2))), mul(fc, sl(self, d, 2, 3)));
    Tensor la = div(hl, mul(hl2, add(hl, hl2)));
    Tensor lb = div(neg(add(hl, hl2)), mul(hl, hl2));
    Tensor lc = div(add(mul(hl, Scalar(2)), hl2), mul(hl, add(hl, hl2)));
    last = add(add(mul(la, sl(self, d, -3, -2)), mul(lb, sl(self, d, -2, -1))), mul(lc, sl(self, d, -1)));
  }
  return cat({first, center, last}, d);
}

}  // namespace

std::vector<Tensor> gradient(const Tensor& self, ArrayRef<Scalar> spacing, std::optional<DimVector> dims,
                             int64_t edge_order) {
  const DimVector resolved = resolveDims(self, dims);
  checkGradient(self, spacing.size(), !spacing.empty(), dims, resolved, edge_order);
  std::vector<Tensor> out;
  for (size_t i = 0; i < resolved.size(); ++i) {
    const Scalar h = spacing.empty() ? Scalar(1.0) : spacing[spacing.size() == 1 ? 0 : i];
    out.push_back(uniformGradient(self, resolved[i], h, edge_order));
  }
  return out;
}

std::vector<Tensor> gradient(const Tensor& self, ArrayRef<Tensor> coordinates, std::optional<DimVector> dims,
                             int64_t edge_order) {
  const DimVector resolved = resolveDims(self, dims);
  checkGradient(self, coordinates.size(), true, dims, resolved, edge_order);
  std::vector<Tensor> out;
  for (size_t i = 0; i < resolved.size(); ++i)
    out.push_back(coordinateGradient(self, resolved[i], coordinates[coordinates.size() == 1 ? 0 : i], edge_order));
  return out;
}

}  // namespace ember
