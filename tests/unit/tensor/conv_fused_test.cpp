// ember::conv2d_fused against the unfused operators it replaces (conv2d, add, the activation),
// over the zoo's convolution shapes (3x3, 1x1, strided, depthwise, grouped), both layouts and
// float32/float64. Adds and clamps must give the very same values (the convolution is the same
// call); silu/gelu/hardswish/sigmoid as oneDNN post-ops agree to 1e-5. The graph-level differential test
// against PyTorch is the freeze suite's optimize_for_inference cases (resnet18, mobilenet_v2).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "ember/tensor.h"
#include "ember/tensor/ops/conv_fused.h"
#include "test_tensors.h"

namespace ember {
namespace {

using testing::values;

struct Shape {
  int64_t c, o, hw, k, stride, pad, groups;
};

Tensor reference(const Tensor& x, const Tensor& w, const Tensor& b, const Shape& s, const Tensor& residual,
                 const std::string& act, double lo, double hi) {
  Tensor y = conv2d(x, w, b, {s.stride}, {s.pad}, {1}, s.groups);
  if (residual.defined()) y = add(y, residual);
  if (act == "relu") return relu(y);
  if (act == "hardtanh") return hardtanh(y, lo, hi);
  if (act == "silu") return silu(y);
  if (act == "gelu") return gelu(y, "none");
  if (act == "gelu_tanh") return gelu(y, "tanh");
  if (act == "hardswish") return hardswish(y);
  if (act == "sigmoid") return sigmoid(y);
  return y;
}

TEST(ConvFusedTest, MatchesTheUnfusedOperators) {
  const Shape shapes[] = {
      {16, 16, 14, 3, 1, 1, 1},   // resnet 3x3
      {16, 32, 14, 1, 1, 0, 1},   // 1x1 (a GEMM)
      {16, 32, 15, 3, 2, 1, 1},   // strided
      {32, 32, 14, 3, 1, 1, 32},  // depthwise
      {32, 32, 9, 3, 2, 1, 32},   // depthwise strided
      {16, 16, 8, 3, 1, 1, 4},    // grouped
      {3, 8, 17, 7, 2, 3, 1},     // stem
  };
  const std::vector<std::string> acts = {"none", "relu", "hardtanh", "silu", "gelu", "gelu_tanh", "hardswish",
                                         "sigmoid"};
  int cases = 0;
  for (ScalarType dtype : {kFloat, kDouble}) {
    for (const Shape& s : shapes) {
      TensorOptions opts = TensorOptions().dtype(dtype);
      Tensor x = randn({2, s.c, s.hw, s.hw}, opts);
      Tensor w = randn({s.o, s.c / s.groups, s.k, s.k}, opts);
      Tensor b = randn({s.o}, opts);
      Tensor plain = conv2d(x, w, b, {s.stride}, {s.pad}, {1}, s.groups);
      for (bool channelsLast : {false, true}) {
        Tensor xin = channelsLast ? contiguous(x, MemoryFormat::ChannelsLast) : x;
        Tensor outShape = channelsLast ? contiguous(plain, MemoryFormat::ChannelsLast) : plain;
        // Residuals: none, one of the output's layout, one broadcast per channel.
        std::vector<Tensor> residuals = {Tensor(), randn_like(outShape), randn({1, s.o, 1, 1}, opts)};
        residuals[1] = channelsLast ? contiguous(residuals[1], MemoryFormat::ChannelsLast) : residuals[1];
        for (const Tensor& r : residuals) {
          for (const std::string& act : acts) {
            const double lo = 0.0, hi = act == "hardtanh" ? 6.0 : 0.0;
            Tensor got = conv2d_fused(xin, w, b, {s.stride}, {s.pad}, {1}, s.groups, r, act, lo, hi);
            Tensor want = reference(xin, w, b, s, r, act, lo, hi);
            ASSERT_EQ(got.sizes(), want.sizes());
            ASSERT_EQ(got.dtype(), want.dtype());
            // Clamps and adds give the same bits; oneDNN's post-op forms of the transcendental
            // activations round differently from ember's kernels.
            const bool exact = act == "none" || act == "relu" || act == "hardtanh";
            std::vector<double> g = values(got), e = values(want);
            double worst = 0;
            for (size_t i = 0; i < g.size(); ++i) worst = std::max(worst, std::abs(g[i] - e[i]) / (1 + std::abs(e[i])));
            EXPECT_LE(worst, exact ? 0.0 : 1e-5)
                << "c=" << s.c << " o=" << s.o << " k=" << s.k << " groups=" << s.groups << " act=" << act
                << " residual=" << r.defined() << " channelsLast=" << channelsLast << " dtype=" << dtype;
            ++cases;
          }
        }
      }
    }
  }
  EXPECT_EQ(cases, 2 * 7 * 2 * 3 * 8);
}

TEST(ConvFusedTest, ClampsAndKeepsNaN) {
  // A 1x1 identity convolution passes the input through, so the epilogue's values are known.
  Tensor x = testing::make({-2.0, 0.5, 7.0, NAN}, {1, 1, 2, 2});
  Tensor w = ones({1, 1, 1, 1});
  Tensor r = testing::make({1.0, 1.0, 1.0, 1.0}, {1, 1, 2, 2});
  std::vector<double> relu = values(conv2d_fused(x, w, Tensor(), {1}, {0}, {1}, 1, r, "relu"));
  EXPECT_EQ(relu[0], 0.0);
  EXPECT_EQ(relu[1], 1.5);
  EXPECT_EQ(relu[2], 8.0);
  EXPECT_TRUE(std::isnan(relu[3]));
  std::vector<double> six = values(conv2d_fused(x, w, Tensor(), {1}, {0}, {1}, 1, Tensor(), "hardtanh", 0, 6));
  EXPECT_EQ(six[0], 0.0);
  EXPECT_EQ(six[1], 0.5);
  EXPECT_EQ(six[2], 6.0);
}

TEST(ConvFusedTest, BadArgumentsAreErrors) {
  Tensor x = randn({1, 2, 4, 4}), w = randn({2, 2, 3, 3});
  EXPECT_THROW(conv2d_fused(x, w, Tensor(), {1}, {1}, {1}, 1, Tensor(), "tanh"), Error);
  EXPECT_THROW(conv2d_fused(x, randn({2, 3, 3, 3}), Tensor(), {1}, {1}, {1}, 1, Tensor(), "relu"), Error);
  // A residual that does not broadcast to the output is add's error.
  EXPECT_THROW(conv2d_fused(x, w, Tensor(), {1}, {1}, {1}, 1, randn({3, 5}), "relu"), Error);
}

}  // namespace
}  // namespace ember
