// The weight-streaming float32 GEMM (see stream_gemm_kernels.h). Only the AVX-512 copy has a
// kernel; the others hand out null.
//
// Blocking: for each panel of 64 columns of B, its rows go in chunks of kDepth (32 KB, so a
// chunk stays in L1 while every 7-row tile of A multiplies it; A's rows and C's 64 columns stay
// in L1/L2 too: the products this is for have ~50 rows). B is thus read once, front to back.
// While a chunk is being used, the tiles prefetch the next chunk into L1 and the chunk kAhead
// further into L2, a share of its lines per tile, interleaved with the multiply-adds: the
// memory reads overlap the arithmetic instead of stalling the first tile of each chunk.
#if defined(EMBER_ISA_AVX512)
#include <immintrin.h>
#endif

#include <algorithm>

#include "tensor/kernels/stream_gemm_kernels.h"

#define EMBER_STREAM_GEMM_NS2(isa) isa_##isa
#define EMBER_STREAM_GEMM_NS(isa) EMBER_STREAM_GEMM_NS2(isa)

namespace ember::conv::EMBER_STREAM_GEMM_NS(EMBER_ISA) {

#if defined(EMBER_ISA_AVX512)
namespace {

// Rows of C per tile at most (the rows are split evenly: 49 = 7 x 7). 7 x 4 accumulators, 4
// registers of B and one of A are one more than AVX-512's 32, so GCC keeps an accumulator on
// the stack; measured, 6-row tiles (no spill, 9 tiles for 49 rows) are no faster.
constexpr int64_t kRows = 7;
constexpr int64_t kDepth = 128;  // rows of B per chunk (128 x 64 floats = 32 KB)
constexpr int64_t kAhead = 8;    // chunks between the one in use and the one prefetched to L2
constexpr int64_t kLineFloats = 16;

// What one tile prefetches: `lines` cache lines from `near` (to L1) and from `far` (to L2), one
// of each per row of B it multiplies (at most `depth`: with fewer than 4 tiles, part of the next
// chunk is left to the hardware prefetcher, which follows the sequential stream anyway).
struct Prefetch {
  const char* near;
  const char* far;
  int64_t lines;
};

// c[0..R) x [0..64) = (first ? init (or 0) : c) + a[0..R) x [0..depth) * b[0..depth) x [0..64).
// Each chunk's products are summed on their own and then added to c: sums of kDepth terms, not
// of all k in one chain (k = 4608 in float32 lost ~5x more to rounding that way).
template <int R>
inline void tile(const float* a, int64_t lda, const float* b, int64_t depth, float* c, int64_t ldc, const float* init,
                 bool first, Prefetch pf) {
  __m512 acc[R][4];
  for (int r = 0; r < R; ++r)
    for (int j = 0; j < 4; ++j) acc[r][j] = _mm512_setzero_ps();
  for (int64_t p = 0; p < depth; ++p) {
    if (p < pf.lines) {
      _mm_prefetch(pf.near + 64 * p, _MM_HINT_T0);
      _mm_prefetch(pf.far + 64 * p, _MM_HINT_T1);
    }
    const float* row = b + kStreamPanel * p;
    const __m512 b0 = _mm512_loadu_ps(row), b1 = _mm512_loadu_ps(row + 16), b2 = _mm512_loadu_ps(row + 32),
                 b3 = _mm512_loadu_ps(row + 48);
#pragma GCC unroll 7
    for (int r = 0; r < R; ++r) {
      const __m512 x = _mm512_set1_ps(a[r * lda + p]);
      acc[r][0] = _mm512_fmadd_ps(x, b0, acc[r][0]);
      acc[r][1] = _mm512_fmadd_ps(x, b1, acc[r][1]);
      acc[r][2] = _mm512_fmadd_ps(x, b2, acc[r][2]);
      acc[r][3] = _mm512_fmadd_ps(x, b3, acc[r][3]);
    }
  }
  for (int j = 0; j < 4; ++j) {
    const __m512 base = init ? _mm512_loadu_ps(init + 16 * j) : _mm512_setzero_ps();
    for (int r = 0; r < R; ++r) {
      float* out = c + r * ldc + 16 * j;
      _mm512_storeu_ps(out, _mm512_add_ps(acc[r][j], first ? base : _mm512_loadu_ps(out)));
    }
  }
}

using TileFn = void (*)(const float*, int64_t, const float*, int64_t, float*, int64_t, const float*, bool, Prefetch);
constexpr TileFn kTiles[kRows + 1] = {nullptr, &tile<1>, &tile<2>, &tile<3>, &tile<4>, &tile<5>, &tile<6>, &tile<7>};

void kernel(int64_t m, int64_t k, const float* a, int64_t lda, const float* b, const float* bias, float* c,
            int64_t ldc, int64_t panel0, int64_t panel1) {
  const int64_t tiles = (m + kRows - 1) / kRows;
  const int64_t streamEnd = panel1 * k * kStreamPanel;  // in floats from b: what this call reads
  for (int64_t nb = panel0; nb < panel1; ++nb) {
    for (int64_t k0 = 0; k0 < k; k0 += kDepth) {
      const int64_t depth = std::min(kDepth, k - k0);
      const int64_t at = (nb * k + k0) * kStreamPanel;  // this chunk, in floats from b
      // The next chunk (at most as long as this one) goes to L1, the one kAhead further to L2;
      // prefetches stay inside what this call reads (the far ones fall back to the near ones).
      const int64_t nearAt = std::min(at + depth * kStreamPanel, streamEnd);
      const int64_t lineCount = std::min(depth * kStreamPanel, streamEnd - nearAt) / kLineFloats;
      const int64_t farAt = nearAt + kAhead * kDepth * kStreamPanel;
      const char* near = reinterpret_cast<const char*>(b + nearAt);
      const char* far = farAt + lineCount * kLineFloats <= streamEnd ? reinterpret_cast<const char*>(b + farAt) : near;
      for (int64_t t = 0; t < tiles; ++t) {
        const int64_t r0 = m * t / tiles, rows = m * (t + 1) / tiles - r0;
        const int64_t l0 = lineCount * t / tiles, l1 = lineCount * (t + 1) / tiles;
        const Prefetch pf{near + 64 * l0, far + 64 * l0, l1 - l0};
        kTiles[rows](a + r0 * lda + k0, lda, b + at, depth, c + r0 * ldc + nb * kStreamPanel, ldc,
                     bias ? bias + nb * kStreamPanel : nullptr, k0 == 0, pf);
      }
    }
  }
}

}  // namespace

StreamGemmFn streamGemmKernel() { return &kernel; }
#else
StreamGemmFn streamGemmKernel() { return nullptr; }
#endif

}  // namespace ember::conv::EMBER_STREAM_GEMM_NS(EMBER_ISA)

#if defined(EMBER_ISA_DEFAULT)
namespace ember::conv {
StreamGemmFn streamGemmKernel() {
  switch (cpuCapability()) {
    case CpuCapability::AVX512: return isa_AVX512::streamGemmKernel();
    case CpuCapability::AVX2: return isa_AVX2::streamGemmKernel();
    default: return isa_DEFAULT::streamGemmKernel();
  }
}
}  // namespace ember::conv
#endif
