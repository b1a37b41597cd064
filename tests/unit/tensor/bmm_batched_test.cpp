// Batches of small float32 products on oneDNN's batched matmul (tensor/bmm_onednn.cpp): the first
// call of a shape and layout runs per-matrix GEMMs, the second builds the batched plan, later ones
// reuse it. Results are compared with the products computed in float64 through OpenBLAS, for the
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

TEST_F(BatchedBmm, MatchesFloat64FromTheSecondCallOn) {
  for (int threads : {1, 2}) {
    set_num_threads(threads);
    for (const auto& [batch, m, k, n] : std::vector<std::array<int64_t, 4>>{{192, 49, 32, 49}, {8, 64, 64, 32}, {6, 17, 9, 33}})
      for (const Layout& l : layouts(batch, m, k, n)) {
        SCOPED_TRACE(::testing::Message() << l.what << ", batch " << batch << ", " << m << "x" << k << "x" << n
                                          << ", threads " << threads);
        const Tensor want = reference(l.a, l.b);
        const size_t plans = linalg::builtBatchedPlanCount();
        EXPECT_TRUE(closeToScale(bmm(l.a, l.b), want, 1e-5));
        EXPECT_EQ(linalg::builtBatchedPlanCount(), plans) << "the first call built a plan";
        EXPECT_TRUE(closeToScale(bmm(l.a, l.b), want, 1e-5));
        const size_t afterSecond = linalg::builtBatchedPlanCount();
        EXPECT_TRUE(closeToScale(bmm(l.a, l.b), want, 1e-5));
        EXPECT_EQ(linalg::builtBatchedPlanCount(), afterSecond) << "the plan was not reused";
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
  for (int call = 0; call < 3; ++call) EXPECT_TRUE(closeToScale(matmul(q, k), want, 1e-5)) << "call " << call;
  EXPECT_EQ(linalg::builtBatchedPlanCount(), plans + 1) << "the heads were not split over the threads";
  for (int call = 0; call < 3; ++call) {
    EXPECT_EQ(matmul(randn({2, 3, 0, 8}), randn({2, 3, 8, 5})).sizes(), IntArrayRef({2, 3, 0, 5}));
    Tensor zeroInner = matmul(randn({2, 3, 4, 0}), randn({2, 3, 0, 5}));
    EXPECT_EQ(zeroInner.abs().max().item<float>(), 0.0f);
  }
}

TEST_F(BatchedBmm, BuildsAPlanOnTheSecondCallOfAShape) {
  set_num_threads(1);
  Tensor a = randn({12, 40, 24}), b = randn({12, 24, 40});
  const size_t plans = linalg::builtBatchedPlanCount();
  bmm(a, b);
  EXPECT_EQ(linalg::builtBatchedPlanCount(), plans);
  bmm(a, b);
  EXPECT_EQ(linalg::builtBatchedPlanCount(), plans + 1);
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
    for (int i = 0; i < 3; ++i) EXPECT_TRUE(closeToScale(bmm(weights, v), want, 1e-6)) << "threads " << threads << ", call " << i;
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
