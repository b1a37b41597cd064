// GEMM over raw buffers, routed to the fastest implementation for the size and dtype:
//
//  - float32: below ~100^3 multiply-adds OpenBLAS (its fixed cost per call is the lowest). Above,
//    on one thread, oneDNN's dnnl_sgemm (JIT kernels that use AVX-512 where the CPU has it, while
//    OpenBLAS may be pinned to its Haswell kernels by OPENBLAS_CORETYPE) or OpenBLAS, whichever
//    measured faster: the first calls of each size class time both (3 calls each), later calls
//    take the faster. Results of those first calls may differ in the last bits. A product given
//    several threads is split into one block of C per thread, each a single-threaded dnnl_sgemm
//    on ember's OpenMP workers (faster than oneDNN's own threading on mid-sized products, and
//    OpenBLAS's own workers, which spin after each call, stay idle).
//  - float64: OpenBLAS dgemm.
//  - bfloat16: computed in float32 (as PyTorch accumulates), rounded once at the end.
//  - integral dtypes: a built-in blocked kernel; wrap-around as in PyTorch (two's complement).
//
// Where OpenBLAS runs generic kernels on an AVX2/AVX-512 CPU (OpenBLAS 0.3.21 does not know Zen 5
// and falls back to its SSE3 "Prescott" kernels), every float32 product goes to oneDNN instead
// (swin_t's batched attention products, 49x32x49 each: 3.5-6x faster).
//
// oneDNN generates all its sgemm kernels (every transpose and beta variant) on the first product
// of a process: 35-110 ms on this AVX-512 machine, whatever the product's size. Until they exist
// ("cold"), automatic routing keeps products up to kColdMaxMacs on OpenBLAS, and generates them
// once cold products have cost about as much (kColdBudgetMacs) or a larger product comes; loading
// an archive whose code holds products generates them on a worker thread while the archive loads
// (GemmWarmup), so the first call finds them ready.
//
// EMBER_GEMM=auto|openblas|onednn|native forces a route for float32 (benchmarks, tests).
//
// Threads: every call uses min(get_num_threads(), work-based limit) library threads, 1 inside an
// ember parallel region, so the pool, OpenBLAS and oneDNN never run at the same time.
#pragma once

#include <cstdint>
#include <thread>

#include "ember/tensor/scalar.h"
#include "ember/tensor/scalar_type.h"

namespace ember::blas {

// A row-major matrix operand: element (i, j) lives at data[i * ld + j] (or at data[j * ld + i]
// when trans is set, i.e. the stored matrix is the transpose of the operand).
struct ConstMatrix {
  const void* data;
  int64_t ld;
  bool trans;
};

// C[m x n] = alpha * A[m x k] * B[k x n] + beta * C, with C row-major (leading dimension ldc).
// beta == 0 ignores C's old contents (NaN in C does not propagate), as BLAS does. alpha/beta are
// converted to the dtype's arithmetic type (integers stay exact). dtype must be one of
// uint8/int8/int16/int32/int64/bfloat16/float32/float64. `batch`, when the caller passes it, is the
// number of such products it runs for one matmul/bmm (1 for mm): it asks for PyTorch's bfloat16
// rounding of those ops (bfloat16Gemm in the .cpp); 0 (convolutions, RNNs) keeps float32 sums.
void gemm(ScalarType dtype, int64_t m, int64_t n, int64_t k, const Scalar& alpha, ConstMatrix a, ConstMatrix b,
          const Scalar& beta, void* c, int64_t ldc, int64_t batch = 0);

// *out = sum_i x[i * incx] * y[i * incy] (incx, incy > 0), accumulated as gemm() does.
void dot(ScalarType dtype, int64_t n, const void* x, int64_t incx, const void* y, int64_t incy, void* out);

// Library threads a GEMM of this many multiply-adds should use (1 in a parallel region).
int gemmThreads(double macs);

enum class GemmRoute { Auto, OpenBlas, Onednn, Native };
// The float32 route: EMBER_GEMM at first use, or what setGemmRoute chose last.
GemmRoute gemmRoute();
void setGemmRoute(GemmRoute route);
// Which implementation gemm() would use next for a float32 product of this size (the measured
// choice once there is one; for tests and the benchmark's report).
GemmRoute chooseFloatRoute(int64_t m, int64_t n, int64_t k);

// Whether an OpenBLAS core (openblas_get_corename()) runs kernels older than AVX2 while the CPU
// has AVX2 (`cpuHasAvx2`); openblasIsGeneric() asks it of the loaded library once.
bool isGenericOpenblasCore(const char* coreName, bool cpuHasAvx2);
bool openblasIsGeneric();

// oneDNN's sgemm kernels: warmOnednnGemm() generates them now on the calling thread (once per
// process; concurrent and later calls wait for / skip it), onednnGemmWarm() says whether they
// exist. coldGemmRoute() is the route automatic routing takes for a float32 product of this many
// multiply-adds while they do not: OpenBLAS, or Onednn after generating them (for tests).
void warmOnednnGemm();
bool onednnGemmWarm();
GemmRoute coldGemmRoute(double macs);
constexpr double kColdMaxMacs = 256.0 * 256 * 256;
constexpr double kColdBudgetMacs = 2e8;

// Runs warmOnednnGemm() on a worker thread when `wanted` and the float32 route may use oneDNN;
// the destructor joins it (so the thread never outlives its owner, nor the process's exit).
class GemmWarmup {
 public:
  explicit GemmWarmup(bool wanted);
  ~GemmWarmup();
  GemmWarmup(const GemmWarmup&) = delete;
  GemmWarmup& operator=(const GemmWarmup&) = delete;

 private:
  std::thread worker_;
};

// Call before running GEMMs on several pool threads at once: OpenBLAS's (process-wide) thread
// count drops to 1 so the calls do not oversubscribe the CPUs; the next GEMM outside a parallel
// region sets it back.
void prepareParallelCalls();

// Sets the OpenMP threads oneDNN uses on the calling thread (per-thread setting in libgomp).
void setOnednnThreads(int n);

}  // namespace ember::blas
