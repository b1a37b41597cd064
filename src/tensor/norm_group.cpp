// Group norm: the channels of each sample are split into groups, each normalised with its own
// mean and biased variance (a group is one contiguous run of C/G * HxW elements in NC* order),
// then scaled and shifted per channel. Channels-last inputs are normalised in NC* order and the
// result is laid out channels-last, as PyTorch returns it.
#include <cmath>

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/norm.h"
#include "ember/tensor/ops/shape.h"
#include "tensor/nn_layout.h"
#include "tensor/nn_rows.h"

namespace ember {

namespace {

using nn::RowOps;

template <typename T>
void groupNorm(const T* x, T* y, T* mean, T* rstd, const T* w, const T* b, int64_t N, int64_t C, int64_t S,
               int64_t G, double eps) {
  using Cm = opmath_t<T>;
  const int64_t D = C / G, len = D * S;
  parallelFor(0, N * G, std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, len)), [&](int64_t q0, int64_t q1) {
    for (int64_t q = q0; q < q1; ++q) {
      const T* src = x + q * len;
      const Cm m = RowOps<T>::sum(src, len) / static_cast<Cm>(len);
      const Cm var = RowOps<T>::sumSqDev(src, len, m) / static_cast<Cm>(len);
      const Cm rs = static_cast<Cm>(1) / std::sqrt(std::max(var, Cm(0)) + static_cast<Cm>(eps));
      mean[q] = static_cast<T>(m);
      rstd[q] = static_cast<T>(rs);
      const int64_t g = q % G;
      for (int64_t d = 0; d < D; ++d) {
        const int64_t c = g * D + d;
        const Cm scale = rs * (w ? static_cast<Cm>(w[c]) : Cm(1));
        const Cm shift = (b ? static_cast<Cm>(b[c]) : Cm(0)) - m * scale;
        RowOps<T>::scaleShift(y + q * len + d * S, src + d * S, S, scale, shift);
      }
    }
  });
}

}  // namespace

std::tuple<Tensor, Tensor, Tensor> native_group_norm(const Tensor& input, const Tensor& weight, const Tensor& bias,
                                                     int64_t N, int64_t C, int64_t HxW, int64_t group, double eps) {
  EMBER_CHECK(input.numel() == N * C * HxW, "Expected input to have ", N * C * HxW, " elements, but got ",
              input.numel());
  EMBER_CHECK(group > 0 && C % group == 0, "Expected number of channels in input to be divisible by num_groups, but "
              "got input of shape ", input.sizes(), " and num_groups=", group);
  nn::checkDtypeIn(input.dtype(), {kBFloat16, kFloat, kDouble}, "GroupNormKernelImpl");
  const bool channelsLast = nn::isChannelsLast(input);
  const Tensor x = input.contiguous();
  Tensor y = empty(input.sizes(), input.dtype());
  Tensor mean = empty({N, group}, input.dtype()), rstd = empty({N, group}, input.dtype());
  const Tensor w = weight.defined() ? weight.contiguous() : weight, b = bias.defined() ? bias.contiguous() : bias;
  if (input.numel() > 0) {
    visitFloatingDtype(input.dtype(), [&]<typename T>() {
      if constexpr (!std::is_same_v<T, Half>)
        groupNorm<T>(x.data_ptr<T>(), y.data_ptr<T>(), mean.data_ptr<T>(), rstd.data_ptr<T>(),
                     w.defined() ? w.data_ptr<T>() : nullptr, b.defined() ? b.data_ptr<T>() : nullptr, N, C, HxW,
                     group, eps);
    });
  }
  if (channelsLast) y = nn::denseIn(y, true);
  return {y, mean, rstd};
}

Tensor group_norm(const Tensor& input, int64_t num_groups, const Tensor& weight, const Tensor& bias, double eps,
                  bool) {
  EMBER_CHECK(input.dim() >= 2, "Dimension out of range (expected to be in range of [", -input.dim(), ", ",
              input.dim() - 1, "], but got 1)");
  const int64_t N = input.size(0), C = input.size(1);
  EMBER_CHECK(num_groups > 0 && C % num_groups == 0, "Expected number of channels in input to be divisible by "
              "num_groups, but got input of shape ", input.sizes(), " and num_groups=", num_groups);
  EMBER_CHECK(!weight.defined() || (weight.dim() == 1 && weight.numel() == C), "Expected weight to be a vector of "
              "size equal to the number of channels in input, but got weight of shape ", weight.sizes(),
              " and input of shape ", input.sizes());
  EMBER_CHECK(!bias.defined() || (bias.dim() == 1 && bias.numel() == C), "Expected bias to be a vector of size "
              "equal to the number of channels in input, but got bias of shape ", bias.sizes(), " and input of shape ",
              input.sizes());
  int64_t HxW = 1;
  for (int64_t d = 2; d < input.dim(); ++d) HxW *= input.size(d);
  return std::get<0>(native_group_norm(input, weight, bias, N, C, HxW, num_groups, eps));
}

}  // namespace ember
