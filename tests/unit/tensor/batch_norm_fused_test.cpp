// ember::conv2d_bn_fused and ember::batch_norm_fused against the unfused operators they replace
// (conv2d, batch_norm in evaluation mode, add, the activation), which the ops suites check
// against PyTorch: both layouts, float32 (the one-pass loop) and float64 (the unfused
// fallback), with and without affine parameters, residuals of the output's layout and
// broadcast ones. The one pass rounds the scale-and-shift once per operation where the per-ISA
// batch-norm kernel may fuse the multiply-add, so float32 agrees to a few ulps.
#include "ember/tensor/ops/batch_norm_fused.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "ember/tensor.h"
#include "tensor/conv_utils.h"
#include "test_tensors.h"

namespace ember {
namespace {

using testing::values;

Tensor activate(const Tensor& y, const std::string& act) {
  if (act == "relu") return relu(y);
  if (act == "hardtanh") return hardtanh(y, 0.0, 6.0);
  if (act == "silu") return silu(y);
  if (act == "sigmoid") return sigmoid(y);
  return y;
}

double worstRelative(const Tensor& got, const Tensor& want) {
  std::vector<double> g = values(got), e = values(want);
  EXPECT_EQ(g.size(), e.size());
  double worst = 0;
  for (size_t i = 0; i < g.size() && i < e.size(); ++i) {
    if (std::isnan(e[i]) && std::isnan(g[i])) continue;
    worst = std::max(worst, std::abs(g[i] - e[i]) / (1 + std::abs(e[i])));
  }
  return worst;
}

// Equal element for element (NaN where the other has NaN), in the same shape.
bool sameValues(const Tensor& a, const Tensor& b) {
  if (a.sizes() != b.sizes()) return false;
  std::vector<double> x = values(a), y = values(b);
  for (size_t i = 0; i < x.size(); ++i)
    if (!(x[i] == y[i] || (std::isnan(x[i]) && std::isnan(y[i])))) return false;
  return true;
}

struct Params {
  Tensor weight, bias, mean, var;
};

Params params(int64_t C, ScalarType dtype, bool affine) {
  TensorOptions o = TensorOptions().dtype(dtype);
  Params p{randn({C}, o), randn({C}, o), randn({C}, o), rand({C}, o) + 0.5};
  if (!affine) p.weight = p.bias = Tensor();
  return p;
}

TEST(BatchNormFusedTest, MatchesTheUnfusedOperators) {
  const std::vector<std::string> acts = {"none", "relu", "hardtanh", "silu", "sigmoid"};
  int cases = 0;
  for (ScalarType dtype : {kFloat, kDouble}) {
    TensorOptions o = TensorOptions().dtype(dtype);
    Tensor x = randn({2, 8, 9, 9}, o), w = randn({16, 8, 3, 3}, o);
    for (bool affine : {true, false}) {
      Params p = params(16, dtype, affine);
      for (bool channelsLast : {false, true}) {
        Tensor xin = channelsLast ? contiguous(x, MemoryFormat::ChannelsLast) : x;
        Tensor conv = conv2d(xin, w, Tensor(), {1}, {1}, {1}, 1);
        std::vector<Tensor> residuals = {Tensor(), randn_like(conv), randn({1, 16, 1, 1}, o)};
        if (channelsLast) residuals[1] = contiguous(residuals[1], MemoryFormat::ChannelsLast);
        for (const Tensor& r : residuals) {
          for (const std::string& act : acts) {
            Tensor bn = batch_norm(conv, p.weight, p.bias, p.mean, p.var, false, 0.1, 1e-5, false);
            Tensor want = activate(r.defined() ? add(bn, r) : bn, act);
            const double lo = 0.0, hi = act == "hardtanh" ? 6.0 : 0.0;
            Tensor fused = conv2d_bn_fused(xin, w, Tensor(), {1}, {1}, {1}, 1, p.weight, p.bias, p.mean, p.var, 1e-5, r,
                                           act, lo, hi);
            Tensor alone = batch_norm_fused(conv, p.weight, p.bias, p.mean, p.var, 1e-5, r, act, lo, hi);
            const double tol = dtype == kFloat ? 2e-6 : 1e-12;
            const std::string what = "act=" + act + " residual=" + std::to_string(r.defined() ? r.dim() : 0) +
                                     " channelsLast=" + std::to_string(channelsLast) +
                                     " affine=" + std::to_string(affine);
            ASSERT_EQ(fused.sizes(), want.sizes()) << what;
            ASSERT_EQ(fused.dtype(), want.dtype()) << what;
            EXPECT_LE(worstRelative(fused, want), tol) << "conv2d_bn_fused " << what;
            EXPECT_LE(worstRelative(alone, want), tol) << "batch_norm_fused " << what;
            ++cases;
          }
        }
      }
    }
  }
  EXPECT_EQ(cases, 2 * 2 * 2 * 3 * 5);
}

TEST(BatchNormFusedTest, OneDnnPostOpsMatchTheUnfusedOperators) {
  // A resnet-sized 3x3 convolution, which routes to oneDNN: without a residual, the scale, shift
  // and clamp are its post-ops (a plan of their own: the built-plan count moves). oneDNN may fuse
  // the multiply-add, so the results agree to a few ulps, not bit for bit.
  Tensor x = randn({1, 64, 28, 28}), w = randn({64, 64, 3, 3}) * 0.05;
  setBatchNormPostOps(true);  // off by default
  // The reference convolution on the same direct kernels (reused, it would take Winograd's).
  const bool winograd = conv::setWinograd(false);
  for (bool channelsLast : {false, true}) {
    Tensor xin = channelsLast ? contiguous(x, MemoryFormat::ChannelsLast) : x;
    for (bool affine : {true, false}) {
      Params p = params(64, kFloat, affine);
      for (const std::string act : {"none", "relu", "hardtanh", "silu"}) {
        const size_t plans = conv::builtPlanCount();
        const double lo = 0.0, hi = act == "hardtanh" ? 6.0 : 0.0;
        Tensor got = conv2d_bn_fused(xin, w, Tensor(), {1}, {1}, {1}, 1, p.weight, p.bias, p.mean, p.var, 1e-5,
                                     Tensor(), act, lo, hi);
        Tensor conv = conv2d(xin, w, Tensor(), {1}, {1}, {1}, 1);
        Tensor want = activate(batch_norm(conv, p.weight, p.bias, p.mean, p.var, false, 0.1, 1e-5, false), act);
        const std::string what = "act=" + act + " channelsLast=" + std::to_string(channelsLast);
        EXPECT_LE(worstRelative(got, want), 2e-6) << what;
        EXPECT_EQ(got.is_contiguous(), want.is_contiguous()) << what;
        if (affine && act == "none" && !channelsLast) EXPECT_GT(conv::builtPlanCount(), plans) << "oneDNN plan";
      }
    }
  }
  setBatchNormPostOps(false);
  conv::setWinograd(winograd);
}

// The convolutions whose oneDNN result is blocked (the Winograd kernels, the NCHW image stem)
// take the batch norm, residual and clamp in the pass that moves that result into the
// channels-last output (conv::StoreEpilogue); the others leave them to the caller.
TEST(BatchNormFusedTest, BlockedResultsTakeTheTermsInTheirStore) {
  struct Shape {
    const char* what;
    Tensor x, w;
    int64_t stride, pad;
    bool blocked;  // whether the store takes the terms
  };
  Tensor x64 = contiguous(randn({2, 64, 16, 16}), MemoryFormat::ChannelsLast);
  Tensor w64 = randn({64, 64, 3, 3}) * 0.05;
  Tensor image = randn({1, 3, 30, 30});
  Tensor w7 = contiguous(randn({64, 3, 7, 7}) * 0.1, MemoryFormat::ChannelsLast);
  const std::vector<Shape> shapes = {
      {"winograd 64@16x16", x64, w64, 1, 1, true},
      {"image stem 7x7/2", image, w7, 2, 3, true},
      {"direct 64@16x16 stride 2", x64, w64, 2, 1, false},
  };
  const int saved = get_num_threads();
  for (int threads : {1, 2}) {
    set_num_threads(threads);
    for (const Shape& sh : shapes) {
      conv2d(sh.x, sh.w, Tensor(), {sh.stride}, {sh.pad}, {1}, 1);  // reused weights may take Winograd
      Tensor conv = conv2d(sh.x, sh.w, Tensor(), {sh.stride}, {sh.pad}, {1}, 1);
      const std::string backend = lastConvolutionBackend();
      Params p = params(64, kFloat, true);
      for (bool residual : {false, true}) {
        for (const std::string act : {"relu", "hardtanh", "none"}) {
          const std::string what = std::string(sh.what) + " act=" + act + " residual=" + std::to_string(residual) +
                                   " threads=" + std::to_string(threads);
          Tensor r = residual ? randn_like(conv) : Tensor();
          if (residual) r = contiguous(r, MemoryFormat::ChannelsLast);
          const double hi = act == "hardtanh" ? 0.5 : 0.0;
          Tensor bn = batch_norm(conv, p.weight, p.bias, p.mean, p.var, false, 0.1, 1e-5, false);
          Tensor want = activate(residual ? add(bn, r) : bn, act);
          if (act == "hardtanh") want = hardtanh(residual ? add(bn, r) : bn, 0.0, hi);
          // The store itself, as conv2d_bn_fused calls it.
          const std::vector<double> gamma = values(p.weight), beta = values(p.bias), mean = values(p.mean),
                                    var = values(p.var);
          std::vector<float> scale(64), shift(64);
          for (size_t c = 0; c < 64; ++c) {
            const double s = gamma[c] / std::sqrt(var[c] + 1e-5);
            scale[c] = static_cast<float>(s);
            shift[c] = static_cast<float>(beta[c] - mean[c] * s);
          }
          const auto clamp = act == "relu"       ? affine_epilogue::Clamp::Relu
                             : act == "hardtanh" ? affine_epilogue::Clamp::Range
                                                 : affine_epilogue::Clamp::None;
          conv::StoreEpilogue store{{scale.data(), shift.data(), clamp, 0.0f, static_cast<float>(hi)}, r};
          bool postApplied = true;
          Tensor got = conv::conv2dWithPostOp(sh.x, sh.w, Tensor(), {sh.stride}, {sh.pad}, {1}, 1, conv::PostOp{},
                                              postApplied, &store);
          EXPECT_FALSE(postApplied) << what;
          EXPECT_EQ(store.applied, sh.blocked) << what << " backend " << backend;
          if (store.applied) {
            EXPECT_EQ(std::string(lastConvolutionBackend()), backend) << what;
            EXPECT_LE(worstRelative(got, want), 2e-6) << what;
          } else {
            EXPECT_LE(worstRelative(got, conv), 0.0) << what << ": the plain convolution";
          }
          // And the fused operator, whichever way it goes.
          Tensor fused = conv2d_bn_fused(sh.x, sh.w, Tensor(), {sh.stride}, {sh.pad}, {1}, 1, p.weight, p.bias,
                                         p.mean, p.var, 1e-5, r, act, 0.0, hi);
          EXPECT_LE(worstRelative(fused, want), 2e-6) << "conv2d_bn_fused " << what;
          EXPECT_FALSE(fused.is_contiguous()) << what << ": channels-last, as PyTorch's";
        }
      }
      // A residual in another layout than the output's: the store leaves the terms.
      Tensor nchw = randn(conv.sizes());
      conv::StoreEpilogue store{{p.weight.data_ptr<float>(), p.bias.data_ptr<float>()}, nchw};
      bool postApplied = false;
      conv::conv2dWithPostOp(sh.x, sh.w, Tensor(), {sh.stride}, {sh.pad}, {1}, 1, conv::PostOp{}, postApplied, &store);
      EXPECT_FALSE(store.applied) << sh.what;
    }
  }
  set_num_threads(saved);
}

// Depthwise convolutions on the vectorised plane kernels (NCHW) take the batch norm, residual and
// clamp on each output plane as soon as it is written: bit for bit what the separate pass over
// the output gives (batch_norm_fused on the plain convolution), and within a few ulps of the
// unfused operators. A residual in another layout leaves the terms to the caller.
TEST(BatchNormFusedTest, DepthwisePlanesTakeTheTermsAsTheyAreWritten) {
  struct Shape {
    int64_t channels, multiplier, kernel, stride;
  };
  const std::vector<Shape> shapes = {{24, 1, 3, 1}, {24, 1, 3, 2}, {16, 1, 5, 2}, {8, 2, 3, 1}};
  const int saved = get_num_threads();
  for (int threads : {1, 2}) {
    set_num_threads(threads);
    for (const Shape& sh : shapes) {
      const int64_t C = sh.channels, O = C * sh.multiplier, pad = sh.kernel / 2;
      Tensor x = randn({2, C, 15, 15}), w = randn({O, 1, sh.kernel, sh.kernel});
      x.data_ptr<float>()[17] = std::nanf("");
      Tensor conv = conv2d(x, w, Tensor(), {sh.stride}, {pad}, {1}, C);
      ASSERT_EQ(std::string(lastConvolutionBackend()), "depthwise_vec");
      Params p = params(O, kFloat, true);
      const std::string shape = "C" + std::to_string(C) + "x" + std::to_string(sh.multiplier) + " k" +
                                std::to_string(sh.kernel) + " s" + std::to_string(sh.stride) +
                                " threads=" + std::to_string(threads);
      for (bool residual : {false, true}) {
        Tensor r = residual ? randn_like(conv) : Tensor();
        for (const std::string act : {"relu", "hardtanh", "silu", "none"}) {
          const std::string what = shape + " act=" + act + " residual=" + std::to_string(residual);
          const double hi = act == "hardtanh" ? 0.5 : 0.0;
          Tensor fused = conv2d_bn_fused(x, w, Tensor(), {sh.stride}, {pad}, {1}, C, p.weight, p.bias, p.mean, p.var,
                                         1e-5, r, act, 0.0, hi);
          Tensor pass = batch_norm_fused(conv, p.weight, p.bias, p.mean, p.var, 1e-5, r, act, 0.0, hi);
          EXPECT_TRUE(sameValues(fused, pass)) << what << ": against the separate pass";
          Tensor bn = batch_norm(conv, p.weight, p.bias, p.mean, p.var, false, 0.1, 1e-5, false);
          Tensor sum = residual ? add(bn, r) : bn;
          Tensor want = act == "hardtanh" ? hardtanh(sum, 0.0, hi) : activate(sum, act);
          EXPECT_LE(worstRelative(fused, want), 2e-6) << what;
          EXPECT_EQ(values(isnan(fused)), values(isnan(want))) << what << ": NaN where the unfused ops have it";
        }
      }
      // The store on this route: applied, unless the residual is laid out otherwise.
      std::vector<float> scale(static_cast<size_t>(O), 1.5f), shift(static_cast<size_t>(O), -0.25f);
      for (bool channelsLastResidual : {false, true}) {
        Tensor r = randn_like(conv);
        if (channelsLastResidual) r = contiguous(r, MemoryFormat::ChannelsLast);
        conv::StoreEpilogue store{{scale.data(), shift.data()}, r};
        bool postApplied = true;
        Tensor got =
            conv::conv2dWithPostOp(x, w, Tensor(), {sh.stride}, {pad}, {1}, C, conv::PostOp{}, postApplied, &store);
        EXPECT_EQ(store.applied, !channelsLastResidual) << shape;
        Tensor want = store.applied ? add(add(mul(conv, 1.5), -0.25), r) : conv;
        EXPECT_LE(worstRelative(got, want), 2e-6) << shape << " channelsLastResidual=" << channelsLastResidual;
      }
    }
  }
  set_num_threads(saved);
}

// conv2d_bn_max_pool2d: where the result is blocked and the activation a clamp or none, the
// store pools it on the way (conv::StoreEpilogue::pool); elsewhere the pool runs on the fused
// result. Both against the unfused operators, with PyTorch's pooling arguments (padding,
// stride, dilation, ceil mode), NaN inputs, and the layout max_pool2d gives a channels-last input.
TEST(BatchNormFusedTest, MaxPoolInTheStoreMatchesTheUnfusedPool) {
  struct Shape {
    const char* what;
    Tensor x, w;
    int64_t stride, pad;
    bool blocked;
  };
  Tensor image = randn({2, 3, 30, 30});
  image.data_ptr<float>()[1 * 30 + 1] = NAN;  // image 0, channel 0: in the first window of every pool
  Tensor w7 = contiguous(randn({64, 3, 7, 7}) * 0.1, MemoryFormat::ChannelsLast);
  Tensor x64 = contiguous(randn({1, 64, 15, 17}), MemoryFormat::ChannelsLast);
  Tensor w64 = randn({64, 64, 3, 3}) * 0.05;
  const std::vector<Shape> shapes = {
      {"image stem 7x7/2", image, w7, 2, 3, true},
      {"winograd 64@15x17", x64, w64, 1, 1, true},
      {"direct 64 stride 2", x64, w64, 2, 1, false},
  };
  struct Pool {
    std::vector<int64_t> kernel, stride, pad, dilation;
    bool ceil;
  };
  const std::vector<Pool> pools = {
      {{3, 3}, {2, 2}, {1, 1}, {1, 1}, false},  // resnet's
      {{2, 2}, {}, {0, 0}, {1, 1}, true},       // stride = kernel, ceil mode
      {{3, 2}, {1, 2}, {1, 0}, {2, 1}, false},  // dilated, uneven
      {{3, 3}, {2, 2}, {0, 0}, {1, 1}, true},   // a last window that hangs over the edge
  };
  const int saved = get_num_threads();
  Params p = params(64, kFloat, true);
  for (int threads : {1, 2}) {
    set_num_threads(threads);
    for (const Shape& sh : shapes) {
      conv2d(sh.x, sh.w, Tensor(), {sh.stride}, {sh.pad}, {1}, 1);  // reused weights may take Winograd
      Tensor conv = conv2d(sh.x, sh.w, Tensor(), {sh.stride}, {sh.pad}, {1}, 1);
      for (const Pool& pl : pools) {
        for (const std::string act : {"relu", "hardtanh", "none", "silu"}) {
          const std::string what = std::string(sh.what) + " act=" + act + " kernel=" + std::to_string(pl.kernel[0]) +
                                   "x" + std::to_string(pl.kernel[1]) + " threads=" + std::to_string(threads);
          const double hi = act == "hardtanh" ? 0.5 : 0.0;
          Tensor bn = batch_norm(conv, p.weight, p.bias, p.mean, p.var, false, 0.1, 1e-5, false);
          Tensor activated = act == "hardtanh" ? hardtanh(bn, 0.0, hi) : activate(bn, act);
          Tensor want = max_pool2d(activated, pl.kernel, pl.stride, pl.pad, pl.dilation, pl.ceil);
          Tensor got = conv2d_bn_max_pool2d(sh.x, sh.w, Tensor(), {sh.stride}, {sh.pad}, {1}, 1, p.weight, p.bias,
                                            p.mean, p.var, 1e-5, Tensor(), act, 0.0, hi, pl.kernel, pl.stride,
                                            pl.pad, pl.dilation, pl.ceil);
          ASSERT_EQ(got.sizes(), want.sizes()) << what;
          EXPECT_EQ(got.strides(), want.strides()) << what << ": max_pool2d's layout";
          EXPECT_LE(worstRelative(got, want), 2e-6) << what;
          // Bit for bit the pool of conv2d_bn_fused's result: the store computes each value as
          // the unblocking store does.
          Tensor fused = conv2d_bn_fused(sh.x, sh.w, Tensor(), {sh.stride}, {sh.pad}, {1}, 1, p.weight, p.bias,
                                         p.mean, p.var, 1e-5, Tensor(), act, 0.0, hi);
          EXPECT_EQ(worstRelative(got, max_pool2d(fused, pl.kernel, pl.stride, pl.pad, pl.dilation, pl.ceil)), 0.0)
              << what;
          if (std::string(sh.what) == "image stem 7x7/2" && act != "silu")
            EXPECT_TRUE(std::isnan(values(got)[0])) << what << ": the NaN reaches the first window";
        }
        // Whether the store itself pooled: blocked results only, and no residual.
        for (bool residual : {false, true}) {
          const conv::MaxPoolArgs args{pl.kernel, pl.stride, pl.pad, pl.dilation, pl.ceil};
          const std::vector<float> ones(64, 1.0f), zeros(64, 0.0f);
          Tensor r = residual ? contiguous(randn_like(conv), MemoryFormat::ChannelsLast) : Tensor();
          conv::StoreEpilogue store{{ones.data(), zeros.data()}, r};
          store.pool = &args;
          bool postApplied = false;
          conv::conv2dWithPostOp(sh.x, sh.w, Tensor(), {sh.stride}, {sh.pad}, {1}, 1, conv::PostOp{}, postApplied,
                                 &store);
          EXPECT_EQ(store.applied, sh.blocked && !residual) << sh.what << " residual=" << residual;
          EXPECT_EQ(store.pooled.defined(), store.applied) << sh.what;
        }
      }
    }
  }
  set_num_threads(saved);
  // A pool max_pool2d rejects is rejected the same way.
  Tensor c = ones({64}), z = zeros({64});
  EXPECT_THROW(conv2d_bn_max_pool2d(image, w7, Tensor(), {2}, {3}, {1}, 1, c, z, z, c, 1e-5, Tensor(), "relu", 0, 0,
                                    {3, 3}, {2, 2}, {2, 2}, {1, 1}, false),
               Error);
}

TEST(BatchNormFusedTest, ClampsAndKeepsNaN) {
  // Scale 2 (weight 2, var 1 - eps), shift 1 (bias 1, mean 0).
  Tensor x = testing::make({-2.0, 0.5, 7.0, NAN}, {1, 1, 2, 2}).to(kFloat);
  Tensor w = testing::make({2.0}, {1}).to(kFloat), b = testing::make({1.0}, {1}).to(kFloat);
  Tensor mean = zeros({1}), var = testing::make({1.0 - 1e-5}, {1}).to(kFloat);
  std::vector<double> r = values(batch_norm_fused(x, w, b, mean, var, 1e-5, Tensor(), "relu"));
  EXPECT_EQ(r[0], 0.0);
  EXPECT_NEAR(r[1], 2.0, 1e-6);
  EXPECT_NEAR(r[2], 15.0, 1e-5);
  EXPECT_TRUE(std::isnan(r[3]));
  std::vector<double> six = values(batch_norm_fused(x, w, b, mean, var, 1e-5, Tensor(), "hardtanh", 0, 6));
  EXPECT_EQ(six[0], 0.0);
  EXPECT_EQ(six[2], 6.0);
}

TEST(BatchNormFusedTest, BadArgumentsAreErrors) {
  Tensor x = randn({1, 2, 4, 4});
  Tensor c = ones({2}), z = zeros({2});
  EXPECT_THROW(batch_norm_fused(x, c, z, z, c, 1e-5, Tensor(), "tanh"), Error);
  EXPECT_THROW(batch_norm_fused(x, ones({3}), z, z, c, 1e-5, Tensor(), "relu"), Error);
  EXPECT_THROW(batch_norm_fused(x, c, z, Tensor(), Tensor(), 1e-5, Tensor(), "relu"), Error);
  EXPECT_THROW(conv2d_bn_fused(x, randn({2, 3, 3, 3}), Tensor(), {1}, {1}, {1}, 1, c, z, z, c, 1e-5, Tensor(), "relu"),
               Error);
}

}  // namespace
}  // namespace ember
