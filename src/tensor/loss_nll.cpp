// Negative log-likelihood and cross entropy. nll_loss / nll_loss2d run one loop over the targets
// (sums in double); nll_loss_nd reshapes other ranks onto them; cross_entropy_loss composes
// log_softmax with them, or handles class-probability targets and label smoothing with
// PyTorch's formulas.
#include <cmath>
#include <limits>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/indexing.h"
#include "ember/tensor/ops/loss.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/reduce.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/ops/unary.h"
#include "tensor/nn_layout.h"

namespace ember {

namespace {

void checkTargetDtype(const Tensor& target) {
  EMBER_CHECK(target.dtype() == kLong, "expected scalar type Long but found ", scalarTypeName(target.dtype()));
}

// The loss over `rows` targets; row r reads input[base(r) + t * classStride]. `out` (none
// reduction) receives per-row losses; returns (sum of losses, sum of weights).
template <typename T>
std::pair<double, double> nllKernel(const T* in, const int64_t* target, const T* weight, int64_t rows,
                                    int64_t classes, int64_t ignoreIndex, T* out, auto&& base,
                                    int64_t classStride) {
  double total = 0, totalWeight = 0;
  for (int64_t r = 0; r < rows; ++r) {
    const int64_t t = target[r];
    if (t == ignoreIndex) {
      if (out) out[r] = T(0);
      continue;
    }
    EMBER_CHECK_KIND(Index, t >= 0 && t < classes, "Target ", t, " is out of bounds.");
    const double w = weight ? static_cast<double>(weight[t]) : 1.0;
    const double l = -static_cast<double>(in[base(r) + t * classStride]) * w;
    if (out) out[r] = static_cast<T>(l);
    total += l;
    totalWeight += w;
  }
  return {total, totalWeight};
}

// Shared by nll_loss_forward and nll_loss2d_forward: `outSizes` is the none-reduction shape.
std::tuple<Tensor, Tensor> nllForward(const Tensor& self, const Tensor& target, const Tensor& weight,
                                      int64_t reduction, int64_t ignoreIndex, int64_t rows, int64_t classes,
                                      IntArrayRef outSizes, bool perRow, auto&& base, int64_t classStride) {
  nn::checkDtypeIn(self.dtype(), {kBFloat16, kFloat, kDouble}, "nll_loss_out_frame");
  checkTargetDtype(target);
  if (weight.defined())
    EMBER_CHECK(weight.dtype() == self.dtype(), "expected scalar type ", scalarTypeName(self.dtype()), " but found ",
                scalarTypeName(weight.dtype()));
  const Tensor x = self.contiguous(), t = target.contiguous();
  const Tensor w = weight.defined() ? weight.contiguous() : weight;
  Tensor output = empty(perRow ? outSizes : IntArrayRef{}, self.dtype());
  Tensor totalWeight = empty({}, self.dtype());
  visitFloatingDtype(self.dtype(), [&]<typename T>() {
    if constexpr (!std::is_same_v<T, Half>) {
      auto [total, tw] = nllKernel<T>(x.data_ptr<T>(), t.data_ptr<int64_t>(), w.defined() ? w.data_ptr<T>() : nullptr,
                                      rows, classes, ignoreIndex, perRow ? output.data_ptr<T>() : nullptr, base,
                                      classStride);
      if (perRow) {
        totalWeight.fill_(0);
        return;
      }
      const double value = reduction == Reduction::Mean ? total / tw : total;
      *output.data_ptr<T>() = static_cast<T>(value);
      *totalWeight.data_ptr<T>() = static_cast<T>(tw);
    }
  });
  return {output, totalWeight};
}

Tensor broadcastWeight(const Tensor& weight, int64_t dim, int64_t classDim) {
  if (dim <= 1) return weight;
  DimVector shape(static_cast<size_t>(dim), 1);
  shape[classDim] = weight.size(0);
  return weight.view(shape);
}

Tensor crossEntropyProbabilities(const Tensor& self, const Tensor& target, const Tensor& weight, int64_t reduction,
                                 double labelSmoothing) {
  const int64_t classDim = self.dim() == 1 ? 0 : 1, classes = self.size(classDim);
  EMBER_CHECK(!weight.defined() || (weight.dim() == 1 && weight.numel() == classes),
              "cross_entropy: weight tensor should be defined either for all ", classes,
              " classes or no classes but got weight tensor of shape: ", weight.sizes());
  const Tensor input = log_softmax(self, classDim, self.dtype());
  Tensor t = target;
  if (labelSmoothing > 0.0) {
    EMBER_CHECK(labelSmoothing <= 1.0, "label_smoothing must be between 0.0 and 1.0. Got: ", labelSmoothing);
    t = target * (1 - labelSmoothing) + labelSmoothing / static_cast<double>(classes);
  }
  Tensor prod = input * t;
  if (weight.defined()) prod = prod * broadcastWeight(weight, input.dim(), classDim);
  if (reduction == Reduction::None) return neg(sum(prod, {classDim}));
  Tensor total = neg(sum(prod));
  if (reduction == Reduction::Sum) return total;
  if (input.numel() == 0) return total.fill_(std::numeric_limits<double>::quiet_NaN());
  return total / static_cast<double>(input.numel() / classes);
}

Tensor crossEntropyLabelSmoothing(const Tensor& self, const Tensor& target, const Tensor& weight, int64_t reduction,
                                  int64_t ignoreIndex, double labelSmoothing) {
  const int64_t classDim = self.dim() == 1 ? 0 : 1;
  const Tensor input = log_softmax(self, classDim, self.dtype());
  const Tensor nll = nll_loss_nd(input, target, weight, reduction, ignoreIndex);
  const int64_t classes = input.size(classDim);
  const Tensor ignoreMask = eq(target, ignoreIndex);
  Tensor smooth = weight.defined() ? neg(sum(input * broadcastWeight(weight, input.dim(), classDim), {classDim}))
                                   : neg(sum(input, {classDim}));
  smooth.masked_fill_(ignoreMask, 0.0);
  Tensor ret;
  if (reduction == Reduction::Mean) {
    // Normalised by the weights, to be consistent with nll_loss_nd.
    ret = weight.defined() ? sum(smooth) / sum(gather(weight, 0, masked_select(target, logical_not(ignoreMask)).flatten()))
                           : sum(smooth) / sum(logical_not(ignoreMask));
  } else if (reduction == Reduction::Sum) {
    ret = sum(smooth);
  } else {
    ret = smooth;
  }
  return (1 - labelSmoothing) * nll + ret * (labelSmoothing / static_cast<double>(classes));
}

}  // namespace

std::tuple<Tensor, Tensor> nll_loss_forward(const Tensor& self, const Tensor& target, const Tensor& weight,
                                            int64_t reduction, int64_t ignore_index) {
  EMBER_CHECK(self.dim() > 0 && self.dim() <= 2, "input tensor should be 1D or 2D");
  EMBER_CHECK(target.dim() <= 1, "0D or 1D target tensor expected, multi-target not supported");
  const bool noBatch = self.dim() == 1 && target.dim() == 0;
  EMBER_CHECK(noBatch || self.size(0) == target.size(0), "size mismatch (got input: ", self.sizes(), ", target: ",
              target.sizes(), ")");
  const int64_t classes = self.size(-1);
  EMBER_CHECK(!weight.defined() || (weight.dim() == 1 && weight.numel() == classes),
              "weight tensor should be defined either for all ", classes,
              " classes or no classes but got weight tensor of shape: ", weight.sizes());
  const int64_t rows = self.dim() == 1 ? 1 : self.size(0);
  const bool perRow = reduction == Reduction::None && self.dim() == 2;
  return nllForward(self, target, weight, reduction, ignore_index, rows, classes, {rows}, perRow,
                    [classes](int64_t r) { return r * classes; }, 1);
}

std::tuple<Tensor, Tensor> nll_loss2d_forward(const Tensor& self, const Tensor& target, const Tensor& weight,
                                              int64_t reduction, int64_t ignore_index) {
  EMBER_CHECK(target.dim() == 3,
              "only batches of spatial targets supported (3D tensors) but got targets of dimension: ", target.dim());
  EMBER_CHECK(self.dim() == 4, "only batches of spatial inputs supported (4D tensors), but got input of dimension: ",
              self.dim());
  EMBER_CHECK(!weight.defined() || weight.numel() == self.size(1),
              "weight tensor should be defined either for all or no classes");
  EMBER_CHECK(self.size(0) == target.size(0) && self.size(2) == target.size(1) && self.size(3) == target.size(2),
              "size mismatch (got input: ", self.sizes(), " , target: ", target.sizes());
  const int64_t N = self.size(0), C = self.size(1), HW = self.size(2) * self.size(3);
  return nllForward(self, target, weight, reduction, ignore_index, N * HW, C, target.sizes(),
                    reduction == Reduction::None, [C, HW](int64_t r) { return (r / HW) * C * HW + r % HW; }, HW);
}

Tensor nll_loss(const Tensor& self, const Tensor& target, const Tensor& weight, int64_t reduction,
                int64_t ignore_index) {
  return std::get<0>(nll_loss_forward(self, target, weight, reduction, ignore_index));
}

Tensor nll_loss2d(const Tensor& self, const Tensor& target, const Tensor& weight, int64_t reduction,
                  int64_t ignore_index) {
  return std::get<0>(nll_loss2d_forward(self, target, weight, reduction, ignore_index));
}

Tensor nll_loss_nd(const Tensor& self, const Tensor& target, const Tensor& weight, int64_t reduction,
                   int64_t ignore_index) {
  EMBER_CHECK_KIND(Value, self.dim() >= 1, "Expected 1 or more dimensions (got ", self.dim(), ")");
  EMBER_CHECK_KIND(Value, self.dim() == 1 || target.dim() == 0 || self.size(0) == target.size(0),
                   "Expected input batch_size (", self.size(0), ") to match target batch_size (",
                   target.dim() > 0 ? target.size(0) : 0, ").");
  if (self.dim() <= 2) return nll_loss(self, target, weight, reduction, ignore_index);
  if (self.dim() == 4) return nll_loss2d(self, target, weight, reduction, ignore_index);
  const int64_t n = self.size(0), c = self.size(1);
  DimVector outSizes{n};
  for (int64_t d = 2; d < self.dim(); ++d) outSizes.push_back(self.size(d));
  EMBER_CHECK(target.dim() >= 1 && target.sizes().slice(1) == self.sizes().slice(2), "Expected target size ",
              IntArrayRef(outSizes), ", got ", target.sizes());
  Tensor x = self.contiguous(), t = target.contiguous();
  x = x.numel() > 0 ? x.view({n, c, 1, -1}) : x.view({n, c, 0, 0});
  t = t.numel() > 0 ? t.view({n, 1, -1}) : t.view({n, 0, 0});
  Tensor out = nll_loss2d(x, t, weight, reduction, ignore_index);
  return reduction == Reduction::None ? out.view(outSizes) : out;
}

Tensor cross_entropy_loss(const Tensor& self, const Tensor& target, const Tensor& weight, int64_t reduction,
                          int64_t ignore_index, double label_smoothing) {
  if (self.sizes() == target.sizes()) {
    EMBER_CHECK(isFloatingType(target.dtype()),
                "Expected floating point type for target with class probabilities, got ",
                scalarTypeName(target.dtype()));
    EMBER_CHECK(ignore_index < 0, "ignore_index is not supported for floating point target");
    return crossEntropyProbabilities(self, target, weight, reduction, label_smoothing);
  }
  if (label_smoothing > 0.0) {
    EMBER_CHECK(label_smoothing <= 1.0, "label_smoothing must be between 0.0 and 1.0. Got: ", label_smoothing);
    return crossEntropyLabelSmoothing(self, target, weight, reduction, ignore_index, label_smoothing);
  }
  const int64_t classDim = self.dim() == 1 ? 0 : 1;
  return nll_loss_nd(log_softmax(self, classDim, self.dtype()), target, weight, reduction, ignore_index);
}

}  // namespace ember
