// GEMM routing and the products built on it. Expected values come from a naive triple loop in
// double precision written here (independent of every route), or from algebraic identities.
// The differential tests against PyTorch are in tests/compat/tensor/cases_linalg.py.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "ember/tensor.h"
#include "tensor/blas_backend.h"

namespace ember {
namespace {

// C = A @ B for 2-D tensors of any dtype, computed in double from element access.
std::vector<double> naiveMm(const Tensor& a, const Tensor& b) {
  Tensor ad = a.to(kDouble).contiguous(), bd = b.to(kDouble).contiguous();
  const int64_t m = a.size(0), k = a.size(1), n = b.size(1);
  const double* pa = ad.data_ptr<double>();
  const double* pb = bd.data_ptr<double>();
  std::vector<double> c(static_cast<size_t>(m * n), 0.0);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t p = 0; p < k; ++p)
      for (int64_t j = 0; j < n; ++j) c[i * n + j] += pa[i * k + p] * pb[p * n + j];
  return c;
}

void expectNear(const Tensor& actual, const std::vector<double>& expected, double tol) {
  Tensor d = actual.to(kDouble).contiguous();
  ASSERT_EQ(d.numel(), static_cast<int64_t>(expected.size()));
  const double* p = d.data_ptr<double>();
  for (size_t i = 0; i < expected.size(); ++i)
    ASSERT_NEAR(p[i], expected[i], tol * (1 + std::abs(expected[i]))) << "at " << i;
}

struct RouteGuard {
  explicit RouteGuard(blas::GemmRoute r) : saved(blas::gemmRoute()) { blas::setGemmRoute(r); }
  ~RouteGuard() { blas::setGemmRoute(saved); }
  blas::GemmRoute saved;
};

class GemmRoutes : public ::testing::TestWithParam<blas::GemmRoute> {};

TEST_P(GemmRoutes, EveryLayoutMatchesTheNaiveProduct) {
  RouteGuard guard(GetParam());
  manual_seed(1);
  for (auto [m, k, n] : {std::tuple<int64_t, int64_t, int64_t>{1, 1, 1}, {3, 5, 2}, {33, 65, 17}, {70, 40, 90}}) {
    Tensor a = randn({m, k}), b = randn({k, n});
    expectNear(mm(a, b), naiveMm(a, b), 1e-4);
    Tensor at = randn({k, m}).t(), bt = randn({n, k}).t();
    expectNear(mm(at, bt), naiveMm(at, bt), 1e-4);
    // A strided operand (every other column) is copied before the library sees it.
    Tensor as = randn({m, 2 * k}).slice(1, 0, 2 * k, 2);
    expectNear(mm(as, b), naiveMm(as, b), 1e-4);
  }
}

// Tiny float32 products take the direct kernel (linalg_small_gemm.h) under the automatic route:
// both layouts of the right operand, row and depth counts off the vector width (8 and 16 wide:
// the AVX-512 dot products run sixteen at a time with a masked depth tail), empty depth.
TEST(Linalg, TinyProductsMatchTheNaiveProduct) {
  manual_seed(5);
  for (auto [m, k, n] : {std::tuple<int64_t, int64_t, int64_t>{1, 64, 256}, {1, 1, 1}, {2, 7, 9}, {3, 17, 33},
                         {1, 64, 31}, {4, 13, 40}, {2, 0, 5}, {2, 16, 16}, {5, 40, 48}, {1, 31, 17}, {3, 47, 63}}) {
    Tensor a = randn({m, k}), b = randn({k, n});
    expectNear(mm(a, b), naiveMm(a, b), 1e-5);
    Tensor w = randn({n, k});  // x.mm(w.t()), as a recurrent cell multiplies
    expectNear(mm(a, w.t()), naiveMm(a, w.t()), 1e-5);
    Tensor wide = randn({k, n + 3}).slice(1, 1, n + 1);  // rows with a leading dimension of their own
    expectNear(mm(a, wide), naiveMm(a, wide), 1e-5);
  }
}

TEST_P(GemmRoutes, BetaAlphaAndBetaZeroIgnoringNaN) {
  RouteGuard guard(GetParam());
  manual_seed(2);
  Tensor a = randn({40, 50}), b = randn({50, 30}), c = randn({40, 30});
  std::vector<double> ab = naiveMm(a, b);
  Tensor cd = c.to(kDouble).contiguous();
  std::vector<double> want(ab.size());
  for (size_t i = 0; i < ab.size(); ++i) want[i] = 0.5 * cd.data_ptr<double>()[i] - 2.0 * ab[i];
  expectNear(addmm(c, a, b, 0.5, -2.0), want, 1e-4);
  Tensor nan = full({40, 30}, NAN);
  expectNear(addmm(nan, a, b, 0, 1), ab, 1e-4);
}

INSTANTIATE_TEST_SUITE_P(Linalg, GemmRoutes,
                         ::testing::Values(blas::GemmRoute::Native, blas::GemmRoute::OpenBlas, blas::GemmRoute::Onednn,
                                           blas::GemmRoute::Auto));

TEST(Linalg, AutoRouteSendsSmallProductsToOpenBlas) {
  RouteGuard guard(blas::GemmRoute::Auto);
  // Unless the loaded OpenBLAS runs its generic kernels on this CPU: then everything is oneDNN's.
  const blas::GemmRoute small = blas::openblasIsGeneric() ? blas::GemmRoute::Onednn : blas::GemmRoute::OpenBlas;
  EXPECT_EQ(blas::chooseFloatRoute(4, 4, 4), small);
  EXPECT_EQ(blas::chooseFloatRoute(64, 64, 64), small);
  blas::GemmRoute big = blas::chooseFloatRoute(1024, 1024, 1024);
  EXPECT_TRUE(big == blas::GemmRoute::Onednn || (!blas::openblasIsGeneric() && big == blas::GemmRoute::OpenBlas));
}

TEST(Linalg, GenericOpenblasCoresAreRecognised) {
  EXPECT_TRUE(blas::isGenericOpenblasCore("Prescott", true));
  EXPECT_TRUE(blas::isGenericOpenblasCore("Sandybridge", true));  // AVX, no FMA
  EXPECT_FALSE(blas::isGenericOpenblasCore("Haswell", true));
  EXPECT_FALSE(blas::isGenericOpenblasCore("SkylakeX", true));
  EXPECT_FALSE(blas::isGenericOpenblasCore("Zen", true));
  EXPECT_FALSE(blas::isGenericOpenblasCore("Prescott", false));  // the CPU has nothing better
  EXPECT_FALSE(blas::isGenericOpenblasCore(nullptr, true));
}

// Going to one OpenBLAS thread ends its idle workers (blas_backend.cpp, stopIdleOpenBlasWorkers);
// its next threaded product starts them again. Float64 products go to OpenBLAS: threaded ones
// before and after a single-threaded one (which ends the workers) give the same bits, and match
// float64 arithmetic done one row at a time.
TEST(Linalg, OpenblasWorkersEndAndStartAgain) {
  int saved = get_num_threads();
  set_num_threads(2);
  Tensor a = randn({300, 200}, kDouble), b = randn({200, 250}, kDouble);
  Tensor first = a.matmul(b);  // 15M multiply-adds: two OpenBLAS threads
  Tensor small = randn({4, 4}).matmul(randn({4, 4}));  // float, tiny: OpenBLAS at one thread
  Tensor again = a.matmul(b);
  Tensor rows = a.select(0, 7).unsqueeze(0).matmul(b);  // one row: a matrix-vector product
  EXPECT_EQ((again - first).abs().max().item<double>(), 0.0);
  EXPECT_LT((first.select(0, 7) - rows.squeeze(0)).abs().max().item<double>(), 1e-12);
  EXPECT_EQ(small.sizes(), (std::vector<int64_t>{4, 4}));
  set_num_threads(saved);
}

TEST(Linalg, LibraryThreadsStayWithinTheBudget) {
  int saved = get_num_threads();
  set_num_threads(2);
  EXPECT_EQ(blas::gemmThreads(8.0), 1);  // too little work for a second thread
  EXPECT_EQ(blas::gemmThreads(1e9), 2);
  set_num_threads(1);
  EXPECT_EQ(blas::gemmThreads(1e9), 1);
  set_num_threads(2);
  // Inside a pool region every GEMM is single-threaded, so the pool is never oversubscribed.
  std::vector<int> seen(64, 0);
  parallelFor(0, 64, 1, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) seen[static_cast<size_t>(i)] = blas::gemmThreads(1e9);
  });
  for (int t : seen) EXPECT_EQ(t, 1);
  set_num_threads(saved);
}

// Products given several threads are split into one block of C per thread (column blocks
// 64-byte aligned when C is wider than tall, row blocks otherwise). Block edges off the
// alignment, odd thread counts, transposed operands, accumulation into C and a C with a leading
// dimension of its own all land every element once.
TEST(Linalg, ThreadSplitProductsMatchTheNaiveProduct) {
  RouteGuard guard(blas::GemmRoute::Auto);
  const int saved = get_num_threads();
  manual_seed(7);
  for (int threads : {2, 3}) {
    set_num_threads(threads);
    for (auto [m, k, n] : {std::tuple<int64_t, int64_t, int64_t>{64, 256, 300}, {300, 256, 40}, {130, 200, 130},
                           {1, 4096, 1000}, {2000, 1100, 1}}) {
      ASSERT_GT(blas::gemmThreads(static_cast<double>(m) * n * k), 1);
      Tensor a = randn({m, k}), bt = randn({n, k});
      Tensor b = bt.t();  // stored transposed, as linear's weight
      std::vector<double> want = naiveMm(a, b);
      expectNear(mm(a, b), want, 1e-4);
      const int64_t ldc = n + 5;
      Tensor c = randn({m, ldc});
      Tensor before = c.clone();
      blas::gemm(kFloat, m, n, k, 2.0, {a.data_ptr<float>(), k, false}, {bt.data_ptr<float>(), k, true}, 1.0,
                 c.data_ptr<float>(), ldc);
      const float* pc = c.data_ptr<float>();
      const float* p0 = before.data_ptr<float>();
      for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < ldc; ++j) {
          const double expected = j < n ? p0[i * ldc + j] + 2.0 * want[i * n + j] : p0[i * ldc + j];
          ASSERT_NEAR(pc[i * ldc + j], expected, 1e-3 * (1 + std::abs(expected))) << m << "x" << k << "x" << n;
        }
    }
  }
  set_num_threads(saved);
}

// x.addmm_(x, x): the result is computed from x's old values (PyTorch 1.13 reads x while it
// writes it and returns a mix); ember computes the product aside first.
TEST(Linalg, InPlaceProductWithItselfUsesTheOldValues) {
  manual_seed(5);
  Tensor x = randn({70, 70});
  Tensor x0 = x.clone();
  std::vector<double> want = naiveMm(x0, x0);
  Tensor xd = x0.to(kDouble).contiguous();
  for (size_t i = 0; i < want.size(); ++i) want[i] += 0.5 * xd.data_ptr<double>()[i];
  x.addmm_(x, x, 0.5, 1);
  expectNear(x, want, 1e-4);
}

TEST(Linalg, IntegerProductsWrapLikeTwosComplement) {
  // 100 * 3 * 3 = 900 = 3 * 256 + 132 -> int8 132 - 256 = -124 (the value PyTorch prints).
  Tensor a = full({1, 3}, 100, kChar), b = full({3, 1}, 3, kChar);
  EXPECT_EQ(mm(a, b).item().toLong(), -124);
  Tensor v = full({3}, 100, kChar), w = full({3}, 3, kChar);
  EXPECT_EQ(dot(v, w).item().toLong(), -124);
}

TEST(Linalg, BatchedProductsAgreeWithPerMatrixProducts) {
  manual_seed(3);
  // Many small matrices (spread over the pool) and a broadcast (stride-0) batch.
  Tensor a = randn({37, 6, 7}), b = randn({37, 7, 5});
  Tensor r = bmm(a, b);
  for (int64_t i = 0; i < 37; i += 9) expectNear(r.select(0, i), naiveMm(a.select(0, i), b.select(0, i)), 1e-5);
  Tensor a1 = randn({1, 6, 7}).expand({4, 6, 7});
  Tensor r1 = bmm(a1, b.slice(0, 0, 4));
  for (int64_t i = 0; i < 4; ++i) expectNear(r1.select(0, i), naiveMm(a1.select(0, i), b.select(0, i)), 1e-5);
}

TEST(Linalg, EinsumMatchesTheProductsItSpells) {
  manual_seed(4);
  Tensor a = randn({3, 4}), b = randn({4, 5});
  expectNear(einsum("ij,jk->ik", {a, b}), naiveMm(a, b), 1e-5);
  expectNear(einsum("ij,jk->ki", {a, b}), naiveMm(b.t(), a.t()), 1e-5);
  Tensor sq = randn({4, 4});
  Tensor tr = einsum("ii", {sq});
  double want = 0;
  for (int64_t i = 0; i < 4; ++i) want += sq.index({i, i}).item().toDouble();
  EXPECT_NEAR(tr.item().toDouble(), want, 1e-5);
}

TEST(Linalg, ErrorsAreEmberErrors) {
  EXPECT_THROW(mm(ones({2, 3}), ones({2, 3})), Error);
  EXPECT_THROW(matmul(ones({}), ones({2})), Error);
  EXPECT_THROW(einsum("ij,", {ones({2, 2})}), Error);
  EXPECT_THROW(einsum("i->j", {ones({2})}), Error);
  EXPECT_THROW(mm(ones({2, 2}, kBool), ones({2, 2}, kBool)), Error);
}

}  // namespace
}  // namespace ember
