// Linear layers on oneDNN's matmul primitive with packed weights (tensor/linear_onednn.cpp): the
// first use of a weight takes the GEMM route, the second packs the weights and caches them, later
// ones reuse the copy until the weights are written. Every result is compared with the product
// computed in float64 through OpenBLAS's dgemm (a different library and precision), and the
// routing is read off the weight-reorder and plan counters.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>

#include "ember/tensor.h"
#include "test_tensors.h"
#include "tensor/blas_backend.h"
#include "tensor/linear_onednn.h"
#include "tensor/onednn_weight_cache.h"

namespace ember {
namespace {

// x @ w^T + b in float64, rounded to float at the end.
Tensor reference(const Tensor& x, const Tensor& w, const Tensor& b) {
  Tensor r = matmul(x.to(kDouble), w.to(kDouble).t());
  if (b.defined()) r = r + b.to(kDouble);
  return r.to(kFloat);
}

using testing::closeToScale;

// The same values bit for bit (any NaN matching any NaN).
::testing::AssertionResult sameFloats(const Tensor& got, const Tensor& want) {
  if (got.sizes() != want.sizes()) return ::testing::AssertionFailure() << "sizes differ";
  const Tensor g = got.contiguous(), w = want.contiguous();
  const float *gp = g.data_ptr<float>(), *wp = w.data_ptr<float>();
  for (int64_t i = 0; i < g.numel(); ++i) {
    const bool bothNan = std::isnan(gp[i]) && std::isnan(wp[i]);
    if (!bothNan && std::memcmp(&gp[i], &wp[i], sizeof(float)) != 0)
      return ::testing::AssertionFailure() << "element " << i << ": " << gp[i] << " against " << wp[i];
  }
  return ::testing::AssertionSuccess();
}

class PackedLinear : public ::testing::Test {
 protected:
  void SetUp() override {
    if (std::getenv("EMBER_GEMM")) GTEST_SKIP() << "EMBER_GEMM forces a GEMM route";
    onednn::setWeightCaching(true);
    savedThreads = get_num_threads();
    manual_seed(7);
  }
  void TearDown() override { set_num_threads(savedThreads); }
  int savedThreads = 1;
};

struct Case {
  std::vector<int64_t> inputShape;  // last dim is K
  int64_t n;
  bool bias;
  bool transposedInput;  // a 2-D input read through a transpose (not contiguous)
};

// Runs `check(case, threads)` for each case at one and two threads, the case named in failures.
template <typename Check>
void atOneAndTwoThreads(const std::vector<Case>& cases, Check check) {
  for (int threads : {1, 2}) {
    set_num_threads(threads);
    for (const Case& c : cases) {
      SCOPED_TRACE(::testing::Message() << "threads " << threads << ", input " << IntArrayRef(c.inputShape)
                                        << ", N " << c.n);
      check(c, threads);
    }
  }
}

TEST_F(PackedLinear, MatchesFloat64FromTheSecondCallOn) {
  const std::vector<Case> cases{
      {{1, 64, 256}, 768, true, false},   // the zoo transformer's q/k/v projection
      {{1, 49, 768}, 3072, false, false},  // wav2vec2's feed-forward, no bias
      {{197, 96}, 40, true, false},        // N not a multiple of the kernels' 16
      {{5, 1200}, 70, true, false},        // few rows
      {{130, 33}, 1000, true, false},      // odd K
      {{90, 64}, 48, true, true},          // transposed input
      {{2, 3, 7, 64}, 128, true, false},   // 4-D input
  };
  atOneAndTwoThreads(cases, [](const Case& c, int) {
    const int64_t k = c.inputShape.back();
    Tensor x = c.transposedInput ? randn({k, c.inputShape[0]}).t() : randn(c.inputShape);
    Tensor w = randn({c.n, k}), b = c.bias ? randn({c.n}) : Tensor();
    const Tensor want = reference(x, w, b);
    const size_t reorders = onednn::weightReorderCount();
    EXPECT_TRUE(closeToScale(linear(x, w, b), want, 2e-5));
    EXPECT_EQ(onednn::weightReorderCount(), reorders) << "the first use packed the weights";
    EXPECT_TRUE(closeToScale(linear(x, w, b), want, 2e-5));
    EXPECT_EQ(onednn::weightReorderCount(), reorders + 1) << "the second use did not pack the weights";
    const size_t plans = linalg::builtLinearPlanCount();
    for (int i = 0; i < 2; ++i) EXPECT_TRUE(closeToScale(linear(x, w, b), want, 2e-5));
    EXPECT_EQ(onednn::weightReorderCount(), reorders + 1) << "packed weights were not reused";
    EXPECT_EQ(linalg::builtLinearPlanCount(), plans) << "the plan was not reused";
  });
}

// Every kind of write to the weights after they were packed reaches the next result: the packed
// copy is dropped with the storage's version and the product is computed from the new values.
TEST_F(PackedLinear, WritesToTheWeightsReachTheNextCall) {
  Tensor x = randn({64, 128}), w = randn({96, 128}), b = randn({96});
  auto warm = [&] {
    for (int i = 0; i < 3; ++i) linear(x, w, b);
  };
  auto expectCurrent = [&](const char* what) {
    for (int call = 0; call < 3; ++call)  // unpacked, packing, packed
      EXPECT_TRUE(closeToScale(linear(x, w, b), reference(x, w, b), 2e-5)) << what << ", call " << call;
  };
  warm();
  w.add_(1.0);
  expectCurrent("add_");
  w.copy_(randn({96, 128}));
  expectCurrent("copy_");
  w.select(0, 5).zero_();
  expectCurrent("a write through a view");
  w.mul_(-1.0);
  expectCurrent("mul_");
}

TEST_F(PackedLinear, OtherProductsStayOnTheGemm) {
  auto packsOnRepeat = [](const Tensor& x, const Tensor& w, const Tensor& b) {
    const size_t reorders = onednn::weightReorderCount();
    for (int i = 0; i < 3; ++i) EXPECT_TRUE(closeToScale(linear(x, w, b), reference(x, w, b), 2e-5));
    return onednn::weightReorderCount() != reorders;
  };
  EXPECT_FALSE(packsOnRepeat(randn({3, 8}), randn({8, 8}), randn({8}))) << "a tiny product";
  EXPECT_FALSE(packsOnRepeat(randn({1, 512}), randn({1000, 512}), randn({1000}))) << "one row (a matrix-vector product)";
  EXPECT_FALSE(packsOnRepeat(randn({64, 256}), randn({256, 384}).t(), randn({384}))) << "transposed weights";
  EXPECT_TRUE(packsOnRepeat(randn({64, 256}), randn({384, 256}), randn({384, 2}).select(1, 0)))
      << "a strided bias (copied for the call) stopped the weights from being packed";
  {
    struct RouteGuard {
      blas::GemmRoute saved = blas::gemmRoute();
      ~RouteGuard() { blas::setGemmRoute(saved); }
    } guard;
    blas::setGemmRoute(blas::GemmRoute::OpenBlas);
    EXPECT_FALSE(packsOnRepeat(randn({64, 256}), randn({384, 256}), randn({384}))) << "a forced GEMM route";
  }
  Tensor xd = randn({64, 256}, kDouble), wd = randn({384, 256}, kDouble);
  const size_t reorders = onednn::weightReorderCount();
  for (int i = 0; i < 3; ++i) linear(xd, wd, Tensor());
  EXPECT_EQ(onednn::weightReorderCount(), reorders) << "float64";
}

// A decoder loop whose rows grow every step meets each shape once: no primitive is built for a
// shape seen once, however often the weights were used.
TEST_F(PackedLinear, ShapesSeenOnceBuildNoPlan) {
  Tensor w = randn({256, 512}), b = randn({256});
  const size_t plans = linalg::builtLinearPlanCount();
  for (int64_t rows = 8; rows < 40; ++rows) {
    Tensor x = randn({rows, 512});
    EXPECT_TRUE(closeToScale(linear(x, w, b), reference(x, w, b), 2e-5)) << rows << " rows";
  }
  EXPECT_EQ(linalg::builtLinearPlanCount(), plans);
}

// Weights packed ahead of their first call (a module loaded for inference) are read packed from
// the first call on, with the plan for each product shape built on its first sight, at one and
// two threads and for the zoo's shapes; a write after packing sends the next call back to the
// GEMM route with the new values.
TEST_F(PackedLinear, PrepackedWeightsRunPackedFromTheFirstCall) {
  const std::vector<Case> cases{
      {{1, 64, 256}, 768, true, false},    // the zoo transformer's q/k/v projection
      {{64, 1024}, 256, true, false},      // its second feed-forward layer
      {{1, 49, 768}, 3072, false, false},  // wav2vec2's feed-forward, no bias
      {{197, 96}, 40, true, false},        // N not a multiple of the kernels' 16
      {{5, 1200}, 70, true, false},        // few rows
  };
  atOneAndTwoThreads(cases, [](const Case& c, int threads) {
    const int64_t k = c.inputShape.back();
    Tensor x = randn(c.inputShape), w = randn({c.n, k}), b = c.bias ? randn({c.n}) : Tensor();
    const size_t reorders = onednn::weightReorderCount();
    ASSERT_TRUE(linalg::prepackLinearWeight(w));
    EXPECT_EQ(onednn::weightReorderCount(), reorders + 1);
    EXPECT_TRUE(linalg::prepackLinearWeight(w)) << "packing again";
    EXPECT_EQ(onednn::weightReorderCount(), reorders + 1) << "packed twice";
    const size_t plans = linalg::builtLinearPlanCount();
    // A shape no product had before (fresh rows), so that its plan is built here.
    Tensor fresh = randn({c.inputShape[0] + 3 + threads, k});
    EXPECT_TRUE(closeToScale(linear(fresh, w, b), reference(fresh, w, b), 2e-5));
    EXPECT_EQ(onednn::weightReorderCount(), reorders + 1) << "the first call packed the weights again";
    EXPECT_EQ(linalg::builtLinearPlanCount(), plans + 1) << "the first call took the GEMM route";
    EXPECT_TRUE(closeToScale(linear(x, w, b), reference(x, w, b), 2e-5));
    EXPECT_EQ(onednn::weightReorderCount(), reorders + 1);
    w.mul_(-0.5);
    EXPECT_FALSE(onednn::weightsPrepacked(w)) << "still marked packed after a write";
    for (int call = 0; call < 3; ++call)
      EXPECT_TRUE(closeToScale(linear(x, w, b), reference(x, w, b), 2e-5)) << "after a write, call " << call;
  });
}

TEST_F(PackedLinear, PrepackingDeclinesWeightsTheRouteDoesNotTake) {
  EXPECT_FALSE(linalg::prepackLinearWeight(randn({8, 8}))) << "too small to pay back";
  EXPECT_FALSE(linalg::prepackLinearWeight(randn({256, 384}).t())) << "transposed";
  EXPECT_FALSE(linalg::prepackLinearWeight(randn({384, 256}, kDouble))) << "float64";
  EXPECT_FALSE(linalg::prepackLinearWeight(randn({4, 384, 256}))) << "3-D";
  EXPECT_FALSE(linalg::prepackLinearWeight(Tensor())) << "undefined";
  // A full cache packs nothing ahead, and does not mark the weights as packed.
  onednn::setWeightCaching(true);  // starts empty
  const size_t saved = onednn::setPackedCacheLimit(64 * 1024);
  Tensor w = randn({256, 512});
  EXPECT_FALSE(linalg::prepackLinearWeight(w)) << "512 KB into a 64 KB cache";
  EXPECT_FALSE(onednn::weightsPrepacked(w));
  onednn::setPackedCacheLimit(saved);
}

// With the cache full of live weights, a layer that does not fit stays on the GEMM route instead
// of packing its weights on every call; writing one of the packed weights makes its stale copy
// give way to the next layer that needs room.
TEST_F(PackedLinear, AFullCacheKeepsItsCopiesAndPacksNothingPerCall) {
  onednn::setWeightCaching(true);  // starts empty
  Tensor x = randn({64, 128});
  std::vector<Tensor> ws{randn({128, 128}), randn({128, 128}), randn({128, 128})};
  const size_t saved = onednn::setPackedCacheLimit(2 * 128 * 128 * sizeof(float) + 4096);
  auto pass = [&] {
    for (const Tensor& w : ws) EXPECT_TRUE(closeToScale(linear(x, w, Tensor()), reference(x, w, Tensor()), 2e-5));
  };
  for (int i = 0; i < 3; ++i) pass();
  EXPECT_EQ(onednn::cachedWeightCount(), 2u);
  const size_t reorders = onednn::weightReorderCount();
  for (int i = 0; i < 3; ++i) pass();
  EXPECT_EQ(onednn::weightReorderCount(), reorders) << "a layer that does not fit was packed for one call";
  ws[0].mul_(2.0);  // its packed copy is stale now
  for (int i = 0; i < 3; ++i) pass();
  EXPECT_EQ(onednn::cachedWeightCount(), 2u);
  onednn::setPackedCacheLimit(saved);
  onednn::setWeightCaching(true);
}

// A linear layer whose bias is 2-D broadcasts it as addmm does, on the GEMM route.
TEST_F(PackedLinear, BroadcastBiasKeepsAddmmsRules) {
  Tensor x = randn({64, 128}), w = randn({96, 128}), b = randn({64, 96});
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(closeToScale(linear(x, w, b), reference(x, w, b), 2e-5));
}

// The residual epilogue: on the GEMM route (a layer's first call) the add follows the product;
// fused into the packed product (later calls) it gives what add_ after the packed product gives,
// bit for bit (the same sums rounded in the same order), NaN rows included.
TEST_F(PackedLinear, EpilogueRoundsAsAnAddAfterTheProduct) {
  for (int threads : {1, 2}) {
    set_num_threads(threads);
    SCOPED_TRACE(::testing::Message() << "threads " << threads);
    Tensor x = randn({64, 256}), w = randn({192, 256}), b = randn({192}), res = randn({64, 192});
    const Tensor close = reference(x, w, b) + res;
    EXPECT_TRUE(closeToScale(linalg::linearWithEpilogue(x, w, b, {res}), close, 2e-5)) << "the GEMM route";
    x.data_ptr<float>()[3 * 256 + 5] = std::numeric_limits<float>::quiet_NaN();
    const size_t reorders = onednn::weightReorderCount();
    const Tensor want = linear(x, w, b).add_(res);  // the packed product, then add_
    EXPECT_EQ(onednn::weightReorderCount(), reorders + 1) << "the second use did not pack the weights";
    for (int call = 0; call < 2; ++call)
      EXPECT_TRUE(sameFloats(linalg::linearWithEpilogue(x, w, b, {res}), want)) << "call " << call;
  }
}

// A residual the primitive cannot read in place (a transposed view) is added after it.
TEST_F(PackedLinear, EpilogueTakesAStridedResidual) {
  Tensor x = randn({64, 128}), w = randn({96, 128}), res = randn({96, 64}).t();
  Tensor want = reference(x, w, Tensor()) + res;
  for (int call = 0; call < 3; ++call)
    EXPECT_TRUE(closeToScale(linalg::linearWithEpilogue(x, w, Tensor(), {res}), want, 2e-5));
}

}  // namespace
}  // namespace ember
