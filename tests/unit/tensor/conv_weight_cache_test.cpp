// The cache of weights reordered for oneDNN (conv_onednn.cpp) is keyed on the weights' storage
// and its write version (tensor/storage_watch.h); weights are cached the second time they are
// reordered at one version, not the first. These tests check that it saves the reorder on
// repeated calls, that a weight used once is not kept, that every kind of in-place update of the weights (an optimizer step, add_,
// copy_ as load_state_dict does, a write through a view) is seen, and that it keeps nothing of
// weights that died. Each result after an update is compared with the convolution of a clone of
// the updated weights (a fresh storage, so a fresh reorder), and where the value is known without
// ember's arithmetic (zeroed or negated weights) with that.
#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "ember/tensor.h"
#include "tensor/conv_utils.h"
#include "tensor/linear_onednn.h"
#include "tensor/onednn_weight_cache.h"
#include "tensor/cpu_capability.h"

namespace ember {
namespace {

// Largest absolute difference at most `tol` times (1 + the largest magnitude of `want`).
bool close(const Tensor& got, const Tensor& want, double tol) {
  if (got.sizes() != want.sizes()) return false;
  const double diff = (got - want).abs().max().item<float>();
  return diff <= tol * (1.0 + want.abs().max().item<float>());
}

// 3x3, 32 -> 48 channels on a 10x10 image: a shape oneDNN computes with blocked weights on both
// AVX2 and AVX-512, used by no other test of this binary.
Tensor convOf(const Tensor& x, const Tensor& w) {
  const std::vector<int64_t> one{1};
  return conv2d(x, w, Tensor(), IntArrayRef(one), IntArrayRef(one));
}

class ConvWeightCache : public ::testing::Test {
 protected:
  void SetUp() override {
    if (std::getenv("EMBER_CONV")) GTEST_SKIP() << "oneDNN is off";
    onednn::setWeightCaching(true);
    manual_seed(31);
    x = randn({1, 32, 10, 10});
    w = randn({48, 32, 3, 3});
  }
  void TearDown() override { onednn::setWeightCaching(true); }

  // Two calls: the second caches the reordered weights.
  void warm() {
    convOf(x, w);
    convOf(x, w);
  }

  // Runs the convolution once more and expects `reordered` weight reorders from it and a result
  // equal to that of a clone of the current weights.
  void expectFreshResult(size_t reordered) {
    const size_t before = onednn::weightReorderCount();
    Tensor got = convOf(x, w);
    EXPECT_EQ(onednn::weightReorderCount() - before, reordered);
    Tensor want = convOf(x, w.clone());
    EXPECT_TRUE(close(got, want, 1e-5)) << "stale reordered weights were used";
  }

  Tensor x, w;
};

TEST_F(ConvWeightCache, CallsAfterTheSecondReorderNothing) {
  const size_t before = onednn::weightReorderCount();
  const size_t cachedBefore = onednn::cachedWeightCount();
  Tensor first = convOf(x, w);
  ASSERT_EQ(onednn::weightReorderCount(), before + 1) << "this shape no longer takes blocked weights in oneDNN";
  EXPECT_EQ(onednn::cachedWeightCount(), cachedBefore) << "weights used once were kept";
  Tensor second = convOf(x, w);
  EXPECT_EQ(onednn::weightReorderCount(), before + 2);
  EXPECT_EQ(onednn::cachedWeightCount(), cachedBefore + 1);
  EXPECT_TRUE(close(second, first, 0));
  for (int i = 0; i < 3; ++i) {
    Tensor again = convOf(x, w);
    EXPECT_TRUE(close(again, first, 0));
  }
  EXPECT_EQ(onednn::weightReorderCount(), before + 2);
}

TEST_F(ConvWeightCache, AddInPlaceInvalidates) {
  warm();
  w.add_(1);
  expectFreshResult(1);
  expectFreshResult(1);  // seen twice at the new version: cached now
  expectFreshResult(0);
}

TEST_F(ConvWeightCache, AWriteBetweenTwoUsesDefersCaching) {
  // Weights written between every two calls (a training loop) are never cached: each call sees
  // a new version once.
  const size_t cachedBefore = onednn::cachedWeightCount();
  for (int step = 0; step < 3; ++step) {
    expectFreshResult(1);
    w.mul_(0.5);
  }
  EXPECT_EQ(onednn::cachedWeightCount(), cachedBefore);
}

TEST_F(ConvWeightCache, CopyInPlaceAsLoadStateDictInvalidates) {
  warm();
  Tensor loaded = randn({48, 32, 3, 3});
  w.copy_(loaded);
  expectFreshResult(1);
  // The result is that of the loaded weights.
  EXPECT_TRUE(close(convOf(x, w), convOf(x, loaded.clone()), 1e-5));
}

TEST_F(ConvWeightCache, OptimizerStepsInvalidate) {
  warm();
  Tensor grad = randn({48, 32, 3, 3}), momentum = zeros({48, 32, 3, 3});
  // SGD with momentum: buf = 0.9 buf + g; w -= lr * buf.
  momentum.mul_(0.9).add_(grad);
  w.add_(momentum, -0.1);
  expectFreshResult(1);
  // Adam's update: w -= lr * m / (sqrt(v) + eps).
  Tensor m = randn({48, 32, 3, 3}), denom = rand({48, 32, 3, 3}).add_(0.5);
  w.addcdiv_(m, denom, -0.01);
  expectFreshResult(1);
  // Weight decay (w *= 1 - lr * wd) and an in-place clamp.
  w.mul_(0.99);
  expectFreshResult(1);
  w.clamp_(std::optional<Scalar>(-1.0), std::optional<Scalar>(1.0));
  expectFreshResult(1);
}

TEST_F(ConvWeightCache, WritesThroughAViewInvalidate) {
  warm();
  Tensor filter0 = w.select(0, 0);
  filter0.fill_(0.25);
  expectFreshResult(1);
  w.index_fill_(0, tensor<int64_t>({3, 7}), 0.5);
  expectFreshResult(1);
  w.zero_();
  expectFreshResult(1);
  // All-zero weights: the convolution is zero (a value known without ember's arithmetic).
  EXPECT_EQ(convOf(x, w).abs().max().item<float>(), 0.0f);
}

TEST_F(ConvWeightCache, ReadsDoNotInvalidate) {
  warm();
  Tensor sum = w.sum(), copy = w.clone(), scaled = w * 2;
  Tensor other = zeros({48, 32, 3, 3});
  other.copy_(w);  // w is the source: not written
  expectFreshResult(0);
}

TEST_F(ConvWeightCache, DeadWeightsAreEvicted) {
  const size_t cachedBefore = onednn::cachedWeightCount();
  {
    Tensor dying = randn({48, 32, 3, 3});
    convOf(x, dying);
    convOf(x, dying);
    EXPECT_EQ(onednn::cachedWeightCount(), cachedBefore + 1);
  }
  EXPECT_EQ(onednn::cachedWeightCount(), cachedBefore) << "the cache keeps reordered weights of a freed tensor";
}

TEST_F(ConvWeightCache, NewWeightsAtAFreedWeightsAddressAreReordered) {
  // Freed and allocated again with the same sizes, the storage (pooled) and its bytes (the caching
  // allocator) are likely to come back at the same addresses: the entry must not be found.
  for (int i = 0; i < 4; ++i) {
    Tensor a = randn({48, 32, 3, 3});
    Tensor got = convOf(x, a);
    EXPECT_TRUE(close(got, convOf(x, a.clone()), 1e-5)) << "round " << i;
  }
}

TEST_F(ConvWeightCache, SharedStorageWeightsAreKeyedByOffset) {
  // Two filters banks in one storage (a flat parameter buffer): each gets its own entry.
  Tensor flat = randn({2 * 48 * 32 * 9});
  Tensor w1 = flat.narrow(0, 0, 48 * 32 * 9).view({48, 32, 3, 3});
  Tensor w2 = flat.narrow(0, 48 * 32 * 9, 48 * 32 * 9).view({48, 32, 3, 3});
  Tensor r1 = convOf(x, w1), r2 = convOf(x, w2);
  convOf(x, w1);
  convOf(x, w2);
  EXPECT_TRUE(close(r1, convOf(x, w1.clone()), 1e-5));
  EXPECT_TRUE(close(r2, convOf(x, w2.clone()), 1e-5));
  EXPECT_FALSE(close(r1, r2, 1e-3));
  // A write into one bank bumps the storage: both are reordered again, both right.
  w2.mul_(-1);
  const size_t before = onednn::weightReorderCount();
  EXPECT_TRUE(close(convOf(x, w1), r1, 1e-5));
  EXPECT_TRUE(close(convOf(x, w2), r2.neg(), 1e-4));
  EXPECT_EQ(onednn::weightReorderCount(), before + 2);
}

// Weights whose blocked copy only pays when cached run on the kernels that need no copy on
// their first use, and on oneDNN from the second on (conv_convolution.cpp routing).
TEST_F(ConvWeightCache, FirstUseOfBigWeightsAvoidsTheBlockedCopy) {
  if (std::getenv("EMBER_CPU_CAPABILITY")) GTEST_SKIP() << "routing measured for the default kernels";
  const std::vector<int64_t> one{1}, zero{0};
  // ResNet's last stage: 512x512x3x3 at 7x7 (im2col first), and a 1x1 with 49 positions and
  // 512x256 weights (ember's GEMM first).
  Tensor x3 = randn({1, 512, 7, 7}), w3 = randn({512, 512, 3, 3});
  Tensor x1 = randn({1, 256, 7, 7}), w1 = randn({512, 256, 1, 1});
  const size_t reordersBefore = onednn::weightReorderCount();
  Tensor first3 = conv2d(x3, w3, Tensor(), IntArrayRef(one), IntArrayRef(one));
  EXPECT_STREQ(lastConvolutionBackend(), "im2col");
  Tensor first1 = conv2d(x1, w1, Tensor(), IntArrayRef(one), IntArrayRef(zero));
  EXPECT_STREQ(lastConvolutionBackend(), "pointwise");
  EXPECT_EQ(onednn::weightReorderCount(), reordersBefore) << "a first use reordered its weights";
  Tensor second3 = conv2d(x3, w3, Tensor(), IntArrayRef(one), IntArrayRef(one));
  EXPECT_STREQ(lastConvolutionBackend(), "onednn");
  Tensor second1 = conv2d(x1, w1, Tensor(), IntArrayRef(one), IntArrayRef(zero));
  EXPECT_STREQ(lastConvolutionBackend(), "onednn");
  EXPECT_TRUE(close(second3, first3, 1e-4));
  EXPECT_TRUE(close(second1, first1, 1e-4));
  // A write makes the weights new again: the next call takes the first-use route.
  w3.mul_(0.5);
  conv2d(x3, w3, Tensor(), IntArrayRef(one), IntArrayRef(one));
  EXPECT_STREQ(lastConvolutionBackend(), "im2col");
}

// A 1x1 convolution on channels-last tensors is a linear layer's product (positions as rows):
// from its third call (weights used before and the shape seen) it runs on the packed linear
// route, writing the channels-last result in place; results match float64 throughout, strided
// and batched ones included.
TEST_F(ConvWeightCache, ChannelsLastPointwiseConvolutionsTakeThePackedLinearRoute) {
  if (std::getenv("EMBER_CPU_CAPABILITY") || std::getenv("EMBER_GEMM")) GTEST_SKIP() << "routing of the default kernels";
  struct Case {
    std::vector<int64_t> input;  // NCHW sizes, stored channels-last
    int64_t out, stride;
    bool bias;
  };
  for (const Case& c : std::vector<Case>{{{1, 64, 56, 56}, 256, 1, true},    // resnet50's expansion
                                         {{1, 256, 28, 28}, 512, 2, false},  // its strided downsample
                                         {{2, 96, 14, 14}, 160, 1, true}}) {  // a batch of two
    SCOPED_TRACE(::testing::Message() << "input " << IntArrayRef(c.input) << " -> " << c.out << ", stride " << c.stride);
    const int64_t n = c.input[0], ch = c.input[1], h = c.input[2], w = c.input[3];
    Tensor x = randn({n, h, w, ch}).permute({0, 3, 1, 2});
    Tensor weight = randn({c.out, ch, 1, 1}), bias = c.bias ? randn({c.out}) : Tensor();
    const std::vector<int64_t> stride{c.stride}, zero{0};
    const Tensor want = conv2d(x.to(kDouble), weight.to(kDouble), c.bias ? bias.to(kDouble) : Tensor(),
                               IntArrayRef(stride), IntArrayRef(zero))
                            .to(kFloat);
    const size_t plans = linalg::builtLinearPlanCount();
    for (int call = 0; call < 4; ++call) {
      Tensor got = conv2d(x, weight, bias, IntArrayRef(stride), IntArrayRef(zero));
      EXPECT_STREQ(lastConvolutionBackend(), "pointwise") << "call " << call;
      EXPECT_EQ(got.stride(1), 1) << "the result is not channels-last";
      EXPECT_TRUE(close(got, want, 1e-4)) << "call " << call;
    }
    EXPECT_EQ(linalg::builtLinearPlanCount(), plans + 1) << "the packed linear route was not taken";
  }
}

// oneDNN generates a 1-D convolution's kernels per output width, at a cost of many of the
// convolution's own (wav2vec2's layers: docs/performance.md), so a first use of the weights takes
// im2col + GEMM and builds no plan; a second one takes oneDNN. Each result against float64.
TEST_F(ConvWeightCache, FirstUseOfAOneDimensionalConvolutionAvoidsBuildingAPlan) {
  if (std::getenv("EMBER_CPU_CAPABILITY")) GTEST_SKIP() << "routing measured for the default kernels";
  struct Case {
    const char* what;
    std::vector<int64_t> input, weight;
    int64_t stride, padding, groups;
  };
  const Case cases[] = {
      {"an audio front-end layer: 128 channels, width 1000, kernel 3, stride 2", {1, 128, 1000}, {128, 128, 3}, 2, 0,
       1},
      {"a short one: width 99, kernel 2, stride 2", {1, 128, 99}, {128, 128, 2}, 2, 0, 1},
      {"a one-channel stem: kernel 10, stride 5", {1, 1, 2000}, {64, 1, 10}, 5, 0, 1},
      {"a grouped positional convolution: 64 channels in 4 groups, kernel 16", {1, 64, 49}, {64, 16, 16}, 1, 8, 4},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    const std::vector<int64_t> stride{c.stride}, padding{c.padding}, dilation{1};
    Tensor x = randn(c.input), w1d = randn(c.weight), bias = randn({c.weight[0]});
    auto convolve = [&](const Tensor& in, const Tensor& weights, const Tensor& b) {
      return conv1d(in, weights, b, IntArrayRef(stride), IntArrayRef(padding), IntArrayRef(dilation), c.groups);
    };
    const Tensor want = convolve(x.to(kDouble), w1d.to(kDouble), bias.to(kDouble)).to(kFloat);
    const size_t plansBefore = conv::builtPlanCount();
    Tensor first = convolve(x, w1d, bias);
    EXPECT_STREQ(lastConvolutionBackend(), "im2col");
    EXPECT_EQ(conv::builtPlanCount(), plansBefore) << "a first use built a oneDNN plan";
    EXPECT_TRUE(close(first, want, 1e-5));
    Tensor second = convolve(x, w1d, bias);
    EXPECT_STREQ(lastConvolutionBackend(), "onednn");
    EXPECT_TRUE(close(second, want, 1e-5));
  }
}

// With 256 channels or more, a long 1-D convolution stays on im2col + GEMM when its weights are
// reused too (measured faster than oneDNN's kernels there), and builds no oneDNN plan.
TEST_F(ConvWeightCache, WideLongOneDimensionalConvolutionsStayOnIm2col) {
  if (std::getenv("EMBER_CPU_CAPABILITY")) GTEST_SKIP() << "routing measured for the default kernels";
  const std::vector<int64_t> two{2}, zero{0};
  Tensor x = randn({1, 256, 600}), w1d = randn({256, 256, 3});
  const Tensor want = conv1d(x.to(kDouble), w1d.to(kDouble), Tensor(), IntArrayRef(two), IntArrayRef(zero));
  const size_t plansBefore = conv::builtPlanCount();
  for (int call = 0; call < 3; ++call) {
    Tensor got = conv1d(x, w1d, Tensor(), IntArrayRef(two), IntArrayRef(zero));
    EXPECT_STREQ(lastConvolutionBackend(), "im2col") << "call " << call;
    EXPECT_TRUE(close(got, want.to(kFloat), 1e-5)) << "call " << call;
  }
  EXPECT_EQ(conv::builtPlanCount(), plansBefore) << "a oneDNN plan was built";
}

// 3x3 stride-1 weights take oneDNN's Winograd kernels on AVX-512 (their transformed copy is
// cached from the second use): up to 64x64 channels from their first use, larger ones from their
// second; the results agree with the direct kernels' and with float64 to a few units in the
// sixth digit.
TEST_F(ConvWeightCache, ReusedThreeByThreeWeightsTakeWinograd) {
  if (std::getenv("EMBER_CPU_CAPABILITY") || std::getenv("EMBER_CONV_WINOGRAD"))
    GTEST_SKIP() << "routing measured for the default kernels";
  const bool avx512 = cpuCapability() == CpuCapability::AVX512;
  const std::vector<int64_t> one{1}, two{2};
  for (int64_t channels : {64, 128})
    for (bool channelsLast : {false, true})
      for (bool withBias : {false, true}) {
        const std::string what = std::to_string(channels) + " channels, channels-last " +
                                 std::to_string(channelsLast) + ", bias " + std::to_string(withBias);
        Tensor xin = randn({1, channels, 20, 20});
        if (channelsLast) xin = contiguous(xin, MemoryFormat::ChannelsLast);
        Tensor wt = randn({channels, channels, 3, 3}).mul(1.0 / 24), b = withBias ? randn({channels}) : Tensor();
        const bool saved = conv::setWinograd(false);
        Tensor direct = conv2d(xin, wt, b, IntArrayRef(one), IntArrayRef(one));
        conv::setWinograd(saved);
        Tensor wt2 = wt.clone();  // fresh weights: a first use
        Tensor first = conv2d(xin, wt2, b, IntArrayRef(one), IntArrayRef(one));
        if (avx512 && channels <= 64)
          EXPECT_STREQ(lastConvolutionBackend(), "onednn_winograd") << what << ": transformed at the first use";
        else
          EXPECT_STRNE(lastConvolutionBackend(), "onednn_winograd") << what << ": a first use transformed its weights";
        Tensor second = conv2d(xin, wt2, b, IntArrayRef(one), IntArrayRef(one));
        if (avx512) EXPECT_STREQ(lastConvolutionBackend(), "onednn_winograd") << what;
        Tensor third = conv2d(xin, wt2, b, IntArrayRef(one), IntArrayRef(one));
        Tensor exact = conv2d(xin.to(kDouble), wt.to(kDouble), withBias ? b.to(kDouble) : Tensor(), IntArrayRef(one),
                              IntArrayRef(one));
        EXPECT_TRUE(close(second, direct, 1e-5)) << what;
        EXPECT_TRUE(close(first, direct, 1e-5)) << what;
        EXPECT_TRUE(close(third, second, 0.0)) << what << ": the cached transformed weights changed the result";
        EXPECT_TRUE(close(second.to(kDouble), exact, 1e-5)) << what;
        // A write to the weights is seen: the next call transforms the new ones.
        wt2.mul_(-1.0);
        Tensor negated = conv2d(xin, wt2, Tensor(), IntArrayRef(one), IntArrayRef(one));
        Tensor negatedAgain = conv2d(xin, wt2, Tensor(), IntArrayRef(one), IntArrayRef(one));
        Tensor plain = withBias ? direct - b.reshape({1, channels, 1, 1}) : direct;
        EXPECT_TRUE(close(negatedAgain, plain.neg(), 1e-5)) << what;
        EXPECT_TRUE(close(negated, plain.neg(), 1e-5)) << what;
      }
  // Strided or 7x7: the direct kernels; 256 channels at 14x14, one image: F(2x2, 3x3) from the
  // second use.
  Tensor xs = randn({1, 64, 20, 20}), ws = randn({64, 64, 3, 3});
  for (int i = 0; i < 2; ++i) conv2d(xs, ws, Tensor(), IntArrayRef(two), IntArrayRef(one));
  EXPECT_STREQ(lastConvolutionBackend(), "onednn");
  Tensor x7 = randn({1, 64, 7, 7}), w7 = randn({64, 64, 3, 3});
  for (int i = 0; i < 2; ++i) conv2d(x7, w7, Tensor(), IntArrayRef(one), IntArrayRef(one));
  EXPECT_STRNE(lastConvolutionBackend(), "onednn_winograd");
  Tensor xw = randn({1, 256, 14, 14}), ww = randn({256, 256, 3, 3}).mul(1.0 / 48);
  Tensor wide = conv2d(xw, ww, Tensor(), IntArrayRef(one), IntArrayRef(one));
  EXPECT_STRNE(lastConvolutionBackend(), "onednn_winograd");
  Tensor wideAgain = conv2d(xw, ww, Tensor(), IntArrayRef(one), IntArrayRef(one));
  if (avx512) EXPECT_STREQ(lastConvolutionBackend(), "onednn_winograd");
  EXPECT_TRUE(close(wideAgain, wide, 1e-5));
}

TEST_F(ConvWeightCache, SwitchedOffReordersEveryCall) {
  onednn::setWeightCaching(false);
  convOf(x, w);
  const size_t before = onednn::weightReorderCount();
  convOf(x, w);
  convOf(x, w);
  EXPECT_EQ(onednn::weightReorderCount(), before + 2);
  EXPECT_EQ(onednn::cachedWeightCount(), 0u);
}

}  // namespace
}  // namespace ember
