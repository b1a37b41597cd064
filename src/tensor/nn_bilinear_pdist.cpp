// torch.bilinear and torch.pdist, composed from einsum and norms, with PyTorch 1.13's argument
// checks and messages.
#include <string>

#include "ember/error.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/indexing.h"
#include "ember/tensor/ops/linalg.h"
#include "ember/tensor/ops/linalg_decompositions.h"
#include "ember/tensor/ops/nn_misc.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/shape_extra.h"

namespace ember {

Tensor bilinear(const Tensor& input1, const Tensor& input2, const Tensor& weight, const Tensor& bias) {
  EMBER_CHECK(input1.dim() == input2.dim(), "bilinear(): input dimensions do not match: got ", input1.dim(), " and ",
              input2.dim());
  for (int64_t i = 0; i + 1 < input1.dim(); ++i)
    EMBER_CHECK(input1.size(i) == input2.size(i), "bilinear(): input batch dimensions do not match at dim ", i,
                ": got ", input1.size(i), " and ", input2.size(i));
  EMBER_CHECK(weight.dim() == 3, "bilinear(): weight must be three-dimensional, got ", weight.dim(), "-D");
  EMBER_CHECK(input1.dim() >= 1 && input1.size(-1) == weight.size(1),
              "bilinear(): input1 size does not match weight size: got ", input1.dim() ? input1.size(-1) : 0,
              " but expected ", weight.size(1));
  EMBER_CHECK(input2.size(-1) == weight.size(2), "bilinear(): input2 size does not match weight size: got ",
              input2.size(-1), " but expected ", weight.size(2));
  EMBER_CHECK(!bias.defined() || bias.numel() == weight.size(0), "bilinear(): bias size does not match weight size: got ",
              bias.defined() ? bias.size(-1) : 0, " but expected ", weight.size(0));
  Tensor out;
  if (input1.numel() == 0 || input2.numel() == 0) {  // an empty batch or feature dim: nothing to sum
    DimVector shape(input1.sizes().begin(), input1.sizes().end() - 1);
    shape.push_back(weight.size(0));
    out = zeros(shape, input1.dtype());
  } else {
    out = einsum("...i,oij,...j->...o", {input1, weight, input2});
  }
  return bias.defined() ? add(out, bias) : out;
}

Tensor pdist(const Tensor& self, double p) {
  EMBER_CHECK(self.dim() == 2, "pdist only supports 2D tensors, got: ", self.dim(), "D");
  EMBER_CHECK(isFloatingType(self.scalar_type()), "pdist only supports floating-point dtypes");
  EMBER_CHECK(p >= 0, "pdist only supports non-negative p values");
  Tensor pairs = triu_indices(self.size(0), self.size(0), 1);  // [2, n(n-1)/2]: rows i < j
  Tensor diff = sub(index_select(self, 0, pairs.select(0, 0)), index_select(self, 0, pairs.select(0, 1)));
  return linalg_vector_norm(diff, Scalar(p), {1});
}

}  // namespace ember
