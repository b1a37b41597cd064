// Convolutions against a direct-loop reference written here from the definition (independent of
// both backends): float32 runs on oneDNN, float64 and integers on im2col + GEMM. The
// differential tests against PyTorch are in tests/compat/tensor/cases_conv.py.
#include <gtest/gtest.h>

#include <cmath>
#include <string_view>
#include <thread>
#include <vector>

#include "ember/tensor.h"
#include "tensor/conv_utils.h"
#include "tensor/onednn_weight_cache.h"

namespace ember {
namespace {

struct P2 {
  int64_t sh = 1, sw = 1, ph = 0, pw = 0, dh = 1, dw = 1, groups = 1;
};

// out[n, o, y, x] = sum over c, ky, kx of in[n, g*cg + c, y*s - p + ky*d, ...] * w[o, c, ky, kx].
std::vector<double> naiveConv2d(const Tensor& input, const Tensor& weight, const P2& p, std::vector<int64_t>& shape) {
  Tensor in = input.to(kDouble).contiguous(), w = weight.to(kDouble).contiguous();
  const int64_t n = in.size(0), c = in.size(1), h = in.size(2), wd = in.size(3);
  const int64_t o = w.size(0), cg = w.size(1), kh = w.size(2), kw = w.size(3), og = o / p.groups;
  const int64_t oh = (h + 2 * p.ph - p.dh * (kh - 1) - 1) / p.sh + 1;
  const int64_t ow = (wd + 2 * p.pw - p.dw * (kw - 1) - 1) / p.sw + 1;
  shape = {n, o, oh, ow};
  const double* pi = in.data_ptr<double>();
  const double* pw = w.data_ptr<double>();
  std::vector<double> out(static_cast<size_t>(n * o * oh * ow), 0.0);
  for (int64_t b = 0; b < n; ++b)
    for (int64_t oc = 0; oc < o; ++oc)
      for (int64_t y = 0; y < oh; ++y)
        for (int64_t x = 0; x < ow; ++x) {
          double acc = 0;
          for (int64_t ic = 0; ic < cg; ++ic)
            for (int64_t ky = 0; ky < kh; ++ky)
              for (int64_t kx = 0; kx < kw; ++kx) {
                int64_t iy = y * p.sh - p.ph + ky * p.dh, ix = x * p.sw - p.pw + kx * p.dw;
                if (iy < 0 || iy >= h || ix < 0 || ix >= wd) continue;
                int64_t chan = (oc / og) * cg + ic;
                acc += pi[((b * c + chan) * h + iy) * wd + ix] * pw[((oc * cg + ic) * kh + ky) * kw + kx];
              }
          out[static_cast<size_t>(((b * o + oc) * oh + y) * ow + x)] = acc;
        }
  return out;
}

void expectConv(const Tensor& actual, const std::vector<double>& want, const std::vector<int64_t>& shape, double tol) {
  ASSERT_EQ(actual.sizes(), IntArrayRef(shape));
  Tensor d = actual.to(kDouble).contiguous();
  for (size_t i = 0; i < want.size(); ++i)
    ASSERT_NEAR(d.data_ptr<double>()[i], want[i], tol * (1 + std::abs(want[i]))) << "at " << i;
}

std::vector<double> values(const Tensor& t) {
  Tensor d = t.to(kDouble).contiguous();
  return std::vector<double>(d.data_ptr<double>(), d.data_ptr<double>() + d.numel());
}

class Conv2dParams : public ::testing::TestWithParam<std::tuple<ScalarType, int>> {};

TEST_P(Conv2dParams, MatchesDirectLoops) {
  auto [dtype, which] = GetParam();
  manual_seed(7 + which);
  P2 p;
  int64_t cin = 4, cout = 6, k = 3;
  if (which == 1) p = {2, 1, 1, 2, 1, 1, 1};
  if (which == 2) p = {1, 2, 0, 1, 2, 1, 2};
  if (which == 3) {  // depthwise
    p = {1, 1, 1, 1, 1, 1, 4};
    cout = 4;
  }
  if (which == 4) k = 1;  // pointwise: no im2col
  Tensor x = randn({2, cin, 9, 8}).to(dtype);
  Tensor w = randn({cout, cin / p.groups, k, k}).to(dtype);
  if (dtype == kLong) {
    x = randint(-3, 4, {2, cin, 9, 8}).to(dtype);
    w = randint(-3, 4, {cout, cin / p.groups, k, k}).to(dtype);
  }
  std::vector<int64_t> shape;
  std::vector<double> want = naiveConv2d(x, w, p, shape);
  Tensor r = conv2d(x, w, {}, {p.sh, p.sw}, {p.ph, p.pw}, {p.dh, p.dw}, p.groups);
  expectConv(r, want, shape, dtype == kFloat ? 1e-4 : 1e-10);
  // channels-last input: same values, channels-last result.
  Tensor rc =
      conv2d(contiguous(x, MemoryFormat::ChannelsLast), w, {}, {p.sh, p.sw}, {p.ph, p.pw}, {p.dh, p.dw}, p.groups);
  expectConv(rc, want, shape, dtype == kFloat ? 1e-4 : 1e-10);
  EXPECT_EQ(rc.stride(1), 1);
}

INSTANTIATE_TEST_SUITE_P(Conv, Conv2dParams,
                         ::testing::Combine(::testing::Values(kFloat, kDouble, kLong), ::testing::Range(0, 5)));

// The backend a float32 shape takes: `backend` by default, oneDNN under EMBER_CONV=onednn,
// `templated` under EMBER_CONV=im2col.
const char* defaultBackend(const char* backend, const char* templated = "im2col") {
  const std::string_view env = std::getenv("EMBER_CONV") ? std::getenv("EMBER_CONV") : "";
  return env == "im2col" ? templated : env == "onednn" ? "onednn" : backend;
}

TEST(Conv, FloatUsesOneDnnOthersIm2col) {
  Tensor x = randn({1, 3, 8, 8}), w = randn({4, 3, 3, 3});
  conv2d(x, w);
  EXPECT_STREQ(lastConvolutionBackend(), defaultBackend("onednn"));
  conv2d(x.to(kDouble), w.to(kDouble));
  EXPECT_STREQ(lastConvolutionBackend(), "im2col");
  conv2d(x.to(kDouble), randn({6, 1, 3, 3}).to(kDouble), {}, {1}, {1}, {1}, 3);
  EXPECT_STREQ(lastConvolutionBackend(), "depthwise");
}

// The same values as x [N, C, H, W], with every column two floats apart in memory.
Tensor strideColumns(const Tensor& x) {
  DimVector sizes(x.sizes().begin(), x.sizes().end());
  sizes.push_back(2);
  return x.unsqueeze(x.dim()).expand(sizes).contiguous().select(x.dim(), 0);
}

// want + bias[channel], for a result of `shape` (dims 2.. spatial).
std::vector<double> plusBias(std::vector<double> want, const Tensor& bias, const std::vector<int64_t>& shape) {
  std::vector<double> b = values(bias);
  size_t plane = 1;
  for (size_t d = 2; d < shape.size(); ++d) plane *= static_cast<size_t>(shape[d]);
  for (size_t i = 0; i < want.size(); ++i) want[i] += b[(i / plane) % b.size()];
  return want;
}

// 1x1 convolutions are GEMMs on the operands' own strides: every layout of input, weight and
// result, batches (folded into one product in channels-last), strides, bias, 1-D and 3-D.
TEST(Conv, PointwiseAsGemm) {
  manual_seed(21);
  const auto cl = [](const Tensor& t) { return contiguous(t, MemoryFormat::ChannelsLast); };
  for (ScalarType dtype : {kFloat, kDouble}) {
    const double tol = dtype == kFloat ? 1e-4 : 1e-10;
    Tensor x = randn({3, 12, 7, 9}).to(dtype), w = randn({10, 12, 1, 1}).to(dtype), b = randn({10}).to(dtype);
    for (int64_t stride : {1, 2, 3}) {
      P2 p{stride, stride, 0, 0, 1, 1, 1};
      std::vector<int64_t> shape;
      std::vector<double> want = naiveConv2d(x, w, p, shape);
      std::vector<double> wantBias = plusBias(want, b, shape);
      // 1 contiguous result, 0 channels-last, -1 either (a 1x1 weight alone leaves it open).
      struct Layout {
        Tensor x, w;
        int contiguousResult;
      } layouts[] = {{x, w, 1},
                     {cl(x), w, 0},
                     {x, cl(w), -1},
                     {cl(x), cl(w), 0},
                     {cat({x, x}, 1).slice(1, 0, 12), w, 1},  // channel slice: no copy
                     {cat({x, x}, 0).slice(0, 3, 6), w, 1},   // batch slice
                     {strideColumns(x), w, 1},                // read through a copy
                     {cl(strideColumns(x)), w, 0},
                     {x, w.transpose(0, 1).contiguous().transpose(0, 1), 1}};
      int index = 0;
      for (const auto& l : layouts) {
        SCOPED_TRACE(::testing::Message() << scalarTypeName(dtype) << " stride " << stride << " layout " << index++);
        Tensor r = conv2d(l.x, l.w, {}, {stride});
        if (dtype == kFloat) {
          EXPECT_STREQ(lastConvolutionBackend(), defaultBackend("pointwise"));
        }
        expectConv(r, want, shape, tol);
        if (l.contiguousResult >= 0) {
          EXPECT_EQ(r.is_contiguous(), l.contiguousResult == 1);
        }
        expectConv(conv2d(l.x, l.w, b, {stride}), wantBias, shape, tol);
      }
    }
    // An input expanded along the channels (stride 0) is read through a copy.
    Tensor e = randn({2, 1, 5, 6}).to(dtype).expand({2, 12, 5, 6});
    std::vector<int64_t> shape;
    expectConv(conv2d(e, w), naiveConv2d(e, w, P2{}, shape), shape, tol);
    // 1-D and 3-D 1x1 convolutions against the 2-D definition.
    Tensor x1 = randn({2, 12, 11}).to(dtype);
    std::vector<double> want1 = plusBias(naiveConv2d(x1.unsqueeze(2), w, P2{1, 2}, shape), b, shape);
    expectConv(conv1d(x1, w.squeeze(3), b, {2}), want1, {2, 10, 6}, tol);
    Tensor x3 = randn({2, 12, 3, 4, 5}).to(dtype);
    std::vector<double> want3 = naiveConv2d(x3.reshape({2, 12, 12, 5}), w, P2{}, shape);
    expectConv(conv3d(x3, w.unsqueeze(4)), want3, {2, 10, 3, 4, 5}, tol);
  }
}

// float32 depthwise convolutions run on the vectorised plane kernels: strides, paddings,
// kernel sizes, multipliers, views, 1-D; dilated ones fall back to oneDNN.
TEST(Conv, DepthwiseVectorKernel) {
  manual_seed(22);
  struct C {
    int64_t c, mult, h, w, k, stride, pad;
  } cases[] = {{8, 1, 13, 21, 3, 1, 1}, {8, 1, 13, 21, 3, 2, 1}, {6, 1, 9, 40, 5, 1, 2}, {6, 1, 9, 40, 5, 2, 2},
               {4, 2, 10, 10, 3, 1, 0}, {5, 1, 1, 1, 1, 1, 0},   {3, 1, 1, 1, 3, 1, 1},  {4, 3, 7, 7, 3, 2, 2}};
  for (const C& c : cases) {
    Tensor x = randn({2, c.c, c.h, c.w}), w = randn({c.c * c.mult, 1, c.k, c.k}), b = randn({c.c * c.mult});
    P2 p{c.stride, c.stride, c.pad, c.pad, 1, 1, c.c};
    std::vector<int64_t> shape;
    std::vector<double> want = naiveConv2d(x, w, p, shape);
    Tensor r = conv2d(x, w, {}, {c.stride}, {c.pad}, {1}, c.c);
    EXPECT_STREQ(lastConvolutionBackend(), defaultBackend("depthwise_vec", "depthwise"));
    expectConv(r, want, shape, 1e-4);
    // Strided columns and a channel slice: read in place.
    Tensor view = strideColumns(cat({x, x}, 1)).slice(1, 0, c.c);
    expectConv(conv2d(view, w, {}, {c.stride}, {c.pad}, {1}, c.c), want, shape, 1e-4);
    expectConv(conv2d(x, w, b, {c.stride}, {c.pad}, {1}, c.c), plusBias(want, b, shape), shape, 1e-4);
  }
  Tensor x = randn({1, 4, 12, 12}), w = randn({4, 1, 3, 3});
  std::vector<int64_t> shape;
  std::vector<double> want = naiveConv2d(x, w, P2{1, 1, 2, 2, 2, 2, 4}, shape);
  expectConv(conv2d(x, w, {}, {1}, {2}, {2}, 4), want, shape, 1e-4);
  EXPECT_STREQ(lastConvolutionBackend(), defaultBackend("onednn", "depthwise"));  // dilated
  Tensor x1 = randn({2, 4, 19}), w1 = randn({4, 1, 5});
  std::vector<double> want1 = naiveConv2d(x1.unsqueeze(2), w1.unsqueeze(2), P2{1, 2, 0, 2, 1, 1, 4}, shape);
  Tensor r1 = conv1d(x1, w1, {}, {2}, {2}, {1}, 4);
  EXPECT_STREQ(lastConvolutionBackend(), defaultBackend("depthwise_vec", "depthwise"));
  expectConv(r1, want1, {2, 4, 10}, 1e-4);
}

// The transposed convolution is the adjoint of the convolution: <conv(x), y> == <x, convT(y)>
// for the same weight and parameters (an identity independent of either implementation).
TEST(Conv, TransposedIsTheAdjoint) {
  manual_seed(11);
  for (ScalarType dtype : {kFloat, kDouble}) {
    Tensor x = randn({2, 4, 9, 8}).to(dtype), w = randn({6, 2, 3, 2}).to(dtype);
    Tensor y = conv2d(x, w, {}, {2, 1}, {1, 0}, {1, 2}, 2);
    Tensor z = randn(y.sizes()).to(dtype);
    // output_padding recovers the input size lost to the stride.
    int64_t outPadH = x.size(2) - ((y.size(2) - 1) * 2 - 2 + 1 * (3 - 1) + 1);
    Tensor xt = conv_transpose2d(z, w, {}, {2, 1}, {1, 0}, {outPadH, 0}, 2, {1, 2});
    ASSERT_EQ(xt.sizes(), x.sizes());
    double lhs = (y.to(kDouble) * z.to(kDouble)).sum().item().toDouble();
    double rhs = (x.to(kDouble) * xt.to(kDouble)).sum().item().toDouble();
    EXPECT_NEAR(lhs, rhs, 1e-3 * (1 + std::abs(lhs)));
  }
}

// Cached oneDNN primitives and GEMMs run from several user threads at once give the same results
// as one call alone.
TEST(Conv, ConcurrentCallsAgree) {
  manual_seed(13);
  Tensor x = randn({2, 16, 12, 12}), w = randn({8, 16, 3, 3}), b = randn({8});
  Tensor a = randn({96, 80}), m = randn({80, 72});
  Tensor want = conv2d(x, w, b, {1}, {1});
  Tensor wantMm = mm(a, m);
  std::vector<int> ok(4, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      bool same = true;
      for (int i = 0; i < 10; ++i) {
        Tensor r = conv2d(x, w, b, {1}, {1});
        Tensor rm = mm(a, m);
        same = same && values(r) == values(want) && values(rm) == values(wantMm);
      }
      ok[static_cast<size_t>(t)] = same;
    });
  for (auto& th : threads) th.join();
  for (int v : ok) EXPECT_EQ(v, 1);
}

// Weights reordered for oneDNN are cached per weight storage and its write version; writing the
// weights in place (one element through a view, or all of them on every call) must still give
// the convolution of the new weights. (A write through a raw data pointer is not seen, as
// PyTorch's version counter does not see one: conv_weight_cache_test.cpp has the other writers.)
TEST(Conv, CachedWeightsFollowInPlaceUpdates) {
  if (std::getenv("EMBER_CONV")) GTEST_SKIP() << "oneDNN is off";
  manual_seed(14);
  onednn::setWeightCaching(true);
  Tensor x = randn({1, 16, 10, 10}), w = randn({16, 16, 3, 3});
  P2 p{1, 1, 1, 1, 1, 1, 1};
  std::vector<int64_t> shape;
  expectConv(conv2d(x, w, {}, {1}, {1}), naiveConv2d(x, w, p, shape), shape, 1e-4);
  expectConv(conv2d(x, w, {}, {1}, {1}), naiveConv2d(x, w, p, shape), shape, 1e-4);
  const size_t cached = onednn::cachedWeightCount();
  EXPECT_GE(cached, 1u);  // 16x16x3x3 weights take oneDNN's blocked layout, cached on the second use
  expectConv(conv2d(x, w, {}, {1}, {1}), naiveConv2d(x, w, p, shape), shape, 1e-4);
  EXPECT_EQ(onednn::cachedWeightCount(), cached);  // the third call reused the entry
  w.view({-1}).narrow(0, w.numel() - 1, 1).add_(3.0);  // the last element, through a view
  expectConv(conv2d(x, w, {}, {1}, {1}), naiveConv2d(x, w, p, shape), shape, 1e-4);
  for (int i = 0; i < 3; ++i) {
    w.mul_(-0.5);
    expectConv(conv2d(x, w, {}, {1}, {1}), naiveConv2d(x, w, p, shape), shape, 1e-4);
  }
}

TEST(Conv, WeightCachingOffGivesTheSameValues) {
  manual_seed(15);
  Tensor x = randn({2, 24, 9, 9}), w = randn({32, 24, 3, 3}), b = randn({32});
  onednn::setWeightCaching(true);
  Tensor cached = conv2d(x, w, b, {2}, {1});
  Tensor again = conv2d(x, w, b, {2}, {1});
  onednn::setWeightCaching(false);
  Tensor plain = conv2d(x, w, b, {2}, {1});
  onednn::setWeightCaching(true);
  EXPECT_EQ(values(cached), values(plain));
  EXPECT_EQ(values(again), values(plain));
}

TEST(Conv, UnbatchedAndOneDimensional) {
  manual_seed(12);
  Tensor x = randn({3, 10}), w = randn({2, 3, 3});
  Tensor r = conv1d(x, w);
  // conv1d is conv2d with height 1.
  Tensor r2 = conv2d(x.unsqueeze(1), w.unsqueeze(2));
  ASSERT_EQ(r.sizes(), IntArrayRef({2, 8}));
  std::vector<int64_t> shape{2, 8};
  Tensor flat = r2.squeeze(1).to(kDouble).contiguous();
  expectConv(r, std::vector<double>(flat.data_ptr<double>(), flat.data_ptr<double>() + 16), shape, 1e-5);
}

TEST(Conv, BadInputsAreErrors) {
  EXPECT_THROW(conv2d(ones({5, 5}), ones({1, 1, 3, 3})), Error);
  EXPECT_THROW(conv2d(ones({1, 2, 5, 5}), ones({1, 3, 3, 3})), Error);
  EXPECT_THROW(conv2d(ones({1, 1, 2, 2}), ones({1, 1, 3, 3})), Error);
  EXPECT_THROW(conv2d(ones({1, 1, 5, 5}), ones({1, 1, 3, 3}), {}, {2}, "same"), Error);
  EXPECT_THROW(conv_transpose2d(ones({1, 1, 5, 5}), ones({1, 1, 3, 3}), {}, {2}, {0}, {2}), Error);
  EXPECT_THROW(convolution(ones({1, 1, 5}), ones({1, 1}), {}, {1}, {0}, {1}, false, {0}, 1), Error);
}

}  // namespace
}  // namespace ember
