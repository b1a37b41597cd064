// Dropout and its variants, composed as PyTorch 1.13 composes them on CPU: a noise tensor
// (the input's shape, or [N, C, 1, ...] for feature dropout) filled by bernoulli_(1 - p) from
// the default generator, scaled, and multiplied in. Not training (or p == 0, or an empty input)
// returns the input itself.
#include <cmath>

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/nn_misc.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/random.h"
#include "tensor/storage_watch.h"

namespace ember {

namespace {

Tensor featureNoise(const Tensor& input) {
  EMBER_CHECK(input.dim() >= 2, "Feature dropout requires at least 2 dimensions in the input");
  DimVector sizes(static_cast<size_t>(input.dim()), 1);
  sizes[0] = input.size(0);
  sizes[1] = input.size(1);
  return empty(sizes, input.dtype());
}

template <bool kFeature, bool kAlpha, bool kInplace>
Tensor dropoutImpl(Tensor input, double p, bool train) {
  EMBER_CHECK(p >= 0 && p <= 1, "dropout probability has to be between 0 and 1, but got ", p);
  if (p == 0 || !train || input.numel() == 0) return input;
  if (p == 1) {
    const Tensor zero = zeros({}, input.dtype());
    return kInplace ? input.mul_(zero) : input * zero;
  }
  Tensor noise = kFeature ? featureNoise(input) : empty(input.sizes(), input.dtype());
  bernoulli_(noise, 1 - p);
  if constexpr (kAlpha) {
    constexpr double alpha = 1.7580993408473766;
    const double a = 1. / std::sqrt((alpha * alpha * p + 1) * (1 - p));
    Tensor b = noise - 1;
    b.mul_(alpha * a).add_(alpha * a * p);
    noise.mul_(a);
    if constexpr (kInplace) return input.mul_(noise).add_(b);
    else return (input * noise).add_(b);
  } else {
    noise.div_(1 - p);
    if constexpr (kInplace) return input.mul_(noise);
    else return input * noise;
  }
}

}  // namespace

Tensor dropout(const Tensor& input, double p, bool train) { return dropoutImpl<false, false, false>(input, p, train); }
Tensor& dropout_(Tensor& self, double p, bool train) {
  detail::noteWrite(self);
  dropoutImpl<false, false, true>(self, p, train);
  return self;
}
Tensor feature_dropout(const Tensor& input, double p, bool train) {
  return dropoutImpl<true, false, false>(input, p, train);
}
Tensor& feature_dropout_(Tensor& self, double p, bool train) {
  detail::noteWrite(self);
  dropoutImpl<true, false, true>(self, p, train);
  return self;
}
Tensor alpha_dropout(const Tensor& input, double p, bool train) {
  return dropoutImpl<false, true, false>(input, p, train);
}
Tensor& alpha_dropout_(Tensor& self, double p, bool train) {
  detail::noteWrite(self);
  dropoutImpl<false, true, true>(self, p, train);
  return self;
}
Tensor feature_alpha_dropout(const Tensor& input, double p, bool train) {
  return dropoutImpl<true, true, false>(input, p, train);
}
Tensor& feature_alpha_dropout_(Tensor& self, double p, bool train) {
  detail::noteWrite(self);
  dropoutImpl<true, true, true>(self, p, train);
  return self;
}

std::tuple<Tensor, Tensor> native_dropout(const Tensor& input, double p, std::optional<bool> train) {
  if (input.numel() == 0) return {input, empty(input.sizes(), input.dtype())};
  if (train.has_value() && !*train) return {input.clone(), ones(input.sizes(), kBool)};
  const double keep = 1. - p;
  const double scale = keep == 0 ? 0. : 1. / keep;
  Tensor mask = empty(input.sizes(), kBool);
  bernoulli_(mask, keep);
  Tensor out = input * mask;
  out.mul_(scale);
  return {out, mask};
}

}  // namespace ember
