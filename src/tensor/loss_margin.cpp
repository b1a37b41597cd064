// Divergence, margin and embedding losses (kl_div, margin_ranking, hinge_embedding,
// cosine_embedding, triplet_margin, poisson_nll, soft_margin) composed from pointwise ops as
// PyTorch 1.13 composes them, and the two multi-class margin losses as loops over the rows
// (multi_margin_loss, multilabel_margin_loss), float32 / float64 as PyTorch's CPU kernels.
#include <cmath>
#include <vector>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/indexing.h"
#include "ember/tensor/ops/loss.h"
#include "ember/tensor/ops/loss_extra.h"
#include "ember/tensor/ops/nn_misc.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/reduce.h"
#include "ember/tensor/ops/unary.h"
#include "tensor/loss_reduction.h"

namespace ember {

namespace {

}  // namespace

Tensor kl_div(const Tensor& self, const Tensor& target, int64_t reduction, bool log_target) {
  EMBER_CHECK(!isIntegralType(self.dtype(), true) && !isIntegralType(target.dtype(), true),
              "kl_div: Integral inputs not supported.");
  Tensor loss;
  if (log_target) {
    loss = exp(target) * (target - self);
  } else {
    // xlogy(target, target): 0 where the target is 0.
    const Tensor tlogt = where(eq(target, Scalar(0)), Scalar(0.0), target * log(target));
    loss = tlogt - target * self;
  }
  return detail::reduceLoss(loss, reduction);
}

Tensor margin_ranking_loss(const Tensor& input1, const Tensor& input2, const Tensor& target, double margin,
                           int64_t reduction) {
  return detail::reduceLoss(clamp_min(neg(target) * (input1 - input2) + Scalar(margin), Scalar(0)), reduction);
}

Tensor hinge_embedding_loss(const Tensor& self, const Tensor& target, double margin, int64_t reduction) {
  const Tensor zero = zeros_like(self);
  const Tensor marginPart = where(ne(target, Scalar(1)), clamp_min(Scalar(margin) - self, Scalar(0)), zero);
  const Tensor selfPart = where(ne(target, Scalar(-1)), self, zero);
  return detail::reduceLoss(marginPart + selfPart, reduction);
}

Tensor cosine_embedding_loss(const Tensor& input1, const Tensor& input2, const Tensor& target, double margin,
                             int64_t reduction) {
  const int64_t td = target.dim();
  EMBER_CHECK(td <= 1, "0D or 1D target tensor expected, multi-target not supported");
  if (td == 1) {
    EMBER_CHECK(input1.dim() == 2 && input2.dim() == 2,
                "1D target tensor expects 2D input tensors, but found "
                "inputs with sizes ",
                input1.sizes(), " and ", input2.sizes(), ".");
  } else {
    EMBER_CHECK(input1.dim() == 1 && input2.dim() == 1,
                "0D target tensor expects 1D input tensors, but found "
                "inputs with sizes ",
                input1.sizes(), " and ", input2.sizes(), ".");
  }
  constexpr double kEps = 1e-12;
  const Tensor dot = sum(input1 * input2, {td});
  const Tensor sq1 = sum(input1 * input1, {td}) + Scalar(kEps), sq2 = sum(input2 * input2, {td}) + Scalar(kEps);
  const Tensor cos = dot / sqrt(sq1 * sq2);
  const Tensor zero = zeros_like(cos);
  const Tensor pos = where(eq(target, Scalar(1)), Scalar(1) - cos, zero);
  const Tensor negPart = where(eq(target, Scalar(-1)), clamp_min(cos - Scalar(margin), Scalar(0)), zero);
  return detail::reduceLoss(pos + negPart, reduction);
}

Tensor triplet_margin_loss(const Tensor& anchor, const Tensor& positive, const Tensor& negative, double margin,
                           double p, double eps, bool swap, int64_t reduction) {
  EMBER_CHECK(anchor.dim() == positive.dim() && anchor.dim() == negative.dim(),
              "All inputs should have same "
              "dimension but got ",
              anchor.dim(), "D, ", positive.dim(), "D and ", negative.dim(), "D inputs.");
  const Tensor dPos = pairwise_distance(anchor, positive, p, eps);
  Tensor dNeg = pairwise_distance(anchor, negative, p, eps);
  if (swap) dNeg = minimum(dNeg, pairwise_distance(positive, negative, p, eps));
  return detail::reduceLoss(clamp_min(Scalar(margin) + dPos - dNeg, Scalar(0)), reduction);
}

Tensor poisson_nll_loss(const Tensor& input, const Tensor& target, bool log_input, bool full, double eps,
                        int64_t reduction) {
  Tensor loss = log_input ? exp(input) - target * input : input - target * log(input + Scalar(eps));
  if (full) {
    const Tensor stirling = target * log(target) - target + Scalar(0.5) * log(Scalar(2 * M_PI) * target);
    loss = loss + masked_fill(stirling, le(target, Scalar(1)), Scalar(0));
  }
  return detail::reduceLoss(loss, reduction);
}

Tensor soft_margin_loss(const Tensor& self, const Tensor& target, int64_t reduction) {
  return detail::reduceLoss(log1p(exp(neg(self) * target)), reduction);
}

namespace {

// Rows of a (N, C) / (C) score tensor: (rows, classes); an empty batch has no rows.
std::pair<int64_t, int64_t> rowsOf(const Tensor& self) {
  return self.dim() <= 1 ? std::pair<int64_t, int64_t>{1, self.dim() == 0 ? 1 : self.size(0)}
                         : std::pair<int64_t, int64_t>{self.size(0), self.size(1)};
}

void checkFloat(const Tensor& t, const char* name) {
  EMBER_CHECK(t.dtype() == ScalarType::Float || t.dtype() == ScalarType::Double, name, " not implemented for '",
              scalarTypeName(t.dtype()), "'");
}

}  // namespace

Tensor multi_margin_loss(const Tensor& self, const Tensor& target, const Scalar& p, const Scalar& margin,
                         const Tensor& weight, int64_t reduction) {
  const int64_t pv = p.toLong();
  EMBER_CHECK(p.toDouble() == static_cast<double>(pv) && (pv == 1 || pv == 2), "only p == 1 and p == 2 supported");
  EMBER_CHECK((self.dim() == 2 && self.size(1) != 0) || (self.dim() <= 1 && self.numel() > 0),
              "Expected non-empty vector or matrix with optional 0-dim batch size, but got: ", self.sizes());
  const auto [rows, classes] = rowsOf(self);
  EMBER_CHECK(target.dim() <= 1 && target.numel() == rows, "inconsistent target size, got: ", target.sizes());
  EMBER_CHECK(!weight.defined() || (weight.dim() <= 1 && weight.numel() == classes),
              "inconsistent weight size, expected ", classes, " but got ", weight.sizes());
  checkFloat(self, "\"multi_margin_loss_cpu_kernel\"");
  const Tensor x = self.contiguous(), t = target.to(ScalarType::Long).contiguous();
  const Tensor w = weight.defined() ? weight.to(self.dtype()).contiguous() : Tensor();
  const double m = margin.toDouble();
  const bool perRow = reduction == Reduction::None && target.dim() > 0;
  Tensor out = empty(perRow ? DimVector{rows} : DimVector{}, self.dtype());
  visitFloatingDtype(self.dtype(), [&]<typename T>() {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
      const T* xp = x.data_ptr<T>();
      const int64_t* tp = t.data_ptr<int64_t>();
      const T* wp = w.defined() ? w.data_ptr<T>() : nullptr;
      T* op = out.data_ptr<T>();
      T total = 0;
      for (int64_t r = 0; r < rows; ++r) {
        const int64_t k = tp[r];
        EMBER_CHECK(k >= 0 && k < classes, "target out of range");
        const T* row = xp + r * classes;
        T acc = 0;
        for (int64_t d = 0; d < classes; ++d) {
          if (d == k) continue;
          T z = static_cast<T>(m) - row[k] + row[d];
          if (z <= 0) continue;
          if (pv == 2) z *= z;
          if (wp) z *= wp[k];
          acc += z;
        }
        acc /= static_cast<T>(classes);
        if (perRow)
          op[r] = acc;
        else
          total += acc;
      }
      if (!perRow) op[0] = reduction == Reduction::Mean ? total / static_cast<T>(rows) : total;
    }
  });
  return out;
}

std::tuple<Tensor, Tensor> multilabel_margin_loss_forward(const Tensor& self, const Tensor& target, int64_t reduction) {
  EMBER_CHECK((self.dim() == 2 && self.size(1) != 0) || (self.dim() <= 1 && self.numel() > 0),
              "Expected non-empty vector or matrix with optional 0-dim batch size, but got: ", self.sizes());
  const auto [rows, classes] = rowsOf(self);
  const bool shapeOk = self.dim() <= 1 ? target.dim() <= 1 && target.numel() == classes
                                       : target.dim() == 2 && target.size(0) == rows && target.size(1) == classes;
  EMBER_CHECK(shapeOk, "inconsistent size ", target.sizes(), " for argument #2 'target'");
  checkFloat(self, "\"multilabel_margin_loss_forward_out_frame\"");
  const Tensor x = self.contiguous(), t = target.to(ScalarType::Long).contiguous();
  const int64_t* tp = t.data_ptr<int64_t>();
  for (int64_t i = 0; i < t.numel(); ++i)
    EMBER_CHECK(tp[i] >= -1 && tp[i] < classes, "argument #2 'target' is out of range");
  Tensor isTarget = zeros(target.sizes(), self.dtype());
  const bool perRow = reduction == Reduction::None && self.dim() == 2;
  Tensor out = empty(perRow ? DimVector{rows} : DimVector{}, self.dtype());
  visitFloatingDtype(self.dtype(), [&]<typename T>() {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
      const T* xp = x.data_ptr<T>();
      T* isT = isTarget.data_ptr<T>();
      T* op = out.data_ptr<T>();
      T total = 0;
      for (int64_t r = 0; r < rows; ++r) {
        const T* row = xp + r * classes;
        const int64_t* tr = tp + r * classes;
        T* mark = isT + r * classes;
        int64_t count = 0;
        while (count < classes && tr[count] >= 0) mark[tr[count++]] = 1;
        T acc = 0;
        for (int64_t j = 0; j < count; ++j) {
          const T xt = row[tr[j]];
          for (int64_t d = 0; d < classes; ++d) {
            if (mark[d] != 0) continue;
            const T z = 1 - xt + row[d];
            if (z > 0) acc += z;
          }
        }
        acc /= static_cast<T>(classes);
        if (perRow)
          op[r] = acc;
        else
          total += acc;
      }
      if (!perRow) op[0] = reduction == Reduction::Mean ? total / static_cast<T>(rows) : total;
    }
  });
  return {out, isTarget};
}

}  // namespace ember
