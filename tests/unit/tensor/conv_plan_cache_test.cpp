// oneDNN convolution plans (primitive and reorders) are cached per shape and the weights
// reordered into oneDNN's blocked layout per weight buffer (conv_onednn.cpp): a call that repeats
// the shapes of an earlier one creates no primitive, and from the third call on reorders no
// weights. The counters count
// what calls create, so a cache that stopped working shows as a count that grows.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <vector>

#include "ember/tensor.h"
#include "tensor/conv_utils.h"
#include "tensor/onednn_weight_cache.h"

namespace ember {
namespace {

struct Counts {
  size_t plans = conv::builtPlanCount();
  size_t reorders = onednn::weightReorderCount();
};

// A small stack of the convolution kinds of the model zoo: 3x3 with padding, strided, 1x1,
// depthwise, with bias; shapes chosen to be used by no other test of this binary.
Tensor smallNet(const Tensor& x, const std::vector<Tensor>& w, const Tensor& bias) {
  const std::vector<int64_t> zero{0}, one{1}, two{2};
  Tensor y = relu(conv2d(x, w[0], bias, IntArrayRef(one), IntArrayRef(one)));
  y = relu(conv2d(y, w[1], Tensor(), IntArrayRef(two), IntArrayRef(one)));
  y = conv2d(y, w[2], Tensor(), IntArrayRef(one), IntArrayRef(zero));
  return conv2d(y, w[3], Tensor(), IntArrayRef(one), IntArrayRef(one), IntArrayRef(one), 40);
}

TEST(ConvPlanCache, ASecondCallWithTheSameShapesCreatesNothing) {
  if (std::getenv("EMBER_CONV")) GTEST_SKIP() << "oneDNN is off";
  onednn::setWeightCaching(true);
  manual_seed(21);
  Tensor x = randn({1, 24, 13, 13}), bias = randn({24});
  std::vector<Tensor> w{randn({24, 24, 3, 3}), randn({32, 24, 3, 3}), randn({40, 32, 1, 1}), randn({40, 1, 3, 3})};
  Counts before;
  Tensor first = smallNet(x, w, bias);
  Counts afterFirst;
  EXPECT_GT(afterFirst.plans, before.plans);  // these shapes were new: the first call built plans
  Tensor second = smallNet(x, w, bias);
  Counts afterSecond;
  EXPECT_EQ(afterSecond.plans, afterFirst.plans);
  // Weights are cached on their second reorder (conv_onednn.cpp, blockedWeights): the third call
  // reorders nothing.
  smallNet(x, w, bias);
  EXPECT_EQ(onednn::weightReorderCount(), afterSecond.reorders);
  EXPECT_EQ(second.sizes(), first.sizes());

  // Another batch size is another plan: the counter does see creations after the first call.
  smallNet(randn({2, 24, 13, 13}), w, bias);
  EXPECT_GT(conv::builtPlanCount(), afterSecond.plans);
}

TEST(ConvPlanCache, NewWeightsOfTheSameShapesReuseThePlans) {
  if (std::getenv("EMBER_CONV")) GTEST_SKIP() << "oneDNN is off";
  onednn::setWeightCaching(true);
  manual_seed(22);
  Tensor x = randn({1, 24, 11, 11}), bias = randn({24});
  std::vector<Tensor> w{randn({24, 24, 3, 3}), randn({32, 24, 3, 3}), randn({40, 32, 1, 1}), randn({40, 1, 3, 3})};
  smallNet(x, w, bias);
  Counts warm;
  std::vector<Tensor> other{randn({24, 24, 3, 3}), randn({32, 24, 3, 3}), randn({40, 32, 1, 1}), randn({40, 1, 3, 3})};
  smallNet(x, other, bias);
  EXPECT_EQ(conv::builtPlanCount(), warm.plans);
  // Weights in a new buffer are reordered twice each (where the plan wants a blocked layout), then
  // found cached.
  smallNet(x, other, bias);
  Counts afterOther;
  smallNet(x, other, bias);
  EXPECT_EQ(onednn::weightReorderCount(), afterOther.reorders);
}

}  // namespace
}  // namespace ember
