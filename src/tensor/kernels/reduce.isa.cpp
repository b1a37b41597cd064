// Vectorised float32/float64 reduction loops (see reduce_kernels.h). Written with compiler vector
// types, so each ISA copy gets its natural register width; exp comes from SLEEF.
#include <sleef.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "tensor/kernels/reduce_kernels.h"
#include "tensor/kernels/vector_register.h"
#include "tensor/kernels/vector_tail.h"

namespace ember::EMBER_ISA_NAMESPACE(EMBER_ISA) {
namespace {

// Independent accumulators: enough to hide the add latency so a sum runs at memory speed.
constexpr int kAccs = 4;  // blockSum's a0..a3
// Elements per block summed in the input precision before the block total goes to double: each
// accumulator lane adds kBlock / (kAccs * width) values (64 for float32 with AVX2).
constexpr int64_t kBlock = 2048;


// SLEEF's exp for one register (1-ulp variants, as the unary kernels use).
#if defined(EMBER_ISA_AVX512)
inline Vec<float>::Reg vexp(Vec<float>::Reg x) { return Sleef_expf16_u10avx512f(x); }
inline Vec<double>::Reg vexp(Vec<double>::Reg x) { return Sleef_expd8_u10avx512f(x); }
inline Vec<float>::Reg vlog(Vec<float>::Reg x) { return Sleef_logf16_u10avx512f(x); }
#elif defined(EMBER_ISA_AVX2)
inline Vec<float>::Reg vexp(Vec<float>::Reg x) { return Sleef_expf8_u10avx2(x); }
inline Vec<double>::Reg vexp(Vec<double>::Reg x) { return Sleef_expd4_u10avx2(x); }
inline Vec<float>::Reg vlog(Vec<float>::Reg x) { return Sleef_logf8_u10avx2(x); }
#else
inline Vec<float>::Reg vexp(Vec<float>::Reg x) { return Sleef_expf4_u10sse2(x); }
inline Vec<double>::Reg vexp(Vec<double>::Reg x) { return Sleef_expd2_u10sse2(x); }
inline Vec<float>::Reg vlog(Vec<float>::Reg x) { return Sleef_logf4_u10sse2(x); }
#endif

template <typename T, bool kSkipNan>
inline T clean(T x) {
  if constexpr (kSkipNan) return x == x ? x : T(0);
  else return x;
}

template <typename Reg, bool kSkipNan>
inline Reg cleanVec(Reg x) {
  if constexpr (kSkipNan) return x == x ? x : Reg{};  // NaN != NaN
  else return x;
}

// Lane-wise sum of one register, in double.
template <typename T, typename Reg>
inline double laneTotal(Reg r) {
  T lanes[sizeof(Reg) / sizeof(T)];
  std::memcpy(lanes, &r, sizeof(Reg));
  double total = 0;
  for (T v : lanes) total += static_cast<double>(v);
  return total;
}

// ---- sums -------------------------------------------------------------------------------

// One block of at most kBlock elements, in the input precision.
template <typename T, bool kSkipNan>
inline double blockSum(const T* p, int64_t n) {
  using V = Vec<T>;
  using Reg = typename V::Reg;
  constexpr int64_t kStep = kAccs * V::kWidth;
  // Four named accumulators (kAccs) so they stay in registers without relying on unrolling.
  Reg a0 = {}, a1 = {}, a2 = {}, a3 = {};
  int64_t i = 0;
  for (; i + kStep <= n; i += kStep) {
    a0 += cleanVec<Reg, kSkipNan>(V::load(p + i));
    a1 += cleanVec<Reg, kSkipNan>(V::load(p + i + V::kWidth));
    a2 += cleanVec<Reg, kSkipNan>(V::load(p + i + 2 * V::kWidth));
    a3 += cleanVec<Reg, kSkipNan>(V::load(p + i + 3 * V::kWidth));
  }
  for (; i + V::kWidth <= n; i += V::kWidth) a0 += cleanVec<Reg, kSkipNan>(V::load(p + i));
  T rest = 0;
  for (; i < n; ++i) rest += clean<T, kSkipNan>(p[i]);
  Reg r = (a0 + a1) + (a2 + a3);
  return laneTotal<T>(r) + static_cast<double>(rest);
}

template <typename T, bool kSkipNan>
double sumKernel(const void* data, int64_t n) {
  const T* p = static_cast<const T*>(data);
  double total = 0;
  for (int64_t b = 0; b < n; b += kBlock) total += blockSum<T, kSkipNan>(p + b, n - b < kBlock ? n - b : kBlock);
  return total;
}

// acc[j] += the sum over r < nrows of row[r * rowStride + j], in double: an outer-dim sum adds
// contiguous input rows to the running column totals. Four rows at a time are added in the
// input precision first, so the accumulators are loaded, converted to and stored once per four.
template <typename T, bool kSkipNan>
void sumRowsKernel(double* acc, const void* data, int64_t rowStride, int64_t nrows, int64_t n) {
  const T* rows = static_cast<const T*>(data);
  using D = Vec<double>;
  typedef T Part __attribute__((vector_size(D::kWidth * sizeof(T))));  // D::kWidth values of T
  auto load = [](const T* p) {
    Part v;
    std::memcpy(&v, p, sizeof(Part));
    return kSkipNan ? (v == v ? v : Part{}) : v;
  };
  int64_t r = 0;
  for (; r + 4 <= nrows; r += 4) {
    const T* r0 = rows + r * rowStride;
    const T *r1 = r0 + rowStride, *r2 = r1 + rowStride, *r3 = r2 + rowStride;
    int64_t j = 0;
    for (; j + D::kWidth <= n; j += D::kWidth) {
      Part s = (load(r0 + j) + load(r1 + j)) + (load(r2 + j) + load(r3 + j));
      D::store(acc + j, D::load(acc + j) + __builtin_convertvector(s, D::Reg));
    }
    for (; j < n; ++j)
      acc[j] += static_cast<double>((clean<T, kSkipNan>(r0[j]) + clean<T, kSkipNan>(r1[j])) +
                                    (clean<T, kSkipNan>(r2[j]) + clean<T, kSkipNan>(r3[j])));
  }
  for (; r < nrows; ++r) {
    const T* row = rows + r * rowStride;
    int64_t j = 0;
    for (; j + D::kWidth <= n; j += D::kWidth)
      D::store(acc + j, D::load(acc + j) + __builtin_convertvector(load(row + j), D::Reg));
    for (; j < n; ++j) acc[j] += static_cast<double>(clean<T, kSkipNan>(row[j]));
  }
}

// ---- extremes ---------------------------------------------------------------------------

// x when it beats v (strictly greater for max, smaller for min), else v. NaN in x wins: the
// comparisons are false for it, so callers track NaNs separately or test x != x.
template <bool kMax, typename R>
inline R pick(R x, R v) {
  if constexpr (kMax) return x > v ? x : v;
  else return x < v ? x : v;
}

// acc = the extreme of acc and n contiguous values, NaN winning. Runs of at least a vector end
// with one more vector load that overlaps the ones before (an extreme does not mind values seen
// twice) instead of a scalar tail, and the lanes meet in register butterflies: a serial chain
// of scalar maxima through a 17-value tail and 16 lanes made attention's rows of 49 ~190 ns each.
template <typename T, bool kMax>
void extremeRunKernel(void* accp, const void* data, int64_t n) {
  using V = Vec<T>;
  using Reg = typename V::Reg;
  const T* p = static_cast<const T*>(data);
  T& acc = *static_cast<T*>(accp);
  if (acc != acc) return;
  if (n < V::kWidth) {
    for (int64_t i = 0; i < n; ++i) {
      const T x = p[i];
      if (x != x) {
        acc = x;
        return;
      }
      acc = pick<kMax>(x, acc);
    }
    return;
  }
  // Two chains of extremes; NaNs are only counted (a vector max drops them), and win at the end.
  Reg m0 = V::load(p), m1 = m0;
  auto nan = m0 != m0;
  int64_t i = V::kWidth;
  for (; i + 2 * V::kWidth <= n; i += 2 * V::kWidth) {
    const Reg x0 = V::load(p + i), x1 = V::load(p + i + V::kWidth);
    m0 = pick<kMax>(x0, m0);
    m1 = pick<kMax>(x1, m1);
    nan |= (x0 != x0) | (x1 != x1);
  }
  for (; i < n; i += V::kWidth) {
    const Reg x = V::load(p + std::min(i, n - V::kWidth));
    m0 = pick<kMax>(x, m0);
    nan |= x != x;
  }
  decltype(nan) none{};
  if (std::memcmp(&nan, &none, sizeof(nan)) != 0) {
    acc = std::numeric_limits<T>::quiet_NaN();
    return;
  }
  m0 = pick<kMax>(m1, m0);
  // Butterflies: each step sets every lane to the extreme of itself and the lane h away.
  using Index = std::conditional_t<sizeof(T) == 4, int32_t, int64_t>;
  typedef Index Lanes __attribute__((vector_size(sizeof(Reg))));
#pragma GCC unroll 8
  for (Index h = V::kWidth / 2; h >= 1; h /= 2) {
    Lanes other;
    for (Index k = 0; k < static_cast<Index>(V::kWidth); ++k) other[k] = k ^ h;
    m0 = pick<kMax>(__builtin_shuffle(m0, other), m0);
  }
  acc = pick<kMax>(m0[0], acc);
}

// acc[j] = the extreme of acc[j] and row[r * rowStride + j] for r < nrows, NaN winning (an
// outer-dim amax/amin). Four rows per pass over the accumulators.
template <typename T, bool kMax>
void extremeRowsKernel(void* accp, const void* data, int64_t rowStride, int64_t nrows, int64_t n) {
  using V = Vec<T>;
  using Reg = typename V::Reg;
  T* acc = static_cast<T*>(accp);
  const T* rows = static_cast<const T*>(data);
  auto take = [](Reg x, Reg a) { return (x != x) | (kMax ? x > a : x < a) ? x : a; };
  int64_t r = 0;
  for (; r + 4 <= nrows; r += 4) {
    const T* r0 = rows + r * rowStride;
    const T *r1 = r0 + rowStride, *r2 = r1 + rowStride, *r3 = r2 + rowStride;
    int64_t j = 0;
    for (; j + V::kWidth <= n; j += V::kWidth) {
      Reg a = V::load(acc + j);
      a = take(V::load(r0 + j), a);
      a = take(V::load(r1 + j), a);
      a = take(V::load(r2 + j), a);
      V::store(acc + j, take(V::load(r3 + j), a));
    }
    for (; j < n; ++j)
      for (const T* row : {r0, r1, r2, r3})
        if (row[j] != row[j] || (kMax ? row[j] > acc[j] : row[j] < acc[j])) acc[j] = row[j];
  }
  for (; r < nrows; ++r) {
    const T* row = rows + r * rowStride;
    int64_t j = 0;
    for (; j + V::kWidth <= n; j += V::kWidth) V::store(acc + j, take(V::load(row + j), V::load(acc + j)));
    for (; j < n; ++j)
      if (row[j] != row[j] || (kMax ? row[j] > acc[j] : row[j] < acc[j])) acc[j] = row[j];
  }
}

// The extreme of n >= 1 contiguous values (NaN wins) and the first index holding it, in two
// passes over the run: the extreme as extremeRunKernel finds it, then the first element equal to
// it (or the first NaN), a vector compare at a time. The value returned is that element's, so
// that of -0 and +0 the first one found is reported, as the one-pass scalar loop would.
template <typename T, bool kMax>
void argExtremeRunKernel(void* valuep, int64_t* index, const void* data, int64_t n) {
  using V = Vec<T>;
  using Reg = typename V::Reg;
  const T* p = static_cast<const T*>(data);
  T m = kMax ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::infinity();
  extremeRunKernel<T, kMax>(&m, p, n);
  int64_t i = 0;
  if (m != m) {
    while (p[i] == p[i]) ++i;
  } else {
    const Reg mv = V::set1(m);
    for (; i + V::kWidth <= n; i += V::kWidth) {
      const auto hit = V::load(p + i) == mv;
      decltype(hit) none{};
      if (std::memcmp(&hit, &none, sizeof(hit)) != 0) break;
    }
    while (p[i] != m) ++i;
  }
  *static_cast<T*>(valuep) = p[i];
  *index = i;
}

// ---- softmax ----------------------------------------------------------------------------

// float32 rows give PyTorch 1.13's CPU bits (its AVX2 kernel; checked by the "bits" cases of
// tests/compat/tensor/cases_reduce.py): every exp from SLEEF, tails included (PyTorch loads
// them as a zero-padded vector); the exps summed in float in 8 lanes (lane k takes elements
// k, k+8, ..., the last partial group going to the first lanes), the lanes then added pairwise
// (0+4, 1+5, 2+6, 3+7, then 0+2, 1+3, then 0+1); a row shorter than 8 is summed in order. The
// result is exp * (1 / sum) or, for log_softmax, (x - max) - log(sum) with SLEEF's log.
constexpr int64_t kTorchLanes = 8;

// exp(src[i] - m) for i in [0, n) into out, each through SLEEF (a tail as a zero-padded vector).
void expShifted(float* out, const float* src, int64_t n, float m) {
  using V = Vec<float>;
  const V::Reg mv = V::set1(m);
  int64_t i = 0;
  for (; i + V::kWidth <= n; i += V::kWidth) V::store(out + i, vexp(V::load(src + i) - mv));
  if (i < n) storeFirst(out + i, vexp(loadFirst(src + i, n - i) - mv), n - i);
}

using TorchLanes = float __attribute__((vector_size(kTorchLanes * sizeof(float))));

// A row shorter than the lanes, summed in order.
float sumInOrder(const float* e, int64_t n) {
  float s = n > 0 ? e[0] : 0.0f;
  for (int64_t i = 1; i < n; ++i) s += e[i];
  return s;
}

// The 8 lanes' total, pairwise as PyTorch adds them (see above).
float combineTorchLanes(TorchLanes acc) {
  typedef float Half __attribute__((vector_size(kTorchLanes / 2 * sizeof(float))));
  const Half s = __builtin_shufflevector(acc, acc, 0, 1, 2, 3) + __builtin_shufflevector(acc, acc, 4, 5, 6, 7);
  return (s[0] + s[2]) + (s[1] + s[3]);
}

// The sum of a whole row of n floats in PyTorch's order (see above), kept in registers: the
// piecewise TorchOrderSum moved its lanes through memory, element by element, at each step.
// Zeros pad the last partial group; they change no lane (a sum of exps is never -0).
float torchOrderSumRow(const float* e, int64_t n) {
  if (n < kTorchLanes) return sumInOrder(e, n);
  TorchLanes acc, x;
  std::memcpy(&acc, e, sizeof(acc));
  int64_t j = kTorchLanes;
  for (; j + kTorchLanes <= n; j += kTorchLanes) {
    std::memcpy(&x, e + j, sizeof(x));
    acc += x;
  }
  if (j < n) {
    x = TorchLanes{};
    std::memcpy(&x, e + j, static_cast<size_t>(n - j) * sizeof(float));
    acc += x;
  }
  return combineTorchLanes(acc);
}

// A float sum in PyTorch's 8-lane order (see above), fed in pieces whose lengths are multiples of
// 8 except the last.
struct TorchOrderSum {
  float lanes[kTorchLanes] = {};
  int64_t count = 0;

  void add(const float* e, int64_t n) {
    int64_t j = 0;
    for (; count < kTorchLanes && j < n; ++j) lanes[count++] = e[j];
    if (j + kTorchLanes <= n) {  // whole groups: one 8-float vector add each, lane by lane as above
      TorchLanes acc, x;
      std::memcpy(&acc, lanes, sizeof(acc));
      for (; j + kTorchLanes <= n; j += kTorchLanes, count += kTorchLanes) {
        std::memcpy(&x, e + j, sizeof(x));
        acc += x;
      }
      std::memcpy(lanes, &acc, sizeof(acc));
    }
    for (int64_t k = 0; j < n; ++j, ++k, ++count) lanes[k] += e[j];
  }

  float total() const {
    if (count < kTorchLanes) return sumInOrder(lanes, count);
    TorchLanes acc;
    std::memcpy(&acc, lanes, sizeof(acc));
    return combineTorchLanes(acc);
  }
};

// The sum of exp(src[i] - m) in PyTorch's order; the exps are left in dst when it is non-null.
float torchOrderExpSum(float* dst, const float* src, int64_t n, float m) {
  if (dst) {
    expShifted(dst, src, n, m);
    return torchOrderSumRow(dst, n);
  }
  constexpr int64_t kChunk = 256;  // a multiple of kTorchLanes
  float e[kChunk];
  if (n <= kChunk) {  // log_softmax's rows of attention and the like: one piece
    expShifted(e, src, n, m);
    return torchOrderSumRow(e, n);
  }
  TorchOrderSum sum;
  for (int64_t b = 0; b < n; b += kChunk) {
    const int64_t len = std::min(kChunk, n - b);
    expShifted(e, src + b, len, m);
    sum.add(e, len);
  }
  return sum.total();
}

// The largest of n floats, NaN when there is one (which element of equal ones, +0 or -0, does
// not matter to a softmax).
float rowMax(const float* p, int64_t n) {
  float m = -std::numeric_limits<float>::infinity();
  extremeRunKernel<float, true>(&m, p, n);
  return m;
}

template <bool kLog>
void softmaxRowFloat(float* dst, const float* src, int64_t n) {
  using V = Vec<float>;
  const float m = rowMax(src, n);
  const float s = torchOrderExpSum(kLog ? nullptr : dst, src, n, m);
  int64_t i = 0;
  const V::Reg mv = V::set1(m);
  if constexpr (kLog) {
    float logs[V::kWidth];
    V::store(logs, vlog(V::set1(s)));
    const float logS = logs[0];
    const V::Reg lv = V::set1(logS);
    for (; i + V::kWidth <= n; i += V::kWidth) V::store(dst + i, (V::load(src + i) - mv) - lv);
    for (; i < n; ++i) dst[i] = (src[i] - m) - logS;
  } else {
    const float inv = 1.0f / s;
    const V::Reg iv = V::set1(inv);
    for (; i + V::kWidth <= n; i += V::kWidth) V::store(dst + i, V::load(dst + i) * iv);
    for (; i < n; ++i) dst[i] = dst[i] * inv;
  }
}

// One contiguous row: m = max (NaN wins), s = sum of exp(x - m), then exp(x - m) / s or, for
// log_softmax, x - m - log(s). The exps are stored on the way (softmax) and scaled in place.
// float32 rows take softmaxRowFloat (PyTorch's rounding); float64 rows sum in double blocks.
template <typename T, bool kLog>
void softmaxRowKernel(void* dstp, const void* srcp, int64_t n) {
  if constexpr (std::is_same_v<T, float>) {
    return softmaxRowFloat<kLog>(static_cast<float*>(dstp), static_cast<const float*>(srcp), n);
  } else {
    using V = Vec<T>;
    using Reg = typename V::Reg;
    T* dst = static_cast<T*>(dstp);
    const T* src = static_cast<const T*>(srcp);
    T m = -std::numeric_limits<T>::infinity();
    extremeRunKernel<T, true>(&m, src, n);
    const Reg mv = V::set1(m);
    double s = 0;
    for (int64_t b = 0; b < n; b += kBlock) {  // block totals in double, as the sums
      const int64_t e = std::min(n, b + kBlock);
      Reg acc = {};
      int64_t i = b;
      for (; i + V::kWidth <= e; i += V::kWidth) {
        Reg x = vexp(V::load(src + i) - mv);
        acc += x;
        if constexpr (!kLog) V::store(dst + i, x);
      }
      double rest = 0;
      for (; i < e; ++i) {
        const T x = std::exp(src[i] - m);
        rest += static_cast<double>(x);
        if constexpr (!kLog) dst[i] = x;
      }
      s += laneTotal<T>(acc) + rest;
    }
    int64_t i = 0;
    if constexpr (kLog) {
      const T logS = static_cast<T>(std::log(s));
      const Reg lv = V::set1(logS);
      for (; i + V::kWidth <= n; i += V::kWidth) V::store(dst + i, (V::load(src + i) - mv) - lv);
      for (; i < n; ++i) dst[i] = (src[i] - m) - logS;
    } else {
      const T inv = static_cast<T>(1.0 / s);
      const Reg iv = V::set1(inv);
      for (; i + V::kWidth <= n; i += V::kWidth) V::store(dst + i, V::load(dst + i) * iv);
      for (; i < n; ++i) dst[i] = dst[i] * inv;
    }
  }
}

template <typename T>
void fillSlot(ReduceKernels& k, int slot) {
  k.sum[slot][0] = &sumKernel<T, false>;
  k.sum[slot][1] = &sumKernel<T, true>;
  k.sumRows[slot][0] = &sumRowsKernel<T, false>;
  k.sumRows[slot][1] = &sumRowsKernel<T, true>;
  k.extremeRun[slot][0] = &extremeRunKernel<T, false>;
  k.extremeRun[slot][1] = &extremeRunKernel<T, true>;
  k.extremeRows[slot][0] = &extremeRowsKernel<T, false>;
  k.extremeRows[slot][1] = &extremeRowsKernel<T, true>;
  k.argExtremeRun[slot][0] = &argExtremeRunKernel<T, false>;
  k.argExtremeRun[slot][1] = &argExtremeRunKernel<T, true>;
  k.softmaxRow[slot][0] = &softmaxRowKernel<T, false>;
  k.softmaxRow[slot][1] = &softmaxRowKernel<T, true>;
}

ReduceKernels makeKernels() {
  ReduceKernels k{};
  fillSlot<float>(k, 0);
  fillSlot<double>(k, 1);
  return k;
}

}  // namespace

const ReduceKernels& reduceKernels() {
  static const ReduceKernels kernels = makeKernels();
  return kernels;
}

}  // namespace ember::EMBER_ISA_NAMESPACE(EMBER_ISA)

#if defined(EMBER_ISA_DEFAULT)
namespace ember {
const ReduceKernels& reduceKernels() {
  static const ReduceKernels& kernels = [] () -> const ReduceKernels& {
    switch (cpuCapability()) {
      case CpuCapability::AVX512: return isa_AVX512::reduceKernels();
      case CpuCapability::AVX2: return isa_AVX2::reduceKernels();
      default: return isa_DEFAULT::reduceKernels();
    }
  }();
  return kernels;
}
}  // namespace ember
#endif
