// The NN families' subtle parts against references written here from the definitions: every
// ISA copy of the vectorised row kernels (NaN propagation, loop tails), the batch-norm running
// statistics update, max-pool indices on ties and NaNs, the parallel paths of large inputs, and
// dropout's scaling. The differential tests against PyTorch are in tests/compat/tensor/cases_*.py.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "ember/tensor.h"
#include "tensor/cpu_capability.h"
#include "tensor/kernels/nn_kernels.h"

namespace ember {
namespace {

// Element at a multi-index, converted to T.
template <typename T>
T el(const Tensor& t, std::initializer_list<int64_t> idx) {
  Tensor v = t;
  for (int64_t i : idx) v = v.select(0, i);
  return v.item<T>();
}

const nn::RowKernels<float>* kernelsFor(CpuCapability cap) {
  if (cap > cpuCapability()) return nullptr;
  switch (cap) {
    case CpuCapability::AVX512: return &nn::isa_AVX512::nnRowKernels<float>();
    case CpuCapability::AVX2: return &nn::isa_AVX2::nnRowKernels<float>();
    default: return &nn::isa_DEFAULT::nnRowKernels<float>();
  }
}

TEST(NnRowKernels, EveryIsaMatchesTheDefinition) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (CpuCapability cap : {CpuCapability::Default, CpuCapability::AVX2, CpuCapability::AVX512}) {
    const auto* k = kernelsFor(cap);
    if (!k) continue;
    for (int64_t n : {1, 7, 16, 37}) {
      std::vector<float> a(n), b(n), c(n), d(n), out(n);
      for (int64_t i = 0; i < n; ++i) {
        a[i] = static_cast<float>((i * 7) % 11) - 5.f;
        b[i] = static_cast<float>((i * 5) % 13) - 6.f;
        c[i] = 0.5f * static_cast<float>(i % 4);
        d[i] = -0.25f * static_cast<float>(i % 5);
      }
      if (n > 3) b[3] = nan;
      std::vector<float> acc = a;
      k->maxInto(acc.data(), b.data(), n);
      for (int64_t i = 0; i < n; ++i) {
        if (std::isnan(b[i])) EXPECT_TRUE(std::isnan(acc[i])) << "NaN must win at " << i;
        else EXPECT_EQ(acc[i], std::max(a[i], b[i])) << i;
      }
      // A NaN already in the accumulator stays.
      std::vector<float> nanAcc(n, nan);
      k->maxInto(nanAcc.data(), a.data(), n);
      for (int64_t i = 0; i < n; ++i) EXPECT_TRUE(std::isnan(nanAcc[i]));
      k->bilinear(out.data(), a.data(), c.data(), d.data(), a.data(), n, 0.25f, 0.75f, 0.6f, 0.4f);
      for (int64_t i = 0; i < n; ++i)
        EXPECT_FLOAT_EQ(out[i], (a[i] * 0.25f + c[i] * 0.75f) * 0.6f + (d[i] * 0.25f + a[i] * 0.75f) * 0.4f);
      double s = 0, sq = 0;
      for (int64_t i = 0; i < n; ++i) s += c[i];
      const float mean = static_cast<float>(s / n);
      for (int64_t i = 0; i < n; ++i) sq += (c[i] - mean) * (c[i] - mean);
      EXPECT_NEAR(k->sum(c.data(), n), s, 1e-4);
      EXPECT_NEAR(k->sumSqDev(c.data(), n, mean), sq, 1e-4);
    }
  }
}

TEST(BatchNorm, TrainingUpdatesRunningStatisticsWithTheUnbiasedVariance) {
  Tensor x = tensor<float>({1, 2, 3, 4, 10, 20, 30, 40}).view({2, 2, 2});  // N=2, C=2, L=2
  Tensor rm = zeros({2}), rv = ones({2});
  Tensor out = batch_norm(x, {}, {}, rm, rv, true, 0.1, 0.0);
  // Channel 0 holds {1, 2, 10, 20}, channel 1 {3, 4, 30, 40}.
  const double vals[2][4] = {{1, 2, 10, 20}, {3, 4, 30, 40}};
  for (int c = 0; c < 2; ++c) {
    double mean = 0, ss = 0;
    for (double v : vals[c]) mean += v / 4;
    for (double v : vals[c]) ss += (v - mean) * (v - mean);
    EXPECT_NEAR(el<double>(rm, {c}), 0.1 * mean, 1e-5);
    EXPECT_NEAR(el<double>(rv, {c}), 0.1 * ss / 3 + 0.9, 1e-4);
    // The output uses the biased variance.
    EXPECT_NEAR(el<double>(out, {0, c, 0}), (vals[c][0] - mean) / std::sqrt(ss / 4), 1e-5);
  }
}

TEST(MaxPool, IndicesPickTheFirstMaximumAndTheLastNaN) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  Tensor x = tensor<float>({5, 5, 1, 5, nan, 2, nan, 0, 1}).view({1, 1, 3, 3});
  auto [v, i] = max_pool2d_with_indices(x, {2}, {1});
  // Window (0,0) = {5, 5, 5, nan}: the NaN at flat index 4 wins; window (0,1) = {5, 1, nan, 2}.
  EXPECT_TRUE(std::isnan(el<float>(v, {0, 0, 0, 0})));
  EXPECT_EQ(el<int64_t>(i, {0, 0, 0, 0}), 4);
  EXPECT_EQ(el<int64_t>(i, {0, 0, 1, 1}), 4);
  Tensor ties = tensor<float>({3, 3, 3, 3}).view({1, 1, 2, 2});
  EXPECT_EQ(el<int64_t>(std::get<1>(max_pool2d_with_indices(ties, {2})), {0, 0, 0, 0}), 0);
}

// A max pool written from the definition, for the parallel paths of a large input.
float naiveMax(const Tensor& x, int64_t p, int64_t oh, int64_t ow) {
  float m = -std::numeric_limits<float>::infinity();
  for (int64_t kh = 0; kh < 3; ++kh)
    for (int64_t kw = 0; kw < 3; ++kw) {
      const int64_t ih = oh * 2 - 1 + kh, iw = ow * 2 - 1 + kw;
      if (ih < 0 || iw < 0 || ih >= x.size(2) || iw >= x.size(3)) continue;
      m = std::max(m, el<float>(x, {0, p, ih, iw}));
    }
  return m;
}

TEST(MaxPool, LargeInputsMatchTheDefinitionOnEveryThreadCount) {
  Tensor x = randn({1, 16, 41, 37});
  const int saved = get_num_threads();
  for (int threads : {1, 2}) {
    set_num_threads(threads);
    for (bool cl : {false, true}) {
      Tensor in = cl ? contiguous(x, MemoryFormat::ChannelsLast) : x;
      Tensor out = max_pool2d(in, {3}, {2}, {1});
      for (int64_t p = 0; p < 16; p += 5)
        for (int64_t oh = 0; oh < out.size(2); oh += 4)
          for (int64_t ow = 0; ow < out.size(3); ow += 3)
            EXPECT_EQ(el<float>(out, {0, p, oh, ow}), naiveMax(x, p, oh, ow)) << p << "," << oh << "," << ow;
    }
  }
  set_num_threads(saved);
}

TEST(Dropout, KeptElementsAreScaledAndTheIdentityIsTheInput) {
  Tensor x = ones({1000});
  EXPECT_TRUE(dropout(x, 0.3, false).is_same(x));
  EXPECT_TRUE(dropout(x, 0.0, true).is_same(x));
  manual_seed(1);
  Tensor y = dropout(x, 0.25, true);
  int64_t kept = 0;
  for (int64_t i = 0; i < 1000; ++i) {
    const float v = el<float>(y, {i});
    EXPECT_TRUE(v == 0.f || std::abs(v - 1.f / 0.75f) < 1e-6) << v;
    kept += v != 0.f;
  }
  EXPECT_GT(kept, 650);  // 750 expected; far tails excluded
  EXPECT_LT(kept, 850);
}

}  // namespace
}  // namespace ember
