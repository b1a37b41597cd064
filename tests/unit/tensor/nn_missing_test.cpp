// The NN operators archives call directly (ember/tensor/ops/sampling.h, nn_extra.h,
// loss_extra.h): what the differential tests against PyTorch cannot check. Inputs PyTorch reads
// out of bounds on (ctc labels past the classes, col2im to an empty image) raise ember::Error;
// rrelu's training noise has its documented distribution; _ctc_loss's log alpha is -inf past
// each input length (PyTorch leaves it uninitialised); identity sampling grids give the input
// back; non-finite grid coordinates give finite samples (zero or a border pixel), no crash.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "ember/tensor.h"
#include "ember/tensor/ops/loss_extra.h"
#include "ember/tensor/ops/nn_extra.h"
#include "ember/tensor/ops/sampling.h"

namespace ember {
namespace {

TEST(NnMissing, BadArgumentsRaiseErrors) {
  const Tensor lp = log_softmax(randn({5, 2, 4}), 2);
  const Tensor targets = full({2, 2}, Scalar(4), ScalarType::Long);  // label 4 of 4 classes
  EXPECT_THROW(ctc_loss(lp, targets, {5, 5}, {2, 2}, 0, 1, false), Error);
  EXPECT_THROW(ctc_loss(lp, full({2, 2}, Scalar(-1), ScalarType::Long), {5, 5}, {2, 2}, 0, 1, false), Error);
  EXPECT_THROW(col2im(randn({1, 4, 1}), {0, 2}, {2, 2}, {1, 1}, {1, 1}, {1, 1}), Error);
  const Tensor x = randn({1, 1, 2, 2});
  EXPECT_THROW(max_unpool2d(x, full({1, 1, 2, 2}, Scalar(-1), ScalarType::Long), {4, 4}), Error);
  EXPECT_THROW(
      multi_margin_loss(randn({2, 3}), full({2}, Scalar(3), ScalarType::Long), Scalar(1), Scalar(1.0), Tensor(), 1),
      Error);
  EXPECT_THROW(rrelu_with_noise(x, randn({3}), Scalar(0.1), Scalar(0.3), true, nullptr), Error);
  EXPECT_THROW(grid_sampler(x, randn({1, 2, 2, 3}), 0, 0, false), Error);
}

TEST(NnMissing, RreluTrainingNoiseIsUniformOnNegativesAndOneElsewhere) {
  Generator gen(7);
  const int64_t n = 20000;
  const Tensor x = linspace(Scalar(-1.0), Scalar(1.0), n, ScalarType::Double);
  const Tensor noise = empty({n}, ScalarType::Double);
  const Tensor y = rrelu_with_noise(x, noise, Scalar(0.1), Scalar(0.3), true, &gen);
  const double* xp = x.data_ptr<double>();
  const double* np = noise.data_ptr<double>();
  const double* yp = y.data_ptr<double>();
  double sum = 0, sumSq = 0;
  int64_t negatives = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (xp[i] <= 0) {
      ASSERT_GE(np[i], 0.1);
      ASSERT_LE(np[i], 0.3);
      ASSERT_DOUBLE_EQ(yp[i], xp[i] * np[i]);
      sum += np[i];
      sumSq += np[i] * np[i];
      ++negatives;
    } else {
      ASSERT_EQ(np[i], 1.0);
      ASSERT_EQ(yp[i], xp[i]);
    }
  }
  // Uniform on [0.1, 0.3]: mean 0.2, variance 0.2^2 / 12; 10000 draws put the sample mean
  // within 0.002 of it with overwhelming probability.
  const double mean = sum / static_cast<double>(negatives);
  EXPECT_NEAR(mean, 0.2, 0.002);
  EXPECT_NEAR(sumSq / static_cast<double>(negatives) - mean * mean, 0.04 / 12, 0.0004);
  // Evaluation: a leaky ReLU of slope (lower + upper) / 2, the noise untouched.
  const Tensor eval = rrelu_with_noise(x, noise, Scalar(0.1), Scalar(0.3), false, &gen);
  EXPECT_DOUBLE_EQ(eval.data_ptr<double>()[0], -0.2);
}

TEST(NnMissing, CtcLogAlphaIsMinusInfinityPastTheInputLength) {
  const Tensor lp = log_softmax(randn({6, 2, 5}, ScalarType::Double), 2);
  const Tensor targets = full({2, 2}, Scalar(1), ScalarType::Long);
  auto [nll, alpha] = _ctc_loss(lp, targets, {6, 3}, {2, 1}, 0, false);
  ASSERT_EQ(alpha.sizes(), IntArrayRef({2, 6, 5}));
  const double* a = alpha.contiguous().data_ptr<double>();
  for (int64_t t = 3; t < 6; ++t)
    for (int64_t s = 0; s < 5; ++s) EXPECT_EQ(a[(1 * 6 + t) * 5 + s], -std::numeric_limits<double>::infinity());
  // One label over one frame per symbol: the only alignment of "1" in 1 frame is p0(1).
  auto [one, unused] = _ctc_loss(lp, targets, {1, 1}, {1, 1}, 0, false);
  EXPECT_NEAR(one.data_ptr<double>()[0], -lp.select(0, 0).select(0, 0).select(0, 1).item<double>(), 1e-12);
}

TEST(NnMissing, IdentityGridsSampleTheInputBack) {
  const Tensor x = randn({2, 3, 4, 5}, ScalarType::Double);
  const Tensor theta = zeros({2, 2, 3}, ScalarType::Double);
  theta.select(1, 0).select(1, 0).fill_(Scalar(1.0));
  theta.select(1, 1).select(1, 1).fill_(Scalar(1.0));
  for (bool corners : {false, true}) {
    const Tensor grid = affine_grid_generator(theta, {2, 3, 4, 5}, corners);
    for (int64_t mode : {0, 1, 2}) {
      const Tensor y = grid_sampler(x, grid, mode, 0, corners);
      const Tensor diff = abs(y - x).max();
      EXPECT_LT(diff.item<double>(), 1e-12) << "mode " << mode << " align_corners " << corners;
    }
  }
}

TEST(NnMissing, NonFiniteGridCoordinatesGiveFiniteSamples) {
  const Tensor x = ones({1, 1, 3, 3});
  const Tensor grid = empty({1, 1, 3, 2});
  const float inf = std::numeric_limits<float>::infinity();
  const float values[6] = {inf, 0.f, -inf, 0.f, 1e30f, 0.f};
  std::copy(values, values + 6, grid.data_ptr<float>());
  for (int64_t padding : {0, 1, 2}) {
    const Tensor y = grid_sampler(x, grid, 1, padding, false);
    ASSERT_EQ(y.numel(), 3);
    for (int64_t i = 0; i < 3; ++i) EXPECT_TRUE(std::isfinite(y.data_ptr<float>()[i]));
  }
}

}  // namespace
}  // namespace ember
