// The tiny-product float32 GEMM (see small_gemm_kernels.h). The AVX2 and AVX-512 copies use
// 256-bit FMA code, except that the AVX-512 copy computes dot products (B stored transposed, as
// nn.Linear and LSTM weights are) sixteen at a time in 512-bit registers; the baseline copy is a
// plain loop.
#if !defined(EMBER_ISA_DEFAULT)
#include <immintrin.h>
#endif

#include "tensor/kernels/small_gemm_kernels.h"

#define EMBER_SMALL_GEMM_NS2(isa) isa_##isa
#define EMBER_SMALL_GEMM_NS(isa) EMBER_SMALL_GEMM_NS2(isa)

namespace ember::EMBER_SMALL_GEMM_NS(EMBER_ISA) {
namespace {

#if defined(EMBER_ISA_DEFAULT)

void kernel(int64_t m, int64_t n, int64_t k, const float* a, int64_t lda, const float* b, int64_t ldb, bool bTrans,
            float* c, int64_t ldc) {
  const int64_t sp = bTrans ? 1 : ldb, sj = bTrans ? ldb : 1;  // strides of B's (p, j)
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      float acc = 0;
      for (int64_t p = 0; p < k; ++p) acc += a[i * lda + p] * b[p * sp + j * sj];
      c[i * ldc + j] = acc;
    }
}

#else

// The sums of eight vectors, in order, in one vector.
inline __m256 sum8(__m256 v0, __m256 v1, __m256 v2, __m256 v3, __m256 v4, __m256 v5, __m256 v6, __m256 v7) {
  __m256 t0 = _mm256_hadd_ps(v0, v1), t1 = _mm256_hadd_ps(v2, v3);
  __m256 t2 = _mm256_hadd_ps(v4, v5), t3 = _mm256_hadd_ps(v6, v7);
  __m256 u0 = _mm256_hadd_ps(t0, t1), u1 = _mm256_hadd_ps(t2, t3);
  // u0 holds sums 0-3 split over its two 128-bit halves, u1 sums 4-7.
  return _mm256_add_ps(_mm256_permute2f128_ps(u0, u1, 0x20), _mm256_permute2f128_ps(u0, u1, 0x31));
}

inline float hsum(__m256 v) {
  __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
  s = _mm_add_ps(s, _mm_movehl_ps(s, s));
  s = _mm_add_ss(s, _mm_movehdup_ps(s));
  return _mm_cvtss_f32(s);
}

// One dot product of length k (the row of A with a stored row of B).
inline float dot(const float* x, const float* y, int64_t k) {
  __m256 acc = _mm256_setzero_ps();
  int64_t p = 0;
  for (; p + 8 <= k; p += 8) acc = _mm256_fmadd_ps(_mm256_loadu_ps(x + p), _mm256_loadu_ps(y + p), acc);
  float r = hsum(acc);
  for (; p < k; ++p) r += x[p] * y[p];
  return r;
}

// B stored as n rows of length k: every C element is a dot product; eight at a time share the
// loads of A's row and one horizontal reduction.
void dotForm(int64_t m, int64_t n, int64_t k, const float* a, int64_t lda, const float* b, int64_t ldb, float* c,
             int64_t ldc) {
  const int64_t kv = k & ~int64_t{7};
  for (int64_t i = 0; i < m; ++i) {
    const float* x = a + i * lda;
    float* out = c + i * ldc;
    int64_t j = 0;
    for (; j + 8 <= n; j += 8) {
      const float* y = b + j * ldb;
      __m256 acc[8];
      for (int r = 0; r < 8; ++r) acc[r] = _mm256_setzero_ps();
      for (int64_t p = 0; p < kv; p += 8) {
        __m256 xv = _mm256_loadu_ps(x + p);
        for (int r = 0; r < 8; ++r) acc[r] = _mm256_fmadd_ps(xv, _mm256_loadu_ps(y + r * ldb + p), acc[r]);
      }
      __m256 sums = sum8(acc[0], acc[1], acc[2], acc[3], acc[4], acc[5], acc[6], acc[7]);
      if (kv < k) {
        alignas(32) float tail[8];
        for (int r = 0; r < 8; ++r) {
          float t = 0;
          for (int64_t p = kv; p < k; ++p) t += x[p] * y[r * ldb + p];
          tail[r] = t;
        }
        sums = _mm256_add_ps(sums, _mm256_load_ps(tail));
      }
      _mm256_storeu_ps(out + j, sums);
    }
    for (; j < n; ++j) out[j] = dot(x, b + j * ldb, k);
  }
}

// B stored as k rows of length n: each row of C accumulates k scaled rows of B, 32 columns
// (four registers) at a time.
void axpyForm(int64_t m, int64_t n, int64_t k, const float* a, int64_t lda, const float* b, int64_t ldb, float* c,
              int64_t ldc) {
  for (int64_t i = 0; i < m; ++i) {
    const float* x = a + i * lda;
    float* out = c + i * ldc;
    int64_t j = 0;
    for (; j + 32 <= n; j += 32) {
      __m256 acc0 = _mm256_setzero_ps(), acc1 = acc0, acc2 = acc0, acc3 = acc0;
      for (int64_t p = 0; p < k; ++p) {
        const float* row = b + p * ldb + j;
        __m256 xp = _mm256_broadcast_ss(x + p);
        acc0 = _mm256_fmadd_ps(xp, _mm256_loadu_ps(row), acc0);
        acc1 = _mm256_fmadd_ps(xp, _mm256_loadu_ps(row + 8), acc1);
        acc2 = _mm256_fmadd_ps(xp, _mm256_loadu_ps(row + 16), acc2);
        acc3 = _mm256_fmadd_ps(xp, _mm256_loadu_ps(row + 24), acc3);
      }
      _mm256_storeu_ps(out + j, acc0);
      _mm256_storeu_ps(out + j + 8, acc1);
      _mm256_storeu_ps(out + j + 16, acc2);
      _mm256_storeu_ps(out + j + 24, acc3);
    }
    for (; j + 8 <= n; j += 8) {
      __m256 acc = _mm256_setzero_ps();
      for (int64_t p = 0; p < k; ++p) acc = _mm256_fmadd_ps(_mm256_broadcast_ss(x + p), _mm256_loadu_ps(b + p * ldb + j), acc);
      _mm256_storeu_ps(out + j, acc);
    }
    for (; j < n; ++j) {
      float acc = 0;
      for (int64_t p = 0; p < k; ++p) acc += x[p] * b[p * ldb + j];
      out[j] = acc;
    }
  }
}

#if defined(EMBER_ISA_AVX512)
// GCC 12's avx512fintrin.h seeds the shuffle intrinsics with an "undefined" vector that
// -Wmaybe-uninitialized reports wherever they are inlined (GCC bug 105593).
#if !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

// The sums of sixteen vectors, in order, in one vector: lane halves folded pairwise, then a 4x4
// transpose-and-add inside each 128-bit lane.
inline __m512 sum16(const __m512* v) {
  __m512 b[8], c[4];
  for (int i = 0; i < 8; ++i)  // b[i] lanes: v[i] (0+2, 1+3), v[i+8] (0+2, 1+3)
    b[i] = _mm512_add_ps(_mm512_shuffle_f32x4(v[i], v[i + 8], 0x44), _mm512_shuffle_f32x4(v[i], v[i + 8], 0xEE));
  for (int i = 0; i < 4; ++i)  // c[i] lanes: the four-float partial sums of v[i], v[i+8], v[i+4], v[i+12]
    c[i] = _mm512_add_ps(_mm512_shuffle_f32x4(b[i], b[i + 4], 0x88), _mm512_shuffle_f32x4(b[i], b[i + 4], 0xDD));
  __m512 e0 = _mm512_add_ps(_mm512_unpacklo_ps(c[0], c[1]), _mm512_unpackhi_ps(c[0], c[1]));
  __m512 e1 = _mm512_add_ps(_mm512_unpacklo_ps(c[2], c[3]), _mm512_unpackhi_ps(c[2], c[3]));
  __m512 f = _mm512_add_ps(_mm512_shuffle_ps(e0, e1, _MM_SHUFFLE(1, 0, 1, 0)),
                           _mm512_shuffle_ps(e0, e1, _MM_SHUFFLE(3, 2, 3, 2)));
  // f's lanes hold the sums of v[0..3], v[8..11], v[4..7], v[12..15].
  return _mm512_shuffle_f32x4(f, f, 0xD8);
}

// dotForm with 512-bit registers: sixteen dot products at a time, the tail of k under a mask.
// Measured on the LSTM cell's 1x64 by 64x256 products: ~2x the 256-bit form.
void dotForm16(int64_t m, int64_t n, int64_t k, const float* a, int64_t lda, const float* b, int64_t ldb, float* c,
               int64_t ldc) {
  const int64_t kv = k & ~int64_t{15};
  const __mmask16 tailMask = static_cast<__mmask16>((1u << (k - kv)) - 1);
  for (int64_t i = 0; i < m; ++i) {
    const float* x = a + i * lda;
    float* out = c + i * ldc;
    int64_t j = 0;
    for (; j + 16 <= n; j += 16) {
      const float* y = b + j * ldb;
      __m512 acc[16];
      for (int r = 0; r < 16; ++r) acc[r] = _mm512_setzero_ps();
      for (int64_t p = 0; p < kv; p += 16) {
        __m512 xv = _mm512_loadu_ps(x + p);
        for (int r = 0; r < 16; ++r) acc[r] = _mm512_fmadd_ps(xv, _mm512_loadu_ps(y + r * ldb + p), acc[r]);
      }
      if (kv < k) {
        __m512 xv = _mm512_maskz_loadu_ps(tailMask, x + kv);
        for (int r = 0; r < 16; ++r)
          acc[r] = _mm512_fmadd_ps(xv, _mm512_maskz_loadu_ps(tailMask, y + r * ldb + kv), acc[r]);
      }
      _mm512_storeu_ps(out + j, sum16(acc));
    }
    if (j < n) dotForm(1, n - j, k, x, lda, b + j * ldb, ldb, out + j, ldc);
  }
}

#if !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#endif

void kernel(int64_t m, int64_t n, int64_t k, const float* a, int64_t lda, const float* b, int64_t ldb, bool bTrans,
            float* c, int64_t ldc) {
#if defined(EMBER_ISA_AVX512)
  if (bTrans && k >= 16) return dotForm16(m, n, k, a, lda, b, ldb, c, ldc);
#endif
  if (bTrans) dotForm(m, n, k, a, lda, b, ldb, c, ldc);
  else axpyForm(m, n, k, a, lda, b, ldb, c, ldc);
}

#endif

}  // namespace

SmallSgemmFn smallSgemmKernel() { return &kernel; }

}  // namespace ember::EMBER_SMALL_GEMM_NS(EMBER_ISA)

#if defined(EMBER_ISA_DEFAULT)
namespace ember {
SmallSgemmFn smallSgemmKernel() {
  switch (cpuCapability()) {
    case CpuCapability::AVX512: return isa_AVX512::smallSgemmKernel();
    case CpuCapability::AVX2: return isa_AVX2::smallSgemmKernel();
    default: return isa_DEFAULT::smallSgemmKernel();
  }
}
}  // namespace ember
#endif
