// Batches of small float32 products on oneDNN's batched matmul (tensor/bmm_onednn.cpp): the first
// calls of a shape and layout run per-matrix GEMMs until the plan would pay back its building (the
// second call for large batches), later ones reuse it. Results are compared with the products computed in float64 through OpenBLAS, for the
// layouts attention produces (k^T as a transposed view, a batch broadcast from one matrix, a
// strided result), and denormal inputs (read as zero inside the call) must not change results or
// leak the setting to the caller's thread.
#include <gtest/gtest.h>

#include <cstdlib>
#include <limits>
#include <vector>
#if defined(__x86_64__)
#include <xmmintrin.h>
#endif

#include "ember/tensor.h"
#include "test_tensors.h"
#include "tensor/bmm_onednn.h"

namespace ember {
namespace {

using testing::closeToScale;

Tensor reference(const Tensor& a, const Tensor& b) { return bmm(a.to(kDouble), b.to(kDouble)).to(kFloat); }

class BatchedBmm : public ::testing::Test {
 protected:
  void SetUp() override {
    if (std::getenv("EMBER_GEMM")) GTEST_SKIP() << "EMBER_GEMM forces a GEMM route";
    saved = get_num_threads();
    manual_seed(11);
  }
  void TearDown() override { set_num_threads(saved); }
  int saved = 1;
};

struct Layout {
  const char* what;
  Tensor a, b;
};

std::vector<Layout> layouts(int64_t batch, int64_t m, int64_t k, int64_t n) {
  return {
      {"contiguous", randn({batch, m, k}), randn({batch, k, n})},
      {"k^T as a transposed view", randn({batch, m, k}), randn({batch, n, k}).transpose(1, 2)},
      {"transposed a", randn({batch, k, m}).transpose(1, 2), randn({batch, k, n})},
      {"one a broadcast over the batch", randn({1, m, k}).expand({batch, m, k}), randn({batch, k, n})},
      {"heads sliced out of a wider tensor", randn({batch, m, 2 * k}).narrow(2, k, k), randn({batch, k, n})},
  };
}

// Calls bmm(a, b) until a batched plan is built (at most `limit` calls), checking every result;
// returns the calls made, or limit + 1 when none was built.
int callsUntilPlanBuilt(const Tensor& a, const Tensor& b, const Tensor& want, int limit) {
  for (int call = 1; call <= limit; ++call) {
    const size_t plans = linalg::builtBatchedPlanCount();
    EXPECT_TRUE(closeToScale(bmm(a, b), want, 1e-5)) << "call " << call;
    if (linalg::builtBatchedPlanCount() > plans) return call;
  }
  return limit + 1;
}

TEST_F(BatchedBmm, MatchesFloat64BeforeAndAfterThePlanIsBuilt) {
  for (int threads : {1, 2}) {
    set_num_threads(threads);
    for (const auto& [batch, m, k, n] : std::vector<std::array<int64_t, 4>>{{192, 49, 32, 49}, {8, 64, 64, 32}, {6, 17, 9, 33}})
      for (const Layout& l : layouts(batch, m, k, n)) {
        SCOPED_TRACE(::testing::Message() << l.what << ", batch " << batch << ", " << m << "x" << k << "x" << n
                                          << ", threads " << threads);
        const Tensor want = reference(l.a, l.b);
        // At two threads a product too small to split keeps the one-thread key, whose plan the
        // first round built: that round checks when plans are built, both check the results.
        const int calls = callsUntilPlanBuilt(l.a, l.b, want, 400);
        if (threads == 1) {
          EXPECT_GE(calls, 2) << "the first call built a plan";
          EXPECT_LE(calls, 400) << "no plan was built";
        }
        const size_t built = linalg::builtBatchedPlanCount();
        EXPECT_TRUE(closeToScale(bmm(l.a, l.b), want, 1e-5));
        EXPECT_EQ(linalg::builtBatchedPlanCount(), built) << "the plan was not reused";
      }
  }
}

// N-D matmul reads operands whose batch dims do not fold into one stride in place: swin_t's q, k
// and v are heads sliced out of one projection, [windows, heads, tokens, head dim] with the heads
// interleaved; batch dims broadcast from 1 on either side.
TEST_F(BatchedBmm, MatmulOfSlicedHeadsAndBroadcastBatchesMatchesFloat64) {
  auto matmul64 = [](const Tensor& a, const Tensor& b) { return matmul(a.to(kDouble), b.to(kDouble)).to(kFloat); };
  for (int threads : {1, 2}) {
    set_num_threads(threads);
    Tensor qkv = randn({8, 49, 3 * 3 * 32}).reshape({8, 49, 3, 3, 32}).permute({2, 0, 3, 1, 4});
    Tensor q = qkv.select(0, 0), k = qkv.select(0, 1), v = qkv.select(0, 2);
    Tensor weights = softmax(randn({8, 3, 49, 49}), -1);
    const std::vector<std::pair<Tensor, Tensor>> cases{
        {q, k.transpose(-2, -1)},                         // a sliced in place, b transposed (copied)
        {weights, v},                                     // b sliced in place
        {randn({2, 1, 49, 32}), randn({1, 3, 32, 49})},   // batch dims broadcast both ways
        {randn({4, 6, 20, 16}).select(1, 2).unsqueeze(1).expand({4, 5, 20, 16}), randn({4, 5, 16, 24})},
    };
    for (size_t i = 0; i < cases.size(); ++i) {
      const auto& [a, b] = cases[i];
      const Tensor want = matmul64(a, b);
      for (int call = 0; call < 3; ++call)
        EXPECT_TRUE(closeToScale(matmul(a, b), want, 1e-5)) << "case " << i << ", threads " << threads << ", call " << call;
    }
  }
}

// One sequence's attention, [1, heads, tokens, head dim]: the leading 1 does not keep two threads
// from splitting the heads; empty products stay empty.
TEST_F(BatchedBmm, LeadingUnitBatchDimsSplitAndEmptyProductsStayEmpty) {
  set_num_threads(2);
  Tensor q = randn({1, 12, 49, 64}), k = randn({1, 12, 64, 49});
  const Tensor want = matmul(q.to(kDouble), k.to(kDouble)).to(kFloat);
  const size_t plans = linalg::builtBatchedPlanCount();
  // Enough calls for the plan to pay back (~11 for 12 heads of 49x64x49).
  for (int call = 0; call < 40; ++call) EXPECT_TRUE(closeToScale(matmul(q, k), want, 1e-5)) << "call " << call;
  EXPECT_EQ(linalg::builtBatchedPlanCount(), plans + 1) << "the heads were not split over the threads";
  for (int call = 0; call < 3; ++call) {
    EXPECT_EQ(matmul(randn({2, 3, 0, 8}), randn({2, 3, 8, 5})).sizes(), IntArrayRef({2, 3, 0, 5}));
    Tensor zeroInner = matmul(randn({2, 3, 4, 0}), randn({2, 3, 0, 5}));
    EXPECT_EQ(zeroInner.abs().max().item<float>(), 0.0f);
  }
}

// A plan is built once the per-matrix GEMMs have lost its cost: on the second call for a batch as
// large as swin_t's windows, but not on the first calls of the zoo transformer's 8 heads, whose plan saves ~30 us
// a call (it would make a first call of the model pay ~1 ms for plans used three times).
TEST_F(BatchedBmm, BuildsAPlanOnceTheGemmsHaveLostItsCost) {
  set_num_threads(1);
  Tensor a = randn({256, 50, 32}), b = randn({256, 32, 50});
  EXPECT_EQ(callsUntilPlanBuilt(a, b, reference(a, b), 5), 2);
  Tensor q = randn({8, 64, 32}), k = randn({8, 32, 64});
  const int calls = callsUntilPlanBuilt(q, k, reference(q, k), 100);
  EXPECT_GT(calls, 6) << "a plan that saves little was built within two calls of a three-layer model";
  EXPECT_LE(calls, 100) << "the plan was never built";
}

// Results written through a strided out, and baddbmm's beta and alpha (the per-matrix path).
TEST_F(BatchedBmm, StridedResultsAndScaledSumsStayRight) {
  Tensor a = randn({16, 49, 32}), b = randn({16, 32, 49});
  const Tensor want = reference(a, b);
  Tensor wide = zeros({16, 49, 64});
  Tensor out = wide.narrow(2, 5, 49);
  for (int i = 0; i < 3; ++i) {
    bmm_out(out, a, b);
    EXPECT_TRUE(closeToScale(out, want, 1e-5)) << "call " << i;
    EXPECT_EQ(wide.narrow(2, 0, 5).abs().max().item<float>(), 0.0f) << "wrote outside the result";
  }
  Tensor self = randn({16, 49, 49});
  for (int i = 0; i < 3; ++i)
    EXPECT_TRUE(closeToScale(baddbmm(self, a, b, 0.5, 2.0), self * 0.5 + want * 2.0, 1e-5)) << "call " << i;
}

// Attention weights with denormal entries (softmax of logits masked with -100, as swin_t's shifted
// windows are): the products read them as zero, which the float64 reference cannot tell apart,
// and the caller's thread keeps producing denormals afterwards.
TEST_F(BatchedBmm, DenormalInputsKeepResultsAndTheCallersFloatingPointMode) {
  for (int threads : {1, 2}) {
    set_num_threads(threads);
    Tensor logits = randn({48, 49, 49}).masked_fill(rand({48, 49, 49}) > 0.5, -100.0);
    Tensor weights = softmax(logits, -1), v = randn({48, 49, 32});
    ASSERT_GT((weights.abs() < std::numeric_limits<float>::min()).logical_and(weights != 0).sum().item<int64_t>(), 0)
        << "the weights have no denormals to test with";
    const Tensor want = reference(weights, v);
    const size_t plans = linalg::builtBatchedPlanCount();
    for (int i = 0; i < 10; ++i) EXPECT_TRUE(closeToScale(bmm(weights, v), want, 1e-6)) << "threads " << threads << ", call " << i;
    EXPECT_GT(linalg::builtBatchedPlanCount(), plans) << "the calls never reached the batched plan";
#if defined(__x86_64__)
    EXPECT_EQ(_mm_getcsr() & 0x8040u, 0u) << "DAZ or FTZ left set on the calling thread";
#endif
    volatile float tiny = std::numeric_limits<float>::denorm_min();
    volatile float twice = tiny * 2.0f;
    EXPECT_GT(twice, 0.0f) << "denormal arithmetic flushed after the call";
  }
}

}  // namespace
}  // namespace ember
