// The weight-streaming convolution (conv_streaming.cpp, kernels/stream_gemm.isa.cpp): reused
// weights of 2 MB and more on channels-last activations with at most 64 output positions take it
// on AVX-512 from their second use. Its results are compared with a float64 convolution and with
// oneDNN's (the route it replaces), over the shapes that exercise the kernel's edges: output
// positions that are not a multiple of its tile rows, reductions that are not a multiple of its
// chunk, strides, padding, dilation, 1x1 kernels, batches and bias.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "ember/tensor.h"
#include "tensor/conv_utils.h"
#include "tensor/onednn_weight_cache.h"
#include "tensor/cpu_capability.h"

namespace ember {
namespace {

// Largest absolute difference at most `tol` times the largest magnitude of `want`.
bool close(const Tensor& got, const Tensor& want, double tol) {
  if (got.sizes() != want.sizes()) return false;
  const double diff = (got.to(kDouble) - want.to(kDouble)).abs().max().item<double>();
  return diff <= tol * want.abs().max().item<double>();
}

struct Case {
  int64_t batch, in, size, out, kernel, stride, pad, dilation;
  bool bias;
};

struct Conv {
  Tensor x, w, b;
  std::vector<int64_t> stride, pad, dilation;
  Tensor operator()() const {
    return conv2d(x, w, b, IntArrayRef(stride), IntArrayRef(pad), IntArrayRef(dilation), 1);
  }
  Tensor exact() const {
    return conv2d(x.to(kDouble), w.to(kDouble), b.defined() ? b.to(kDouble) : Tensor(), IntArrayRef(stride),
                  IntArrayRef(pad), IntArrayRef(dilation), 1);
  }
};

Conv make(const Case& c) {
  Conv conv;
  conv.x = contiguous(randn({c.batch, c.in, c.size, c.size}), MemoryFormat::ChannelsLast);
  conv.w = randn({c.out, c.in, c.kernel, c.kernel});
  if (c.bias) conv.b = randn({c.out});
  conv.stride = {c.stride, c.stride};
  conv.pad = {c.pad, c.pad};
  conv.dilation = {c.dilation, c.dilation};
  return conv;
}

class StreamingConvolution : public ::testing::Test {
 protected:
  void SetUp() override {
    if (std::getenv("EMBER_CONV") || std::getenv("EMBER_CONV_STREAMING") || std::getenv("EMBER_CPU_CAPABILITY"))
      GTEST_SKIP() << "routing measured for the default kernels";
    onednn::setWeightCaching(true);
    // Taken here whatever this CPU's default (streamingByDefault: L1d of 48 KB or more).
    enabled_ = conv::setStreamingConvolution(true);
    threads_ = get_num_threads();
    set_num_threads(1);
  }
  void TearDown() override {
    conv::setStreamingConvolution(enabled_);
    set_num_threads(threads_);
  }
  int threads_ = 1;
  bool enabled_ = true;
  const bool avx512_ = cpuCapability() == CpuCapability::AVX512;
};

TEST_F(StreamingConvolution, ReusedLargeWeightsMatchFloat64AndOneDnn) {
  const Case cases[] = {
      {1, 512, 7, 512, 3, 1, 1, 1, true},    // ResNet's last stage: 49 positions, k = 4608
      {1, 256, 14, 512, 3, 2, 1, 1, false},  // its strided entry
      {1, 512, 7, 2048, 1, 1, 0, 1, true},   // ResNet-50's 1x1 expansion
      {2, 200, 4, 320, 3, 1, 1, 1, false},   // 32 positions over 2 images; k = 1800, not a multiple of 128
      {1, 128, 9, 256, 5, 2, 2, 1, true},    // 5x5 stride 2: 25 positions
      {1, 256, 9, 256, 3, 1, 2, 2, false},   // dilated: 81 positions -> oneDNN; at 8x8 below, 64
      {1, 256, 8, 256, 3, 1, 2, 2, false},
      {1, 1024, 1, 1024, 1, 1, 0, 1, false},  // one position
  };
  for (const Case& c : cases) {
    const Conv conv = make(c);
    const Tensor first = conv();
    EXPECT_STRNE(lastConvolutionBackend(), "streaming") << "a first use packed its weights";
    const Tensor second = conv();
    const bool few = c.batch * second.size(2) * second.size(3) <= 64;
    if (avx512_) EXPECT_STREQ(lastConvolutionBackend(), few ? "streaming" : "onednn") << c.in << "@" << c.size;
    const Tensor third = conv();
    EXPECT_TRUE(close(third, second, 0.0)) << "the cached packed weights changed the result";
    EXPECT_EQ(second.strides(), first.strides()) << "channels-last in, channels-last out";
    const Tensor exact = conv.exact();
    EXPECT_TRUE(close(second, exact, 2e-6)) << c.in << "@" << c.size;
    EXPECT_TRUE(close(first, exact, 5e-6)) << c.in << "@" << c.size;
    conv::setStreamingConvolution(false);
    const Tensor onednn = conv();
    conv::setStreamingConvolution(true);
    EXPECT_TRUE(close(second, onednn, 5e-6)) << c.in << "@" << c.size;
  }
}

// A write to the weights is seen: the next call packs them again.
TEST_F(StreamingConvolution, WeightWritesAreSeen) {
  Conv conv = make({1, 512, 7, 512, 3, 1, 1, 1, false});
  conv();
  const Tensor before = conv();
  conv.w.mul_(-2.0);
  const Tensor after = conv();  // new weights: their first use
  EXPECT_STRNE(lastConvolutionBackend(), "streaming");
  const Tensor again = conv();
  if (avx512_) EXPECT_STREQ(lastConvolutionBackend(), "streaming");
  EXPECT_TRUE(close(again, before.mul(-2.0), 1e-6));
  EXPECT_TRUE(close(again, conv.exact(), 2e-6));
  EXPECT_TRUE(close(after, conv.exact(), 5e-6));
}

// Threads split the output channels, so each output's sum is the same: the result is too.
TEST_F(StreamingConvolution, ThreadsGiveTheSameBits) {
  const Conv conv = make({1, 512, 7, 512, 3, 1, 1, 1, true});
  conv();
  const Tensor one = conv();
  set_num_threads(2);
  const Tensor two = conv();
  EXPECT_TRUE(close(two, one, 0.0));
}

// What it leaves to oneDNN: NCHW activations, small weights, more than 64 positions, output
// channels that are not a multiple of 64, and every call when switched off.
TEST_F(StreamingConvolution, OtherShapesKeepTheirRoutes) {
  auto secondBackend = [](const Conv& conv) {
    conv();
    conv();
    return std::string(lastConvolutionBackend());
  };
  Conv nchw = make({1, 512, 7, 512, 3, 1, 1, 1, false});
  nchw.x = nchw.x.contiguous();
  EXPECT_NE(secondBackend(nchw), "streaming");
  EXPECT_NE(secondBackend(make({1, 128, 7, 256, 3, 1, 1, 1, false})), "streaming");  // 1.2 MB of weights
  EXPECT_NE(secondBackend(make({1, 512, 9, 512, 3, 1, 1, 1, false})), "streaming");  // 81 positions
  EXPECT_NE(secondBackend(make({1, 512, 7, 480, 3, 1, 1, 1, false})), "streaming");
  conv::setStreamingConvolution(false);
  EXPECT_NE(secondBackend(make({1, 512, 7, 512, 3, 1, 1, 1, false})), "streaming");
}

}  // namespace
}  // namespace ember
