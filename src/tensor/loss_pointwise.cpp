// The elementwise losses (mse, l1, smooth_l1, huber, binary cross entropy with and without
// logits): the per-element loss on the broadcast operands, then the reduction. 16-bit inputs are
// computed in float and rounded once at the end, as PyTorch's fused kernels do.
#include "ember/tensor/ops/loss.h"

#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/reduce.h"
#include "ember/tensor/ops/unary.h"
#include "tensor/loss_reduction.h"
#include "tensor/nn_layout.h"

namespace ember {

namespace {

// Promotes the operands, checks the dtype against PyTorch's kernel and widens 16-bit floats.
struct Operands {
  Tensor x, y;
  ScalarType dtype;
};
Operands operands(const Tensor& self, const Tensor& target, std::initializer_list<ScalarType> ok, const char* name) {
  const ScalarType t = result_type(self, target);
  nn::checkDtypeIn(t, ok, name);
  const ScalarType compute = (t == kHalf || t == kBFloat16) ? kFloat : t;
  return {self.to(compute), target.to(compute), t};
}

Tensor finish(const Tensor& loss, ScalarType dtype, int64_t reduction) {
  return detail::reduceLoss(loss, reduction).to(dtype);
}

}  // namespace

Tensor mse_loss(const Tensor& self, const Tensor& target, int64_t reduction) {
  const Operands o = operands(self, target, {kHalf, kFloat, kDouble}, "mse_cpu");
  const Tensor d = o.x - o.y;
  return finish(d * d, o.dtype, reduction);
}

Tensor l1_loss(const Tensor& self, const Tensor& target, int64_t reduction) {
  return detail::reduceLoss(abs(self - target), reduction);
}

Tensor smooth_l1_loss(const Tensor& self, const Tensor& target, int64_t reduction, double beta) {
  EMBER_CHECK(beta >= 0, "smooth_l1_loss does not support negative values for beta.");
  if (beta == 0) return l1_loss(self, target, reduction);
  const Operands o = operands(self, target, {kHalf, kBFloat16, kFloat, kDouble}, "smooth_l1_cpu");
  const Tensor z = abs(o.x - o.y);
  return finish(where(lt(z, beta), z * z * (0.5 / beta), z - 0.5 * beta), o.dtype, reduction);
}

Tensor huber_loss(const Tensor& self, const Tensor& target, int64_t reduction, double delta) {
  EMBER_CHECK(delta > 0, "huber_loss does not support non-positive values for delta.");
  const Operands o = operands(self, target, {kHalf, kBFloat16, kFloat, kDouble}, "huber_cpu");
  const Tensor z = abs(o.x - o.y);
  return finish(where(lt(z, delta), z * z * 0.5, (z - 0.5 * delta) * delta), o.dtype, reduction);
}

Tensor binary_cross_entropy(const Tensor& self, const Tensor& target, const Tensor& weight, int64_t reduction) {
  nn::checkDtypeIn(self.dtype(), {kFloat, kDouble}, "binary_cross_entropy");
  // NaN fails the check too, as in PyTorch.
  EMBER_CHECK(all(logical_and(ge(self, 0), le(self, 1))).item<bool>(), "all elements of input should be between 0 and 1");
  Tensor loss = (target - 1) * clamp_min(log1p(neg(self)), -100) - target * clamp_min(log(self), -100);
  if (weight.defined()) loss = loss * weight;
  return detail::reduceLoss(loss, reduction);
}

Tensor binary_cross_entropy_with_logits(const Tensor& self, const Tensor& target, const Tensor& weight,
                                        const Tensor& pos_weight, int64_t reduction) {
  // max_val + log(exp(-max_val) + exp(-x - max_val)) is log(1 + exp(-x)) without overflow.
  Tensor maxVal = clamp_min(neg(self), 0);
  Tensor loss = 1 - target;
  loss.mul_(self);
  Tensor softplus = (exp(neg(maxVal)) + exp(neg(self) - maxVal)).log_();
  if (pos_weight.defined()) {
    Tensor logWeight = (pos_weight - 1) * target;
    logWeight.add_(1);
    loss.add_(logWeight.mul_(softplus.add_(maxVal)));
  } else {
    loss.add_(maxVal).add_(softplus);
  }
  if (weight.defined()) loss.mul_(weight);
  return detail::reduceLoss(loss, reduction);
}

}  // namespace ember
