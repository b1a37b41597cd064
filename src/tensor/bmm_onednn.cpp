// Batched small float32 products on oneDNN's matmul primitive (bmm_onednn.h).
//
// Attention multiplies many small matrices at once: swin_t's windows are 192 products of 49x32 by
// 32x49 per layer, the zoo transformer's heads 8 of 64x32 by 32x64. One library GEMM call per
// matrix costs more in fixed overhead (argument checks, packing, routing) than the arithmetic;
// oneDNN's matmul primitive takes the whole batch, with any strides, in one call. Single-threaded
// on the Cascade Lake Xeon (2026-11-28), against ember's per-matrix GEMMs: 192 x 49x32x49 750
// against 1124 us, 192 x 49x49x32 623 against 1051, 8 x 64x32x64 32 against 64, 12 x
// 197x64x197 871 against 1285, 12 x 49x64x49 86 against 114.
//
// The products read denormal inputs as zero (the MXCSR's DAZ bit, set for the call on each thread
// that runs it). Attention weights are often denormal: swin_t masks shifted windows' logits with
// -100, whose softmax weights are ~1e-44, and a multiply-add on a denormal takes a microcode
// assist of ~100 cycles: 48 x 49x49x32 took 6.9 ms with half the weights denormal against 0.14
// ms without. A dropped term is below 1.2e-38 times the other operand, under the rounding of
// any sum with a normal term (a softmax row has one >= 1/row length), so results change only
// where every term is that small. Results that are denormal themselves are still produced.
#include "tensor/bmm_onednn.h"

#include <dnnl.hpp>
#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#endif

#include <memory>
#include <vector>

#include "ember/tensor/parallel.h"
#include "tensor/blas_backend.h"
#include "tensor/onednn_memory.h"

namespace ember::linalg {

namespace {

using dnnl::memory;

struct Plan {
  dnnl::matmul::primitive_desc pd;
  dnnl::matmul matmul;
  std::unique_ptr<onednn::ArgPool> args;
};

onednn::PlanCache<Plan> gPlans;

// Shapes and layouts seen so far, with the time their per-matrix GEMMs lost against a plan.
onednn::SeenKeys gSeen;

// What a plan saves per call against the per-matrix GEMMs, in microseconds: the GEMM library's
// fixed cost per matrix (~2 us) and the primitive's better use of the arithmetic (~13 us per
// million multiply-adds), fitted to the measurements at the top of the file (8 x 64x32x64: 32 us;
// 12 x 197x64x197: 414 us; 192 x 49x32x49: 374 us). Building a plan costs ~0.6 ms (the zoo
// transformer's two attention products took 1.3 ms more on the call that built theirs).
constexpr double kPlanBuildUs = 600.0;
double planSavingUs(int64_t batch, double macsPerMatrix) {
  return 2.0 * static_cast<double>(batch) + 13e-6 * macsPerMatrix * static_cast<double>(batch);
}

// A batch of matrices as oneDNN sees it: every dim (batch dims first, then rows and columns) with
// its stride in floats. A batch dim of size 1 is broadcast over the other operands'.
struct Batched {
  float* data;
  DimVector dims, strides;  // inline: a call allocates nothing for its operands' shapes
};

memory::desc describe(const Batched& x) {
  return memory::desc(memory::dims(x.dims.begin(), x.dims.end()), memory::data_type::f32,
                      memory::dims(x.strides.begin(), x.strides.end()));
}

// Null when oneDNN has no implementation for these layouts (cached as such).
std::shared_ptr<Plan> buildPlan(const memory::desc& a, const memory::desc& b, const memory::desc& c) try {
  auto plan = std::make_shared<Plan>();
  // A scratchpad per call (from ember's allocator) lets several threads run one cached primitive.
  dnnl::primitive_attr attr;
  attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
  plan->pd = dnnl::matmul::primitive_desc(dnnl::matmul::desc(a, b, c), attr, onednn::cpuEngine());
  plan->matmul = dnnl::matmul(plan->pd);
  plan->args = onednn::makeArgPool({{DNNL_ARG_SRC, a}, {DNNL_ARG_WEIGHTS, b}, {DNNL_ARG_DST, c}}, plan->pd);
  return plan;
} catch (const dnnl::error&) {
  return nullptr;
}

// Denormal inputs read as zero on this thread while it lives (see the top of the file).
class DenormalsAreZero {
 public:
#if defined(__x86_64__) || defined(__i386__)
  DenormalsAreZero() : saved_(_mm_getcsr()) { _mm_setcsr(saved_ | kDaz); }
  ~DenormalsAreZero() { _mm_setcsr(saved_); }

 private:
  static constexpr unsigned kDaz = 0x0040;
  unsigned saved_;
#endif
};

// Per-matrix work at or above which the per-matrix GEMMs run at full speed anyway.
constexpr double kMaxMacsPerMatrix = 256.0 * 256 * 256;

// The first `threads`-th share of x along dim 0 (x itself when that dim is broadcast).
Batched share(Batched x, int threads) {
  if (x.dims[0] > 1) x.dims[0] /= threads;
  return x;
}

// c = a @ b over the batch dims, on the cached plan; see onednnBatchedGemm for when it declines.
// Several threads take equal shares of the outermost batch dim, each one call of a single-threaded
// primitive (DenormalsAreZero is per thread): a dim that does not split evenly stays on the GEMMs.
bool runBatched(Batched a, Batched b, Batched c) {
  // Leading batch dims of 1 everywhere go (a [1, heads, rows, cols] batch splits over the heads).
  while (c.dims.size() > 3 && c.dims[0] == 1)
    for (Batched* x : {&a, &b, &c}) {
      x->dims.erase(x->dims.begin());
      x->strides.erase(x->strides.begin());
    }
  const size_t rank = c.dims.size();
  const int64_t m = c.dims[rank - 2], n = c.dims[rank - 1], k = a.dims[rank - 1];
  int64_t batch = 1;
  for (size_t d = 0; d + 2 < rank; ++d) batch *= c.dims[d];
  const double macs = static_cast<double>(m) * n * k;
  if (batch < 2 || !batchableProduct(m, n, k) || m == 0 || n == 0 || k == 0 ||
      blas::gemmRoute() != blas::GemmRoute::Auto)
    return false;
  const int threads = blas::gemmThreads(macs * static_cast<double>(batch));
  if (c.dims[0] % threads != 0) return false;
  const Batched sa = share(a, threads), sb = share(b, threads), sc = share(c, threads);
  std::vector<int64_t> key;
  for (const Batched* x : {&sa, &sb, &sc}) {
    key.insert(key.end(), x->dims.begin(), x->dims.end());
    key.insert(key.end(), x->strides.begin(), x->strides.end());
  }
  // Plans for small batches pay back over many calls (the transformer's 8 heads: ~20); until
  // then the per-matrix GEMMs run them, and a first call builds no plan it could not repay.
  if (!gSeen.worthBuilding(key, planSavingUs(batch, macs), kPlanBuildUs)) return false;
  blas::setOnednnThreads(1);
  std::shared_ptr<Plan> plan =
      gPlans.get(std::move(key), [&] { return buildPlan(describe(sa), describe(sb), describe(sc)); });
  if (!plan) return false;  // layouts it has no implementation for: the per-matrix GEMMs take them
  auto run = [&](int64_t part) {
    DenormalsAreZero daz;
    dnnl::stream& stream = onednn::threadStream();
    auto at = [part](const Batched& whole, const Batched& piece) {
      return whole.dims[0] > 1 ? whole.data + part * piece.dims[0] * whole.strides[0] : whole.data;
    };
    Tensor scratchHold;
    onednn::ArgPool::Lease args = plan->args->borrow();
    args.set(DNNL_ARG_SRC, at(a, sa));
    args.set(DNNL_ARG_WEIGHTS, at(b, sb));
    args.set(DNNL_ARG_DST, at(c, sc));
    onednn::setScratchpad(args, scratchHold);
    plan->matmul.execute(stream, args.args());
    stream.wait();
  };
  if (threads == 1) {
    run(0);
  } else {
    parallelFor(0, threads, 1, [&](int64_t p0, int64_t p1) {
      for (int64_t p = p0; p < p1; ++p) run(p);
    });
  }
  return true;
}

// A 3-D operand of onednnBatchedGemm (batch 1 when repeated over the batch).
Batched batched3d(int64_t batch, int64_t rows, int64_t cols, const BatchedMatrix& x) {
  const int64_t rowStride = x.trans ? 1 : x.ld, colStride = x.trans ? x.ld : 1;
  const bool repeated = x.batchStride == 0;
  return {const_cast<float*>(x.data), {repeated ? 1 : batch, rows, cols},
          {repeated ? rows * cols : x.batchStride, rowStride, colStride}};
}

// A tensor's dims and strides as a Batched operand.
Batched batchedOf(const Tensor& t) {
  return {static_cast<float*>(t.data_ptr()), DimVector(t.sizes()), DimVector(t.strides())};
}

}  // namespace

bool rowsInPlace(const Tensor& t) { return t.stride(-1) == 1 || t.size(-1) == 1; }

bool onednnBatchedGemm(int64_t batch, int64_t m, int64_t n, int64_t k, BatchedMatrix a, BatchedMatrix b, float* c,
                       int64_t cBatchStride, int64_t ldc) {
  return runBatched(batched3d(batch, m, k, a), batched3d(batch, k, n, b), {c, {batch, m, n}, {cBatchStride, ldc, 1}});
}

bool onednnBatchedMatmul(const Tensor& a, const Tensor& b, const Tensor& out) {
  if (a.dtype() != kFloat || b.dtype() != kFloat || out.dtype() != kFloat) return false;
  if (a.dim() < 3 || a.dim() != b.dim() || a.dim() != out.dim() || !out.is_contiguous()) return false;
  if (!rowsInPlace(a) || !rowsInPlace(b)) return false;
  for (int64_t d = 0; d + 2 < a.dim(); ++d) {
    const int64_t sa = a.size(d), sb = b.size(d);
    if (!(sa == sb || sa == 1 || sb == 1) || out.size(d) != std::max(sa, sb)) return false;
  }
  return runBatched(batchedOf(a), batchedOf(b), batchedOf(out));
}

bool batchableProduct(int64_t m, int64_t n, int64_t k) {
  return static_cast<double>(m) * static_cast<double>(n) * static_cast<double>(k) < kMaxMacsPerMatrix;
}

size_t builtBatchedPlanCount() { return gPlans.built(); }

}  // namespace ember::linalg
