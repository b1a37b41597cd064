// oneDNN's sgemm kernels off the call path (blas_backend.h): while they do not exist, automatic
// routing keeps small float32 products on OpenBLAS and generates them once the cold products have
// cost their budget, a large product comes, or a GemmWarmup asks. Every test needs a process in
// which no product has reached oneDNN yet (ctest runs each test in a process of its own); run in
// one binary after another test, they skip.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "ember/tensor.h"
#include "tensor/blas_backend.h"

namespace ember {
namespace {

struct RouteGuard {
  explicit RouteGuard(blas::GemmRoute r) : saved(blas::gemmRoute()) { blas::setGemmRoute(r); }
  ~RouteGuard() { blas::setGemmRoute(saved); }
  blas::GemmRoute saved;
};

#define REQUIRE_COLD()                                                                 \
  if (blas::onednnGemmWarm()) GTEST_SKIP() << "oneDNN's kernels exist in this process"

// Entry (i, j) of a @ b in double (contiguous float operands).
double naiveEntry(const Tensor& a, const Tensor& b, int64_t i, int64_t j) {
  const int64_t k = a.size(1), n = b.size(1);
  double s = 0;
  for (int64_t p = 0; p < k; ++p) s += double(a.data_ptr<float>()[i * k + p]) * b.data_ptr<float>()[p * n + j];
  return s;
}

double entry(const Tensor& c, int64_t i, int64_t j) { return c.contiguous().data_ptr<float>()[i * c.size(1) + j]; }

TEST(GemmWarmup, SmallProductsStayOnOpenblasWhileCold) {
  REQUIRE_COLD();
  RouteGuard guard(blas::GemmRoute::Auto);
  EXPECT_EQ(blas::coldGemmRoute(1000.0), blas::GemmRoute::OpenBlas);
  manual_seed(3);
  Tensor a = randn({49, 32}), b = randn({32, 49});
  Tensor c = mm(a, b);
  EXPECT_FALSE(blas::onednnGemmWarm());
  for (int64_t i : {0, 17, 48})
    for (int64_t j : {0, 30, 48}) EXPECT_NEAR(entry(c, i, j), naiveEntry(a, b, i, j), 1e-4);
}

TEST(GemmWarmup, ALargeProductGeneratesTheKernels) {
  REQUIRE_COLD();
  RouteGuard guard(blas::GemmRoute::Auto);
  EXPECT_EQ(blas::coldGemmRoute(2 * blas::kColdMaxMacs), blas::GemmRoute::Onednn);
  EXPECT_TRUE(blas::onednnGemmWarm());
  EXPECT_EQ(blas::coldGemmRoute(1000.0), blas::GemmRoute::Onednn);
}

TEST(GemmWarmup, TheColdBudgetBoundsTheProductsKeptOnOpenblas) {
  REQUIRE_COLD();
  RouteGuard guard(blas::GemmRoute::Auto);
  const int allowed = static_cast<int>(std::floor(blas::kColdBudgetMacs / blas::kColdMaxMacs));
  int onOpenblas = 0;
  while (blas::coldGemmRoute(blas::kColdMaxMacs) == blas::GemmRoute::OpenBlas) ASSERT_LE(++onOpenblas, allowed);
  EXPECT_EQ(onOpenblas, allowed);
  EXPECT_TRUE(blas::onednnGemmWarm());
}

TEST(GemmWarmup, AWarmupGeneratesTheKernelsBeforeItEnds) {
  REQUIRE_COLD();
  RouteGuard guard(blas::GemmRoute::Auto);
  { blas::GemmWarmup unwanted(false); }
  EXPECT_FALSE(blas::onednnGemmWarm());
  {
    RouteGuard openblas(blas::GemmRoute::OpenBlas);
    blas::GemmWarmup notUsed(true);  // the route never reaches oneDNN: nothing to generate
  }
  EXPECT_FALSE(blas::onednnGemmWarm());
  { blas::GemmWarmup warmup(true); }
  EXPECT_TRUE(blas::onednnGemmWarm());
}

TEST(GemmWarmup, ForcedRoutesIgnoreTheColdState) {
  REQUIRE_COLD();
  RouteGuard guard(blas::GemmRoute::Onednn);
  manual_seed(4);
  Tensor a = randn({8, 8}), b = randn({8, 8});
  Tensor c = mm(a, b);
  EXPECT_NEAR(entry(c, 3, 5), naiveEntry(a, b, 3, 5), 1e-4);
}

}  // namespace
}  // namespace ember
