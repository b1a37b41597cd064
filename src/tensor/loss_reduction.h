// The `reduction` argument of the losses (Reduction::None / Mean / Sum in ember/tensor/ops/loss.h)
// applied to the elementwise loss: shared by the loss families' source files.
#pragma once

#include "ember/tensor/ops/loss.h"
#include "ember/tensor/ops/reduce.h"

namespace ember::detail {

inline Tensor reduceLoss(const Tensor& loss, int64_t reduction) {
  if (reduction == Reduction::Mean) return mean(loss);
  if (reduction == Reduction::Sum) return sum(loss);
  return loss;
}

}  // namespace ember::detail
