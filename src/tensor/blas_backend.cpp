// GEMM routing (see blas_backend.h). The built-in kernel serves integral dtypes and products too
// small for a library call to pay off; float32/float64 go to oneDNN or OpenBLAS.
#include "tensor/blas_backend.h"

#include <cblas.h>
#include <dlfcn.h>
#include <dnnl.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <complex>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <optional>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "ember/error.h"
#include "ember/tensor/dispatch.h"
#include "ember/tensor/half.h"
#include "ember/tensor/parallel.h"
#include "tensor/cpu_capability.h"

extern "C" void omp_set_num_threads(int n);

namespace ember::blas {

namespace {

// Below this, OpenBLAS's lower fixed cost beats oneDNN's faster AVX-512 inner kernel (measured:
// OpenBLAS ahead up to ~96^3, oneDNN from ~128^3 on; at 8^3 OpenBLAS is still ~2x faster than
// the built-in loop, so float products never take the built-in kernel automatically).
constexpr double kOnednnMinMacs = 100.0 * 100 * 100;
// Work per extra library thread: a fork/join of the library's threads costs microseconds (far
// more on a loaded machine), so a thread is only added per ~20 us of single-thread work.
constexpr double kMacsPerThread = 1024.0 * 1024;

GemmRoute routeFromEnv() {
  const char* env = std::getenv("EMBER_GEMM");
  if (!env) return GemmRoute::Auto;
  std::string_view v(env);
  if (v == "openblas") return GemmRoute::OpenBlas;
  if (v == "onednn") return GemmRoute::Onednn;
  if (v == "native") return GemmRoute::Native;
  return GemmRoute::Auto;
}

std::atomic<int> gRoute{-1};

// OpenBLAS's thread count is process-wide; it is changed only when the wanted number changes.
std::atomic<int> gOpenBlasThreads{-1};

// OpenBLAS's pthreads build starts its workers when the library loads, and a worker without a
// job spins on sched_yield for 2^28 cycles (~0.1 s) before it sleeps: after the load and again
// after every threaded call. That is CPU time taken from ember's own threads: a 1x1 convolution
// 16->96 at 112x112 took 7.8 ms at 2 threads instead of 0.5 while a worker spun (the first
// 0.1 s of a process, where `ember run` loads and makes its first call). So when ember sets
// OpenBLAS to one thread, the idle workers are ended, as OpenBLAS's own fork handler ends them
// (blas_thread_shutdown_, looked up so that other BLAS builds need not have it); its next
// threaded call starts them again.
void stopIdleOpenBlasWorkers() {
  using Shutdown = int (*)();
  static const auto shutdown = reinterpret_cast<Shutdown>(dlsym(RTLD_DEFAULT, "blas_thread_shutdown_"));
  if (shutdown) shutdown();
}

void setOpenBlasThreads(int n) {
  if (gOpenBlasThreads.exchange(n, std::memory_order_relaxed) == n) return;
  openblas_set_num_threads(n);
  if (n == 1) stopIdleOpenBlasWorkers();
}

// Element (i, j) of an operand.
template <typename T>
inline T at(const ConstMatrix& x, int64_t i, int64_t j) {
  const T* p = static_cast<const T*>(x.data);
  return x.trans ? p[j * x.ld + i] : p[i * x.ld + j];
}

// The arithmetic type of the built-in kernel: unsigned 64-bit for integers (wraps without UB and
// agrees modulo 2^bits with PyTorch's narrower accumulation), float for bfloat16.
template <typename T>
using AccT =
    std::conditional_t<std::is_integral_v<T>, uint64_t, std::conditional_t<std::is_same_v<T, double>, double, float>>;

template <typename T>
inline AccT<T> toAcc(T v) {
  if constexpr (std::is_integral_v<T>)
    return static_cast<uint64_t>(static_cast<int64_t>(v));
  else
    return static_cast<AccT<T>>(v);
}

template <typename T>
inline T fromAcc(AccT<T> v) {
  if constexpr (std::is_integral_v<T>)
    return static_cast<T>(static_cast<int64_t>(v));
  else
    return static_cast<T>(v);
}

template <typename T>
AccT<T> scalarToAcc(const Scalar& s) {
  if constexpr (std::is_integral_v<T>)
    return static_cast<uint64_t>(s.toLong());
  else
    return static_cast<AccT<T>>(s.toDouble());
}

// Row-by-row kernel: B is first packed row-major so the inner loop runs over contiguous memory
// and vectorises for every element type.
template <typename T>
void nativeGemm(int64_t m, int64_t n, int64_t k, const Scalar& alphaS, ConstMatrix a, ConstMatrix b,
                const Scalar& betaS, T* c, int64_t ldc) {
  using A = AccT<T>;
  const A alpha = scalarToAcc<T>(alphaS), beta = scalarToAcc<T>(betaS);
  const bool betaZero = betaS.toDouble() == 0.0;
  std::vector<A> bp(static_cast<size_t>(k * n));
  for (int64_t p = 0; p < k; ++p)
    for (int64_t j = 0; j < n; ++j) bp[p * n + j] = toAcc<T>(at<T>(b, p, j));
  double macs = static_cast<double>(m) * n * k;
  int64_t grain = std::max<int64_t>(1, static_cast<int64_t>(kMacsPerThread / std::max(1.0, macs / m)));
  parallelFor(0, m, grain, [&](int64_t r0, int64_t r1) {
    std::vector<A> acc(static_cast<size_t>(n));
    for (int64_t i = r0; i < r1; ++i) {
      std::fill(acc.begin(), acc.end(), A(0));
      for (int64_t p = 0; p < k; ++p) {
        const A av = toAcc<T>(at<T>(a, i, p));
        const A* brow = bp.data() + p * n;
        for (int64_t j = 0; j < n; ++j) acc[j] += av * brow[j];
      }
      T* crow = c + i * ldc;
      for (int64_t j = 0; j < n; ++j) {
        A v = alpha * acc[j];
        if (!betaZero) v += beta * toAcc<T>(crow[j]);
        crow[j] = fromAcc<T>(v);
      }
    }
  });
}

CBLAS_TRANSPOSE cblasTrans(const ConstMatrix& x) { return x.trans ? CblasTrans : CblasNoTrans; }

void onednnSgemm(int64_t m, int64_t n, int64_t k, float alpha, ConstMatrix a, ConstMatrix b, float beta, float* c,
                 int64_t ldc) {
  setOnednnThreads(gemmThreads(static_cast<double>(m) * n * k));
  dnnl_status_t st =
      dnnl_sgemm(a.trans ? 'T' : 'N', b.trans ? 'T' : 'N', m, n, k, alpha, static_cast<const float*>(a.data), a.ld,
                 static_cast<const float*>(b.data), b.ld, beta, c, ldc);
  EMBER_ASSERT(st == dnnl_success, "dnnl_sgemm failed with status ", static_cast<int>(st));
}

// A product with one row or one column is a matrix-vector product: GEMM would first copy (pack)
// the whole matrix, which for a batch-1 layer (x[1, k] @ W^T) costs more than the product itself.
bool openblasSgemv(int64_t m, int64_t n, int64_t k, float alpha, ConstMatrix a, ConstMatrix b, float beta, float* c,
                   int64_t ldc) {
  if (m == 1) {  // c[0, :] = x B with x = a's row
    const float* x = static_cast<const float*>(a.data);
    int64_t incx = a.trans ? a.ld : 1;
    // B = S^T with S stored n x k, or B stored k x n.
    cblas_sgemv(CblasRowMajor, b.trans ? CblasNoTrans : CblasTrans, b.trans ? n : k, b.trans ? k : n, alpha,
                static_cast<const float*>(b.data), b.ld, x, incx, beta, c, 1);
    return true;
  }
  if (n == 1) {  // c[:, 0] = A x with x = b's column
    const float* x = static_cast<const float*>(b.data);
    int64_t incx = b.trans ? 1 : b.ld;
    cblas_sgemv(CblasRowMajor, a.trans ? CblasTrans : CblasNoTrans, a.trans ? k : m, a.trans ? m : k, alpha,
                static_cast<const float*>(a.data), a.ld, x, incx, beta, c, ldc);
    return true;
  }
  return false;
}

void openblasSgemm(int64_t m, int64_t n, int64_t k, float alpha, ConstMatrix a, ConstMatrix b, float beta, float* c,
                   int64_t ldc) {
  if (!inParallelRegion()) setOpenBlasThreads(gemmThreads(static_cast<double>(m) * n * k));
  if ((m == 1 || n == 1) && k > 0 && openblasSgemv(m, n, k, alpha, a, b, beta, c, ldc)) return;
  cblas_sgemm(CblasRowMajor, cblasTrans(a), cblasTrans(b), m, n, k, alpha, static_cast<const float*>(a.data), a.ld,
              static_cast<const float*>(b.data), b.ld, beta, c, ldc);
}

// Large single-threaded float32 products: which library is faster depends on the CPU,
// OPENBLAS_CORETYPE and the machine's load, so both are measured on the first calls of each size
// class, and the faster one (best time seen per multiply-add) is used after.
class RouteTuner {
 public:
  static constexpr int kProbesPerRoute = 3;

  // The route for this call; `probe` says whether the call should be timed and recorded.
  GemmRoute pick(int key, bool& probe) {
    std::lock_guard<std::mutex> lock(mutex_);
    Entry& e = table_[key];
    probe = e.decided < 0;
    if (!probe) return static_cast<GemmRoute>(e.decided);
    // oneDNN first: with AVX-512 it is the likely winner, so probing costs least that way.
    return e.probes[0] <= e.probes[1] ? GemmRoute::Onednn : GemmRoute::OpenBlas;
  }

  void record(int key, GemmRoute r, double secondsPerMac) {
    std::lock_guard<std::mutex> lock(mutex_);
    Entry& e = table_[key];
    int i = r == GemmRoute::Onednn ? 0 : 1;
    e.best[i] = std::min(e.best[i], secondsPerMac);
    ++e.probes[i];
    if (e.probes[0] >= kProbesPerRoute && e.probes[1] >= kProbesPerRoute)
      e.decided = static_cast<int>(e.best[0] <= e.best[1] ? GemmRoute::Onednn : GemmRoute::OpenBlas);
  }

  std::optional<GemmRoute> decided(int key) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = table_.find(key);
    if (it == table_.end() || it->second.decided < 0) return std::nullopt;
    return static_cast<GemmRoute>(it->second.decided);
  }

 private:
  struct Entry {
    double best[2] = {1e300, 1e300};
    int probes[2] = {0, 0};
    int decided = -1;
  };
  std::mutex mutex_;
  std::unordered_map<int, Entry> table_;
};

RouteTuner& tuner() {
  static RouteTuner t;
  return t;
}

// Size classes are powers of two of the multiply-add count.
int tunerKey(double macs) { return gemmThreads(macs) * 64 + static_cast<int>(std::log2(std::max(macs, 1.0))); }

void runFloatRoute(GemmRoute r, int64_t m, int64_t n, int64_t k, const Scalar& alpha, ConstMatrix a, ConstMatrix b,
                   const Scalar& beta, float* c, int64_t ldc) {
  float al = static_cast<float>(alpha.toDouble()), be = static_cast<float>(beta.toDouble());
  switch (r) {
    case GemmRoute::Native:
      return nativeGemm<float>(m, n, k, alpha, a, b, beta, c, ldc);
    case GemmRoute::Onednn:
      return onednnSgemm(m, n, k, al, a, b, be, c, ldc);
    default:
      return openblasSgemm(m, n, k, al, a, b, be, c, ldc);
  }
}

// A product given several threads, as one single-threaded oneDNN product per thread on a block of
// C: column blocks (64-byte aligned) when C is wider than tall, row blocks otherwise. Measured on
// AVX-512 against oneDNN's own threading at 2 threads, this is as fast at 1024^3 and up to 2x
// faster on the mid-sized products of LSTMs and transformers (128x1024x1024: 0.97 against
// 1.57 ms), and it skips the ~45 ms of kernel generation oneDNN's threaded path pays on first use.
// Blocks skip the tuner: its size classes do not see shapes, and a class decided for OpenBLAS
// by another product cost 2x here.
void splitFloatGemm(int threads, int64_t m, int64_t n, int64_t k, float alpha, ConstMatrix a, ConstMatrix b,
                    float beta, float* c, int64_t ldc) {
  const bool byColumns = n >= m;
  const int64_t extent = byColumns ? n : m, align = byColumns ? 16 : 1;
  auto boundary = [&](int64_t part) {
    int64_t at = extent * part / threads;
    return part == threads ? extent : std::min(extent, (at + align / 2) / align * align);
  };
  parallelFor(0, threads, 1, [&](int64_t p0, int64_t p1) {
    for (int64_t part = p0; part < p1; ++part) {
      const int64_t lo = boundary(part), hi = boundary(part + 1);
      if (hi <= lo) continue;
      if (byColumns) {
        ConstMatrix bp{static_cast<const float*>(b.data) + (b.trans ? lo * b.ld : lo), b.ld, b.trans};
        onednnSgemm(m, hi - lo, k, alpha, a, bp, beta, c + lo, ldc);
      } else {
        ConstMatrix ap{static_cast<const float*>(a.data) + (a.trans ? lo : lo * a.ld), a.ld, a.trans};
        onednnSgemm(hi - lo, n, k, alpha, ap, b, beta, c + lo * ldc, ldc);
      }
    }
  });
}

std::atomic<bool> gOnednnWarm{false};
std::atomic<double> gColdMacs{0.0};

void floatGemm(int64_t m, int64_t n, int64_t k, const Scalar& alpha, ConstMatrix a, ConstMatrix b, const Scalar& beta,
               float* c, int64_t ldc) {
  const double macs = static_cast<double>(m) * n * k;
  const int threads = gemmThreads(macs);
  const bool autoRoute = gemmRoute() == GemmRoute::Auto;
  if (autoRoute && !gOnednnWarm.load(std::memory_order_acquire) &&
      ((macs >= kOnednnMinMacs && threads > 1) || chooseFloatRoute(m, n, k) == GemmRoute::Onednn) &&
      coldGemmRoute(macs) == GemmRoute::OpenBlas)
    return openblasSgemm(m, n, k, static_cast<float>(alpha.toDouble()), a, b, static_cast<float>(beta.toDouble()), c,
                         ldc);
  if (autoRoute && macs >= kOnednnMinMacs && threads > 1)
    return splitFloatGemm(threads, m, n, k, static_cast<float>(alpha.toDouble()), a, b,
                          static_cast<float>(beta.toDouble()), c, ldc);
  if (gemmRoute() != GemmRoute::Auto || macs < kOnednnMinMacs || openblasIsGeneric())
    return runFloatRoute(chooseFloatRoute(m, n, k), m, n, k, alpha, a, b, beta, c, ldc);
  const int key = tunerKey(macs);
  bool probe = false;
  GemmRoute r = tuner().pick(key, probe);
  if (!probe) return runFloatRoute(r, m, n, k, alpha, a, b, beta, c, ldc);
  auto t0 = std::chrono::steady_clock::now();
  runFloatRoute(r, m, n, k, alpha, a, b, beta, c, ldc);
  auto t1 = std::chrono::steady_clock::now();
  tuner().record(key, r, std::chrono::duration<double>(t1 - t0).count() / macs);
}

void doubleGemm(int64_t m, int64_t n, int64_t k, const Scalar& alpha, ConstMatrix a, ConstMatrix b, const Scalar& beta,
                double* c, int64_t ldc) {
  double macs = static_cast<double>(m) * n * k;
  // In a parallel region OpenBLAS's thread count (process-wide) is left alone: callers that fan
  // out over the pool set it to 1 first (prepareParallelCalls).
  if (!inParallelRegion()) setOpenBlasThreads(gemmThreads(macs));
  cblas_dgemm(CblasRowMajor, cblasTrans(a), cblasTrans(b), m, n, k, alpha.toDouble(),
              static_cast<const double*>(a.data), a.ld, static_cast<const double*>(b.data), b.ld, beta.toDouble(), c,
              ldc);
}

// PyTorch 1.13 sends bfloat16 products of at most this many multiply-adds (over the whole batch)
// to its reference kernels rather than oneDNN.
constexpr double kTorchBf16ReferenceMacs = 16.0 * 16 * 16;

// Its reference kernel for a B that is not column-major computes in bfloat16 arithmetic: C scaled
// by beta, then for each p in order C += A[i,p] * alpha * B[p,j], every product and partial sum
// rounded to bfloat16 (checked against torch.mm/bmm on random 5x7x3 .. 8x8x8 operands).
void bfloat16ReferenceGemm(int64_t m, int64_t n, int64_t k, const Scalar& alpha, ConstMatrix a, ConstMatrix b,
                           const Scalar& beta, BFloat16* c, int64_t ldc) {
  auto r = [](float x) { return static_cast<float>(BFloat16(x)); };
  const float al = r(static_cast<float>(alpha.toDouble())), be = r(static_cast<float>(beta.toDouble()));
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      BFloat16& x = c[i * ldc + j];
      x = be == 0.0f ? BFloat16(0.0f) : be == 1.0f ? x : BFloat16(be * static_cast<float>(x));
    }
  for (int64_t p = 0; p < k; ++p)
    for (int64_t i = 0; i < m; ++i) {
      const float v = r(static_cast<float>(at<BFloat16>(a, i, p)) * al);
      for (int64_t j = 0; j < n; ++j) {
        BFloat16& x = c[i * ldc + j];
        x = BFloat16(static_cast<float>(x) + r(static_cast<float>(at<BFloat16>(b, p, j)) * v));
      }
    }
}

// PyTorch's bfloat16 gemv (mv/addmv: n == 1), in bfloat16 arithmetic. A row-major A takes its
// dot-product form, y = beta * y + alpha * sum_p A[i,p] * x[p]; a column-major A its axpy form,
// y = beta * y, then y += A[:,p] * (alpha * x[p]) for each p with x[p] != 0.
void bfloat16ReferenceGemv(int64_t m, int64_t k, const Scalar& alpha, ConstMatrix a, ConstMatrix x,
                           const Scalar& beta, BFloat16* y, int64_t ldy) {
  auto r = [](float v) { return static_cast<float>(BFloat16(v)); };
  const float al = r(static_cast<float>(alpha.toDouble())), be = r(static_cast<float>(beta.toDouble()));
  if (a.trans) {
    for (int64_t i = 0; i < m; ++i) {
      BFloat16& out = y[i * ldy];
      out = be == 0.0f ? BFloat16(0.0f) : be == 1.0f ? out : BFloat16(be * static_cast<float>(out));
    }
    for (int64_t p = 0; p < k; ++p) {
      const float xp = static_cast<float>(at<BFloat16>(x, p, 0));
      if (xp == 0.0f) continue;
      const float z = r(al * xp);
      for (int64_t i = 0; i < m; ++i)
        y[i * ldy] = BFloat16(static_cast<float>(y[i * ldy]) + r(static_cast<float>(at<BFloat16>(a, i, p)) * z));
    }
    return;
  }
  for (int64_t i = 0; i < m; ++i) {
    float sum = 0.0f;
    for (int64_t p = 0; p < k; ++p)
      sum = r(sum + r(static_cast<float>(at<BFloat16>(x, p, 0)) * static_cast<float>(at<BFloat16>(a, i, p))));
    BFloat16& out = y[i * ldy];
    out = be == 0.0f ? BFloat16(al * sum) : BFloat16(r(be * static_cast<float>(out)) + r(al * sum));
  }
}

// bfloat16 through float32: operands widened into packed buffers, one rounding at the end (as
// PyTorch's oneDNN and dot-product paths round), except PyTorch's bfloat16-arithmetic cases.
void bfloat16Gemm(int64_t m, int64_t n, int64_t k, const Scalar& alpha, ConstMatrix a, ConstMatrix b,
                  const Scalar& beta, BFloat16* c, int64_t ldc, int64_t batch) {
  // batch 0: not a matmul (see gemm()). n == 1 is PyTorch's mv/addmv: its gemv computes in
  // bfloat16 whatever the size.
  if (batch > 0 && n == 1) return bfloat16ReferenceGemv(m, k, alpha, a, b, beta, c, ldc);
  if (batch > 0 && !b.trans && static_cast<double>(batch) * m * n * k <= kTorchBf16ReferenceMacs)
    return bfloat16ReferenceGemm(m, n, k, alpha, a, b, beta, c, ldc);
  std::vector<float> af(static_cast<size_t>(m * k)), bf(static_cast<size_t>(k * n)), cf(static_cast<size_t>(m * n));
  for (int64_t i = 0; i < m; ++i)
    for (int64_t p = 0; p < k; ++p) af[i * k + p] = static_cast<float>(at<BFloat16>(a, i, p));
  for (int64_t p = 0; p < k; ++p)
    for (int64_t j = 0; j < n; ++j) bf[p * n + j] = static_cast<float>(at<BFloat16>(b, p, j));
  floatGemm(m, n, k, 1.0, {af.data(), k, false}, {bf.data(), n, false}, 0.0, cf.data(), n);
  const float al = static_cast<float>(alpha.toDouble()), be = static_cast<float>(beta.toDouble());
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      float v = al * cf[i * n + j];
      if (be != 0.0f) v += be * static_cast<float>(c[i * ldc + j]);
      c[i * ldc + j] = BFloat16(v);
    }
}

// k == 0: the product is zero, so C = beta * C (C ignored when beta is 0).
template <typename T>
void scaleOnly(int64_t m, int64_t n, const Scalar& beta, T* c, int64_t ldc) {
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      T& x = c[i * ldc + j];
      if (beta.toDouble() == 0.0)
        x = T(0);
      else if constexpr (std::is_integral_v<T>)
        x = static_cast<T>(static_cast<int64_t>(static_cast<uint64_t>(beta.toLong()) *
                                                static_cast<uint64_t>(static_cast<int64_t>(x))));
      else
        x = static_cast<T>(static_cast<float>(beta.toDouble()) * static_cast<float>(x));
    }
}

}  // namespace

GemmRoute gemmRoute() {
  int r = gRoute.load(std::memory_order_relaxed);
  if (r < 0) {
    r = static_cast<int>(routeFromEnv());
    gRoute.store(r, std::memory_order_relaxed);
  }
  return static_cast<GemmRoute>(r);
}

void setGemmRoute(GemmRoute route) { gRoute.store(static_cast<int>(route), std::memory_order_relaxed); }

GemmRoute chooseFloatRoute(int64_t m, int64_t n, int64_t k) {
  GemmRoute forced = gemmRoute();
  if (forced != GemmRoute::Auto) return forced;
  double macs = static_cast<double>(m) * n * k;
  // OpenBLAS's generic kernels lose to oneDNN's at every size (no probing needed).
  if (openblasIsGeneric()) return GemmRoute::Onednn;
  if (macs < kOnednnMinMacs) return GemmRoute::OpenBlas;
  // Products given several threads go to oneDNN (floatGemm splits them over ember's OpenMP
  // workers). OpenBLAS's own workers spin after each multi-threaded call and take a core from
  // the kernels that follow, a cost its timing here cannot see: with the tuner free to pick
  // OpenBLAS, resnet50 at 2 threads took 80-290 ms instead of ~33 ms.
  if (gemmThreads(macs) > 1) return GemmRoute::Onednn;
  if (auto measured = tuner().decided(tunerKey(macs))) return *measured;
  // Not measured yet: with AVX-512, oneDNN's kernels are up to ~2x faster than OpenBLAS's when
  // OPENBLAS_CORETYPE pins it to Haswell; without, both run AVX2 kernels of about one speed.
  return cpuCapability() == CpuCapability::AVX512 ? GemmRoute::Onednn : GemmRoute::OpenBlas;
}

int gemmThreads(double macs) {
  if (inParallelRegion()) return 1;
  int budget = get_num_threads();
  int byWork = static_cast<int>(std::max(1.0, macs / kMacsPerThread));
  return std::max(1, std::min(budget, byWork));
}

void setOnednnThreads(int n) { omp_set_num_threads(n); }

bool isGenericOpenblasCore(const char* coreName, bool cpuHasAvx2) {
  if (!cpuHasAvx2 || !coreName) return false;
  // OpenBLAS's x86-64 cores with AVX2 (or newer) kernels.
  static constexpr std::string_view kModern[] = {"Haswell", "Zen", "SkylakeX", "Cooperlake", "SapphireRapids",
                                                 "Excavator"};
  const std::string_view name(coreName);
  for (std::string_view m : kModern)
    if (name == m) return false;
  return true;
}

bool openblasIsGeneric() {
  static const bool generic =
      isGenericOpenblasCore(openblas_get_corename(), cpuCapability() != CpuCapability::Default);
  return generic;
}

void warmOnednnGemm() {
  static std::once_flag once;
  std::call_once(once, [] {
    // Any product generates every variant; 8^3 keeps the product itself negligible.
    float a[64] = {}, b[64] = {}, c[64];
    setOnednnThreads(1);
    dnnl_status_t st = dnnl_sgemm('N', 'N', 8, 8, 8, 1.0f, a, 8, b, 8, 0.0f, c, 8);
    EMBER_ASSERT(st == dnnl_success, "dnnl_sgemm failed with status ", static_cast<int>(st));
    gOnednnWarm.store(true, std::memory_order_release);
  });
}

bool onednnGemmWarm() { return gOnednnWarm.load(std::memory_order_acquire); }

GemmRoute coldGemmRoute(double macs) {
  if (onednnGemmWarm()) return GemmRoute::Onednn;
  // Budget first: a product that finds it spent (or is too large for OpenBLAS to be a fair
  // stand-in) pays the generation once, as the first product of a process always did.
  double spent = gColdMacs.fetch_add(macs, std::memory_order_relaxed) + macs;
  if (macs <= kColdMaxMacs && spent <= kColdBudgetMacs) return GemmRoute::OpenBlas;
  warmOnednnGemm();
  return GemmRoute::Onednn;
}

GemmWarmup::GemmWarmup(bool wanted) {
  // OpenBLAS's workers have spun since the library loaded; ember sets its threads per call.
  if (!inParallelRegion()) setOpenBlasThreads(1);
  GemmRoute r = gemmRoute();
  if (!wanted || onednnGemmWarm() || r == GemmRoute::OpenBlas || r == GemmRoute::Native) return;
  worker_ = std::thread([] {
    // A failure here is the one every later oneDNN product would report; the load goes on.
    try {
      warmOnednnGemm();
    } catch (const Error&) {
    }
  });
}

GemmWarmup::~GemmWarmup() {
  if (worker_.joinable()) worker_.join();
}

void prepareParallelCalls() {
  if (!inParallelRegion()) setOpenBlasThreads(1);
}

namespace {

// complex64/complex128 through OpenBLAS's cgemm/zgemm (alpha and beta real or complex numbers).
template <typename C>
void complexGemm(int64_t m, int64_t n, int64_t k, const Scalar& alpha, ConstMatrix a, ConstMatrix b,
                 const Scalar& beta, C* c, int64_t ldc) {
  using R = typename C::value_type;
  const std::complex<double> alc = alpha.toComplexDouble(), bec = beta.toComplexDouble();
  const C al(static_cast<R>(alc.real()), static_cast<R>(alc.imag()));
  const C be(static_cast<R>(bec.real()), static_cast<R>(bec.imag()));
  if (k <= 0) {
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) c[i * ldc + j] = be == C(0) ? C(0) : be * c[i * ldc + j];
    return;
  }
  if (!inParallelRegion()) setOpenBlasThreads(gemmThreads(4.0 * static_cast<double>(m) * n * k));
  if constexpr (std::is_same_v<R, float>)
    cblas_cgemm(CblasRowMajor, cblasTrans(a), cblasTrans(b), m, n, k, &al, a.data, a.ld, b.data, b.ld, &be, c, ldc);
  else
    cblas_zgemm(CblasRowMajor, cblasTrans(a), cblasTrans(b), m, n, k, &al, a.data, a.ld, b.data, b.ld, &be, c, ldc);
}

}  // namespace

void gemm(ScalarType dtype, int64_t m, int64_t n, int64_t k, const Scalar& alpha, ConstMatrix a, ConstMatrix b,
          const Scalar& beta, void* c, int64_t ldc, int64_t batch) {
  if (m <= 0 || n <= 0) return;
  if (dtype == ScalarType::ComplexFloat)
    return complexGemm(m, n, k, alpha, a, b, beta, static_cast<std::complex<float>*>(c), ldc);
  if (dtype == ScalarType::ComplexDouble)
    return complexGemm(m, n, k, alpha, a, b, beta, static_cast<std::complex<double>*>(c), ldc);
  visitGemmDtype(dtype, [&]<typename T>() {
    T* ct = static_cast<T*>(c);
    if (k <= 0) return scaleOnly<T>(m, n, beta, ct, ldc);
    if constexpr (std::is_same_v<T, float>)
      floatGemm(m, n, k, alpha, a, b, beta, ct, ldc);
    else if constexpr (std::is_same_v<T, double>)
      doubleGemm(m, n, k, alpha, a, b, beta, ct, ldc);
    else if constexpr (std::is_same_v<T, BFloat16>)
      bfloat16Gemm(m, n, k, alpha, a, b, beta, ct, ldc, batch);
    else
      nativeGemm<T>(m, n, k, alpha, a, b, beta, ct, ldc);
  }, "addmm_impl_cpu_");
}

void dot(ScalarType dtype, int64_t n, const void* x, int64_t incx, const void* y, int64_t incy, void* out) {
  if (dtype == ScalarType::ComplexFloat) return cblas_cdotu_sub(n, x, incx, y, incy, out);
  if (dtype == ScalarType::ComplexDouble) return cblas_zdotu_sub(n, x, incx, y, incy, out);
  visitGemmDtype(dtype, [&]<typename T>() {
    const T* xt = static_cast<const T*>(x);
    const T* yt = static_cast<const T*>(y);
    T* o = static_cast<T*>(out);
    if constexpr (std::is_same_v<T, float>) {
      if (!inParallelRegion()) setOpenBlasThreads(gemmThreads(static_cast<double>(n)));
      *o = cblas_sdot(n, xt, incx, yt, incy);
    } else if constexpr (std::is_same_v<T, double>) {
      if (!inParallelRegion()) setOpenBlasThreads(gemmThreads(static_cast<double>(n)));
      *o = cblas_ddot(n, xt, incx, yt, incy);
    } else {
      AccT<T> acc = 0;
      for (int64_t i = 0; i < n; ++i) acc += toAcc<T>(xt[i * incx]) * toAcc<T>(yt[i * incy]);
      *o = fromAcc<T>(acc);
    }
  }, "addmm_impl_cpu_");
}

}  // namespace ember::blas
